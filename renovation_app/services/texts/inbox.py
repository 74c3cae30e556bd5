"""/texts: the texts nobody has read yet, each with the customer it is from, and the texts from
numbers that are no customer's (or several's), which the office attaches by hand: a reply is
never put on a customer's page by guess."""

from dataclasses import dataclass, field

from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import Channel, Customer, Enquiry, InboundText, OutboxEmail
from renovation_app.routes import customer_path
from renovation_app.services.billing import when_display
from renovation_app.services.customers.records import customer_for_enquiry, live_customer
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import check_phone
from renovation_app.services.texts.queueing import texts_off_reason
from renovation_app.services.texts.views import attach_text, unattached_texts

SHOWN = 200  # the newest; older ones are on the customers' pages


@dataclass(frozen=True)
class InboxText:
    id: int
    number: str
    body: str  # shown as text, never as HTML
    when: str
    customer: str = ""  # the customer's name ("" from an unknown number)
    customer_link: str = ""
    # From an unknown number: the enquiry (a visit booked, the contact form) that gave it, so
    # the office can make its writer a customer and put the text on their page.
    enquiry_id: int = 0
    enquiry_name: str = ""


@dataclass(frozen=True)
class Inbox:
    unread: list[InboxText] = field(default_factory=list)  # from customers, newest first
    unknown: list[InboxText] = field(default_factory=list)  # from no customer's number
    off_reason: str = ""  # texts are off: why, in words


def inbox() -> Inbox:
    with db_session() as session:
        rows = session.exec(
            select(InboundText, Customer.name)
            .join(Customer, Customer.id == InboundText.customer_id)
            .where(InboundText.read_at.is_(None))
            .order_by(InboundText.received_at.desc())
            .limit(SHOWN)
        ).all()
        unread = [
            InboxText(
                t.id,
                t.from_phone,
                t.body,
                when_display(t.received_at),
                name,
                customer_path(str(t.customer_id)),
            )
            for t, name in rows
        ]
        unknown = _unknown(session, unattached_texts(session, SHOWN))
        return Inbox(unread, unknown, texts_off_reason())


def _unknown(session: Session, texts: list[InboundText]) -> list[InboxText]:
    """The texts from unknown numbers, each beside the newest enquiry (not spam) that gave its
    number, read in one query."""
    phones = {t.id: check_phone({}, "phone", t.from_phone) for t in texts}
    enquiries = session.exec(
        select(Enquiry)
        .where(Enquiry.phone.in_(set(phones.values()) - {""}), Enquiry.is_spam.is_(False))
        .order_by(Enquiry.created_at)
    ).all()
    newest = {enquiry.phone: enquiry for enquiry in enquiries}  # the later wins
    shown = []
    for text in texts:
        enquiry = newest.get(phones[text.id])
        shown.append(
            InboxText(
                text.id,
                text.from_phone,
                text.body,
                when_display(text.received_at),
                enquiry_id=enquiry.id if enquiry else 0,
                enquiry_name=enquiry.name if enquiry else "",
            )
        )
    return shown


def attach_to_customer(user, text_id: int, customer_id: int) -> None:
    """The office putting a text from an unknown number on the customer who sent it, with the
    other texts from that number nobody has put anywhere yet."""
    with db_session() as session:
        customer = live_customer(session, customer_id)  # merged: the one kept
        text = session.get(InboundText, text_id)
        if customer is None or text is None:
            raise ActionRefused(f"There is no such text or customer {customer_id}.")
        for other in unattached_texts(session):
            if other.from_phone == text.from_phone:
                attach_text(session, user, other.id, customer.id)
        sent_before = select(OutboxEmail).where(
            OutboxEmail.channel == Channel.TEXT,
            OutboxEmail.to == text.from_phone,
            OutboxEmail.customer_id.is_(None),
        )
        for row in session.exec(sent_before):  # what we texted the number before: theirs too
            row.customer_id = customer.id
            session.add(row)
        session.commit()


def attach_to_enquirer(user, text_id: int, enquiry_id: int) -> None:
    """The writer of the enquiry that gave this number made a customer (or found as one), and
    the number's texts put on their page."""
    attach_to_customer(user, text_id, customer_for_enquiry(enquiry_id))
