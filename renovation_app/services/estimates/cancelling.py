"""The owner's right to cancel a signed contract until midnight of the third business day
(General Business Law §771), from the same link, whatever was invoiced meanwhile: recorded,
every invoice of the contract closed (balance, pay link, reminders), what cards paid refunded
by the site, and the office told exactly what to return by hand and by when."""

import logging
from datetime import date, datetime

from sqlmodel import Session, select

from renovation_app.content.contract import BUSINESS_DAYS_TO_RETURN_PAYMENTS
from renovation_app.db import db_session
from renovation_app.models import (
    STRIPE_METHODS,
    EnquiryStatus,
    EstimateStatus,
    Invoice,
    Payment,
    PaymentStatus,
    Role,
    utc_now,
)
from renovation_app.services import invoicing, jobs, payments
from renovation_app.services.billing import (
    business_today,
    format_usd,
    lock_invoice,
    locked_invoice,
    long_date,
    when_display,
)
from renovation_app.services.business_days import business_days_after
from renovation_app.services.errors import ActionRefused
from renovation_app.services.estimates.deadlines import cancellation_deadline, cancellation_open
from renovation_app.services.estimates.mail import queue_office_notice
from renovation_app.services.estimates.records import (
    billed_invoices,
    by_token,
    lock_estimate,
    move_enquiry,
    record_estimate_event,
)
from renovation_app.services.estimates.views import label_of
from renovation_app.services.mail import wake_outbox_worker
from renovation_app.services.payments.ledger import kept_cents, method_in_words
from renovation_app.services.staff import SignedInUser

log = logging.getLogger(__name__)

# Who returns the money when the owner cancels: the law, not a staff member. Recorded in the
# invoices' history under this name, with no staff account.
OWNER_CANCELLATION = SignedInUser(
    id=None, email="", name="the owner's cancellation", role=Role.ADMIN
)


def _money_to_give_back(session: Session, invoice: Invoice) -> list[str]:
    """What the owner paid on one closed invoice, one sentence per payment still held."""
    held = session.exec(
        select(Payment).where(
            Payment.invoice_id == invoice.id, Payment.status == PaymentStatus.SUCCEEDED
        )
    )
    sentences = []
    for payment in held:
        if not (cents := kept_cents(payment)):
            continue
        how = f"{format_usd(cents)} paid by {method_in_words(payment)}"
        if payment.method in STRIPE_METHODS:
            sentences.append(
                f"Invoice {invoice.number}: {how} is refunded by the site (the invoice says "
                "so until Stripe confirms the refund)."
            )
        else:
            sentences.append(
                f"Invoice {invoice.number}: return {how}, then record the return on the invoice."
            )
    return sentences


def _notice_words(numbers: list[str], to_give_back: list[str], return_by: date) -> str:
    closed = ", ".join(numbers) or "none"
    words = (
        f"The owner used the right to cancel. The contract's invoices are closed (void, no "
        f"balance, no reminders): {closed}."
    )
    if to_give_back:
        words += (
            f" By law everything the owner paid goes back by {long_date(return_by)}: "
            + " ".join(to_give_back)
        )
    else:
        words += " Nothing was paid: there is nothing to return."
    return words


def _cancel(token: str, now: datetime) -> tuple[str, list[str]]:
    """Record the cancellation and close every invoice of the contract in one transaction,
    with the office's notice of what to give back; returns the estimate's label and the
    numbers of the invoices closed."""
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
        jobs.cancel_with_contract(session, estimate.id, now)
        reason = f"Contract {label_of(estimate)} cancelled by the owner within three business days"
        numbers, to_give_back = [], []
        for invoice in billed_invoices(session, estimate.id):
            lock_invoice(session, invoice.id)  # no payment starts or is recorded meanwhile
            session.refresh(invoice)
            invoicing.close_invoice(session, invoice, reason, None, now)
            numbers.append(invoice.number)
            to_give_back += _money_to_give_back(session, invoice)
        # The link is the notice: the contractor receives it now.
        return_by = business_days_after(business_today(now), BUSINESS_DAYS_TO_RETURN_PAYMENTS)
        words = _notice_words(numbers, to_give_back, return_by)
        queue_office_notice(session, estimate, "Contract cancelled", words)
        if to_give_back:
            record_estimate_event(session, estimate.id, "attention", words)
        session.commit()
        return label_of(estimate), numbers


def _stop_and_refund_cards(label: str, number: str) -> list[str]:
    """Stop the closed invoice's open card payments and refund what cards paid on it; what
    could not be done, in words (the invoice's note keeps saying what is still held)."""
    problems = []
    try:
        with db_session() as session:
            invoice = locked_invoice(session, number)
            payments.stop_open_intents(session, invoice.id, "close it")
            session.commit()
            invoice_id = invoice.id
    except ActionRefused as refused:
        return [f"Invoice {number}: {refused}"]
    refundable = payments.payment_summary(invoice_id).refundable_cents
    if refundable > 0:
        reason = f"Contract {label} cancelled by the owner within three business days"
        try:
            payments.refund_by_law(number, OWNER_CANCELLATION, format_usd(refundable), reason)
        except ActionRefused as refused:
            problems.append(f"Invoice {number}: {refused}")
    return problems


def cancel_contract(token: str, now: datetime | None = None) -> list[str]:
    """Cancel from the customer's link. Returns what could not be done about the money (the
    office is told too); raises ActionRefused when the contract cannot be cancelled."""
    now = now or utc_now()
    label, numbers = _cancel(token, now)
    problems = [p for number in numbers for p in _stop_and_refund_cards(label, number)]
    if problems:
        log.warning("cancelled contract %s: %s", label, problems)
        with db_session() as session:
            estimate = by_token(session, token)
            queue_office_notice(session, estimate, "Payment not returned", " ".join(problems))
            record_estimate_event(session, estimate.id, "attention", " ".join(problems))
            session.commit()
    wake_outbox_worker()
    return problems
