"""A job's photos, the customer's project page and the website gallery, in Chromium, as the
issue's "done when" tells it: on a 375 px phone 6 photos of a job are sent with their progress
and a note -> 2 of them and the note are shown to the customer -> the customer's project page,
signed out, shows exactly those 2 and the note, the contract, a change order to sign and the
invoice to pay -> the finished job's 3 "after" photos go on the kitchen gallery with captions and
alt text -> they show on /gallery/kitchen-remodeling with no location tag in their bytes ->
unpublished, they are gone and their addresses answer 404."""

import io
import random
import re

import pytest
from PIL import Image
from playwright.sync_api import BrowserContext, Page, expect

from renovation_app.services.jobs.status import set_job_status
from tests.e2e.axe_check import no_axe_violations
from tests.e2e.conftest import block_remote, open_page
from tests.e2e.test_job_costs import a_job_with_a_crew_and_a_sub
from tests.e2e.test_staff_sign_in import new_admin, signed_in_at
from tests.factories import bill, make_change_order, signed_in

GPS_IFD = 0x8825
GALLERY = "/gallery/kitchen-remodeling"


def phone_photo(n: int, large: bool) -> bytes:
    """A phone's JPEG with where it was taken; a large one (3 MB of detail) is made smaller in
    the browser before it is sent."""
    size = (3000, 2250) if large else (1600, 1200)
    rng = random.Random(n)
    image = (
        Image.frombytes("RGB", size, rng.randbytes(size[0] * size[1] * 3))
        if large
        else Image.new("RGB", size, (40 * n % 255, 120, 200))
    )
    exif = Image.Exif()
    exif[GPS_IFD] = {1: "N", 2: (40.0, 40.0, 12.0), 3: "W", 4: (73.0, 59.0, 30.0)}
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif, quality=70)
    return out.getvalue()


def six_photos() -> list[dict]:
    return [
        {"name": f"IMG_10{n}.jpg", "mimeType": "image/jpeg", "buffer": phone_photo(n, n < 1)}
        for n in range(6)
    ]


def has_location(content: bytes) -> bool:
    return (
        b"GPS" in content or b"Exif" in content or bool(Image.open(io.BytesIO(content)).getexif())
    )


@pytest.mark.usefixtures("site")
def test_photos_to_the_project_page_and_the_gallery(
    page: Page, site, context: BrowserContext, monkeypatch
):
    if not site.shares_this_process_database:
        pytest.skip("the job is made in this process's database")
    admin_email = new_admin(site)
    admin, job, _sub = a_job_with_a_crew_and_a_sub(admin_email, monkeypatch)
    make_change_order(job, signed_in(admin), "photos-co-1")  # sent: waiting for the owner
    bill(job, "final", signed_in(admin))  # the deposit is paid; this one is due
    page.set_viewport_size({"width": 375, "height": 812})
    signed_in_at(page, admin_email, None)
    photos_path = f"/jobs/{job.number}/photos"
    open_page(page, f"/jobs/{job.number}")
    page.get_by_test_id("job-photos-link").click()
    expect(page.get_by_test_id("photos-page")).to_be_visible()

    page.get_by_test_id("photo-files").set_input_files(six_photos())
    page.get_by_test_id("photo-stage").select_option("after")
    page.get_by_test_id("photo-room").fill("Kitchen")
    page.get_by_test_id("photo-note").fill("Cabinets in, counters set")
    expect(page.get_by_test_id("photo-queue-item")).to_have_count(6)
    page.get_by_test_id("photo-send").click()
    expect(page.get_by_test_id("photo-status")).to_have_text("Sent.", timeout=60_000)
    items = page.get_by_test_id("photo-queue-item")
    for n in range(6):
        expect(items.nth(n)).to_contain_text("Sent")
        expect(items.nth(n).get_by_role("progressbar")).to_have_attribute("aria-valuenow", "100")
    page.screenshot(path="test-results/job-photos-sent-375.png", full_page=True)
    expect(page.get_by_test_id("job-photo")).to_have_count(6)
    expect(page.get_by_test_id("log-note")).to_contain_text("6 photos")

    # A click, as a person does: the tick shows once the server has kept it.
    page.get_by_test_id("log-note").get_by_test_id("share-note").click()
    expect(page.get_by_test_id("log-note").get_by_test_id("share-note")).to_be_checked()
    for n in (0, 1):
        tick = page.get_by_test_id("job-photo").nth(n).get_by_test_id("share-photo")
        tick.click()
        expect(tick).to_be_checked()
    page.get_by_test_id("project-viewer").first.get_by_test_id("make-link").click()
    link = page.get_by_test_id("project-link").first
    expect(link).to_have_value(re.compile(r"/project/[A-Za-z0-9_-]{43}$"))
    project_path = re.sub(r"^https?://[^/]+", "", link.input_value())

    owner = context.browser.new_context(base_url=site.url, viewport={"width": 375, "height": 812})
    owner.route("**/*", block_remote)  # the owner, signed out, on a phone
    try:
        theirs = owner.new_page()
        open_page(theirs, project_path)
        expect(theirs.get_by_test_id("project-photo")).to_have_count(2)
        expect(theirs.get_by_test_id("project-note")).to_have_count(1)
        expect(theirs.get_by_test_id("project-note")).to_contain_text("Cabinets in, counters set")
        expect(
            theirs.get_by_test_id("project-to-sign").get_by_role("link", name="Review and sign")
        ).to_be_visible()
        expect(
            theirs.get_by_test_id("project-invoices").get_by_role("link", name=re.compile("^Pay"))
        ).to_be_visible()
        expect(theirs.get_by_test_id("project-documents")).to_contain_text("Your signed contract")
        for img in theirs.get_by_test_id("project-photo").locator("img").all():
            img.scroll_into_view_if_needed()
            answer = theirs.request.get(img.get_attribute("src"))
            assert answer.ok and not has_location(answer.body())
        theirs.screenshot(path="test-results/project-page-375.png", full_page=True)
        no_axe_violations(theirs, "project page")
    finally:
        owner.close()

    for status in ("scheduled", "in_progress", "substantially_complete"):
        set_job_status(job.number, status, signed_in(admin))
    open_page(page, photos_path)
    for n in range(3):
        photo = page.get_by_test_id("job-photo").nth(n)
        photo.get_by_test_id("open-publish").click()
        form = photo.get_by_test_id("publish-form")
        form.get_by_test_id("publish-gallery").select_option("kitchen-remodeling")
        form.get_by_test_id("publish-caption").fill(f"Park Slope kitchen, view {n + 1}")
        form.get_by_test_id("publish-alt").fill(
            f"White shaker cabinets and a quartz counter, view {n + 1}"
        )
        form.get_by_test_id("publish-permission").click()
        expect(form.get_by_test_id("publish-permission")).to_be_checked()
        form.get_by_test_id("publish-save").click()
        expect(page.get_by_test_id("photos-note")).to_have_text("Published on the website.")
    expect(page.get_by_test_id("published-row")).to_have_count(3)
    no_axe_violations(page, "job photos page")
    page.screenshot(path="test-results/job-photos-1280.png", full_page=True)

    visitor = context.browser.new_context(base_url=site.url)
    visitor.route("**/*", block_remote)
    try:
        public = visitor.new_page()
        public.goto(GALLERY)
        pictures = public.get_by_test_id("published-picture")
        expect(pictures).to_have_count(3)
        sources = [img.get_attribute("src") for img in pictures.locator("img").all()]
        alts = [img.get_attribute("alt") for img in pictures.locator("img").all()]
        assert sorted(alts) == [
            f"White shaker cabinets and a quartz counter, view {n}" for n in (1, 2, 3)
        ]
        assert job.customer_name not in public.content() and job.address not in public.content()
        for src in sources:
            answer = public.request.get(src)
            assert answer.ok and "immutable" in answer.headers["cache-control"]
            assert not has_location(answer.body())
        public.screenshot(path="test-results/gallery-published-1280.png")

        for _ in range(3):
            page.get_by_test_id("unpublish").first.click()
            expect(page.get_by_test_id("photos-note")).to_have_text("Taken off the website.")
        expect(page.get_by_test_id("published-row")).to_have_count(0)
        public.goto(GALLERY)
        expect(public.get_by_test_id("gallery-image").first).to_be_visible()
        expect(public.get_by_test_id("published-picture")).to_have_count(0)
        assert all(public.request.get(src).status == 404 for src in sources)
    finally:
        visitor.close()


@pytest.mark.slow  # the server side of a retry is held by the unit and API tests in make test
@pytest.mark.usefixtures("site")
def test_a_dropped_connection_sends_each_photo_again_and_keeps_it_once(
    page: Page, site, monkeypatch
):
    """The first try of one photo never reaches the server; another reaches it but its answer is
    lost on the way back: both are sent again on their own, and the job has each photo once."""
    if not site.shares_this_process_database:
        pytest.skip("the job is made in this process's database")
    admin_email = new_admin(site)
    _admin, job, _sub = a_job_with_a_crew_and_a_sub(admin_email, monkeypatch)
    page.set_viewport_size({"width": 375, "height": 812})
    signed_in_at(page, admin_email, None)
    tries: dict[str, int] = {}

    def flaky(route):
        upload_id = re.search(r"upload_id=([^&]+)", route.request.url).group(1)
        tries[upload_id] = tries.get(upload_id, 0) + 1
        if tries[upload_id] == 1 and len(tries) == 1:
            route.abort("connectionreset")  # lost on the way out
        elif tries[upload_id] == 1 and len(tries) == 2:
            route.fetch()  # kept by the server ...
            route.abort("connectionreset")  # ... but its answer is lost
        else:
            route.continue_()

    page.route("**/api/jobs/*/photos?*", flaky)
    open_page(page, f"/jobs/{job.number}/photos")
    page.get_by_test_id("photo-files").set_input_files(six_photos()[2:5])
    page.get_by_test_id("photo-send").click()
    expect(page.get_by_test_id("photo-status")).to_have_text("Sent.", timeout=60_000)
    assert sorted(tries.values()) == [1, 2, 2]
    expect(page.get_by_test_id("job-photo")).to_have_count(3)
