"""Every public page renders with its own title, metadata and the signed-out header button."""

import json
import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from renovation_app.content import GALLERIES, SERVICES
from tests.e2e.conftest import open_page, sweep

PUBLIC_ROUTES = [
    "/",
    "/services",
    "/gallery",
    "/about",
    "/contact",
    "/book-a-visit",
    "/terms-and-conditions",
    "/privacy-policy",
    *[s.url for s in SERVICES],
    *[g.url for g in GALLERIES],
]


@pytest.mark.parametrize("path", sweep(PUBLIC_ROUTES))
def test_each_public_page_has_its_title_metadata_and_login_button(page: Page, site, path):
    answer = httpx.get(site.url + path, follow_redirects=True)
    assert answer.status_code == 200
    open_page(page, path)
    title = page.title()
    assert title and "Brooklyn Home Renovation" in title
    assert page.locator('meta[name="description"]').get_attribute("content")
    assert page.locator('meta[property="og:title"]').get_attribute("content") == title
    assert (
        page.locator('link[rel="canonical"]')
        .get_attribute("href")
        .endswith(path if path != "/" else "/")
    )
    data = json.loads(page.locator('script[type="application/ld+json"]').first.inner_text())
    assert (
        data["@type"] == "HomeAndConstructionBusiness"
        and data["address"]["addressLocality"] == "Brooklyn"
    )
    expect(page.locator("#header-button")).to_have_text("Login")
    expect(page.locator("#header-button")).to_have_attribute("href", "/login")
    assert page.locator("h1").count() == 1


@pytest.mark.slow
def test_titles_are_distinct(page: Page):
    titles = set()
    for path in PUBLIC_ROUTES:
        page.goto(path)
        titles.add(page.title())
    assert len(titles) == len(PUBLIC_ROUTES)


def test_an_unknown_path_is_the_404_page_with_a_404_status(page: Page, site):
    assert httpx.get(site.url + "/no-such-page").status_code == 404
    open_page(page, "/no-such-page")
    expect(page.get_by_role("heading", name="404 Page Not Found")).to_be_visible()
    expect(page.get_by_role("link", name="Back To Home")).to_have_attribute("href", "/")


@pytest.mark.parametrize("path", ["/no-such-page", "/services/plumbing", "/404"])
def test_an_unknown_path_is_sent_as_the_prerendered_404_page(site, path):
    """Its text is in the HTML, so it shows before any JavaScript (Reflex sent an empty shell)."""
    for encoding in ("br", "gzip", "identity"):
        response = httpx.get(site.url + path, headers={"Accept-Encoding": encoding})
        assert response.status_code == 404
        assert response.headers.get("content-encoding", "identity") == encoding
        assert response.headers["content-type"].startswith("text/html")
        assert "404 Page Not Found" in response.text
        assert "Content-Security-Policy" in response.headers


def test_an_unknown_pay_link_keeps_the_shell_its_route_is_drawn_from(site):
    response = httpx.get(f"{site.url}/pay/{'x' * 43}")
    assert response.status_code == 404
    assert "404 Page Not Found" not in response.text  # the pay route draws it in the browser


def test_an_unknown_service_slug_is_the_404_page(page: Page, site):
    assert httpx.get(site.url + "/services/plumbing").status_code == 404
    open_page(page, "/services/plumbing")
    expect(page.get_by_role("heading", name="404 Page Not Found")).to_be_visible()


@pytest.mark.slow
def test_the_404_page_goes_back_after_2500_ms_when_it_came_from_this_site(page: Page):
    open_page(page, "/about")
    page.evaluate("window.location.href = '/no-such-page'")
    page.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached")
    start = page.evaluate("Date.now()")
    page.wait_for_url(re.compile(r"/about/?$"), timeout=8000)
    elapsed = page.evaluate("Date.now()") - start
    assert 2000 <= elapsed <= 3800, elapsed


@pytest.mark.slow
def test_the_404_page_stays_when_there_is_nothing_to_go_back_to(page: Page, site):
    open_page(page, "/no-such-page")
    page.wait_for_timeout(3500)
    assert page.url == f"{site.url}/no-such-page"
    page.get_by_role("link", name="Back To Home").click()
    expect(page).to_have_url(f"{site.url}/")


def test_sitemap_and_robots_are_served(site):
    assert "<urlset" in httpx.get(f"{site.url}/sitemap.xml").text
    assert "Sitemap:" in httpx.get(f"{site.url}/robots.txt").text
    assert httpx.get(f"{site.url}/api/health").json() == {"status": "ok", "db": "ok"}


def internal_urls(html: str, base: str) -> set[str]:
    """Every same-site URL a page names: links, canonical, og:url, JSON-LD and image sources."""
    found = set(re.findall(r'(?:href|src|content)="([^"#?]*)', html))
    found |= set(re.findall(r'"(?:url|@id|logo|image)":\s*"([^"#?]*)"', html))
    urls = set()
    for url in found:
        if url.startswith(base):
            url = url[len(base) :] or "/"
        if url.startswith("/") and not url.startswith("//"):
            urls.add(url)
    return urls


def test_no_url_the_site_names_answers_with_a_redirect(site):
    """A search engine's crawl: sitemap entries and every URL their pages name answer 200
    at once, and the one redirect left (a trailing slash) is permanent."""
    sitemap = httpx.get(f"{site.url}/sitemap.xml").text
    pages = {loc[len(site.url) :] or "/" for loc in re.findall(r"<loc>([^<]+)</loc>", sitemap)}
    assert "/about" in pages and len(pages) >= len(PUBLIC_ROUTES)
    named = set()
    with httpx.Client(base_url=site.url, follow_redirects=False) as client:
        for path in sorted(pages):
            answer = client.get(path)
            assert answer.status_code == 200, (path, answer.status_code)
            named |= internal_urls(answer.text, site.url)
        assert "/about" in named and "/login" in named
        for path in sorted(named - pages):
            answer = client.head(path) if "." in path.rsplit("/", 1)[-1] else client.get(path)
            assert answer.status_code == 200, (path, answer.status_code)
        slashed = client.get("/about/?ref=x")
        assert slashed.status_code == 308 and slashed.headers["location"].endswith("/about?ref=x")


def test_module_preloads_held_back_in_the_html_are_made_after_the_first_paint(page: Page, site):
    html = httpx.get(f"{site.url}/contact").text
    assert 'rel="modulepreload"' not in html and "<link data-module" in html
    open_page(page, "/contact")
    assert page.locator("link[data-module]").count() == 0
    assert page.locator('link[rel="modulepreload"]').count() >= 5


# What only the staff pages and the payment dialog use: Stripe's loader and card field, Radix's
# dialog, the invoice form (its fields' refs).
STAFF_ONLY_CODE = ("loadStripe", "RenovationCardField", "DismissableLayer", "ref_invoice_name")


def page_modules(site, path: str) -> list[str]:
    """Every JavaScript module a page loads before it answers: React Router lists them all."""
    html = httpx.get(site.url + path).text
    return re.findall(r'<link data-module href="(/assets/[^"]+\.js)"', html)


@pytest.mark.parametrize("path", ["/", "/contact", "/gallery/floor-tile", "/about"])
def test_a_public_page_loads_none_of_the_staff_code(site, path):
    """Reflex writes a page's memoized components into a module named after the page function's
    module; all of them once shared one module, so every visitor downloaded the staff forms."""
    modules = page_modules(site, path)
    assert len(modules) >= 5
    for module in modules:
        code = httpx.get(site.url + module).text
        assert not [name for name in STAFF_ONLY_CODE if name in code], module


def test_the_staff_code_is_still_there_for_the_staff_pages(site):
    code = "".join(httpx.get(site.url + m).text for m in page_modules(site, "/add-invoice"))
    assert "ref_invoice_name" in code


def test_scripts_come_brotli_compressed_to_browsers_that_take_it(site):
    module = page_modules(site, "/contact")[1]
    brotli = httpx.get(site.url + module, headers={"Accept-Encoding": "br, gzip"})
    gzip = httpx.get(site.url + module, headers={"Accept-Encoding": "gzip"})
    assert brotli.headers["content-encoding"] == "br"
    assert gzip.headers["content-encoding"] == "gzip"
    assert brotli.text == gzip.text
    assert int(brotli.headers["content-length"]) < int(gzip.headers["content-length"])


@pytest.mark.parametrize("path", ["/", "/contact", "/login", "/gallery/floor-tile", "/about"])
def test_the_prerendered_page_hydrates_without_a_react_error(page: Page, path):
    """A mismatch between the built HTML and React's first render (React error #418) makes React
    draw the whole page again: no visible sign, but the page answers later. Build steps that
    change the HTML (first_paint.py) must keep it matching."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    open_page(page, path)
    page.wait_for_timeout(300)
    assert errors == []
