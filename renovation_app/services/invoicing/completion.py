"""Marking the work of an invoice substantially complete: from that day the money received is
no longer held in escrow (General Business Law §771, the contract's notice)."""

from datetime import datetime

from renovation_app.db import db_session
from renovation_app.models import InvoiceStatus, utc_now
from renovation_app.services.billing import (
    business_today,
    locked_invoice,
    long_date,
    record_event,
)
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import iso_date
from renovation_app.services.staff import SignedInUser


def mark_work_completed(
    number: str, day_text: str, user: SignedInUser, now: datetime | None = None
) -> None:
    """Record the day the work was substantially complete (admins only: it releases the money
    held in escrow). The day is today or earlier; the history says who and when."""
    now = now or utc_now()
    if not user.is_admin:
        raise ActionRefused("Only an admin can mark the work substantially complete.")
    day = iso_date(day_text)
    if day is None:
        raise ActionRefused("Please give the day the work was complete, like 2026-11-24.")
    if day > business_today(now):
        raise ActionRefused("The work cannot be complete on a day still to come.")
    with db_session() as session:
        invoice = locked_invoice(session, number)
        if invoice.status == InvoiceStatus.VOID:
            raise ActionRefused(f"Invoice {invoice.number} is void.")
        if invoice.work_completed_on is not None:
            raise ActionRefused(
                f"The work was marked complete on {long_date(invoice.work_completed_on)}."
            )
        invoice.work_completed_on = day
        session.add(invoice)
        words = f"Work substantially complete on {long_date(day)}: escrow released"
        record_event(session, invoice.id, "work_completed", words, user_id=user.id, at=now)
        session.commit()
