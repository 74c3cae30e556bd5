"""The outbox's text channel: a queued text handed to Twilio through the twilio SDK, once.

Twilio takes no idempotency key for messages, so a try after an uncertain one (a timeout once
Twilio may have taken the text, a worker that died mid-send) first lists the messages to that
number since the text was first claimed, and records the one it finds instead of sending again.
"""

from datetime import datetime, timedelta

from sqlmodel import select
from twilio.base.exceptions import TwilioRestException

from renovation_app.db import db_session
from renovation_app.models import Channel, ConsentSource, OutboxAttachment, OutboxEmail
from renovation_app.services.mail import ChannelSender, Verdict, register_channel
from renovation_app.services.texts.consent import may_text, record_consent
from renovation_app.services.texts.gateway import sender, twilio_client
from renovation_app.services.texts.quiet_hours import end_of_quiet_hours
from renovation_app.settings import settings

STATUS_PATH = "/api/twilio/status"
# Twilio's clock and ours may differ a little: look this far before the first claim.
CLOCK_SLACK = timedelta(minutes=5)
UNSUBSCRIBED = 21610  # Twilio's error: the recipient texted STOP to this sender


class OptedOut(Exception):
    """The number said no after the text was queued: it is never sent."""


class TwilioRefused(Exception):
    """Twilio's error answer, with its code in the words staff see (21610: the number texted
    STOP to our sender; 21211: no such number)."""

    def __init__(self, status: int, code: int | None, message: str) -> None:
        super().__init__(f"Twilio error {code} (HTTP {status}): {message}")
        self.status = status


def _known_sids(sids: list[str]) -> set[str]:
    with db_session() as session:
        return set(
            session.exec(select(OutboxEmail.provider_id).where(OutboxEmail.provider_id.in_(sids)))
        )


def _already_with_twilio(client, row: OutboxEmail) -> str | None:
    """The sid of this text if Twilio already has it: the same body to the same number since
    the first claim, and not a sid another outbox row recorded (the same words sent twice)."""
    since = row.first_claimed_at - CLOCK_SLACK
    found = [
        m
        for m in client.messages.list(to=row.to, date_sent_after=since, limit=100)
        if m.body == row.text and str(m.direction or "").startswith("outbound")
    ]
    taken = _known_sids([m.sid for m in found])
    oldest_first = sorted((m for m in found if m.sid not in taken), key=lambda m: m.date_created)
    return oldest_first[0].sid if oldest_first else None


def _note_opt_out(row: OutboxEmail) -> None:
    """Twilio says the number texted STOP to our sender (a webhook we may have missed): the
    number's no is recorded, so nothing more is queued for it."""
    with db_session() as session:
        record_consent(session, row.to, False, ConsentSource.STOP, row.customer_id)
        session.commit()


def _still_consented(number: str) -> bool:
    with db_session() as session:
        return may_text(session, number)


def send_text(row: OutboxEmail, attachments: list[OutboxAttachment], earlier_try: bool) -> str:
    """Hand one text to Twilio and return its sid. Raises on any failure."""
    client = twilio_client()
    if earlier_try:
        sid = _already_with_twilio(client, row)
        if sid is not None:
            return sid
    if not _still_consented(row.to):
        raise OptedOut("the number said STOP after this text was queued")
    try:
        message = client.messages.create(
            to=row.to, body=row.text, status_callback=settings.url(STATUS_PATH), **sender()
        )
    except TwilioRestException as error:
        if error.code == UNSUBSCRIBED:
            _note_opt_out(row)
        raise TwilioRefused(error.status, error.code, error.msg) from error
    return message.sid


def classify_text_failure(error: Exception, now: datetime) -> Verdict:
    """Refused for good: an opted-out or invalid number, any 4xx but 429. Else tried again."""
    if isinstance(error, OptedOut):
        return Verdict(permanent=True)
    if isinstance(error, TwilioRefused) and 400 <= error.status < 500:
        return Verdict(permanent=error.status != 429)
    return Verdict(permanent=False)  # 5xx, timeouts (Twilio may have it: looked up first)


TEXT_CHANNEL = ChannelSender(
    send=send_text,
    classify=classify_text_failure,
    is_on=lambda: settings.texts_on,
    not_before=end_of_quiet_hours,
)
# The outbox delivers texts once this package is imported (the API imports it at start-up).
register_channel(Channel.TEXT, TEXT_CHANNEL)
