"""The mailer: every e-mail is an outbox row first, then delivered (Resend, or the log).

Delivery is exactly-once per message even with several workers or hosts: a worker claims a row
with a compare-and-set UPDATE before sending, and Resend gets an idempotency key per message,
so a worker that dies between sending and recording is not sent twice when the claim expires.
"""

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

import resend
from sqlalchemy import and_, or_, update
from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import OutboxEmail, utc_now
from renovation_app.settings import settings

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 12
CLAIM_SECONDS = 120  # longer than the SDK's 30 s timeout, so a live claim is never taken over
BATCH_SIZE = 20


@dataclass(frozen=True)
class EmailMessage:
    to: str
    subject: str
    html: str
    text: str
    kind: str
    reply_to: str = ""


def queue_email(
    session: Session, message: EmailMessage, enquiry_id: int | None = None
) -> OutboxEmail:
    """Add a message to the outbox in the caller's transaction; the worker delivers it."""
    row = OutboxEmail(
        to=message.to,
        reply_to=message.reply_to,
        subject=message.subject,
        html=message.html,
        text=message.text,
        kind=message.kind,
        enquiry_id=enquiry_id,
    )
    session.add(row)
    return row


def retry_delay(attempts: int) -> timedelta:
    """Exponential backoff: 5 s, 10 s, 20 s ... capped at one hour."""
    return timedelta(seconds=min(5 * 2 ** max(attempts - 1, 0), 3600))


def _is_due(now: datetime):
    """Queued and past its backoff, or claimed by a worker whose claim has run out."""
    return and_(
        OutboxEmail.next_attempt_at <= now,
        or_(
            OutboxEmail.status == "queued",
            and_(OutboxEmail.status == "sending", OutboxEmail.claimed_until < now),
        ),
    )


def _claim(session: Session, email_id: int, now: datetime) -> bool:
    """Take one due message for this worker; False when another worker already has it."""
    result = session.execute(
        update(OutboxEmail)
        .where(OutboxEmail.id == email_id, _is_due(now))
        .values(status="sending", claimed_until=now + timedelta(seconds=CLAIM_SECONDS))
    )
    session.commit()
    return result.rowcount == 1


def _send(row: OutboxEmail) -> str:
    """Hand one message to the provider and return its id. Raises on any failure."""
    if not settings.resend_api_key:
        log.info("console mail to=%s subject=%r\n%s", row.to, row.subject, row.text)
        return "console"
    resend.api_key = settings.resend_api_key
    if settings.resend_api_url:
        resend.api_url = settings.resend_api_url
    params: resend.Emails.SendParams = {
        "from": settings.mail_from,
        "to": [row.to],
        "subject": row.subject,
        "html": row.html,
        "text": row.text,
    }
    if row.reply_to:
        params["reply_to"] = row.reply_to
    answer = resend.Emails.send(params, {"idempotency_key": f"outbox-{row.id}"})
    return answer["id"]


def deliver_due(now: datetime | None = None, batch: int = BATCH_SIZE) -> int:
    """Deliver the messages that are due; returns how many were sent."""
    now = now or utc_now()
    sent = 0
    with db_session() as session:
        due_ids = session.exec(
            select(OutboxEmail.id).where(_is_due(now)).order_by(OutboxEmail.id).limit(batch)
        ).all()
        for email_id in due_ids:
            if not _claim(session, email_id, now):
                continue
            row = session.get(OutboxEmail, email_id)
            try:
                row.provider_id = _send(row)
            except Exception as error:  # any provider or network failure is retried later
                row.attempts += 1
                row.last_error = f"{type(error).__name__}: {error}"[:500]
                row.status = "failed" if row.attempts >= MAX_ATTEMPTS else "queued"
                row.next_attempt_at = utc_now() + retry_delay(row.attempts)
                log.warning(
                    "mail %s to %s failed (attempt %s): %s", row.id, row.to, row.attempts, error
                )
            else:
                row.attempts += 1
                row.status = "sent"
                row.sent_at = utc_now()
                row.last_error = ""
                sent += 1
            row.claimed_until = None
            session.add(row)
            session.commit()
    return sent


# Set by whoever queues mail so the worker delivers at once instead of at its next poll.
_wakeup: asyncio.Event | None = None


def wake_outbox_worker() -> None:
    if _wakeup is not None:
        _wakeup.set()


async def outbox_worker(poll_seconds: float) -> None:
    """Reflex lifespan task: deliver due mail forever; a restart resumes the queue from the table."""
    global _wakeup
    _wakeup = asyncio.Event()
    while True:
        try:
            await asyncio.to_thread(deliver_due)
        except Exception:  # the database may be briefly unavailable; try again next round
            log.exception("outbox worker round failed")
        try:
            await asyncio.wait_for(_wakeup.wait(), timeout=poll_seconds)
        except TimeoutError:
            pass
        _wakeup.clear()
