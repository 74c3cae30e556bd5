"""The photos customers texted (MMS) of a job, kept by services/texts/media.py: listed on the
job's photos page and served to staff only, as the JPEG kept without its EXIF."""

from dataclasses import dataclass

from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import InboundText, InboundTextMedia
from renovation_app.services.billing import when_display
from renovation_app.services.files import read
from renovation_app.services.jobs.records import job_by_number
from renovation_app.services.texts.media import NOT_KEPT


@dataclass(frozen=True)
class TextPhoto:
    """A photo a customer texted, kept with the job (the job's photos page, staff only)."""

    id: int
    url: str  # /jobs/<number>/texts/<id>/photo
    words: str  # "From +17185550142, Nov 29, 2026, 9:41 AM"


def text_photo_path(number: str, media_id: int) -> str:
    return f"/jobs/{number}/texts/{media_id}/photo"


def text_photos(session: Session, job_id: int, number: str) -> list[TextPhoto]:
    """The job's photos that came by text and were kept, newest first."""
    rows = session.exec(
        select(InboundTextMedia, InboundText)
        .join(InboundText, InboundText.id == InboundTextMedia.inbound_text_id)
        .where(
            InboundTextMedia.job_id == job_id,
            InboundTextMedia.file_key != "",
            InboundTextMedia.file_key != NOT_KEPT,
        )
        .order_by(InboundText.received_at.desc(), InboundTextMedia.id.desc())
    ).all()
    return [
        TextPhoto(
            media.id,
            text_photo_path(number, media.id),
            f"From {text.from_phone}, {when_display(text.received_at)}",
        )
        for media, text in rows
    ]


def text_photo_of(number: str, media_id: object) -> bytes | None:
    """The kept JPEG of a texted photo of this job, for staff; None for any other."""
    with db_session() as session:
        job = job_by_number(session, number)
        media = (
            session.get(InboundTextMedia, media_id) if job and isinstance(media_id, int) else None
        )
        if media is None or media.job_id != job.id or media.file_key in ("", NOT_KEPT):
            return None
        return read(media.file_key)
