"""What the pages show of texts: a customer's conversation and the office's unread count.
Bodies are plain text: pages show them as text (escaped), never as HTML."""

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func
from sqlmodel import Session, select

from renovation_app.models import Channel, Customer, InboundText, OutboxEmail, utc_now
from renovation_app.services.audit import record_staff_action
from renovation_app.services.errors import ActionRefused

DELIVERY_WORDS = {
    "": "",
    "sent": "sent",
    "delivered": "delivered",
    "undelivered": "not delivered",
    "failed": "failed",
}


@dataclass(frozen=True)
class TextLine:
    incoming: bool
    body: str
    at: datetime
    number: str
    status: str  # ours: queued, sent, delivered, failed ...; theirs: "read" or "unread"


def _status_of_sent(row: OutboxEmail) -> str:
    return DELIVERY_WORDS.get(row.delivery, row.delivery) or str(row.status)


def customer_texts(session: Session, customer_id: int) -> list[TextLine]:
    """The texts to and from a customer, oldest first."""
    sent = session.exec(
        select(OutboxEmail).where(
            OutboxEmail.channel == Channel.TEXT, OutboxEmail.customer_id == customer_id
        )
    ).all()
    received = session.exec(select(InboundText).where(InboundText.customer_id == customer_id)).all()
    lines = [
        TextLine(False, r.text, r.sent_at or r.created_at, r.to, _status_of_sent(r)) for r in sent
    ]
    lines += [
        TextLine(True, r.body, r.received_at, r.from_phone, "read" if r.read_at else "unread")
        for r in received
    ]
    return sorted(lines, key=lambda line: line.at)


def unread_texts_count(session: Session) -> int:
    """Texts that came in and nobody has read yet (the dashboard's count), unknown numbers too."""
    return session.exec(
        select(func.count()).select_from(InboundText).where(InboundText.read_at.is_(None))
    ).one()


def unattached_texts(session: Session, limit: int | None = None) -> list[InboundText]:
    """Texts from numbers that are no customer's (or several's), newest first: the office
    sorts them out."""
    return list(
        session.exec(
            select(InboundText)
            .where(InboundText.customer_id.is_(None))
            .order_by(InboundText.received_at.desc())
            .limit(limit)
        )
    )


def mark_customer_texts_read(session: Session, customer_id: int, user) -> int:
    """Mark a customer's unread texts read by `user` (in the caller's transaction)."""
    rows = session.exec(
        select(InboundText).where(
            InboundText.customer_id == customer_id, InboundText.read_at.is_(None)
        )
    ).all()
    for row in rows:
        row.read_at, row.read_by = utc_now(), user.id
    return len(rows)


def attach_text(session: Session, user, text_id: int, customer_id: int) -> InboundText:
    """The office attaching an unattached text to the customer who sent it (audited), in the
    caller's transaction; a text already attached stays where it is."""
    text = session.get(InboundText, text_id)
    if text is None or session.get(Customer, customer_id) is None:
        raise ActionRefused("There is no such text or customer.")
    if text.customer_id is not None:
        raise ActionRefused("This text is already on a customer's page.")
    text.customer_id = customer_id
    session.add(text)
    record_staff_action(session, "text_attached", user, "customer", customer_id, f"text {text_id}")
    return text
