"""Twilio's webhooks: texts coming in (STOP, START and HELP honoured) and delivery status.

Every request is checked with the SDK's RequestValidator against SITE_URL + the path and the
account's auth token before anything is read or written: a forged or unsigned one changes
nothing. A text is kept by Twilio's sid, so a replayed webhook adds nothing.
"""

from xml.sax.saxutils import escape

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select
from twilio.request_validator import RequestValidator

from renovation_app.content.business import BUSINESS
from renovation_app.db import db_session
from renovation_app.models import (
    ENDED_JOB_STATUSES,
    Channel,
    ConsentSource,
    Customer,
    CustomerContact,
    InboundText,
    InboundTextMedia,
    Job,
    JobEvent,
    OutboxEmail,
    OutboxStatus,
    utc_now,
)
from renovation_app.services.audit import record
from renovation_app.services.fields import check_phone, whole_number
from renovation_app.services.texts.consent import record_consent
from renovation_app.services.texts.gateway import e164
from renovation_app.settings import settings

INBOUND_PATH = "/api/twilio/inbound"
WEBHOOK_MAX_BYTES = 64 * 1024
# The words Twilio and the carriers treat as opting out, back in, and asking for help.
STOP_WORDS = {"STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT", "REVOKE"}
START_WORDS = {"START", "UNSTOP"}
HELP_WORDS = {"HELP", "INFO"}
MEDIA_MAX = 10  # Twilio sends at most 10 media with one message
TEXT_RECEIVED = "text_received"  # the job history's kind of a text from the customer


class SignatureInvalid(ValueError):
    """No auth token set, no signature, or one that does not match the request."""


def verify_signature(path: str, params: dict[str, str], signature: str) -> None:
    token = settings.twilio_auth_token
    if not token:
        raise SignatureInvalid("TWILIO_AUTH_TOKEN is not set")
    if not signature or not RequestValidator(token).validate(settings.url(path), params, signature):
        raise SignatureInvalid("the X-Twilio-Signature does not match")


def help_answer() -> str:
    return (
        f"{BUSINESS.name}: texts about your visits and job. Call {BUSINESS.phone_display} "
        "for help. Reply STOP to stop, START to start again. Msg&data rates may apply."
    )


def twiml(message: str = "") -> str:
    """Twilio's answer to an inbound text: empty, or one message back (escaped as XML)."""
    inner = f"<Message>{escape(message)}</Message>" if message else ""
    return f'<?xml version="1.0" encoding="UTF-8"?><Response>{inner}</Response>'


def keyword_of(body: str) -> str:
    word = body.strip().upper().rstrip(".!")
    if word in STOP_WORDS:
        return "STOP"
    if word in START_WORDS:
        return "START"
    return "HELP" if word in HELP_WORDS else ""


def customer_of_number(session: Session, number: str) -> int | None:
    """The customer whose phone this is (a merged customer's survivor), or None: no guess."""
    stored = check_phone({}, "phone", number)
    contact = session.exec(
        select(CustomerContact).where(
            CustomerContact.kind == "phone", CustomerContact.value == stored
        )
    ).first()
    customer = session.get(Customer, contact.customer_id) if contact and stored else None
    while customer is not None and customer.merged_into_id:
        customer = session.get(Customer, customer.merged_into_id)
    return customer.id if customer else None


def only_open_job(session: Session, customer_id: int | None) -> int | None:
    """The customer's job when they have exactly one open job, else None."""
    if customer_id is None:
        return None
    ids = session.exec(
        select(Job.id).where(Job.customer_id == customer_id, Job.status.not_in(ENDED_JOB_STATUSES))
    ).all()
    return ids[0] if len(ids) == 1 else None


def cancel_queued_texts(session: Session, number: str) -> int:
    """Withdraw the texts to a number still waiting in the outbox (a STOP came in)."""
    result = session.execute(
        update(OutboxEmail)
        .where(
            OutboxEmail.channel == Channel.TEXT,
            OutboxEmail.to == number,
            OutboxEmail.status == OutboxStatus.QUEUED,
        )
        .values(status=OutboxStatus.CANCELLED, last_error="the number said STOP")
    )
    return result.rowcount


def _media_of(params: dict[str, str], text: InboundText) -> list[InboundTextMedia]:
    count = min(whole_number(params.get("NumMedia", "0")) or 0, MEDIA_MAX)
    return [
        InboundTextMedia(
            inbound_text_id=text.id,
            job_id=text.job_id,
            content_type=params.get(f"MediaContentType{i}", "")[:100],
            twilio_url=params.get(f"MediaUrl{i}", "")[:500],
        )
        for i in range(count)
        if params.get(f"MediaUrl{i}")
    ]


def _keep_inbound(session: Session, params: dict[str, str]) -> InboundText:
    number = e164(params.get("From", "")) or params.get("From", "")[:20]
    customer_id = customer_of_number(session, number)
    body = params.get("Body", "")[:1600]
    text = InboundText(
        message_sid=params.get("MessageSid", "")[:40],
        from_phone=number,
        body=body,
        keyword=keyword_of(body),
        customer_id=customer_id,
        job_id=only_open_job(session, customer_id),
    )
    session.add(text)
    session.flush()
    session.add_all(_media_of(params, text))
    if text.job_id is not None:  # the job's history has it too
        detail = f"Text from {number}: {body}"[:500]
        session.add(JobEvent(job_id=text.job_id, kind=TEXT_RECEIVED, at=utc_now(), detail=detail))
    record(
        session,
        "text_received",
        actor="twilio",
        record_kind="inbound_text",
        record_id=text.id,
        detail=number,
    )
    return text


def _honour_keyword(session: Session, text: InboundText) -> None:
    if e164(text.from_phone) is None:
        return
    if text.keyword == "STOP":
        record_consent(session, text.from_phone, False, ConsentSource.STOP, text.customer_id)
        cancel_queued_texts(session, text.from_phone)
    elif text.keyword == "START":
        record_consent(session, text.from_phone, True, ConsentSource.START, text.customer_id)


def handle_inbound(params: dict[str, str], signature: str) -> str:
    """Keep a text that came in and honour its keyword; returns the TwiML answer."""
    verify_signature(INBOUND_PATH, params, signature)
    if not params.get("MessageSid") or not params.get("From"):
        raise ValueError("not a message")
    with db_session() as session:
        if session.exec(
            select(InboundText.id).where(InboundText.message_sid == params["MessageSid"])
        ).first():
            return twiml()  # a replay: kept already
        text = _keep_inbound(session, params)
        _honour_keyword(session, text)
        try:
            session.commit()
        except IntegrityError:  # the same webhook twice at once: the other one kept it
            session.rollback()
            return twiml()
    return twiml(help_answer() if text.keyword == "HELP" else "")
