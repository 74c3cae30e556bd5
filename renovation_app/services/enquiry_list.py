"""The staff view of stored enquiries with the delivery status of their e-mails."""

from dataclasses import dataclass

from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Enquiry, OutboxEmail
from renovation_app.services.enquiries import SERVICE_LABELS


@dataclass(frozen=True)
class EnquiryRow:
    id: int
    received: str
    name: str
    email: str
    phone: str
    service: str
    message: str
    delivery: str  # e.g. "sent", "queued (2 attempts)", "spam: not e-mailed"


def _delivery(enquiry: Enquiry, emails: list[OutboxEmail]) -> str:
    if enquiry.is_spam:
        return "spam: not e-mailed"
    notification = next((e for e in emails if e.kind == "enquiry_notification"), None)
    if notification is None:
        return "no e-mail"
    if notification.status == "sent":
        return "sent"
    if notification.attempts:
        return f"{notification.status} ({notification.attempts} attempts, {notification.last_error[:60]})"
    return notification.status


def recent_enquiries(limit: int = 200) -> list[EnquiryRow]:
    """Newest first."""
    with db_session() as session:
        enquiries = session.exec(
            select(Enquiry).order_by(Enquiry.created_at.desc(), Enquiry.id.desc()).limit(limit)
        ).all()
        ids = [e.id for e in enquiries]
        emails = (
            session.exec(select(OutboxEmail).where(OutboxEmail.enquiry_id.in_(ids))).all()
            if ids
            else []
        )
    by_enquiry: dict[int, list[OutboxEmail]] = {}
    for email in emails:
        by_enquiry.setdefault(email.enquiry_id, []).append(email)
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
        )
        for e in enquiries
    ]
