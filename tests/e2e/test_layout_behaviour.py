"""Header, menus, panels, scroll thresholds, FAQ accordion, carousel, galleries and services."""

import re

import pytest
from playwright.sync_api import Page, expect

from renovation_app.components.gallery_grid import FIRST_SCREENFULS
from renovation_app.content import FAQ, GALLERIES, SERVICES
from tests.e2e.conftest import open_page, sweep

PHONE = {"width": 375, "height": 740}
TABLET = {"width": 768, "height": 1000}
DESKTOP = {"width": 1280, "height": 900}


def scroll_to(page: Page, y: int) -> None:
    page.evaluate(f"window.scrollTo(0, {y})")
    page.wait_for_function(f"Math.abs(window.scrollY - {y}) < 2")
    page.wait_for_timeout(100)


def header_position(page: Page) -> str:
    return page.locator(".header-bar").evaluate("el => getComputedStyle(el).position")


def expect_scrolled_layout_once_site_js_runs(page: Page, load) -> None:
    """Holds site.js back while `load` leaves the page more than 200 px down, then lets it run:
    the header turns fixed and the button shows with no later scroll event."""
    held = []
    page.route("**/site.js", lambda route: held.append(route))
    load()
    page.wait_for_function("window.scrollY > 200")
    held[0].continue_()
    expect(page.locator(".header-bar")).to_have_css("position", "fixed")
    expect(page.locator("#scroll-top")).to_have_css("visibility", "visible")


def test_header_is_fixed_only_after_100px_of_scroll(page: Page):
    page.set_viewport_size(DESKTOP)
    open_page(page, "/")
    scroll_to(page, 100)
    assert header_position(page) != "fixed"
    scroll_to(page, 101)
    assert header_position(page) == "fixed"
    scroll_to(page, 0)
    assert header_position(page) != "fixed"


def test_scroll_to_top_button_appears_after_200px_and_scrolls_up(page: Page):
    open_page(page, "/")
    button = page.locator("#scroll-top")
    scroll_to(page, 200)
    page.wait_for_timeout(300)
    assert button.evaluate("el => getComputedStyle(el).opacity") == "0"
    scroll_to(page, 201)
    expect(button).to_have_css("opacity", "1")
    button.click()
    page.wait_for_function("window.scrollY === 0")


def test_a_page_opened_part_way_down_has_the_fixed_header_and_the_button(page: Page):
    """site.js checks the scroll position once it runs, not only on later scroll events: here
    it arrives after the page has already jumped to #faq."""
    page.set_viewport_size(DESKTOP)
    # "load" would wait for site.js
    expect_scrolled_layout_once_site_js_runs(
        page, lambda: page.goto("/#faq", wait_until="domcontentloaded")
    )


def test_a_reloaded_page_part_way_down_has_the_fixed_header_and_the_button(page: Page):
    """A reload returns to where the visitor was: site.js checks the position after the first
    frame, not only on later scroll events."""
    page.set_viewport_size(DESKTOP)
    open_page(page, "/")
    scroll_to(page, 1500)
    expect_scrolled_layout_once_site_js_runs(
        page, lambda: page.reload(wait_until="domcontentloaded")
    )


def tab_stops(page: Page, limit: int = 200) -> list[str]:
    """The ids (or tag names) that Tab reaches, from the top of the page."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    stops = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        stop = page.evaluate(
            "() => { const el = document.activeElement;"
            " return el === document.body ? '' : (el.id || el.tagName) }"
        )
        if not stop or (stops and stop == stops[0]):
            break
        stops.append(stop)
    return stops


def test_hidden_scroll_to_top_button_is_out_of_the_tab_order_and_the_tree(page: Page):
    page.set_viewport_size(DESKTOP)
    open_page(page, "/contact")
    button = page.locator("#scroll-top")
    assert "scroll-top" not in tab_stops(page)
    expect(page.get_by_role("button", name="Back to the top of the page")).to_have_count(0)
    scroll_to(page, 400)
    expect(button).to_have_css("visibility", "visible")
    expect(page.get_by_role("button", name="Back to the top of the page")).to_have_count(1)
    button.focus()
    expect(button).to_be_focused()


def test_services_submenu_opens_one_at_a_time_and_the_same_item_closes_it(page: Page):
    page.set_viewport_size(DESKTOP)
    open_page(page, "/")
    toggle = page.locator("header nav [data-submenu-toggle]")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    submenu = page.locator("header nav [data-submenu] ul")
    expect(submenu.get_by_role("link")).to_have_count(len(SERVICES) + 1)
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(submenu).to_be_hidden()


def test_mobile_menu_slides_in_locks_scrolling_and_closes(page: Page):
    page.set_viewport_size(PHONE)
    open_page(page, "/")
    page.get_by_role("button", name="Open the menu").click()
    menu = page.locator("#mobile-menu")
    expect(menu).to_have_attribute("data-open", "true")
    assert page.evaluate("document.documentElement.classList.contains('scroll-locked')")
    expect(menu.get_by_role("link", name="Gallery")).to_be_visible()
    menu.get_by_role("button", name="Services").click()
    expect(menu.get_by_role("link", name="Kitchen Remodeling")).to_be_visible()
    expect(menu.get_by_role("link", name="Login")).to_be_visible()
    page.keyboard.press("Escape")
    expect(menu).to_have_attribute("data-open", "false")
    assert not page.evaluate("document.documentElement.classList.contains('scroll-locked')")


@pytest.mark.parametrize("opening", ["first", "second"])
def test_the_side_panel_slides_in_each_time_it_opens(page: Page, opening):
    """A closed panel's contents are skipped by style and layout (site.css); it must still
    slide in, the first time and after it was closed."""
    page.set_viewport_size(DESKTOP)
    open_page(page, "/contact")
    toggle = page.get_by_role("button", name="Open the search and contact panel")
    panel = page.locator("#side-panel")
    if opening == "second":
        toggle.click()
        expect(panel).to_have_attribute("data-open", "true")
        page.keyboard.press("Escape")
        expect(panel).to_have_attribute("data-open", "false")
    toggle.click()
    sliding = panel.evaluate(
        "p => p.getAnimations({ subtree: true }).some(a => a.transitionProperty === 'transform')"
    )
    assert sliding
    expect(panel.get_by_label("Search the site")).to_be_visible()


def test_mobile_menu_link_navigates_closes_and_starts_at_the_top(page: Page, site):
    page.set_viewport_size(PHONE)
    open_page(page, "/")
    scroll_to(page, 600)
    page.get_by_role("button", name="Open the menu").click()
    page.locator("#mobile-menu").get_by_role("link", name="Gallery").click()
    expect(page).to_have_url(f"{site.url}/gallery")
    expect(page.locator("#mobile-menu")).to_have_attribute("data-open", "false")
    page.wait_for_function("window.scrollY === 0")


def test_side_panel_search_finds_services_galleries_and_faq(page: Page):
    page.set_viewport_size(DESKTOP)
    open_page(page, "/")
    page.get_by_role("button", name="Open the search and contact panel").click()
    panel = page.locator("#side-panel")
    expect(panel).to_have_attribute("data-open", "true")
    panel.get_by_label("Search the site").fill("tile")
    expect(panel.get_by_role("link", name="Floor and Tile", exact=True)).to_be_visible()
    expect(panel.get_by_role("link", name="Floor and Tile gallery")).to_be_visible()
    panel.get_by_label("Search the site").fill("quote")
    expect(panel.get_by_role("link", name=FAQ[3].question)).to_be_visible()
    panel.get_by_label("Search the site").fill("zzzz")
    expect(panel.get_by_text("No results")).to_be_visible()


def test_the_search_index_is_fetched_once_a_search_box_gets_focus(page: Page):
    """The index is not in the page (it was twice in every page's HTML and JavaScript)."""
    page.set_viewport_size(DESKTOP)
    asked = []
    page.on("request", lambda r: "/api/search-index" in r.url and asked.append(r.url))
    open_page(page, "/")
    assert "data-search-text" not in page.content()
    page.wait_for_timeout(300)
    assert asked == []
    page.get_by_role("button", name="Open the search and contact panel").click()
    search = page.locator("#side-panel").get_by_label("Search the site")
    with page.expect_request("**/api/search-index"):
        search.focus()
    search.fill("kitchen")
    kitchen = page.locator("#side-panel").get_by_role("link", name="Kitchen Remodeling", exact=True)
    expect(kitchen).to_have_attribute("href", "/services/kitchen-remodeling")
    search.fill("bath")
    expect(kitchen).to_have_count(0)
    assert len(asked) == 1


def test_a_search_whose_index_cannot_load_says_so_and_works_when_it_can(page: Page):
    page.set_viewport_size(DESKTOP)
    open_page(page, "/")
    page.route("**/api/search-index", lambda route: route.abort())
    page.get_by_role("button", name="Open the search and contact panel").click()
    panel = page.locator("#side-panel")
    panel.get_by_label("Search the site").fill("tile")
    expect(panel.get_by_text("The search could not load")).to_be_visible()
    page.unroute("**/api/search-index")
    panel.get_by_label("Search the site").fill("")
    panel.get_by_label("Search the site").fill("tile")
    expect(panel.get_by_role("link", name="Floor and Tile", exact=True)).to_be_visible()
    expect(panel.get_by_text("The search could not load")).to_be_hidden()


@pytest.mark.parametrize("viewport", [PHONE, TABLET], ids=["phone", "tablet"])
def test_the_mobile_menu_has_the_same_search_with_results_as_links(page: Page, viewport):
    page.set_viewport_size(viewport)
    open_page(page, "/about")
    expect(page.get_by_role("button", name="Open the search and contact panel")).to_be_hidden()
    page.get_by_role("button", name="Open the menu").click()
    menu = page.locator("#mobile-menu")
    expect(menu).to_have_attribute("data-open", "true")
    search = menu.get_by_label("Search the site")
    search.fill("roof")
    result = menu.get_by_role("link", name="Roofing gallery", exact=True)
    expect(result).to_be_visible()
    expect(
        page.locator("#side-panel").get_by_role("link", name="Roofing gallery", exact=True)
    ).to_be_hidden()
    search.fill("zzzz")
    expect(menu.get_by_text("No results")).to_be_visible()
    search.fill("roof")
    result.click()
    expect(page).to_have_url(re.compile(r"/gallery/roofing$"))
    expect(menu).to_have_attribute("data-open", "false")


def test_the_map_loads_only_when_asked(page: Page):
    page.set_viewport_size(DESKTOP)
    requested = []
    page.on("request", lambda r: requested.append(r.url))
    open_page(page, "/")
    assert not any("openstreetmap" in url for url in requested)
    page.get_by_role("button", name="Open the search and contact panel").click()
    page.get_by_role("button", name="Show the map").click()
    expect(page.locator("#side-panel iframe")).to_have_attribute(
        "src", __import__("re").compile("openstreetmap")
    )


def test_faq_starts_closed_opens_one_at_a_time_and_closes_on_second_click(page: Page):
    open_page(page, "/")
    items = page.get_by_test_id("faq").locator("details")
    expect(items).to_have_count(4)
    assert page.locator("[data-testid=faq] details[open]").count() == 0
    items.nth(0).locator("summary").click()
    expect(items.nth(0)).to_have_attribute("open", "")
    items.nth(1).locator("summary").click()
    expect(items.nth(1)).to_have_attribute("open", "")
    assert page.locator("[data-testid=faq] details[open]").count() == 1
    items.nth(1).locator("summary").click()
    expect(page.locator("[data-testid=faq] details[open]")).to_have_count(0)


def test_faq_works_with_the_keyboard(page: Page):
    open_page(page, "/")
    summary = page.get_by_test_id("faq").locator("summary").first
    summary.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("faq").locator("details").first).to_have_attribute("open", "")


@pytest.mark.parametrize(
    ("viewport", "visible"), [(DESKTOP, 3), ({"width": 900, "height": 900}, 2), (PHONE, 1)]
)
def test_carousel_shows_3_2_1_slides_by_width(page: Page, viewport, visible):
    page.set_viewport_size(viewport)
    open_page(page, "/")
    carousel = page.get_by_test_id("portfolio-carousel")
    carousel.scroll_into_view_if_needed()
    expect(carousel.locator(".slick-slide.slick-active").first).to_be_visible()
    # centre mode marks one extra slide active for even counts: measure the slide width instead
    track_width = carousel.locator(".slick-list").evaluate("el => el.clientWidth")
    slide_width = carousel.locator(".slick-current").evaluate("el => el.clientWidth")
    assert round(track_width / slide_width) == visible
    assert (
        carousel.locator(".slick-arrow").count() == 0
        and carousel.locator(".slick-dots").count() == 0
    )
    height = carousel.locator(".slick-active img").first.evaluate(
        "el => el.getBoundingClientRect().height"
    )
    assert height == 500


def test_the_carousel_starts_only_when_the_visitor_scrolls_near_it(page: Page):
    """Starting react-slick was the longest task after the home page loaded; at the top of the
    page nothing of it runs, and it is there by the time the visitor reaches it."""
    page.set_viewport_size(PHONE)
    open_page(page, "/")
    page.wait_for_timeout(500)
    carousel = page.get_by_test_id("portfolio-carousel")
    assert carousel.locator(".slick-slider").count() == 0
    carousel.scroll_into_view_if_needed()
    expect(carousel.locator(".slick-slide.slick-active").first).to_be_visible()


@pytest.mark.slow
def test_carousel_autoplays_every_2000_ms(page: Page):
    page.set_viewport_size(DESKTOP)
    open_page(page, "/")
    carousel = page.get_by_test_id("portfolio-carousel")
    carousel.scroll_into_view_if_needed()
    carousel.hover()  # hovering does not pause it
    first = carousel.locator(".slick-current").get_attribute("data-index")
    page.wait_for_timeout(4200)  # 2000 ms pause + 1500 ms transition, then the next step
    assert carousel.locator(".slick-current").get_attribute("data-index") != first


def test_services_grid_cards_link_to_each_service(page: Page):
    open_page(page, "/")
    for service in SERVICES:
        link = page.locator(f'#services a[href="{service.url}"]')
        expect(link).to_contain_text("MORE ABOUT")


@pytest.mark.parametrize("service", sweep(SERVICES), ids=lambda s: s.slug)
def test_service_page_shows_its_texts_images_and_gallery_link(page: Page, service):
    open_page(page, service.url)
    expect(page.locator("h1")).to_have_text(service.title)
    expect(page.get_by_role("heading", name=f"Our {service.title} include:")).to_be_visible()
    images = page.get_by_test_id("service-images").locator("img")
    assert 1 <= images.count() <= 6
    expect(page.get_by_role("link", name="See More")).to_have_attribute(
        "href", f"/gallery/{service.slug}"
    )


@pytest.mark.parametrize("gallery", sweep(GALLERIES), ids=lambda g: g.slug)
def test_gallery_page_shows_every_image_of_its_set(page: Page, gallery):
    open_page(page, gallery.url)
    shown = page.get_by_test_id("gallery-image")
    if gallery.image_count > FIRST_SCREENFULS:  # the rest come on demand
        expect(shown).to_have_count(FIRST_SCREENFULS)
        shown.last.scroll_into_view_if_needed()  # near the end: the rest join the grid
    expect(shown).to_have_count(gallery.image_count)
    expect(page.get_by_role("button", name="Show more photos")).to_have_count(0)
    for img in page.get_by_test_id("gallery-image").locator("img").all()[:3]:
        assert (
            img.get_attribute("width") and img.get_attribute("height") and img.get_attribute("alt")
        )


def test_gallery_image_opens_a_larger_view_and_steps_with_the_arrow_keys(page: Page):
    open_page(page, "/gallery/kitchen-remodeling")
    first = page.get_by_test_id("gallery-image").first
    icon = first.locator(".expand-icon")  # on every picture, drawn by a CSS mask
    expect(icon).to_be_visible()
    mask = icon.evaluate("e => getComputedStyle(e, '::before').maskImage")
    assert mask.startswith('url("data:image/svg+xml')
    first.click()
    dialog = page.locator("#lightbox")
    image = dialog.locator("#lightbox-image")
    expect(dialog).to_be_visible()
    expect(image).to_have_attribute("src", re.compile(r"01-1200\.webp"))
    page.keyboard.press("ArrowRight")
    expect(image).to_have_attribute("src", re.compile(r"02-1200\.webp"))
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")  # from the first back to the last
    last = next(g for g in GALLERIES if g.slug == "kitchen-remodeling").image_count
    expect(image).to_have_attribute("src", re.compile(rf"{last:02d}-1200\.webp"))
    dialog.get_by_role("button", name="Next picture").click()
    expect(image).to_have_attribute("src", re.compile(r"01-1200\.webp"))
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


@pytest.mark.parametrize(("viewport", "columns"), [(TABLET, 3), (PHONE, 2)])
def test_gallery_cards_are_3_per_row_on_medium_and_2_on_small(page: Page, viewport, columns):
    page.set_viewport_size(viewport)
    open_page(page, "/gallery")
    cards = page.get_by_test_id("gallery-card")
    expect(cards).to_have_count(len(GALLERIES))
    tops = [round(c.bounding_box()["y"]) for c in cards.all()[: columns + 1]]
    assert len(set(tops[:columns])) == 1 and tops[columns] > tops[0]


def test_footer_has_links_thumbnails_and_the_current_year(page: Page):
    import datetime

    open_page(page, "/")
    footer = page.locator("footer")
    expect(footer).to_contain_text(f"© {datetime.date.today().year}")
    for label in ("Gallery", "About Us", "Contact", "Terms and Conditions", "Privacy Policy"):
        expect(footer.get_by_role("link", name=label, exact=True)).to_have_count(1)
    assert footer.locator('a[href^="/gallery/"] img').count() >= 6


def test_hero_contact_buttons(page: Page):
    open_page(page, "/")
    expect(page.get_by_role("link", name="Call Now")).to_have_attribute("href", "tel:+17185550142")
    whatsapp = page.get_by_role("link", name="WhatsApp").first.get_attribute("href")
    assert whatsapp.startswith("https://wa.me/17185550142?text=Hello%2C%20I%20would%20like")
    email = page.get_by_role("link", name="Email", exact=True).get_attribute("href")
    assert email.startswith("mailto:") and "subject=Inquiry" in email and "body=Hello" in email


@pytest.mark.slow
@pytest.mark.parametrize("viewport", [PHONE, TABLET, DESKTOP], ids=["375", "768", "1280"])
def test_no_page_scrolls_sideways(page: Page, viewport):
    page.set_viewport_size(viewport)
    for path in [
        "/",
        "/services/kitchen-remodeling",
        "/gallery",
        "/about",
        "/contact",
        "/privacy-policy",
    ]:
        open_page(page, path)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), path
