"""A job's photos and daily log as staff keep them from a phone: a note, then each photo sent on
its own (a dropped connection retries one photo, never the batch), shared with the customer or
not, deleted. A photo's files are all stored before its row is written, so a failure of the
storage half way leaves no row pointing at nothing, and a retried upload is stored once."""

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from anyio import to_thread
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, or_, select

from renovation_app.db import db_session
from renovation_app.models import Job, JobNote, JobPhoto, PhotoStage, PublishedPhoto, utc_now
from renovation_app.services import audit
from renovation_app.services.billing import business_today
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import whole_number
from renovation_app.services.files import StorageError, storage
from renovation_app.services.jobs.lead_safe import (
    PRACTICES,
    check_note_removable,
    checked_practice,
)
from renovation_app.services.jobs.records import job_by_number, lock_job
from renovation_app.services.photos.pictures import ProcessedPhoto, process_photo_off_loop
from renovation_app.services.staff import SignedInUser

ROOM_MAX = 60
NOTE_MAX = 2000
# The uploader's own keys for a note or a photo: a random UUID, the same on every retry.
_CLIENT_KEY = re.compile(r"^[A-Za-z0-9-]{8,64}$")
NO_JOB = "There is no such job."


def original_key(photo: JobPhoto) -> str:
    return f"photos/{photo.key}/original"


def variant_key(photo: JobPhoto, width: int) -> str:
    return f"photos/{photo.key}/{width}.webp"


def widths_of(photo: JobPhoto) -> list[int]:
    return [int(w) for w in photo.widths.split(",") if w]


def src_width(widths: list[int]) -> int:
    """The variant an <img> names in `src` (beside its srcset): 960 when there is one."""
    return max((w for w in widths if w <= 960), default=widths[0])


@dataclass(frozen=True)
class Sizes:
    """A photo as an <img> names it: its variants' URLs and the size of the one in `src`."""

    src: str
    srcset: str
    width: int
    height: int
    full: str  # the largest variant


def sizes_of(photo: JobPhoto, url_of: Callable[[int], str]) -> Sizes:
    """The photo's variants, each at `url_of(width)`."""
    widths = widths_of(photo)
    width = src_width(widths)
    return Sizes(
        src=url_of(width),
        srcset=", ".join(f"{url_of(w)} {w}w" for w in widths),
        width=width,
        height=round(photo.height * width / photo.width),
        full=url_of(widths[-1]),
    )


def _client_key(value: object, what: str) -> str:
    if not isinstance(value, str) or not _CLIENT_KEY.match(value):
        raise ActionRefused(f"The {what} came without its key: please reload the page.")
    return value


@dataclass(frozen=True)
class Saved:
    id: int
    duplicate: bool  # sent before: nothing new was stored


def save_note(
    number: str,
    user: SignedInUser,
    note_key: object,
    text: object,
    practice: object = "",
    cleaning_result: object = "",
) -> Saved:
    """Add a note to the job's log, for today; a note sent again with its key is kept once. A
    note may record a lead-safe work practice (a home built before 1978): its words may then
    be left out, and the cleaning verification carries the card's result."""
    key = _client_key(note_key, "note")
    words = str(text or "").strip()
    if len(words) > NOTE_MAX:
        raise ActionRefused(f"A note is at most {NOTE_MAX} characters.")
    with db_session() as session:
        job = job_by_number(session, number)
        if job is None:
            raise ActionRefused(NO_JOB)
        known = session.exec(select(JobNote).where(JobNote.note_key == key)).first()
        if known is not None:
            return _same_job(known, job.id)
        words, practice, result = _practice_of(session, job, words, practice, cleaning_result)
        note = JobNote(
            job_id=job.id,
            day=business_today(),
            text=words,
            note_key=key,
            practice=practice,
            cleaning_result=result,
            author_id=user.id,
        )
        session.add(note)
        session.flush()
        detail = f"note {note.id}" + (
            f", lead-safe {practice} {result}".rstrip() if practice else ""
        )
        audit.record_staff_action(session, "job_note.added", user, "job", job.number, detail)
        try:
            session.commit()
        except IntegrityError:  # the same note, sent twice at once
            session.rollback()
            known = session.exec(select(JobNote).where(JobNote.note_key == key)).one()
            return _same_job(known, job.id)
        return Saved(note.id, False)


def _practice_of(session: Session, job: Job, words: str, practice: object, result: object):
    """(the note's words, the lead-safe practice it records, the card's result): a practice's
    note says its label when nothing more is written."""
    if practice:
        lock_job(session, job)  # the record is not signed meanwhile
    practice, result = checked_practice(session, job, practice, result)
    words = words or (PRACTICES[practice].label if practice else "")
    if not words:
        raise ActionRefused("Write what was done today.")
    return words, practice, result


def _same_job(row: JobNote | JobPhoto, job_id: int) -> Saved:
    if row.job_id != job_id:
        raise ActionRefused("That key belongs to another job: please reload the page.")
    return Saved(row.id, True)


@dataclass(frozen=True)
class PhotoDetails:
    job_id: int
    stage: PhotoStage
    room: str
    note_id: int | None


def _details(session: Session, number: str, stage: object, room: object, note_id: object):
    job = job_by_number(session, number)
    if job is None:
        raise ActionRefused(NO_JOB)
    if stage not in set(PhotoStage):
        raise ActionRefused("Choose before, during or after for the photos.")
    room_words = str(room or "").strip()
    if len(room_words) > ROOM_MAX:
        raise ActionRefused(f"The room is at most {ROOM_MAX} characters.")
    note = None
    if note_id not in (None, ""):
        note_number = whole_number(note_id)
        note = session.get(JobNote, note_number) if note_number is not None else None
        if note is None or note.job_id != job.id or note.deleted_at:
            raise ActionRefused("That note is not on this job: please reload the page.")
    return PhotoDetails(job.id, PhotoStage(stage), room_words, note.id if note else None)


def _existing(session: Session, upload_id: str, job_id: int) -> Saved | None:
    known = session.exec(select(JobPhoto).where(JobPhoto.upload_id == upload_id)).first()
    return _same_job(known, job_id) if known else None


def check_upload(number: str, upload_id: object, stage: object, room: object, note_id: object):
    """(the photo's details, the photo already stored under this upload id or None), before
    any work is done on the file."""
    key = _client_key(upload_id, "photo")
    with db_session() as session:
        details = _details(session, number, stage, room, note_id)
        return details, _existing(session, key, details.job_id)


def _put_files(key: str, content: bytes, processed: ProcessedPhoto) -> list[str]:
    """Store the original and the variants; on a failure, remove what was stored and raise."""
    store, written = storage(), []
    try:
        for variant in processed.variants:
            name = f"photos/{key}/{variant.width}.webp"
            store.put(name, variant.content, "image/webp")
            written.append(name)
        store.put(f"photos/{key}/original", content, processed.content_type)
        written.append(f"photos/{key}/original")
    except StorageError:
        remove_files(written)
        raise
    return written


def remove_files(names: list[str]) -> None:
    """Delete stored files, as far as the storage answers (a file left behind is never listed)."""
    store = storage()
    for name in names:
        try:
            store.delete(name)
        except StorageError:
            pass


def _insert(details: PhotoDetails, upload_id: str, user: SignedInUser, processed, key: str):
    with db_session() as session:
        photo = JobPhoto(
            job_id=details.job_id,
            note_id=details.note_id,
            stage=details.stage,
            room=details.room,
            key=key,
            content_type=processed.content_type,
            width=processed.width,
            height=processed.height,
            widths=",".join(str(v.width) for v in processed.variants),
            upload_id=upload_id,
            author_id=user.id,
        )
        session.add(photo)
        session.flush()
        audit.record_staff_action(
            session,
            "job_photo.added",
            user,
            "job_photo",
            photo.id,
            f"job {details.job_id}, {details.stage.value}",
        )
        session.commit()
        return Saved(photo.id, False)


async def receive_photo(
    number: str,
    user: SignedInUser,
    upload_id: object,
    stage: object,
    room: object,
    note_id: object,
    content: bytes,
) -> Saved:
    """Check, make the variants of and keep one photo of a job. ActionRefused (nothing kept)
    for a bad file or field; StorageError (nothing kept) when the storage fails: retry."""
    details, known = await to_thread.run_sync(check_upload, number, upload_id, stage, room, note_id)
    if known is not None:
        return known
    processed = await process_photo_off_loop(content)
    key = secrets.token_hex(16)
    written = await to_thread.run_sync(_put_files, key, content, processed)
    try:
        return await to_thread.run_sync(_insert, details, str(upload_id), user, processed, key)
    except IntegrityError:  # the same upload, retried while the first was still working
        await to_thread.run_sync(remove_files, written)
        _, known = await to_thread.run_sync(check_upload, number, upload_id, stage, room, note_id)
        return known
    except BaseException:
        await to_thread.run_sync(remove_files, written)
        raise


def _job_row(session: Session, model, number: str, row_id: object):
    job = job_by_number(session, number)
    row = session.get(model, row_id) if job and isinstance(row_id, int) else None
    if row is None or row.job_id != job.id or row.deleted_at:
        raise ActionRefused("That is no longer on this job: please reload the page.")
    return row


def set_shared(number: str, kind: str, row_id: object, shared: bool, user: SignedInUser) -> None:
    """Show a photo or a note on the customer's project page, or take it off."""
    model = {"photo": JobPhoto, "note": JobNote}[kind]
    with db_session() as session:
        row = _job_row(session, model, number, row_id)
        if row.shared != (shared is True):
            row.shared = shared is True
            session.add(row)
            audit.record_staff_action(
                session,
                f"job_{kind}.{'shared' if row.shared else 'unshared'}",
                user,
                f"job_{kind}",
                row.id,
            )
            session.commit()


def is_published(session: Session, photo_id: int) -> bool:
    """Whether the photo is on the website, as a picture or as the "before" of one."""
    return (
        session.exec(
            select(PublishedPhoto.id).where(
                or_(PublishedPhoto.photo_id == photo_id, PublishedPhoto.before_photo_id == photo_id)
            )
        ).first()
        is not None
    )


def delete_photo(number: str, photo_id: object, user: SignedInUser) -> None:
    """Delete a photo and its files (a published picture must be taken off the website first)."""
    with db_session() as session:
        photo = _job_row(session, JobPhoto, number, photo_id)
        if is_published(session, photo.id):
            raise ActionRefused("This photo is on the website: unpublish it first.")
        photo.deleted_at, photo.shared = utc_now(), False
        session.add(photo)
        audit.record_staff_action(session, "job_photo.deleted", user, "job_photo", photo.id)
        session.commit()
        names = [original_key(photo)] + [variant_key(photo, w) for w in widths_of(photo)]
    remove_files(names)


def delete_note(number: str, note_id: object, user: SignedInUser) -> None:
    """Delete a note of the log (its photos stay, without it)."""
    with db_session() as session:
        note = _job_row(session, JobNote, number, note_id)
        check_note_removable(session, note)
        note.deleted_at, note.shared = utc_now(), False
        session.add(note)
        for photo in session.exec(select(JobPhoto).where(JobPhoto.note_id == note.id)):
            photo.note_id = None
            session.add(photo)
        audit.record_staff_action(session, "job_note.deleted", user, "job_note", note.id)
        session.commit()


def photo_file(number: str, photo_id: object, name: str) -> tuple[bytes, str] | None:
    """A photo's file for staff: a variant ("960") or the original; None when there is none."""
    with db_session() as session:
        job = job_by_number(session, number)
        photo = session.get(JobPhoto, photo_id) if job and isinstance(photo_id, int) else None
        if photo is None or photo.job_id != job.id or photo.deleted_at:
            return None
    return read_variant(photo, name)


def read_variant(photo: JobPhoto, name: str) -> tuple[bytes, str] | None:
    if name == "original":
        content = storage().get(original_key(photo))
        return (content, photo.content_type) if content else None
    width = whole_number(name)
    if width is None or width not in widths_of(photo):
        return None
    content = storage().get(variant_key(photo, width))
    return (content, "image/webp") if content else None
