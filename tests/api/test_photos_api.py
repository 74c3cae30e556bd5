"""The photos over HTTP: an upload needs a staff session and this site's origin, a body over
30 MB is refused unread past its limit, a retried upload answers with the photo kept the first
time; a photo's file is reached only by staff, or by the project link of its own job once
shared; a published picture is public (cached for good) until it is unpublished, then 404."""

import pytest

from renovation_app.services import jobs, photos, project
from renovation_app.services.jobs.status import set_job_status
from renovation_app.settings import settings
from tests.factories import accepted_estimate, job_of, signed_in, staff_user
from tests.unit.test_job_photos import phone_jpeg

ORIGIN = {"Origin": "http://testserver"}


@pytest.fixture(autouse=True)
def site_and_storage(photo_storage, monkeypatch):
    monkeypatch.setattr(settings, "site_url", "http://testserver")


@pytest.fixture
def job(staff):
    work = {
        "name": "Lee Chan",
        "email": "lee@example.com",
        "phone": "",
        "title": "New kitchen",
        "address": "5 Court St, Brooklyn",
        "price": "300",
        "tax_category": "repair",
        "tax_area": "nyc",
    }
    return jobs.create_small_job(jobs.validate_small_work(work), signed_in(staff), "job-form-1")


def send(client, job, upload_id: str, content: bytes, stage: str = "after", headers=ORIGIN):
    return client.post(
        f"/api/jobs/{job.number}/photos",
        params={"upload_id": upload_id, "stage": stage, "room": "Kitchen"},
        content=content,
        headers={**headers, "Content-Type": "image/jpeg"},
    )


def test_an_upload_needs_a_session_and_this_sites_origin(client, job):
    assert send(client, job, "upload-api-01", phone_jpeg()).status_code == 401
    assert photos.job_photos(job.number).photos == []


def test_an_upload_from_another_site_is_refused(staff_client, job):
    answer = send(
        staff_client, job, "upload-api-02", phone_jpeg(), headers={"Origin": "https://evil.example"}
    )
    assert answer.status_code == 403 and photos.job_photos(job.number).photos == []


def test_an_upload_is_kept_once_and_its_file_reaches_staff_only(staff_client, job):
    first = send(staff_client, job, "upload-api-03", phone_jpeg())
    again = send(staff_client, job, "upload-api-03", phone_jpeg())
    assert first.status_code == 201 and again.status_code == 200
    assert again.json() == {"id": first.json()["id"], "duplicate": True}

    photo_id = first.json()["id"]
    answer = staff_client.get(f"/jobs/{job.number}/photos/{photo_id}/960.webp")
    assert answer.status_code == 200 and answer.headers["content-type"] == "image/webp"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert "sandbox" in answer.headers["content-security-policy"]
    assert staff_client.get(f"/jobs/{job.number}/photos/{photo_id}/961.webp").status_code == 404
    assert staff_client.get(f"/jobs/J-1999-0001/photos/{photo_id}/960.webp").status_code == 404
    staff_client.cookies.clear()
    assert staff_client.get(f"/jobs/{job.number}/photos/{photo_id}/960.webp").status_code == 401


def test_a_bad_file_is_answered_in_words_and_a_huge_one_unread(staff_client, job):
    answer = send(staff_client, job, "upload-api-04", b"MZ" + b"\x00" * 1000)
    assert answer.status_code == 422 and "not a photo" in answer.json()["error"]
    answer = send(
        staff_client, job, "upload-api-05", b"\xff\xd8\xff" + b"\x00" * (31 * 1024 * 1024)
    )
    assert answer.status_code == 413 and "30 MB" in answer.json()["error"]
    assert photos.job_photos(job.number).photos == []


def test_a_note_is_written_once_whatever_how_often_it_is_sent(staff_client, job):
    payload = {"note_key": "note-api-0001", "text": "Tile set in the shower"}
    first = staff_client.post(f"/api/jobs/{job.number}/notes", json=payload, headers=ORIGIN)
    again = staff_client.post(f"/api/jobs/{job.number}/notes", json=payload, headers=ORIGIN)
    assert (first.status_code, again.status_code) == (201, 200)
    assert [n.text for n in photos.job_photos(job.number).notes] == ["Tile set in the shower"]


def test_a_note_records_a_lead_safe_practice_with_the_cards_result(
    staff_client, staff, monkeypatch
):
    monkeypatch.setattr(settings, "contractor_licence", "2099999-DCA")
    monkeypatch.setattr(settings, "escrow_bank", "Example Community Bank")
    kitchen = [{"description": "Kitchen", "quantity": "1", "unit_price": "9,000"}]
    job = job_of(accepted_estimate(staff, "lead-api", lines=kitchen, year_built="1962"))
    url, payload = f"/api/jobs/{job.number}/notes", {"note_key": "note-api-0002", "text": ""}
    unread = {**payload, "practice": "verification"}
    refused = staff_client.post(url, json=unread, headers=ORIGIN)
    assert refused.status_code == 422 and "card's result" in refused.json()["error"]
    read = {**unread, "cleaning_result": "pass"}
    assert staff_client.post(url, json=read, headers=ORIGIN).status_code == 201
    (note,) = photos.job_photos(job.number).notes
    assert (note.text, note.practice, note.result) == (
        "Cleaning verification",
        "Lead-safe: Cleaning verification",
        "Passed: the wet cloths matched the card",
    )


def test_the_project_link_reaches_shared_photos_of_its_own_job_only(staff_client, staff, job):
    shared = send(staff_client, job, "upload-api-06", phone_jpeg()).json()["id"]
    unshared = send(staff_client, job, "upload-api-07", phone_jpeg()).json()["id"]
    user = signed_in(staff)
    photos.set_shared(job.number, "photo", shared, True, user)
    token = project.make_link(job.number, job.customer_email, user).rsplit("/", 1)[1]
    staff_client.cookies.clear()

    assert staff_client.get(f"/project/{token}/photos/{shared}/960.webp").status_code == 200
    assert staff_client.get(f"/project/{token}/photos/{unshared}/960.webp").status_code == 404
    assert staff_client.get(f"/project/{token}/photos/{shared}/original").status_code == 404
    assert staff_client.get(f"/project/{'x' * 43}/photos/{shared}/960.webp").status_code == 404
    page = staff_client.get(f"/project/{token}")
    assert page.status_code == 200 and page.headers["referrer-policy"] == "no-referrer"
    assert "noindex" in page.headers["x-robots-tag"] and "Lee Chan" not in page.text
    assert f"/project/{token}/photos/{shared}/" in page.text
    assert f"/photos/{unshared}/" not in page.text
    assert staff_client.get(f"/project/{'x' * 43}").status_code == 404


def test_a_published_picture_is_public_until_unpublished(staff_client, staff, job):
    after = send(staff_client, job, "upload-api-08", phone_jpeg()).json()["id"]
    admin = signed_in(staff_user(role="admin", name="Ada Admin", email="ada@example.com"))
    for status in ("scheduled", "in_progress", "substantially_complete"):
        set_job_status(job.number, status, admin)
    fields = {
        "gallery": "kitchen-remodeling",
        "caption": "A new kitchen",
        "alt": "White cabinets",
        "permission": True,
    }
    published_id = photos.publish(job.number, admin, after, None, fields)
    [picture] = photos.published_pictures("kitchen-remodeling")
    staff_client.cookies.clear()

    answer = staff_client.get(picture.src)
    assert answer.status_code == 200 and "immutable" in answer.headers["cache-control"]
    assert b"GPS" not in answer.content and b"Exif" not in answer.content
    assert f"{picture.full}</image:loc>" in staff_client.get("/sitemap.xml").text
    photos.unpublish(job.number, admin, published_id)
    assert staff_client.get(picture.src).status_code == 404
    assert picture.full not in staff_client.get("/sitemap.xml").text
    assert staff_client.get(picture.full).status_code == 404


def test_the_server_writes_published_pictures_into_the_built_gallery_and_service_pages(
    staff_client, staff, job, monkeypatch
):
    """The gallery page gets its first 12 published pictures in the grid and the rest waiting;
    the service page its newest 3; a page with none is sent as it was built."""
    from renovation_app.api import first_paint_pages

    frame = (
        '<main><div id="published-pictures" class="contents"></div>'
        '<template data-waiting-for="gallery-rest"><div id="published-more" class="contents">'
        "</div></template></main>"
    )
    monkeypatch.setattr(first_paint_pages, "built_page", lambda page: frame)
    assert first_paint_pages.page_with_published("gallery", "kitchen-remodeling") == frame
    assert first_paint_pages.page_with_published("gallery", "no-such-gallery") is None

    admin = signed_in(staff_user(role="admin", name="Ada Admin", email="ada@example.com"))
    ids = [
        send(staff_client, job, f"upload-many-{n:02}", phone_jpeg(640, 480)).json()["id"]
        for n in range(14)
    ]
    for status in ("scheduled", "in_progress", "substantially_complete"):
        set_job_status(job.number, status, admin)
    for n, photo_id in enumerate(ids):
        photos.publish(
            job.number,
            admin,
            photo_id,
            None,
            {
                "gallery": "kitchen-remodeling",
                "caption": f"View {n}",
                "alt": f"Kitchen, view {n}",
                "permission": True,
            },
        )

    gallery = first_paint_pages.page_with_published("gallery", "kitchen-remodeling")
    shown, waiting = gallery.split("<template", 1)
    assert shown.count('data-testid="published-picture"') == 12
    assert waiting.count('data-testid="published-picture"') == 2
    assert "Kitchen, view 13" in shown and "Kitchen, view 0" in waiting  # the newest first
    service = first_paint_pages.page_with_published("services", "kitchen-remodeling")
    assert service.count('data-testid="published-picture"') == 3
    assert "From our recent jobs" in service and job.customer_name not in service
