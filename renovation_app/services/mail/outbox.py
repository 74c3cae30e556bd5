"""The outbox: every e-mail and text is a row first, then delivered (Resend, Twilio, or the log).
Messages are built by `messages.build_email`; what staff see of their delivery is `history`.
Texts are rows of the same table (channel "text"). How each channel's rows leave is its sender
(channels.py: e-mails in resend_channel.py, texts registered by the texts feature); the claim,
the result and the retries below are the same rules for every channel.

Delivery is exactly-once per message even with several workers or hosts: a worker claims a row
with a compare-and-set UPDATE (status, expiry and a random claim token) before sending, writes
the result only while that claim is still its own, and Resend gets the row's random idempotency
key with every try, so a worker that dies or stalls between sending and recording is not sent
twice when its claim expires and another worker takes the message over.
"""

import asyncio
import logging
import re
from datetime import datetime, timedelta
from uuid import uuid4

from sqlalchemy import and_, func, or_, update
from sqlmodel import Session, select

from renovation_app.db import db_session, write_session
from renovation_app.models import Channel, OutboxAttachment, OutboxEmail, OutboxStatus, utc_now
from renovation_app.services.mail import resend_channel  # noqa: F401  (e-mails leave through it)
from renovation_app.services.mail.channels import ChannelSender, live_channels, sender_of
from renovation_app.services.mail.kinds import REMINDER_KINDS
from renovation_app.services.mail.messages import Attachment as Attachment  # re-exported
from renovation_app.services.mail.messages import EmailMessage
from renovation_app.services.rounds import until_woken, wake
from renovation_app.settings import settings

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 12
BATCH_SIZE = 20
# After a wake-up the worker waits this long, so a burst of enquiries is delivered in one batch
# instead of one round (and its database writes) per message.
WAKE_COALESCE_SECONDS = 0.2

_HEADER_BREAKS = re.compile(r"[\r\n\x00]")


def queue_email(
    session: Session, message: EmailMessage, about_kind: str, about_id: int | None
) -> OutboxEmail:
    """Add a message (and its attachments) to the outbox in the caller's transaction.

    `about_kind`/`about_id` say what the message is about, e.g. ("enquiry", 12). The caller
    commits; the worker then delivers it (call wake_outbox_worker() after the commit).
    """
    headers = [message.to, message.reply_to, message.subject]
    headers += [a.filename for a in message.attachments]
    if any(_HEADER_BREAKS.search(value) for value in headers):
        raise ValueError("e-mail headers and file names must be one line")
    row = OutboxEmail(
        to=message.to,
        reply_to=message.reply_to,
        subject=message.subject,
        html=message.html,
        text=message.text,
        kind=message.kind,
        about_kind=about_kind,
        about_id=about_id,
    )
    session.add(row)
    if message.attachments:
        session.flush()  # gives the row its id for the attachments
        for attachment in message.attachments:
            session.add(
                OutboxAttachment(
                    email_id=row.id,
                    filename=attachment.filename,
                    content_type=attachment.content_type,
                    content=attachment.content,
                )
            )
    return row


def retry_delay(attempts: int) -> timedelta:
    """Exponential backoff: 5 s, 10 s, 20 s ... capped at one hour."""
    return timedelta(seconds=min(5 * 2 ** max(attempts - 1, 0), 3600))


def _is_due(now: datetime):
    """Queued and past its backoff, or claimed by a worker whose claim has run out."""
    return and_(
        OutboxEmail.next_attempt_at <= now,
        or_(
            OutboxEmail.status == OutboxStatus.QUEUED,
            and_(OutboxEmail.status == OutboxStatus.SENDING, OutboxEmail.claimed_until < now),
        ),
    )


def _claim(session: Session, email_id: int, now: datetime) -> str | None:
    """Take one due message for this worker until now + OUTBOX_CLAIM_SECONDS.

    Returns the claim token, or None when the message is not due or another worker has it.
    """
    token = str(uuid4())
    result = session.execute(
        update(OutboxEmail)
        .where(OutboxEmail.id == email_id, _is_due(now))
        .values(
            status=OutboxStatus.SENDING,
            claimed_until=now + timedelta(seconds=settings.outbox_claim_seconds),
            claim_token=token,
            first_claimed_at=func.coalesce(OutboxEmail.first_claimed_at, now),
        )
    )
    session.commit()
    return token if result.rowcount == 1 else None


def _record(session: Session, email_id: int, token: str, **values) -> bool:
    """Write a send result only while this worker's claim still holds (compare-and-set)."""
    result = session.execute(
        update(OutboxEmail)
        .where(
            OutboxEmail.id == email_id,
            OutboxEmail.status == OutboxStatus.SENDING,
            OutboxEmail.claim_token == token,
        )
        .values(claimed_until=None, claim_token="", **values)
    )
    session.commit()
    if result.rowcount != 1:
        log.warning("mail %s: claim lost before the result was written; left as it is", email_id)
        return False
    return True


def _failure(row: OutboxEmail, sender: ChannelSender, error: Exception, now: datetime) -> dict:
    """The values to record after a failed try: failed for good, or queued for its retry."""
    attempts = row.attempts + 1
    verdict = sender.classify(error, now)
    reason = f"{type(error).__name__}: {error}"[:500]
    if verdict.permanent or attempts >= MAX_ATTEMPTS:
        status, next_attempt_at = OutboxStatus.FAILED, row.next_attempt_at
    else:
        status = OutboxStatus.QUEUED
        next_attempt_at = now + (verdict.delay or retry_delay(attempts))
        next_attempt_at = sender.not_before(next_attempt_at) or next_attempt_at
    log.warning(
        "%s %s to %s: %s (attempt %s): %s", row.channel, row.id, row.to, status, attempts, reason
    )
    return dict(
        status=status, attempts=attempts, last_error=reason, next_attempt_at=next_attempt_at
    )


def deliver_one(session: Session, email_id: int, clock) -> bool:
    """Claim, send and record one message; True when it was sent (by the worker's round, and by
    a test that sends only its own message in a database others share)."""
    claimed_at = clock()
    token = _claim(session, email_id, claimed_at)
    if token is None:
        return False
    row = session.get(OutboxEmail, email_id, populate_existing=True)
    attachments = list(
        session.exec(
            select(OutboxAttachment)
            .where(OutboxAttachment.email_id == email_id)
            .order_by(OutboxAttachment.id)
        )
    )
    session.commit()  # hold no transaction open while talking to the provider
    sender = sender_of(row.channel)
    later = sender.not_before(clock())
    if later is not None:  # e.g. a text claimed as quiet hours began: it waits, uncounted
        _record(session, email_id, token, status=OutboxStatus.QUEUED, next_attempt_at=later)
        return False
    earlier_try = row.attempts > 0 or row.first_claimed_at < claimed_at
    try:
        provider_id = sender.send(row, attachments, earlier_try)
    except Exception as error:  # sorted by the channel: refused for good, or retried later
        _record(session, email_id, token, **_failure(row, sender, error, clock()))
        return False
    return _record(
        session,
        email_id,
        token,
        status=OutboxStatus.SENT,
        attempts=row.attempts + 1,
        provider_id=provider_id,
        last_error="",
        sent_at=clock(),
    )


def deliver_due(now: datetime | None = None, batch: int = BATCH_SIZE) -> int:
    """Deliver the messages that are due; returns how many were sent (or logged).

    `now` (for tests) pretends the clock reads `now` when the batch starts; it keeps running
    from there, so each message's claim runs OUTBOX_CLAIM_SECONDS from the moment it is claimed.
    """
    skew = now - utc_now() if now else timedelta(0)

    def clock() -> datetime:
        return utc_now() + skew

    done = 0
    if not settings.resend_api_key:
        with write_session() as session:
            done += _log_due(session, clock(), batch)
    channels = live_channels()
    if not channels:
        return done
    with db_session() as session:
        due_ids = session.exec(
            select(OutboxEmail.id)
            .where(_is_due(clock()), OutboxEmail.channel.in_(channels))
            .order_by(OutboxEmail.id)
            .limit(batch)
        ).all()
        session.commit()
        for email_id in due_ids:
            done += deliver_one(session, email_id, clock)
    return done


def _log_due(session: Session, now: datetime, batch: int) -> int:
    """No mail service: mark a batch logged with one UPDATE and say that each message exists,
    never what it says. Nothing slow happens between taking a message and its result here, so
    there is no claim to hold: the claim and result per message were four of the five write
    transactions an enquiry cost SQLite's single writer."""
    due_ids = (
        select(OutboxEmail.id)
        .where(_is_due(now), OutboxEmail.channel == Channel.EMAIL)
        .order_by(OutboxEmail.id)
        .limit(batch)
    )
    logged = session.execute(
        update(OutboxEmail)
        .where(OutboxEmail.id.in_(due_ids), _is_due(now))  # re-checked: another worker's claim
        .values(
            status=OutboxStatus.LOGGED,
            attempts=OutboxEmail.attempts + 1,
            last_error="",
            claimed_until=None,
            claim_token="",
        )
        .returning(OutboxEmail.id, OutboxEmail.to, OutboxEmail.subject)
    ).all()
    session.commit()
    for email_id, to, subject in logged:
        log.info("mail %s not sent (no RESEND_API_KEY): to=%s subject=%r", email_id, to, subject)
    return len(logged)


# The worker's wake-up event and the loop it runs on, set when outbox_worker starts.
_wakeup: asyncio.Event | None = None
_loop: asyncio.AbstractEventLoop | None = None


def wake_outbox_worker() -> None:
    """Ask the worker to deliver now instead of at its next poll. Safe from any thread."""
    wake(_loop, _wakeup)


async def outbox_worker(poll_seconds: float) -> None:
    """Reflex lifespan task: deliver due mail forever; a restart resumes the queue from the table."""
    global _wakeup, _loop
    event = asyncio.Event()
    _wakeup, _loop = event, asyncio.get_running_loop()
    try:
        failed = "outbox worker round failed"
        await until_woken(
            event, deliver_due, BATCH_SIZE, poll_seconds, log, failed, WAKE_COALESCE_SECONDS
        )
    finally:
        if _wakeup is event:
            _wakeup, _loop = None, None


def cancel_queued_reminders(session: Session, about_kind: str, about_id: int) -> int:
    """Withdraw the reminders about a record that are still waiting in the outbox (queued or
    backing off), in the caller's transaction; how many. One a worker has claimed is on its
    way: the claim's compare-and-set means it is either cancelled here or sent, never both."""
    result = session.execute(
        update(OutboxEmail)
        .where(
            OutboxEmail.about_kind == about_kind,
            OutboxEmail.about_id == about_id,
            OutboxEmail.kind.in_(REMINDER_KINDS),
            OutboxEmail.status == OutboxStatus.QUEUED,
        )
        .values(status=OutboxStatus.CANCELLED, last_error="")
    )
    return result.rowcount
