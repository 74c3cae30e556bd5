"""The owner's right to cancel a signed contract until midnight of the third business day
(General Business Law §771), from the same link: recorded, the office told, the deposit
returned (paid deposit invoices refunded in full, unpaid ones voided)."""

import logging
from datetime import datetime

from renovation_app.db import db_session
from renovation_app.models import EnquiryStatus, EstimateStatus, InvoiceStatus, Role, utc_now
from renovation_app.services import invoicing, payments
from renovation_app.services.billing import VOIDABLE_STATUSES, format_usd, when_display
from renovation_app.services.errors import ActionRefused
from renovation_app.services.estimates.converting import DEPOSIT, billed_invoices
from renovation_app.services.estimates.deadlines import cancellation_deadline, cancellation_open
from renovation_app.services.estimates.mail import queue_office_notice
from renovation_app.services.estimates.records import (
    by_token,
    lock_estimate,
    move_enquiry,
    record_estimate_event,
)
from renovation_app.services.estimates.views import label_of
from renovation_app.services.mail import wake_outbox_worker
from renovation_app.services.staff import SignedInUser

log = logging.getLogger(__name__)

# Who returns the deposit when the owner cancels: the law, not a staff member. Recorded in
# the invoice's history under this name, with no staff account.
OWNER_CANCELLATION = SignedInUser(
    id=None, email="", name="the owner's cancellation", role=Role.ADMIN
)


def _cancel(token: str, now: datetime) -> tuple[str, list[tuple[int, str, str]]]:
    """Record the cancellation; returns the estimate's label and its deposit invoices
    (id, number, status) to settle."""
    with db_session() as session:
        estimate = by_token(session, token)
        if estimate is None:
            raise ActionRefused("This estimate link is not valid.")
        lock_estimate(session, estimate)  # a second tab waits, then finds it cancelled
        if estimate.status == EstimateStatus.CANCELLED:
            raise ActionRefused("This contract is already cancelled.")
        if not cancellation_open(estimate, now):
            if estimate.accepted_at is None:
                raise ActionRefused("Only a signed contract can be cancelled.")
            deadline = when_display(cancellation_deadline(estimate.accepted_at))
            raise ActionRefused(
                f"The time to cancel ended at {deadline}. Please call us to talk it over."
            )
        estimate.status, estimate.cancelled_at = EstimateStatus.CANCELLED, now
        session.add(estimate)
        move_enquiry(session, estimate, EnquiryStatus.LOST)
        record_estimate_event(session, estimate.id, "cancelled", "by the owner, within the period")
        deposits = [
            (i.id, i.number, i.status) for i in billed_invoices(session, estimate.id, DEPOSIT)
        ]
        queue_office_notice(
            session,
            estimate,
            "Contract cancelled",
            "The owner used the right to cancel. Deposit invoices: "
            + (", ".join(n for _, n, _ in deposits) or "none")
            + ". Paid deposits are refunded and unpaid ones voided automatically; check them.",
        )
        session.commit()
        return label_of(estimate), deposits


def _return_deposit(label: str, invoice_id: int, number: str, status: str) -> str:
    """Refund or void one deposit invoice; '' when done, else what went wrong."""
    reason = f"Contract {label} cancelled by the owner within three business days"
    try:
        if status in VOIDABLE_STATUSES:
            invoicing.void_invoice(number, OWNER_CANCELLATION, reason)
            return ""
        refundable = payments.payment_summary(invoice_id).refundable_cents
        if refundable > 0:
            payments.refund_by_law(number, OWNER_CANCELLATION, format_usd(refundable), reason)
        return ""
    except ActionRefused as refused:
        return f"Invoice {number}: {refused}"


def cancel_contract(token: str, now: datetime | None = None) -> list[str]:
    """Cancel from the customer's link. Returns what could not be done about the deposit
    (the office is told too); raises ActionRefused when the contract cannot be cancelled."""
    now = now or utc_now()
    label, deposits = _cancel(token, now)
    problems = [
        p
        for invoice_id, number, status in deposits
        if status != InvoiceStatus.VOID
        and (p := _return_deposit(label, invoice_id, number, status))
    ]
    if problems:
        log.warning("cancelled contract %s: %s", label, problems)
        with db_session() as session:
            estimate = by_token(session, token)
            queue_office_notice(session, estimate, "Deposit not returned", " ".join(problems))
            record_estimate_event(session, estimate.id, "attention", " ".join(problems))
            session.commit()
    wake_outbox_worker()
    return problems
