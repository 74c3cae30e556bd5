"""What an invoice's money adds up to: paid, refunded, due, its status derived from those
totals, and what staff must look at.

Every recorded payment, refund or dispute ends in settle_invoice(), so the status is the same
whatever order Stripe's events arrive in: a late success after a refund leaves it refunded.
"""

import logging
from dataclasses import dataclass, field
from datetime import datetime

from sqlmodel import Session, func, select

from renovation_app.models import (
    ACTIVE_REFUND_STATUSES,
    Invoice,
    InvoiceStatus,
    Payment,
    PaymentStatus,
    Refund,
    RefundStatus,
)
from renovation_app.services.billing import format_usd, lock_invoice

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


def card_words(payment: Payment) -> str:
    if payment.card_last4:
        return f"{payment.card_brand.capitalize()} ending {payment.card_last4}"
    return "card"


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


def _refunded_cents(payments: list[Payment]) -> int:
    """Refunds Stripe confirmed, counted only for payments recorded as succeeded (a refund
    that arrives before its payment waits on the payment's row until the payment does)."""
    return sum(
        min(p.amount_refunded_cents, p.amount_cents)
        for p in payments
        if p.status == PaymentStatus.SUCCEEDED
    )


def _derived_status(invoice: Invoice, paid: int, refunded: int) -> InvoiceStatus:
    if invoice.status == InvoiceStatus.VOID:
        return InvoiceStatus.VOID  # money after a void is flagged, never turns it paid
    if paid == 0:
        return invoice.status
    if refunded >= paid:
        return InvoiceStatus.REFUNDED
    if refunded > 0:
        return InvoiceStatus.PARTIALLY_REFUNDED
    return InvoiceStatus.PAID if paid >= invoice.total_cents else InvoiceStatus.PARTIALLY_PAID


def _failed_refunds(refunds: list[Refund]) -> list[Refund]:
    """Failed refunds not followed by a later working one on the same payment."""
    last_working = {r.payment_id: r.id for r in refunds if r.status in ACTIVE_REFUND_STATUSES}
    return [
        r
        for r in refunds
        if r.status == RefundStatus.FAILED and r.id > last_working.get(r.payment_id, 0)
    ]


def _attention(invoice: Invoice, payments: list[Payment], refunds: list[Refund]) -> str:
    notes: list[str] = []
    paid = sum(p.amount_cents for p in payments if p.status == PaymentStatus.SUCCEEDED)
    net = paid - _refunded_cents(payments)
    if invoice.status == InvoiceStatus.VOID and net > 0:
        notes.append(f"Paid {format_usd(net)} after it was voided: refund it.")
    for payment in payments:
        if payment.status == PaymentStatus.REVIEW:
            notes.append(payment.last_error)
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


def _payments_and_refunds(session: Session, invoice_id: int) -> tuple[list, list]:
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
    payments, refunds = _payments_and_refunds(session, invoice.id)
    paid = sum(p.amount_cents for p in payments if p.status == PaymentStatus.SUCCEEDED)
    invoice.status = _derived_status(invoice, paid, _refunded_cents(payments))
    if paid and invoice.paid_at is None:
        invoice.paid_at = now
    if invoice.status in SETTLED_STATUSES:
        invoice.settled_at = invoice.settled_at or now
    else:
        invoice.settled_at = None
    invoice.attention = _attention(invoice, payments, refunds)
    session.add(invoice)


@dataclass(frozen=True)
class PaymentLine:
    amount: str
    status: str
    card: str
    refunded_cents: int
    refunded: str
    error: str
    dispute: str


@dataclass(frozen=True)
class RefundLine:
    amount: str
    status: str
    reason: str
    failure: str


@dataclass(frozen=True)
class MoneySummary:
    paid: str = "$0.00"
    refunded: str = "$0.00"
    due: str = "$0.00"
    due_cents: int = 0
    refundable_cents: int = 0
    payments: list[PaymentLine] = field(default_factory=list)
    refunds: list[RefundLine] = field(default_factory=list)


def refundable_of(payment: Payment, refunds: list[Refund]) -> int:
    """What can still be refunded of one payment: its amount less every refund asked and not
    failed (pending ones included) and less what Stripe says was refunded, whichever is more."""
    if payment.status != PaymentStatus.SUCCEEDED:
        return 0
    asked = sum(
        r.amount_cents
        for r in refunds
        if r.payment_id == payment.id and r.status in ACTIVE_REFUND_STATUSES
    )
    return max(payment.amount_cents - max(asked, payment.amount_refunded_cents), 0)


def money_summary(session: Session, invoice_id: int, due: int) -> MoneySummary:
    payments, refunds = _payments_and_refunds(session, invoice_id)
    paid = sum(p.amount_cents for p in payments if p.status == PaymentStatus.SUCCEEDED)
    return MoneySummary(
        paid=format_usd(paid),
        refunded=format_usd(_refunded_cents(payments)),
        due=format_usd(due),
        due_cents=due,
        refundable_cents=sum(refundable_of(p, refunds) for p in payments),
        payments=[
            PaymentLine(
                amount=format_usd(p.amount_cents),
                status=str(p.status),
                card=card_words(p) if p.card_last4 else "",
                refunded_cents=p.amount_refunded_cents,
                refunded=format_usd(p.amount_refunded_cents),
                error=p.last_error,
                dispute=p.dispute_status.replace("_", " "),
            )
            for p in payments
            if p.status != PaymentStatus.OPEN
        ],
        refunds=[
            RefundLine(
                amount=format_usd(r.amount_cents),
                status=str(r.status),
                reason=r.reason,
                failure=r.failure_reason,
            )
            for r in refunds
        ],
    )
