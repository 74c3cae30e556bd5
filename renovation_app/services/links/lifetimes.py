"""When each kind of customer link ends: the one place for the rule.

A link opens its record until a moment read from the record itself, never stored on the link,
so a record that moves on (an invoice settled, a change order answered, a waiver signed, a visit
over, a job closed or cancelled) ends every link to it at once: the owner's and each project
viewer's alike. Until then there is no end (None). After it, the link's page says that it has
ended and to call the office; nothing of the record is shown or done through it.
"""

from collections.abc import Callable
from datetime import datetime, time, timedelta

from sqlmodel import Session

from renovation_app.content.business import BUSINESS_TIMEZONE
from renovation_app.models import (
    Appointment,
    ChangeOrder,
    CustomerLinkKind,
    Invoice,
    Job,
    LienWaiver,
    ProjectViewer,
    Signature,
)
from renovation_app.settings import settings

# The copy a customer may still want (the signed change order, the paid invoice) was e-mailed.
CHANGE_ORDER_AFTER_ANSWER = timedelta(days=30)  # signed, declined, withdrawn or past its day
LIEN_WAIVER_AFTER_SIGNED = timedelta(days=30)
VISIT_AFTER_IT = timedelta(days=3)  # the visitor can still find the time they had
PROJECT_AFTER_THE_JOB_ENDED = timedelta(days=90)  # closed or cancelled


def _pay(session: Session, invoice_id: int) -> datetime | None:
    invoice = session.get(Invoice, invoice_id)
    if invoice is None or invoice.settled_at is None:
        return None
    return invoice.settled_at + timedelta(days=settings.pay_link_days_after_settled)


def _change_order(session: Session, change_order_id: int) -> datetime | None:
    change_order = session.get(ChangeOrder, change_order_id)
    if change_order is None:
        return None
    if change_order.answered_at is not None:
        return change_order.answered_at + CHANGE_ORDER_AFTER_ANSWER
    # Never answered: it expired at the end of its sign-by day (New York time).
    day_after = change_order.valid_until + timedelta(days=1)
    return datetime.combine(day_after, time(), BUSINESS_TIMEZONE) + CHANGE_ORDER_AFTER_ANSWER


def _lien_waiver(session: Session, waiver_id: int) -> datetime | None:
    waiver = session.get(LienWaiver, waiver_id)
    signature = (
        session.get(Signature, waiver.signature_id) if waiver and waiver.signature_id else None
    )
    return signature.signed_at + LIEN_WAIVER_AFTER_SIGNED if signature else None


def _visit(session: Session, appointment_id: int) -> datetime | None:
    visit = session.get(Appointment, appointment_id)
    return visit.ends_at + VISIT_AFTER_IT if visit else None


def _project(session: Session, viewer_id: int) -> datetime | None:
    viewer = session.get(ProjectViewer, viewer_id)
    job = session.get(Job, viewer.job_id) if viewer else None
    if job is None or job.closed_at is None:
        return None
    return job.closed_at + PROJECT_AFTER_THE_JOB_ENDED


_ENDS: dict[CustomerLinkKind, Callable[[Session, int], datetime | None]] = {
    CustomerLinkKind.PAY: _pay,
    CustomerLinkKind.CHANGE_ORDER: _change_order,
    CustomerLinkKind.LIEN_WAIVER: _lien_waiver,
    CustomerLinkKind.VISIT: _visit,
    CustomerLinkKind.PROJECT: _project,
    # An estimate's link has no end: it carries the signed contract and its right to cancel.
}


def link_end(session: Session, kind: CustomerLinkKind, record_id: int) -> datetime | None:
    """The first moment the links of this record no longer open it; None while there is none."""
    rule = _ENDS.get(CustomerLinkKind(kind))
    return rule(session, record_id) if rule else None
