"""The staff view of stored enquiries with the delivery status of their e-mails."""

from dataclasses import dataclass

from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Channel, Enquiry, OutboxEmail
from renovation_app.services.enquiries.submission import SERVICE_LABELS
from renovation_app.services.mail import About, EmailKind, delivery_words


@dataclass(frozen=True)
class EnquiryRow:
    id: int
    received: str
    name: str
    email: str
    phone: str
    service: str
    message: str
    delivery: str  # e.g. "sent", "queued for retry (2 attempts so far: ...)", "spam: ..."
    status: str  # an EnquiryStatus value
    customer_id: int  # 0 while no customer is linked


def _delivery(enquiry: Enquiry, emails: list[OutboxEmail]) -> str:
    """The delivery status of the notice to the business inbox, in plain words."""
    if enquiry.is_spam:
        return "spam: not e-mailed"
    notification = next((e for e in emails if e.kind == EmailKind.ENQUIRY_NOTIFICATION), None)
    return delivery_words(notification) if notification else "no e-mail"


def recent_enquiries(limit: int = 200) -> list[EnquiryRow]:
    """Newest first."""
    with db_session() as session:
        enquiries = session.exec(
            select(Enquiry).order_by(Enquiry.created_at.desc(), Enquiry.id.desc()).limit(limit)
        ).all()
        ids = [e.id for e in enquiries]
        emails = (
            session.exec(
                select(OutboxEmail).where(
                    OutboxEmail.channel == Channel.EMAIL,
                    OutboxEmail.about_kind == About.ENQUIRY,
                    OutboxEmail.about_id.in_(ids),
                )
            ).all()
            if ids
            else []
        )
    by_enquiry: dict[int, list[OutboxEmail]] = {}
    for email in emails:
        by_enquiry.setdefault(email.about_id, []).append(email)
    return [
        EnquiryRow(
            id=e.id,
            received=e.created_at.strftime("%Y-%m-%d %H:%M UTC"),
            name=e.name,
            email=e.email,
            phone=e.phone,
            service=SERVICE_LABELS.get(e.service, e.service),
            message=e.message,
            delivery=_delivery(e, by_enquiry.get(e.id, [])),
            status=str(e.status),
            customer_id=e.customer_id or 0,
        )
        for e in enquiries
    ]
