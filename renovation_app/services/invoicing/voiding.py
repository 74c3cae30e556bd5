"""Voiding an invoice: every open card payment is stopped first."""

from datetime import datetime

from sqlmodel import Session

from renovation_app.db import db_session
from renovation_app.models import Invoice, InvoiceStatus, utc_now
from renovation_app.services.billing import (
    VOIDABLE_STATUSES,
    InvoiceView,
    locked_invoice,
    record_event,
)
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import reason_text
from renovation_app.services.invoicing.queries import staff_view
from renovation_app.services.payments import settle_invoice, stop_open_intents
from renovation_app.services.staff import SignedInUser

VOID_REASON_MAX = 500


def void_invoice(
    number: str, user: SignedInUser, reason: str, now: datetime | None = None
) -> InvoiceView:
    """Cancel an unpaid invoice (admins and its author only): every open card payment is
    cancelled at Stripe first, and its pay link stops taking payments."""
    now = now or utc_now()
    with db_session() as session:
        # Held from here: no card payment starts or is recorded meanwhile.
        invoice = locked_invoice(session, number)
        if not (user.is_admin or user.id == invoice.author_id):
            raise ActionRefused(
                "Only an administrator or the person who wrote an invoice can void it."
            )
        text = reason_text(reason, "Please give a reason for voiding the invoice.", VOID_REASON_MAX)
        if invoice.status == InvoiceStatus.VOID:
            raise ActionRefused(f"Invoice {invoice.number} is already void.")
        if invoice.status not in VOIDABLE_STATUSES:
            raise ActionRefused(
                f"Invoice {invoice.number} has been paid, so it cannot be voided. "
                "Refund the payment instead."
            )
        try:
            stop_open_intents(session, invoice.id)  # refuses while a payment is under way
        except ActionRefused:
            session.rollback()
            raise
        close_invoice(session, invoice, text, user.id, now)
        session.commit()
        return staff_view(session, invoice)


def close_invoice(
    session: Session, invoice: Invoice, reason: str, user_id: int | None, now: datetime
) -> None:
    """Make the invoice void (the caller holds its lock): its balance closes, its pay link stops
    taking payments and its reminders stop; money it took stays recorded and is flagged to
    be returned. Voiding uses it for an unpaid invoice; a contract the owner cancelled uses it
    whatever was paid."""
    invoice.status, invoice.voided_at, invoice.void_reason = InvoiceStatus.VOID, now, reason
    invoice.settled_at = now
    record_event(session, invoice.id, "voided", reason, user_id=user_id, at=now)
    settle_invoice(session, invoice, now)  # the note of what to give back; queued reminders go
