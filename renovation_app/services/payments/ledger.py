"""An invoice's books: what was paid, refunded and is still held, its status derived from those
totals, and what staff must look at. What it adds up to for a page is `summary`; how each
payment was made, in words, is `means` (its names still import from here).

Every recorded payment, refund or dispute ends in settle_invoice(), so the status is the same
whatever order Stripe's events arrive in: a late success after a refund leaves it refunded.
"""

import logging
from datetime import datetime

from sqlmodel import Session, func, select

from renovation_app.models import (
    ACTIVE_REFUND_STATUSES,
    STRIPE_METHODS,
    Invoice,
    InvoiceStatus,
    Payment,
    PaymentMethod,
    PaymentStatus,
    Refund,
    RefundStatus,
)
from renovation_app.services.billing import format_usd, lock_invoice
from renovation_app.services.mail import About, cancel_queued_reminders
from renovation_app.services.payments.means import (
    METHOD_LABELS,
    in_a_sentence,
    method_in_words,
    method_words,
    recorded_means,
)
from renovation_app.services.quickbooks import queue_invoice_sync
from renovation_app.services.reviews import ask_after_final_payment

__all__ = [
    "FAILED_DEBIT_WORDS",
    "LOST_DISPUTE_WORDS",
    "METHOD_LABELS",
    "OPEN_DISPUTE_WORDS",
    "PAID_STATUSES",
    "SETTLED_STATUSES",
    "in_a_sentence",
    "kept_cents",
    "locked_payment",
    "method_in_words",
    "method_words",
    "paid_cents",
    "payments_and_refunds",
    "recorded_means",
    "refundable_of",
    "refunded_cents",
    "settle_invoice",
]

log = logging.getLogger(__name__)

# Paid in full (or refunded, or void): no more payment is expected; the pay link expires later.
SETTLED_STATUSES = (
    InvoiceStatus.PAID,
    InvoiceStatus.REFUNDED,
    InvoiceStatus.PARTIALLY_REFUNDED,
    InvoiceStatus.VOID,
)
OPEN_DISPUTE_WORDS = "The card holder disputes {amount} ({status}): answer it in Stripe."
LOST_DISPUTE_WORDS = "A card dispute of {amount} was lost: the card holder got it back."
FAILED_DEBIT_WORDS = "A bank debit of {amount} failed: the balance is open again."
PAID_STATUSES = (InvoiceStatus.PAID, InvoiceStatus.PARTIALLY_PAID)


def locked_payment(session: Session, intent_id: str) -> tuple[Payment, Invoice] | None:
    """Our row for a PaymentIntent and its invoice, with the invoice's lock held. Only intents
    this site created have a row (it is written before the client secret leaves the server):
    any other intent is not ours to record."""
    payment = session.exec(select(Payment).where(Payment.payment_intent_id == intent_id)).first()
    if payment is None:
        log.warning("stripe: payment intent %s was not created by this site", intent_id)
        return None
    lock_invoice(session, payment.invoice_id)
    session.refresh(payment)
    invoice = session.get(Invoice, payment.invoice_id)
    session.refresh(invoice)
    return payment, invoice


def paid_cents(session: Session, invoice_id: int) -> int:
    return session.exec(
        select(func.coalesce(func.sum(Payment.amount_cents), 0)).where(
            Payment.invoice_id == invoice_id, Payment.status == PaymentStatus.SUCCEEDED
        )
    ).one()


def refunded_cents(payments: list[Payment]) -> int:
    """Refunds Stripe confirmed, counted only for payments recorded as succeeded (a refund
    that arrives before its payment waits on the payment's row until the payment does)."""
    return sum(
        min(p.amount_refunded_cents, p.amount_cents)
        for p in payments
        if p.status == PaymentStatus.SUCCEEDED
    )


def _derived_status(invoice: Invoice, paid: int, refunded: int) -> InvoiceStatus:
    """Settled (paid, refunded) only once the total was paid: a refund on a partly paid
    invoice gives money back but leaves the balance owed, its reminders and its pay link."""
    if invoice.status == InvoiceStatus.VOID:
        return InvoiceStatus.VOID  # money after a void is flagged, never turns it paid
    if paid == 0:
        # A recorded payment voided by an admin takes a paid invoice back to sent.
        return InvoiceStatus.SENT if invoice.status in PAID_STATUSES else invoice.status
    if paid < invoice.total_cents:
        return InvoiceStatus.PARTIALLY_PAID
    if paid - refunded >= invoice.total_cents:
        return InvoiceStatus.PAID  # what came above the total was given back
    return InvoiceStatus.REFUNDED if refunded >= paid else InvoiceStatus.PARTIALLY_REFUNDED


def _failed_refunds(refunds: list[Refund]) -> list[Refund]:
    """Failed refunds not followed by a later working one on the same payment."""
    last_working = {r.payment_id: r.id for r in refunds if r.status in ACTIVE_REFUND_STATUSES}
    return [
        r
        for r in refunds
        if r.status == RefundStatus.FAILED and r.id > last_working.get(r.payment_id, 0)
    ]


def kept_cents(payment: Payment) -> int:
    """What the business still holds of a payment: its amount less what was refunded or
    returned of it (nothing for a payment that did not go through)."""
    if payment.status != PaymentStatus.SUCCEEDED:
        return 0
    return max(payment.amount_cents - payment.amount_refunded_cents, 0)


def refundable_of(payment: Payment, refunds: list[Refund]) -> int:
    """What can still be refunded of one payment: its amount less every refund asked and not
    failed (pending ones included) and less what Stripe says was refunded, whichever is more."""
    if payment.status != PaymentStatus.SUCCEEDED or payment.method not in STRIPE_METHODS:
        return 0  # a check, transfer or cash is paid back outside Stripe
    asked = sum(
        r.amount_cents
        for r in refunds
        if r.payment_id == payment.id and r.status in ACTIVE_REFUND_STATUSES
    )
    return max(payment.amount_cents - max(asked, payment.amount_refunded_cents), 0)


def _to_give_back(payments: list[Payment], refunds: list[Refund]) -> list[str]:
    """A void invoice's money, one note per payment still held: a card's refund is made in
    Stripe (the site does it for a cancelled contract); a check, Zelle, transfer or cash is
    returned by hand, then recorded as returned on the invoice."""
    notes = []
    for payment in payments:
        if payment.method in STRIPE_METHODS:
            if cents := refundable_of(payment, refunds):
                notes.append(f"Refund {format_usd(cents)} paid by {method_in_words(payment)}.")
        elif cents := kept_cents(payment):
            notes.append(
                f"Return {format_usd(cents)} paid by {method_in_words(payment)}, then record "
                "the return."
            )
    return notes


def _attention(invoice: Invoice, payments: list[Payment], refunds: list[Refund]) -> str:
    notes: list[str] = []
    paid = sum(p.amount_cents for p in payments if p.status == PaymentStatus.SUCCEEDED)
    net = paid - refunded_cents(payments)
    if invoice.status == InvoiceStatus.VOID and net > 0:
        notes.append(f"Void with {format_usd(net)} paid:")
        notes += _to_give_back(payments, refunds)
    elif net > invoice.total_cents:  # however it came: two tabs, a check and a card
        over = format_usd(net - invoice.total_cents)
        notes.append(f"Paid {over} more than the total of {format_usd(invoice.total_cents)}:")
        notes.append("refund or return the difference.")
    still_owed = invoice.status not in SETTLED_STATUSES
    for payment in payments:
        if payment.status == PaymentStatus.REVIEW:
            notes.append(payment.last_error)
        if (
            still_owed
            and payment.status == PaymentStatus.FAILED
            and payment.method == PaymentMethod.BANK_DEBIT
        ):
            notes.append(FAILED_DEBIT_WORDS.format(amount=format_usd(payment.amount_cents)))
        amount = format_usd(payment.dispute_amount_cents)
        if payment.dispute_status == "lost":
            notes.append(LOST_DISPUTE_WORDS.format(amount=amount))
        elif payment.dispute_status and payment.dispute_status != "won":
            status = payment.dispute_status.replace("_", " ")
            notes.append(OPEN_DISPUTE_WORDS.format(amount=amount, status=status))
    for refund in _failed_refunds(refunds):
        reason = refund.failure_reason or "no reason given"
        notes.append(f"A refund of {format_usd(refund.amount_cents)} failed ({reason}).")
    return " ".join(notes)[:500]


def payments_and_refunds(session: Session, invoice_id: int) -> tuple[list, list]:
    """An invoice's payments and their refunds, oldest first."""
    payments = list(
        session.exec(select(Payment).where(Payment.invoice_id == invoice_id).order_by(Payment.id))
    )
    refunds = list(
        session.exec(
            select(Refund)
            .where(Refund.payment_id.in_([p.id for p in payments] or [0]))
            .order_by(Refund.id)
        )
    )
    return payments, refunds


def settle_invoice(session: Session, invoice: Invoice, now: datetime) -> None:
    """Derive the invoice's status, paid and settled times and attention note from what is
    recorded. Call with the invoice's lock held, after any payment, refund or dispute."""
    payments, refunds = payments_and_refunds(session, invoice.id)
    paid = sum(p.amount_cents for p in payments if p.status == PaymentStatus.SUCCEEDED)
    invoice.status = _derived_status(invoice, paid, refunded_cents(payments))
    if paid and invoice.paid_at is None:
        invoice.paid_at = now
    if invoice.status in SETTLED_STATUSES:
        invoice.settled_at = invoice.settled_at or now
    else:
        invoice.settled_at = None
    invoice.attention = _attention(invoice, payments, refunds)
    session.add(invoice)
    # A reminder still waiting in the outbox speaks of the amount before this change.
    cancel_queued_reminders(session, About.INVOICE, invoice.id)
    ask_after_final_payment(session, invoice)  # once per job: a later settle asks nothing
    queue_invoice_sync(session, invoice)  # QuickBooks learns the payment, refund or void
