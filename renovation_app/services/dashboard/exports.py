"""CSV exports for the accountant (invoices, payments, customers, job costs, for a date range),
streamed row by row: the server reads the rows in batches and never holds the whole file.

Amounts are dollars with two decimals (no currency sign, no thousands separator) and dates
ISO (2026-11-25), which spreadsheet and accounting imports read without setup. The balance
and the money received follow the dashboard's rules (figures.py), so the sums match it.
"""

from collections.abc import Iterator
from datetime import date

from sqlalchemy import and_, func, or_
from sqlmodel import select

from renovation_app.content.costs import COST_CATEGORY_LABELS, PAID_HOW
from renovation_app.db import db_session
from renovation_app.models import (
    Customer,
    CustomerContact,
    Invoice,
    InvoiceStatus,
    Job,
    JobCost,
    Payment,
    PaymentStatus,
    Subcontractor,
)
from renovation_app.services.billing import (
    REMINDABLE_STATUSES,
    business_day_start,
    business_today,
)
from renovation_app.services.costs.views import KIND_LABELS
from renovation_app.services.csv_cells import csv_text, dollars
from renovation_app.services.dashboard.figures import in_range, paid_by_invoice

BATCH = 1000
EXPORTS = ("invoices", "payments", "customers", "costs")


def _csv_line(values: list) -> str:
    return csv_text([values])


def invoices_csv(start: date, end: date) -> Iterator[str]:
    """Invoices issued in [start, end), oldest first: a chunk of text per batch of rows.
    Plain rows of the needed columns: 100,000 invoices as ORM objects took most of 10 s."""
    paid = paid_by_invoice()
    yield _csv_line(
        [
            "number",
            "issue_date",
            "due_date",
            "customer",
            "email",
            "borough",
            "status",
            "subtotal",
            "discount",
            "tax",
            "total",
            "paid",
            "balance_due",
        ]
    )
    with db_session() as session:
        rows = session.connection().execute(
            select(
                Invoice.number,
                Invoice.created_at,
                Invoice.due_date,
                Invoice.customer_name,
                Invoice.customer_email,
                Invoice.location,
                Invoice.status,
                Invoice.subtotal_cents,
                Invoice.discount_cents,
                Invoice.tax_cents,
                Invoice.total_cents,
                func.coalesce(paid.c.paid, 0),
            )
            .outerjoin(paid, paid.c.invoice_id == Invoice.id)
            .where(
                Invoice.status != InvoiceStatus.DRAFT,
                Invoice.created_at >= business_day_start(start),
                Invoice.created_at < business_day_start(end),
            )
            .order_by(Invoice.created_at, Invoice.id)
            .execution_options(yield_per=BATCH)
        )
        for batch in rows.partitions():
            yield csv_text(map(_invoice_cells, batch))


def _invoice_cells(row) -> list:
    (
        number,
        created,
        due,
        name,
        email,
        borough,
        status,
        subtotal,
        discount,
        tax,
        total,
        paid_cents,
    ) = row
    owed = total - paid_cents if status in REMINDABLE_STATUSES else 0
    return [
        number,
        business_today(created).isoformat(),
        due.isoformat(),
        name,
        email,
        borough,
        status,
        dollars(subtotal),
        dollars(discount),
        dollars(tax),
        dollars(total),
        dollars(paid_cents),
        dollars(max(owed, 0)),
    ]


def payments_csv(start: date, end: date) -> Iterator[str]:
    """Money received in [start, end) (the dashboard's "Received"), by the day it came."""
    yield _csv_line(
        ["date", "invoice", "customer", "method", "reference", "amount", "refunded", "payment_id"]
    )
    with db_session() as session:
        rows = session.exec(
            select(Payment, Invoice.number, Invoice.customer_name)
            .join(Invoice, Invoice.id == Payment.invoice_id)
            .where(Payment.status == PaymentStatus.SUCCEEDED, in_range(start, end))
            .order_by(Payment.id)
            .execution_options(yield_per=BATCH)
        )
        for payment, number, customer in rows:
            day = payment.received_on or business_today(payment.succeeded_at)
            yield _csv_line(
                [
                    day.isoformat(),
                    number,
                    customer,
                    str(payment.method),
                    payment.reference,
                    dollars(payment.amount_cents),
                    dollars(payment.amount_refunded_cents),
                    payment.payment_intent_id or f"recorded-{payment.id}",
                ]
            )


def customers_csv(start: date, end: date) -> Iterator[str]:
    """Customers added in [start, end) with their e-mails and phones."""
    yield _csv_line(["customer_id", "name", "emails", "phones", "created", "needs_attention"])
    with db_session() as session:
        customers = session.exec(
            select(Customer)
            .where(
                Customer.merged_into_id.is_(None),
                Customer.created_at >= business_day_start(start),
                Customer.created_at < business_day_start(end),
            )
            .order_by(Customer.id)
        ).all()
    for chunk_start in range(0, len(customers), BATCH):
        chunk = customers[chunk_start : chunk_start + BATCH]
        with db_session() as session:
            contacts = session.exec(
                select(CustomerContact).where(
                    CustomerContact.customer_id.in_([c.id for c in chunk])
                )
            ).all()
        by_customer: dict[int, list[CustomerContact]] = {}
        for contact in contacts:
            by_customer.setdefault(contact.customer_id, []).append(contact)
        for customer in chunk:
            mine = by_customer.get(customer.id, [])
            yield _csv_line(
                [
                    customer.id,
                    customer.name,
                    "; ".join(c.value for c in mine if c.kind == "email"),
                    "; ".join(c.value for c in mine if c.kind == "phone"),
                    business_today(customer.created_at).isoformat(),
                    customer.mail_problem,
                ]
            )


def costs_csv(start: date, end: date) -> Iterator[str]:
    """Job costs incurred in [start, end) that count (not deleted), by day: what each cost was,
    its job, how it was paid. Never a crew day's hours or loaded rate (staff may export; the
    rate is for admins): a crew day is its amount. Read a batch at a time, each batch after
    the last row of the one before (day, id), so no query holds a cursor open."""
    yield _csv_line(
        [
            "date",
            "job",
            "job_title",
            "kind",
            "category",
            "payee",
            "description",
            "amount",
            "tax",
            "total",
            "paid_on",
            "paid_how",
            "reference",
            "subcontractor_licence",
        ]
    )
    after: tuple[date, int] | None = None
    while True:
        with db_session() as session:
            batch = session.connection().execute(_costs_batch(start, end, after)).all()
        if not batch:
            return
        yield csv_text(map(_cost_cells, batch))
        after = (batch[-1].incurred_on, batch[-1].id)


# The costs CSV's columns as read (plain rows: 200,000 ORM objects would take seconds).
COST_COLUMNS = (
    JobCost.id,
    JobCost.incurred_on,
    Job.number,
    Job.title,
    JobCost.kind,
    JobCost.category,
    JobCost.payee,
    JobCost.description,
    JobCost.amount_cents,
    JobCost.tax_cents,
    JobCost.paid_on,
    JobCost.paid_how,
    JobCost.paid_reference,
    Subcontractor.licence_number,
)


def _costs_batch(start: date, end: date, after: tuple[date, int] | None):
    """The next BATCH costs of [start, end) after (day, id), in (day, id) order: a range of
    the job_cost (incurred_on) index."""
    query = (
        select(*COST_COLUMNS)
        .join(Job, Job.id == JobCost.job_id)
        .outerjoin(Subcontractor, Subcontractor.id == JobCost.subcontractor_id)
        .where(
            JobCost.incurred_on >= (after[0] if after else start),
            JobCost.incurred_on < end,
            JobCost.deleted_at.is_(None),
        )
        .order_by(JobCost.incurred_on, JobCost.id)
        .limit(BATCH)
    )
    if after:
        day, last_id = after
        query = query.where(
            or_(JobCost.incurred_on > day, and_(JobCost.incurred_on == day, JobCost.id > last_id))
        )
    return query


def _cost_cells(row) -> list:
    (
        _,
        day,
        number,
        title,
        kind,
        category,
        payee,
        description,
        amount,
        tax,
        paid_on,
        how,
        reference,
        licence,
    ) = row
    return [
        day.isoformat(),
        number,
        title,
        KIND_LABELS.get(kind, kind),
        COST_CATEGORY_LABELS.get(category, category),
        payee,
        description,
        dollars(amount),
        dollars(tax),
        dollars(amount + tax),
        paid_on.isoformat() if paid_on else "",
        PAID_HOW.get(how, how),
        reference,
        licence or "",
    ]


def export_rows(kind: str, start: date, end: date) -> Iterator[str]:
    exports = {
        "invoices": invoices_csv,
        "payments": payments_csv,
        "customers": customers_csv,
        "costs": costs_csv,
    }
    return exports[kind](start, end)
