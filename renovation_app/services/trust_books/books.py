"""A job's trust books read from its rows (nothing is stored): the owner's payments and refunds,
the job's costs paid, and what is receivable and payable at the end of a period.

Which payments and refunds count is the ledger's rule (payments.ledger, payments.summary): a
payment counts once it succeeded (a voided check does not); a refund counts for what the
ledger counts of it, min(amount refunded, amount), spread over the payment's refunds that
succeeded or are on their way back, oldest first. So over all days the money received here is
the job page's "Paid". The days are New York dates worked out in Python, so SQLite and
PostgreSQL give the same books; the job's rows come in four queries whatever its history."""

from collections import defaultdict
from collections.abc import Iterable
from datetime import date

from sqlmodel import Session, select

from renovation_app.models import (
    Invoice,
    InvoiceStatus,
    Job,
    JobCost,
    Payment,
    PaymentStatus,
    Refund,
    RefundStatus,
)
from renovation_app.services.billing import business_today
from renovation_app.services.payments.means import method_words, payment_day
from renovation_app.services.trust_books.rows import (
    PaidRow,
    PayableRow,
    ReceivableRow,
    ReceivedRow,
    TrustBooks,
)

# Refunds whose money has left the business (Stripe counts a pending one as refunded).
COUNTED_REFUNDS = (RefundStatus.SUCCEEDED, RefundStatus.PENDING)
# An invoice that is not (or no longer) asking for money is not receivable.
NOT_RECEIVABLE = (InvoiceStatus.DRAFT, InvoiceStatus.VOID)
_KIND_ORDER = {"payment": 0, "refund": 1}


# The columns the books read, as plain rows rather than model objects: a job's ten years of
# payments and costs as objects took most of the time the books take. payments.means reads
# only method, card_brand, card_last4 and reference, which a row of PAYMENT_COLUMNS has.
PAYMENT_COLUMNS = (
    Payment.id,
    Payment.method,
    Payment.reference,
    Payment.payment_intent_id,
    Payment.card_brand,
    Payment.card_last4,
    Payment.amount_cents,
    Payment.amount_refunded_cents,
    Payment.received_on,
    Payment.succeeded_at,
    Payment.created_at,
    Invoice.number.label("invoice_number"),
)
REFUND_COLUMNS = (
    Refund.id,
    Refund.payment_id,
    Refund.amount_cents,
    Refund.reason,
    Refund.stripe_refund_id,
    Refund.created_at,
)


def _refund_rows(payment, how: str, refunds: list) -> list[ReceivedRow]:
    """The refunds of one payment as negative rows, adding up to what the ledger counts."""
    left, paid_on = min(payment.amount_refunded_cents, payment.amount_cents), payment_day(payment)
    rows = []
    for refund in refunds:
        part = min(refund.amount_cents, left)
        if part <= 0:
            break
        left -= part
        day = max(business_today(refund.created_at), paid_on)
        reference = refund.reason or refund.stripe_refund_id or ""
        rows.append(
            ReceivedRow(day, refund.id, "refund", payment.invoice_number, how, reference, -part)
        )
    if left > 0:  # counted by the ledger with no refund row to date it: the payment's day
        rows.append(
            ReceivedRow(
                paid_on,
                payment.id,
                "refund",
                payment.invoice_number,
                how,
                "Refunded (no refund record)",
                -left,
            )
        )
    return rows


def _payment_rows(payment, refunds: list) -> list[ReceivedRow]:
    """A payment that counts, then its refunds."""
    how = method_words(payment)
    reference = payment.reference or payment.payment_intent_id or ""
    money_in = ReceivedRow(
        payment_day(payment),
        payment.id,
        "payment",
        payment.invoice_number,
        how,
        reference,
        payment.amount_cents,
    )
    return [money_in, *_refund_rows(payment, how, refunds)]


def received_rows(session: Session, job_id: int) -> list[ReceivedRow]:
    """Every payment and refund of the job's invoices that counts, in order of day."""
    db = session.connection()
    found = db.execute(
        select(*PAYMENT_COLUMNS)
        .join(Invoice, Invoice.id == Payment.invoice_id)
        .where(Invoice.job_id == job_id, Payment.status == PaymentStatus.SUCCEEDED)
        .order_by(Payment.id)
    ).all()
    refunds: dict[int, list] = defaultdict(list)
    for refund in db.execute(
        select(*REFUND_COLUMNS)
        .join(Payment, Payment.id == Refund.payment_id)
        .join(Invoice, Invoice.id == Payment.invoice_id)
        .where(Invoice.job_id == job_id, Refund.status.in_(COUNTED_REFUNDS))
        .order_by(Refund.id)
    ).all():
        refunds[refund.payment_id].append(refund)
    rows = [row for payment in found for row in _payment_rows(payment, refunds[payment.id])]
    return sorted(rows, key=lambda r: (r.day, _KIND_ORDER[r.kind], r.id))


# The columns of a cost the books read (plain rows, as PAYMENT_COLUMNS).
COST_COLUMNS = (
    JobCost.id,
    JobCost.kind,
    JobCost.category,
    JobCost.incurred_on,
    JobCost.due_on,
    JobCost.paid_on,
    JobCost.payee,
    JobCost.description,
    JobCost.paid_how,
    JobCost.paid_reference,
    (JobCost.amount_cents + JobCost.tax_cents).label("total_cents"),
)


def job_costs(session: Session, job_id: int) -> list:
    """The job's costs that count (not deleted), oldest first: rows of COST_COLUMNS."""
    return (
        session.connection()
        .execute(
            select(*COST_COLUMNS)
            .where(JobCost.job_id == job_id, JobCost.deleted_at.is_(None))
            .order_by(JobCost.incurred_on, JobCost.id)
        )
        .all()
    )


def _cost_fields(cost) -> dict:
    """What a paid row and a payable row say alike of a cost: which, to whom, what, and its
    amount with tax."""
    return {
        "id": cost.id,
        "payee": cost.payee,
        "description": cost.description,
        "category": cost.category,
        "kind": str(cost.kind),
        "amount_cents": cost.total_cents,
    }


def _paid_row(cost) -> PaidRow:
    return PaidRow(
        day=cost.paid_on,
        paid_how=cost.paid_how,
        reference=cost.paid_reference,
        **_cost_fields(cost),
    )


def _payable_row(cost) -> PayableRow:
    return PayableRow(incurred_on=cost.incurred_on, due_on=cost.due_on, **_cost_fields(cost))


def _receivable(
    invoices: Iterable[Invoice], received: list[ReceivedRow], end: date
) -> list[ReceivableRow]:
    # As the ledger reads a balance: the total less the payments received; money refunded
    # later does not make the invoice owed again (services/payments/summary.py).
    by_invoice: dict[str, int] = defaultdict(int)
    for row in received:
        if row.day <= end and row.kind == "payment":
            by_invoice[row.invoice_number] += row.amount_cents
    rows = []
    for invoice in invoices:
        issued = business_today(invoice.sent_at or invoice.created_at)
        if invoice.status in NOT_RECEIVABLE or issued > end:
            continue
        got = by_invoice[invoice.number]
        rows.append(
            ReceivableRow(
                invoice.number,
                issued,
                invoice.due_date,
                invoice.total_cents,
                got,
                max(invoice.total_cents - got, 0),
            )
        )
    return sorted(rows, key=lambda r: (r.issued_on, r.invoice_number))


def _invoices(session: Session, job_id: int) -> list[Invoice]:
    return list(session.exec(select(Invoice).where(Invoice.job_id == job_id).order_by(Invoice.id)))


def trust_books(session: Session, job: Job, start: date, end: date) -> TrustBooks:
    """The job's trust books for the days [start, end] (New York dates, both included)."""
    money_in = received_rows(session, job.id)
    costs = job_costs(session, job.id)
    paid_out = sorted(
        (_paid_row(c) for c in costs if c.paid_on is not None and c.paid_on <= end),
        key=lambda r: (r.day, r.id),
    )
    before = sum(r.amount_cents for r in money_in if r.day < start) - sum(
        r.amount_cents for r in paid_out if r.day < start
    )
    received = tuple(r for r in money_in if start <= r.day <= end)
    paid = tuple(r for r in paid_out if r.day >= start)
    receivable = tuple(_receivable(_invoices(session, job.id), money_in, end))
    payable = tuple(
        _payable_row(c)
        for c in costs
        if c.incurred_on <= end and (c.paid_on is None or c.paid_on > end)
    )
    received_cents = sum(r.amount_cents for r in received)
    paid_cents = sum(r.amount_cents for r in paid)
    return TrustBooks(
        job_number=job.number,
        start=start,
        end=end,
        opening_cents=before,
        received=received,
        paid=paid,
        receivable=receivable,
        payable=payable,
        received_cents=received_cents,
        paid_cents=paid_cents,
        closing_cents=before + received_cents - paid_cents,
        receivable_cents=sum(r.receivable_cents for r in receivable),
        payable_cents=sum(r.amount_cents for r in payable),
    )
