"""Queueing a text in the outbox: only to a number that said yes, never during quiet hours."""

from sqlmodel import Session

from renovation_app.content import BUSINESS
from renovation_app.models import Channel, OutboxEmail, utc_now
from renovation_app.services.texts.consent import may_text
from renovation_app.services.texts.gateway import e164
from renovation_app.services.texts.quiet_hours import end_of_quiet_hours
from renovation_app.settings import settings

TEXT_MAX = 1600  # Twilio's limit for one message's body


def texts_off_reason() -> str:
    """Why nothing is texted, in words for the pages, or "" when texts are on."""
    if settings.texts_on:
        return ""
    return (
        "Texts are off: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER "
        "(or TWILIO_MESSAGING_SERVICE_SID). E-mails still go."
    )


def queue_text(
    session: Session,
    phone: str,
    body: str,
    kind: str,
    about: tuple[str, int | None],
    customer_id: int | None = None,
) -> OutboxEmail | None:
    """Add a text to the outbox in the caller's transaction (the caller commits and wakes the
    worker). None, and nothing queued, when texts are off, the number is no mobile number we
    can text or its latest word is no. A text due in the quiet hours waits for 8 am."""
    body = body.strip()
    if not body or len(body) > TEXT_MAX:
        raise ValueError(f"a text is 1 to {TEXT_MAX} characters")
    number = e164(phone)
    if not settings.texts_on or number is None or not may_text(session, number):
        return None
    now = utc_now()
    row = OutboxEmail(
        channel=Channel.TEXT,
        to=number,
        subject="",
        html="",
        text=body,
        kind=kind,
        about_kind=about[0],
        about_id=about[1],
        customer_id=customer_id,
        next_attempt_at=end_of_quiet_hours(now) or now,
    )
    session.add(row)
    return row


def text_link(
    session: Session,
    phone: str,
    words: str,
    url: str,
    kind: str,
    about: tuple[str, int | None],
    customer_id: int | None = None,
) -> OutboxEmail | None:
    """A link sent by text beside its e-mail ("Brooklyn Home Renovation: your estimate E-2026-0003
    is ready: <link>"), to a mobile that said yes; None when not queued (as queue_text)."""
    if not phone:
        return None
    body = f"{BUSINESS.name}: {words} {url} Reply STOP to stop texts."
    return queue_text(session, phone, body, kind, about, customer_id)
