"""The texts card of a customer's page: the conversation in words, each of the customer's
numbers with its consent, and what staff do there (answer, note the customer's yes or no).
Opening it marks the customer's texts read (the dashboard's count falls)."""

from dataclasses import dataclass, field

from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import ConsentSource, Customer, CustomerContact
from renovation_app.services.billing import when_display
from renovation_app.services.errors import ActionRefused
from renovation_app.services.mail import wake_outbox_worker
from renovation_app.services.texts.consent import latest_consent, record_consent
from renovation_app.services.texts.gateway import e164
from renovation_app.services.texts.queueing import texts_off_reason
from renovation_app.services.texts.replies import reply_to_customer
from renovation_app.services.texts.views import customer_texts, mark_customer_texts_read

CONSENT_WORDS = {
    ConsentSource.CONTACT_FORM: "on the contact form",
    ConsentSource.BOOKING: "when booking a visit",
    ConsentSource.ESTIMATE: "when signing the estimate",
    ConsentSource.OFFICE: "to the office",
    ConsentSource.STOP: "by texting STOP",
    ConsentSource.START: "by texting START",
}


@dataclass(frozen=True)
class ConversationLine:
    incoming: bool
    body: str  # as typed: shown as text, never as HTML
    when: str  # "Nov 29, 2026, 9:41 AM"
    number: str
    status: str  # ours: queued, sent, delivered, failed; theirs: read or unread


@dataclass(frozen=True)
class TextNumber:
    phone: str  # as the customer gave it
    may_text: bool
    consent: str  # "Said yes when booking a visit, Nov 29, 2026, 9:41 AM" or "Never asked"


@dataclass(frozen=True)
class Conversation:
    lines: list[ConversationLine] = field(default_factory=list)  # oldest first
    numbers: list[TextNumber] = field(default_factory=list)  # the customer's mobile numbers
    off_reason: str = ""  # texts are off: why, in words
    problem: str = ""  # the last text that failed to reach the customer
    may_text: bool = False  # one of the numbers said yes (the reply box shows)


def _number_of(session: Session, phone: str) -> TextNumber:
    latest = latest_consent(session, phone)
    if latest is None:
        return TextNumber(phone, False, "Never asked")
    said = "Said yes" if latest.consented else "Said no"
    how = CONSENT_WORDS.get(latest.source, latest.source)
    return TextNumber(phone, latest.consented, f"{said} {how}, {when_display(latest.recorded_at)}")


def _phones(session: Session, customer_id: int) -> list[str]:
    rows = session.exec(
        select(CustomerContact.value)
        .where(CustomerContact.customer_id == customer_id, CustomerContact.kind == "phone")
        .order_by(CustomerContact.id)
    )
    return [phone for phone in rows if e164(phone)]


def open_conversation(customer_id: int, user) -> Conversation:
    """The customer's texts, read by `user` from now on."""
    with db_session() as session:
        customer = session.get(Customer, customer_id)
        if customer is None:
            return Conversation()
        lines = [
            ConversationLine(t.incoming, t.body, when_display(t.at), t.number, t.status)
            for t in customer_texts(session, customer_id)
        ]
        if mark_customer_texts_read(session, customer_id, user):
            session.commit()
        numbers = [_number_of(session, phone) for phone in _phones(session, customer_id)]
        return Conversation(
            lines=lines,
            numbers=numbers,
            may_text=any(number.may_text for number in numbers),
            off_reason=texts_off_reason(),
            problem=customer.text_problem,
        )


def answer_customer(user, customer_id: int, phone: str, body: str) -> None:
    """Send a member of staff's text (FormInvalid or ActionRefused in words)."""
    with db_session() as session:
        reply_to_customer(session, user, customer_id, phone, body)
        session.commit()
    wake_outbox_worker()


def note_customer_word(user, customer_id: int, phone: str, consented: bool) -> None:
    """The office noting what the customer said about texts to this number (audited)."""
    with db_session() as session:
        if phone not in _phones(session, customer_id):
            raise ActionRefused("That number is not one of this customer's.")
        record_consent(session, phone, consented, ConsentSource.OFFICE, customer_id, user=user)
        session.commit()
