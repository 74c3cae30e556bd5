"""A job's photos and log: each photo stored once (a retried upload too), whole or not at all (a
bad file or a storage failure half way leaves no row and no file), shared with the customer or
not, and a finished job's after photos published on the gallery without a location tag, then
taken off with their files."""

import asyncio
import io
from pathlib import Path

import pytest
from PIL import Image
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import JobPhoto, PublishedPhoto
from renovation_app.services import photos
from renovation_app.services.errors import ActionRefused, FormInvalid
from renovation_app.services.files import StorageError, storage
from renovation_app.services.files.storage import reset_storage
from renovation_app.services.jobs.status import set_job_status
from renovation_app.settings import settings
from tests.factories import job_of
from tests.factories.costs import audit_rows, contract_28k

GPS_IFD = 0x8825
pytestmark = pytest.mark.usefixtures("photo_storage")


def phone_jpeg(width: int = 1200, height: int = 900, gps: bool = True) -> bytes:
    """A JPEG as a phone writes it: with a camera model and, by default, where it was taken."""
    image = Image.new("RGB", (width, height), (180, 120, 60))
    exif = Image.Exif()
    exif[0x0110] = "Phone 15"  # the camera model
    if gps:
        exif[GPS_IFD] = {1: "N", 2: (40.0, 40.0, 12.0), 3: "W", 4: (73.0, 59.0, 30.0)}
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif, quality=80)
    return out.getvalue()


def upload(
    job, user, upload_id: str, content: bytes | None = None, stage: str = "during", note_id=None
) -> photos.Saved:
    content = phone_jpeg() if content is None else content
    return asyncio.run(
        photos.receive_photo(job.number, user, upload_id, stage, "Kitchen", note_id, content)
    )


def stored_files(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


def photo_rows() -> list[JobPhoto]:
    with db_session() as session:
        return list(session.exec(select(JobPhoto).order_by(JobPhoto.id)))


def test_a_photo_is_kept_with_its_variants_and_a_retry_stores_nothing_more(
    job, user, photo_storage
):
    first = upload(job, user, "upload-0001")
    files = stored_files(photo_storage)
    again = upload(job, user, "upload-0001")

    assert not first.duplicate and again == photos.Saved(first.id, True)
    assert len(photo_rows()) == 1 and stored_files(photo_storage) == files
    photo = photo_rows()[0]
    assert files == sorted(
        f"photos/{photo.key}/{name}"
        for name in ("320.webp", "480.webp", "960.webp", "1200.webp", "original")
    )
    assert len(photo.key) == 32 and photo.widths == "320,480,960,1200"
    assert len(audit_rows("job_photo.added")) == 1


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"MZ\x90\x00" + b"\x00" * 4000, "not a photo"),
        (b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "not a photo"),
        (b"\xff\xd8\xff\xe0" + b"\x13" * 5000, "could not be read"),
        (b"", "empty"),
    ],
)
def test_a_bad_file_is_refused_and_nothing_is_kept(job, user, photo_storage, content, words):
    with pytest.raises(ActionRefused, match=words):
        upload(job, user, "upload-bad-1", content)
    assert photo_rows() == [] and stored_files(photo_storage) == []


def test_a_storage_failure_half_way_leaves_no_row_and_no_file(
    job, user, photo_storage, monkeypatch
):
    store, calls = storage(), []
    real_put = store.put

    def failing_put(key, content, content_type="application/octet-stream"):
        calls.append(key)
        if len(calls) == 3:
            raise StorageError("the store went away")
        real_put(key, content, content_type)

    monkeypatch.setattr(store, "put", failing_put)
    with pytest.raises(StorageError):
        upload(job, user, "upload-0002")
    assert photo_rows() == [] and stored_files(photo_storage) == []

    monkeypatch.setattr(store, "put", real_put)
    assert not upload(job, user, "upload-0002").duplicate  # the retry stores it whole


def test_a_database_failure_after_the_files_removes_them(job, user, photo_storage, monkeypatch):
    from renovation_app.services.photos import library

    def broken_insert(*args):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(library, "_insert", broken_insert)
    with pytest.raises(RuntimeError):
        upload(job, user, "upload-0003")
    assert stored_files(photo_storage) == []


def test_a_note_sent_twice_is_kept_once_and_holds_its_photos(job, user):
    note = photos.save_note(job.number, user, "note-key-0001", "Demolition done")
    assert photos.save_note(job.number, user, "note-key-0001", "Demolition done") == photos.Saved(
        note.id, True
    )
    upload(job, user, "upload-0004", note_id=note.id)
    page = photos.job_photos(job.number)
    assert [(n.text, n.photo_count) for n in page.notes] == [("Demolition done", 1)]
    with pytest.raises(ActionRefused, match="Write what was done"):
        photos.save_note(job.number, user, "note-key-0002", "   ")


def test_a_photo_can_not_join_a_note_of_another_job(admin, job, user, contract_settings):
    other = job_of(contract_28k(admin, token="another-contract"))
    note = photos.save_note(other.number, user, "note-key-0003", "Other job")
    with pytest.raises(ActionRefused, match="not on this job"):
        upload(job, user, "upload-0005", note_id=note.id)
    with pytest.raises(ActionRefused, match="another job"):  # a key of another job's note
        photos.save_note(job.number, user, "note-key-0003", "Other job")


def finished(job, user) -> None:
    for status in ("scheduled", "in_progress", "substantially_complete"):
        set_job_status(job.number, status, user)


def publish_fields(**changes) -> dict:
    return {
        "gallery": "kitchen-remodeling",
        "caption": "A new kitchen",
        "alt": "White cabinets",
        "permission": True,
        **changes,
    }


def test_only_a_finished_jobs_after_photo_with_its_words_and_permission_is_published(job, user):
    after = upload(job, user, "upload-after-1", stage="after")
    during = upload(job, user, "upload-during-1", stage="during")
    with pytest.raises(ActionRefused, match="once the job is finished"):
        photos.publish(job.number, user, after.id, None, publish_fields())
    finished(job, user)
    with pytest.raises(ActionRefused, match="after photo"):
        photos.publish(job.number, user, during.id, None, publish_fields())
    with pytest.raises(FormInvalid) as invalid:
        photos.publish(
            job.number,
            user,
            after.id,
            None,
            publish_fields(gallery="nope", caption=" ", alt="", permission=False),
        )
    assert set(invalid.value.errors) == {"gallery", "caption", "alt", "permission"}
    with db_session() as session:
        assert session.exec(select(PublishedPhoto)).all() == []


def test_a_published_picture_has_no_location_and_is_gone_once_unpublished(job, user):
    after = upload(job, user, "upload-after-2", stage="after")
    before = upload(job, user, "upload-before-2", stage="before")
    finished(job, user)
    published_id = photos.publish(job.number, user, after.id, before.id, publish_fields())
    with pytest.raises(ActionRefused, match="already"):  # a second tab
        photos.publish(job.number, user, after.id, None, publish_fields())

    [picture] = photos.published_pictures("kitchen-remodeling")
    key = picture.src.split("/")[2]
    for name in ("320", "480", "960", "1200", "before-480", "before-960", "before-1200"):
        content = photos.public_file(key, name)
        assert content is not None and b"GPS" not in content and b"Exif" not in content
        assert not Image.open(io.BytesIO(content)).getexif()
    text = repr(picture)
    assert job.customer_name not in text and job.address not in text
    with pytest.raises(ActionRefused, match="unpublish it first"):
        photos.delete_photo(job.number, after.id, user)

    photos.unpublish(job.number, user, published_id)
    assert photos.published_pictures("kitchen-remodeling") == []
    assert all(
        photos.public_file(key, name) is None for name in ("480", "960", "1200", "before-960")
    )
    assert len(audit_rows("photo.published")) == len(audit_rows("photo.unpublished")) == 1


def test_public_file_names_are_checked_before_the_storage_is_asked(job, user):
    assert photos.public_file("../../photos/x", "960") is None
    assert photos.public_file("0" * 32, "original") is None


def test_a_deleted_photo_loses_its_files(job, user, photo_storage):
    saved = upload(job, user, "upload-0006")
    photos.delete_photo(job.number, saved.id, user)
    assert stored_files(photo_storage) == []
    assert photos.photo_file(job.number, saved.id, "960") is None
    assert photos.job_photos(job.number).photos == []


def test_photos_go_to_an_s3_bucket_when_the_storage_is_s3(job, user, monkeypatch, photo_storage):
    """The same upload through the real boto3 client to a local S3-compatible server: the
    variants and the original land in the bucket, nothing on disk."""
    from tests.fakes import s3_server

    for name, value in s3_server.CREDENTIALS.items():
        monkeypatch.setenv(name, value)
    with s3_server.fake_s3() as url:
        monkeypatch.setattr(settings, "files_storage", "s3")
        monkeypatch.setattr(settings, "s3_bucket", s3_server.BUCKET)
        monkeypatch.setattr(settings, "s3_endpoint_url", url)
        monkeypatch.setattr(settings, "s3_region", s3_server.REGION)
        monkeypatch.setattr(settings, "s3_prefix", "")
        reset_storage()
        saved = upload(job, user, "upload-s3-0001")
        photo = photo_rows()[0]
        # The fake keeps every test's objects (moto's store is one per process): this photo's.
        listed = s3_server.client(url).list_objects_v2(
            Bucket=s3_server.BUCKET, Prefix=f"photos/{photo.key}/"
        )["Contents"]
        assert sorted(o["Key"] for o in listed) == sorted(
            f"photos/{photo.key}/{name}"
            for name in ("320.webp", "480.webp", "960.webp", "1200.webp", "original")
        )
        assert photos.photo_file(job.number, saved.id, "960")[1] == "image/webp"
    assert stored_files(photo_storage) == []
