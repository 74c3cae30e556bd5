"""Photos a customer sent by MMS, kept with their job (internal: the office's, never shared).

The inbound webhook only notes each photo's Twilio address, so Twilio gets its answer at once;
`keep_text_media` then fetches the photos of texts attached to a job (a known customer with one
open job), with the account's credentials, and keeps each as a plain JPEG without its EXIF (the
phone's position) in the files storage. Only Twilio's own addresses are fetched.
"""

import logging

import httpx
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import InboundTextMedia
from renovation_app.services.errors import ActionRefused
from renovation_app.services.files import (
    MAX_BYTES,
    StorageError,
    images,
    picture_or_scan_type,
    store,
)
from renovation_app.services.texts.gateway import TWILIO_API
from renovation_app.settings import settings

log = logging.getLogger(__name__)
NOT_KEPT = "not-a-photo"  # file_key of media we will not keep (another type, too large ...)
FETCH_TIMEOUT_SECONDS = 20


def _fetch(url: str) -> bytes | None:
    """The media's bytes from Twilio (TWILIO_API_BASE's host in tests); None when too large."""
    if settings.twilio_api_base:
        url = settings.twilio_api_base.rstrip("/") + url[len(TWILIO_API) :]
    auth = (settings.twilio_account_sid, settings.twilio_auth_token)
    # httpx drops the credentials when Twilio redirects to its media store on another host.
    with httpx.stream(
        "GET", url, auth=auth, follow_redirects=True, timeout=FETCH_TIMEOUT_SECONDS
    ) as answer:
        answer.raise_for_status()
        content = b""
        for chunk in answer.iter_bytes():
            content += chunk
            if len(content) > MAX_BYTES:
                return None
    return content


def _kept_key(url: str) -> str:
    """The stored file's SHA-256, or NOT_KEPT. Raises on a failure worth trying again."""
    if not url.startswith(TWILIO_API + "/"):
        return NOT_KEPT
    content = _fetch(url)
    if content is None or picture_or_scan_type(content) not in (
        "image/jpeg",
        "image/png",
        "image/webp",
    ):
        return NOT_KEPT
    try:
        jpeg = images.plain_jpeg(content, "unreadable")
    except ActionRefused:
        return NOT_KEPT
    return store(jpeg)


def keep_text_media(batch: int = 20) -> int:
    """Fetch and keep the waiting photos of texts attached to a job; how many were kept."""
    with db_session() as session:
        waiting = session.exec(
            select(InboundTextMedia)
            .where(InboundTextMedia.file_key == "", InboundTextMedia.job_id.is_not(None))
            .order_by(InboundTextMedia.id)
            .limit(batch)
        ).all()
        session.commit()
        kept = 0
        for media in waiting:
            try:
                media.file_key = _kept_key(media.twilio_url)
            except (httpx.HTTPError, StorageError) as error:  # tried again next time
                log.warning("text media %s not kept yet: %s", media.id, error)
                continue
            media.content_type = "image/jpeg" if media.file_key != NOT_KEPT else media.content_type
            session.commit()
            kept += media.file_key != NOT_KEPT
    return kept
