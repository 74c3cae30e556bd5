"""What an invoice's money adds up to today, as staff and the pay page see it: paid, refunded,
due now, the balance, the next stage, what is held in escrow, and its payments, refunds and
stages line by line."""

from dataclasses import dataclass, field
from datetime import date

from sqlmodel import Session

from renovation_app.models import STRIPE_METHODS, Invoice, InvoiceStatus, Payment, PaymentStatus
from renovation_app.services.billing import (
    AmountDue,
    Stage,
    amount_due,
    business_today,
    format_usd,
    long_date,
    stages_of,
)
from renovation_app.services.payments.ledger import (
    kept_cents,
    payments_and_refunds,
    refundable_of,
    refunded_cents,
)
from renovation_app.services.payments.means import method_words


@dataclass(frozen=True)
class PaymentLine:
    id: int
    amount_cents: int
    status: str
    method: str  # a PaymentMethod value
    how: str  # "Visa ending 4242", "Check #1045"
    received: str  # "November 24, 2026" ("" for a card not yet paid)
    refunded_cents: int
    error: str
    dispute: str
    can_void: bool  # a recorded check, transfer or cash payment that still counts
    void_reason: str
    returnable_cents: int = 0  # of a recorded payment: what can still be recorded as returned


@dataclass(frozen=True)
class RefundLine:
    amount_cents: int
    status: str
    reason: str
    failure: str


@dataclass(frozen=True)
class StageLine:
    label: str
    amount_cents: int
    due_date: str  # "December 15, 2026"
    state: str  # "paid", "due" (due by today, unpaid), "upcoming"


@dataclass(frozen=True)
class MoneySummary:
    """In cents, as every view: billing.shown puts it in words where it is shown."""

    paid_cents: int = 0
    refunded_cents: int = 0
    due_cents: int = 0  # due now: the stages due by today, or the balance without a schedule
    balance_cents: int = 0
    next_cents: int = 0  # the next stage not yet due (0 and "" words when none)
    pay_now_cents: int = 0  # what "Pay now" takes (schedule.AmountDue.pay_now_cents)
    next_words: str = ""  # "$4,000.00 for Rough-in done, due December 15, 2026"
    # Bank debits Stripe accepted that the bank has not settled: not paid, not payable again.
    processing_cents: int = 0
    processing_how: str = ""  # "Bank debit (STRIPE TEST BANK ending 6789)", "" when none
    held_cents: int = 0  # received before the work was substantially complete (escrow)
    refundable_cents: int = 0
    to_return_cents: int = 0  # of checks, Zelle, transfers and cash: still held, returnable
    payments: list[PaymentLine] = field(default_factory=list)
    refunds: list[RefundLine] = field(default_factory=list)
    stages: list[StageLine] = field(default_factory=list)


def _payment_line(payment: Payment) -> PaymentLine:
    day = payment.received_on or (
        business_today(payment.succeeded_at) if payment.succeeded_at else None
    )
    recorded = payment.status == PaymentStatus.SUCCEEDED and payment.method not in STRIPE_METHODS
    return PaymentLine(
        id=payment.id,
        amount_cents=payment.amount_cents,
        status=str(payment.status),
        method=str(payment.method),
        how=method_words(payment),
        received=long_date(day) if day else "",
        refunded_cents=payment.amount_refunded_cents,
        error=payment.last_error,
        dispute=payment.dispute_status.replace("_", " "),
        can_void=recorded and payment.amount_refunded_cents == 0,
        void_reason=payment.void_reason,
        returnable_cents=kept_cents(payment) if recorded else 0,
    )


def _stage_lines(stages: tuple[Stage, ...], paid: int, today: date) -> list[StageLine]:
    lines, reached = [], 0
    for stage in stages:
        reached += stage.amount_cents
        if reached <= paid:
            state = "paid"
        else:
            state = "due" if stage.due_date <= today else "upcoming"
        lines.append(StageLine(stage.label, stage.amount_cents, long_date(stage.due_date), state))
    return lines


def money_summary(session: Session, invoice: Invoice, today: date | None = None) -> MoneySummary:
    """What an invoice's money adds up to today: paid, refunded, due now, the balance, the next
    stage, what is held in escrow, and its payments, refunds and stages."""
    today = today or business_today()
    payments, refunds = payments_and_refunds(session, invoice.id)
    paid = sum(p.amount_cents for p in payments if p.status == PaymentStatus.SUCCEEDED)
    net = paid - refunded_cents(payments)
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
        paid_cents=paid,
        refunded_cents=refunded_cents(payments),
        due_cents=due.due_now_cents,
        balance_cents=due.balance_cents,
        next_cents=due.next_cents,
        pay_now_cents=due.pay_now_cents,
        next_words=next_words,
        processing_cents=sum(p.amount_cents for p in in_flight),
        processing_how=", ".join(method_words(p) for p in in_flight),
        held_cents=held,
        refundable_cents=sum(refundable_of(p, refunds) for p in payments),
        to_return_cents=sum(line.returnable_cents for line in lines),
        payments=lines,
        refunds=[
            RefundLine(
                amount_cents=r.amount_cents,
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
    pay_now = format_usd(money.pay_now_cents)
    return "Pay now" if money.due_cents > 0 else f"Pay the next payment ({pay_now}) early"
