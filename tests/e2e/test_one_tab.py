"""A whole day in one tab, in Chromium, with the fixture office of every kind of record (the
zoo, tests/factories/zoo): every record page, opened after another record's by address, by a
link and by back and forward, shows the record in its address; every link to a file gives the
file when clicked; a page whose load fails says so and never shows the record before."""

import re
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import text

from renovation_app.components.links import is_file
from renovation_app.db import get_engine
from renovation_app.routes import ALL_ROUTES, PROJECT_LINK
from renovation_app.settings import settings
from tests.e2e.conftest import open_page, sweep
from tests.e2e.test_job_photos import phone_photo
from tests.e2e.test_staff_sign_in import signed_in_at
from tests.factories import ADMIN_PASSWORD, make_zoo

# The project page has no state: the server writes it whole for its address (its own tests).
RECORD_ROUTES = [r.path for r in ALL_ROUTES if "[" in r.path and r is not PROJECT_LINK]
# First (in `make test`): the page of the day that filed photos on the job before.
RECORD_ROUTES.sort(key=lambda path: path != "/jobs/[number]/photos")
CONTENT_TYPES = {"pdf": "application/pdf", "csv": "text/csv", "ics": "text/calendar"}
FILE_STARTS = {"pdf": b"%PDF", "ics": b"BEGIN:VCALENDAR"}


@pytest.fixture(scope="module")
def zoo(site):
    if not site.shares_this_process_database:
        pytest.skip("the zoo is made in this process's database")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(settings, "contractor_licence", "2099999-DCA")
        patch.setattr(settings, "escrow_bank", "Example Community Bank, Brooklyn")
        return make_zoo(f"zoo-{id(site)}@example.com")


@pytest.fixture
def signed_in_tab(page: Page, zoo) -> Page:
    signed_in_at(page, zoo.admin.email, None, ADMIN_PASSWORD)
    return page


def shows(page: Page, path: str) -> None:
    """The page holds the record of `path`, drawn, and nothing of another; a record's number
    in its address is on the page."""
    expect(page).to_have_url(re.compile(re.escape(path) + "$"))
    expect(page.locator(f'[data-record-path="{path}"]')).to_be_visible()
    expect(page.locator("[data-record-path]")).to_have_count(1)
    key = path.split("/")[2]
    if re.fullmatch(r"(J-)?\d{4}-\d{4}", key):
        expect(page.locator("main")).to_contain_text(key)


def click_a_link_to(page: Page, path: str) -> None:
    """A link the way a person follows one (a plain link on the page, clicked)."""
    page.evaluate(
        """(path) => { const a = document.createElement('a'); a.href = path;
        a.textContent = 'next record'; a.id = 'next-record';
        document.querySelector('main').prepend(a); }""",
        path,
    )
    page.locator("#next-record").click()
    page.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached")


@pytest.mark.parametrize("route", sweep(RECORD_ROUTES))
def test_a_record_page_after_another_shows_the_record_in_its_address(
    signed_in_tab: Page, zoo, route: str
):
    page = signed_in_tab
    first, second = zoo.paths[route][:2]
    open_page(page, first)
    shows(page, first)
    click_a_link_to(page, second)
    shows(page, second)
    page.go_back()
    shows(page, first)
    page.go_forward()
    shows(page, second)
    open_page(page, first)
    shows(page, first)


def file_links(page: Page) -> list[str]:
    hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.getAttribute('href'))")
    return sorted({h for h in hrefs if h.startswith("/") and is_file(h.split("?")[0])})


def clicked_file(page: Page, href: str) -> None:
    """Click the link: the server's file arrives, of its type (not the 404 page's route). A
    link marked `download` saves the file; another one the browser loads (a PDF opens)."""
    path = href.split("?")[0]
    ending = re.split(r"[./]", path)[-1]
    anchor = page.locator(f'a[href="{href}"]').first
    if anchor.get_attribute("download") is not None:
        with page.expect_download(timeout=15_000) as saved:
            anchor.click()
        content = Path(saved.value.path()).read_bytes()
        assert content.startswith(FILE_STARTS.get(ending, b"")) and content, href
        return
    # In this tab or a new one (an original photo opens beside the page).
    arrived = page.context.expect_event(
        "response", lambda r: urlparse(r.url).path == path, timeout=15_000
    )
    with arrived as answer:
        anchor.click()
    response = answer.value
    for other in page.context.pages[1:]:
        other.close()
    assert response.status == 200, f"{href}: {response.status}"
    assert response.headers["content-type"].startswith(CONTENT_TYPES.get(ending, "")), href
    expect(page.get_by_text("404", exact=True)).to_have_count(0)


@pytest.mark.parametrize("width", sweep([1280, 375]))
def test_every_link_to_a_file_gives_the_file(signed_in_tab: Page, zoo, width: int):
    page = signed_in_tab
    page.set_viewport_size({"width": width, "height": 900})
    clicked = 0
    for label in zoo.file_pages:
        where = zoo.notes[label]
        open_page(page, where)
        for href in file_links(page):
            clicked_file(page, href)
            clicked += 1
            if urlparse(page.url).path != where:  # the browser showed the file: back to the page
                open_page(page, where)
    assert clicked >= len(zoo.file_pages)


def test_a_page_whose_load_fails_says_so_and_never_shows_the_record_before(
    signed_in_tab: Page, zoo
):
    """A fault injected under a page: a job's row that its view cannot read (a status no code
    knows), opened right after another job in the same tab."""
    page = signed_in_tab
    first, second = zoo.paths["/jobs/[number]"][:2]
    open_page(page, first)
    shows(page, first)
    number = second.rsplit("/", 1)[1]
    with get_engine().begin() as connection:
        status = connection.execute(
            text("SELECT status FROM job WHERE number = :n"), {"n": number}
        ).scalar_one()
        connection.execute(
            text("UPDATE job SET status = 'unreadable' WHERE number = :n"), {"n": number}
        )
    try:
        open_page(page, second)
        expect(page.get_by_test_id("record-failed")).to_be_visible()
        expect(page.get_by_test_id("record-failed")).to_contain_text("could not be loaded")
        expect(page.locator("[data-record-path]")).to_have_count(0)
        expect(page.locator("main")).not_to_contain_text(first.rsplit("/", 1)[1])
    finally:
        with get_engine().begin() as connection:
            connection.execute(
                text("UPDATE job SET status = :s WHERE number = :n"), {"s": status, "n": number}
            )
    page.get_by_role("link", name="Try again").click()
    shows(page, second)


def project_page_of(page: Page, photos_path: str) -> str:
    """The project page link of the job's first contact, made on its photos page."""
    open_page(page, photos_path)
    viewer = page.get_by_test_id("project-viewer").first
    expect(viewer).to_be_visible()
    if viewer.get_by_test_id("make-link").count():
        viewer.get_by_test_id("make-link").click()
    link = viewer.get_by_test_id("project-link")
    expect(link).to_have_value(re.compile(r"/project/[A-Za-z0-9_-]{43}$"))
    return re.sub(r"^https?://[^/]+", "", link.input_value())


def test_a_photo_sent_from_the_second_jobs_page_is_that_jobs(signed_in_tab: Page, zoo, context):
    """Job A's photos, then job B's in the same tab: the photo sent and shown to the customer
    is B's, on B's customer's project page, and not on A's."""
    page = signed_in_tab
    first, second = zoo.paths["/jobs/[number]/photos"][:2]
    projects = {path: project_page_of(page, path) for path in (first, second)}
    owner = context.browser.new_context(base_url=page.url.split("/jobs/")[0])
    theirs = owner.new_page()

    def shown_to_the_customer() -> dict[str, int]:
        counts = {}
        for path, project in projects.items():
            open_page(theirs, project)
            counts[path] = theirs.get_by_test_id("project-photo").count()
        return counts

    try:
        before = shown_to_the_customer()
        open_page(page, first)
        shows(page, first)
        open_page(page, second)
        shows(page, second)
        photos_before = page.get_by_test_id("job-photo").count()
        photo = {"name": "IMG_B.jpg", "mimeType": "image/jpeg", "buffer": phone_photo(7, False)}
        page.get_by_test_id("photo-files").set_input_files([photo])
        page.get_by_test_id("photo-send").click()
        expect(page.get_by_test_id("photo-status")).to_have_text("Sent.", timeout=60_000)
        # The list is read again after the upload: the new photo first once it is there.
        expect(page.get_by_test_id("job-photo")).to_have_count(photos_before + 1)
        sent = page.get_by_test_id("job-photo").first  # newest first
        sent.get_by_test_id("share-photo").click()
        expect(sent.get_by_test_id("share-photo")).to_be_checked()
        assert shown_to_the_customer() == {first: before[first], second: before[second] + 1}
    finally:
        owner.close()
