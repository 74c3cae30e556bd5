"""What an invoice's money adds up to: paid, refunded, due, its status derived from those
totals, and what staff must look at.

Every recorded payment, refund or dispute ends in settle_invoice(), so the status is the same
whatever order Stripe's events arrive in: a late success after a refund leaves it refunded.
"""

import logging
from dataclasses import dataclass, field
from datetime import date, datetime

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
from renovation_app.services.billing import (
    AmountDue,
    Stage,
    amount_due,
    business_today,
    format_usd,
    lock_invoice,
    long_date,
    stages_of,
)
from renovation_app.services.mail import About, cancel_queued_reminders

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


METHOD_LABELS = {
    PaymentMethod.CARD: "Card",
    PaymentMethod.BANK_DEBIT: "Bank debit",
    PaymentMethod.CHECK: "Check",
    PaymentMethod.ZELLE: "Zelle",
    PaymentMethod.BANK_TRANSFER: "Bank transfer",
    PaymentMethod.CASH: "Cash",
}
PAID_STATUSES = (InvoiceStatus.PAID, InvoiceStatus.PARTIALLY_PAID)


def method_words(payment: Payment) -> str:
    """How it was paid, for the history, receipts and pages: "Visa ending 4242",
    "Bank debit (STRIPE TEST BANK ending 6789)", "Check #1045", "Zelle (ref 7HX2)", "Cash"."""
    if payment.method == PaymentMethod.CARD:
        if payment.card_last4:
            return f"{payment.card_brand.capitalize()} ending {payment.card_last4}"
        return "card"
    if payment.method == PaymentMethod.BANK_DEBIT:
        if payment.card_last4:  # the bank's name and the account's last 4 digits
            bank = f"{payment.card_brand} " if payment.card_brand else ""
            return f"Bank debit ({bank}ending {payment.card_last4})"
        return "Bank debit"
    return recorded_means(PaymentMethod(payment.method), payment.reference)


def recorded_means(method: PaymentMethod, reference: str) -> str:
    """A check, Zelle, transfer or cash in words: "Check #1045", "Zelle (ref 7HX2)", "Cash"."""
    label = METHOD_LABELS[method]
    if not reference:
        return label
    if method == PaymentMethod.CHECK:
        return f"{label} #{reference}"
    return f"{label} (ref {reference})"


def in_a_sentence(words: str, method: PaymentMethod) -> str:
    """Means in words inside a sentence: "paid by check #1045", "by Visa ending 4242"."""
    if method in (PaymentMethod.CHECK, PaymentMethod.BANK_TRANSFER, PaymentMethod.CASH):
        return words[0].lower() + words[1:]
    return words


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


def method_in_words(payment: Payment) -> str:
    """method_words inside a sentence: "paid by check #1045", "by Visa ending 4242"."""
    return in_a_sentence(method_words(payment), PaymentMethod(payment.method))


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
    net = paid - _refunded_cents(payments)
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
    # A reminder still waiting in the outbox speaks of the amount before this change.
    cancel_queued_reminders(session, About.INVOICE, invoice.id)


@dataclass(frozen=True)
class PaymentLine:
    id: int
    amount: str
    status: str
    method: str  # a PaymentMethod value
    how: str  # "Visa ending 4242", "Check #1045"
    received: str  # "November 24, 2026" ("" for a card not yet paid)
    refunded_cents: int
    refunded: str
    error: str
    dispute: str
    can_void: bool  # a recorded check, transfer or cash payment that still counts
    void_reason: str
    returnable_cents: int = 0  # of a recorded payment: what can still be recorded as returned
    returnable: str = "$0.00"


@dataclass(frozen=True)
class RefundLine:
    amount: str
    status: str
    reason: str
    failure: str


@dataclass(frozen=True)
class StageLine:
    label: str
    amount: str
    due_date: str  # "December 15, 2026"
    state: str  # "paid", "due" (due by today, unpaid), "upcoming"


@dataclass(frozen=True)
class MoneySummary:
    paid: str = "$0.00"
    paid_cents: int = 0
    refunded: str = "$0.00"
    due: str = "$0.00"  # due now: the stages due by today, or the balance without a schedule
    due_cents: int = 0
    balance: str = "$0.00"
    balance_cents: int = 0
    next_cents: int = 0  # the next stage not yet due (0 and "" words when none)
    pay_now: str = "$0.00"  # what "Pay now" takes (schedule.AmountDue.pay_now_cents)
    pay_now_cents: int = 0
    next_words: str = ""  # "$4,000.00 for Rough-in done, due December 15, 2026"
    # Bank debits Stripe accepted that the bank has not settled: not paid, not payable again.
    processing: str = "$0.00"
    processing_cents: int = 0
    processing_how: str = ""  # "Bank debit (STRIPE TEST BANK ending 6789)", "" when none
    held: str = "$0.00"  # received before the work was substantially complete (escrow)
    held_cents: int = 0
    refundable_cents: int = 0
    to_return_cents: int = 0  # of checks, Zelle, transfers and cash: still held, returnable
    payments: list[PaymentLine] = field(default_factory=list)
    refunds: list[RefundLine] = field(default_factory=list)
    stages: list[StageLine] = field(default_factory=list)


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


def _payment_line(payment: Payment) -> PaymentLine:
    day = payment.received_on or (
        business_today(payment.succeeded_at) if payment.succeeded_at else None
    )
    recorded = payment.status == PaymentStatus.SUCCEEDED and payment.method not in STRIPE_METHODS
    return PaymentLine(
        id=payment.id,
        amount=format_usd(payment.amount_cents),
        status=str(payment.status),
        method=str(payment.method),
        how=method_words(payment),
        received=long_date(day) if day else "",
        refunded_cents=payment.amount_refunded_cents,
        refunded=format_usd(payment.amount_refunded_cents),
        error=payment.last_error,
        dispute=payment.dispute_status.replace("_", " "),
        can_void=recorded and payment.amount_refunded_cents == 0,
        void_reason=payment.void_reason,
        returnable_cents=kept_cents(payment) if recorded else 0,
        returnable=format_usd(kept_cents(payment) if recorded else 0),
    )


def _stage_lines(stages: tuple[Stage, ...], paid: int, today: date) -> list[StageLine]:
    lines, reached = [], 0
    for stage in stages:
        reached += stage.amount_cents
        if reached <= paid:
            state = "paid"
        else:
            state = "due" if stage.due_date <= today else "upcoming"
        lines.append(
            StageLine(stage.label, format_usd(stage.amount_cents), long_date(stage.due_date), state)
        )
    return lines


def money_summary(session: Session, invoice: Invoice, today: date | None = None) -> MoneySummary:
    """What an invoice's money adds up to today: paid, refunded, due now, the balance, the next
    stage, what is held in escrow, and its payments, refunds and stages."""
    today = today or business_today()
    payments, refunds = _payments_and_refunds(session, invoice.id)
    paid = sum(p.amount_cents for p in payments if p.status == PaymentStatus.SUCCEEDED)
    net = paid - _refunded_cents(payments)
    stages = stages_of(session, invoice.id)
    due = amount_due(invoice.total_cents, stages, paid, today)
    if invoice.status == InvoiceStatus.VOID:  # money after a void is flagged for a refund
        due = AmountDue(0, 0, 0, "", None)
    held = net if invoice.work_completed_on is None else 0
    in_flight = [p for p in payments if p.status == PaymentStatus.PROCESSING]
    lines = [_payment_line(p) for p in payments if p.status != PaymentStatus.OPEN]
    next_words = ""
    if due.next_cents:
        next_words = (
            f"{format_usd(due.next_cents)} for {due.next_label}, due {long_date(due.next_due_date)}"
        )
    return MoneySummary(
        paid=format_usd(paid),
        paid_cents=paid,
        refunded=format_usd(_refunded_cents(payments)),
        due=format_usd(due.due_now_cents),
        due_cents=due.due_now_cents,
        balance=format_usd(due.balance_cents),
        balance_cents=due.balance_cents,
        next_cents=due.next_cents,
        pay_now=format_usd(due.pay_now_cents),
        pay_now_cents=due.pay_now_cents,
        next_words=next_words,
        processing=format_usd(sum(p.amount_cents for p in in_flight)),
        processing_cents=sum(p.amount_cents for p in in_flight),
        processing_how=", ".join(method_words(p) for p in in_flight),
        held=format_usd(held),
        held_cents=held,
        refundable_cents=sum(refundable_of(p, refunds) for p in payments),
        to_return_cents=sum(line.returnable_cents for line in lines),
        payments=lines,
        refunds=[
            RefundLine(
                amount=format_usd(r.amount_cents),
                status=str(r.status),
                reason=r.reason,
                failure=r.failure_reason,
            )
            for r in refunds
        ],
        stages=_stage_lines(stages, paid, today),
    )


def pay_now_label(money: MoneySummary) -> str:
    """The pay page's first button: "Pay now" when something is due, else the next payment
    early (the page and its server-drawn first paint say the same)."""
    return "Pay now" if money.due_cents > 0 else f"Pay the next payment ({money.pay_now}) early"
