"""A job's trust books as the page, the CSV and the PDF read them: the job's heading, the period,
the figures in cents (billing.shown puts them in words) and each row with its day in words."""

from dataclasses import dataclass, field
from datetime import date

import sqlalchemy as sa
from sqlmodel import Session, select

from renovation_app.content.costs import COST_CATEGORY_LABELS, PAID_HOW
from renovation_app.db import db_session
from renovation_app.models import Invoice, Job, JobCost, Payment
from renovation_app.services.billing import business_today, long_date
from renovation_app.services.jobs.records import job_by_number
from renovation_app.services.trust_books.books import trust_books
from renovation_app.services.trust_books.crew import crew_days_per_day
from renovation_app.services.trust_books.rows import TrustBooks

KIND_LABELS = {"purchase": "Purchase", "sub_bill": "Subcontractor bill", "labour": "Crew day"}
NO_DAY = "—"


@dataclass(frozen=True)
class ReceivedLine:
    key: str  # "payment-12", "refund-3": unique in the table
    day: str  # "November 24, 2026"
    invoice_number: str
    what: str  # "Payment", "Refund"
    method: str
    reference: str
    amount_cents: int


@dataclass(frozen=True)
class PaidLine:
    key: str
    day: str
    payee: str
    description: str
    category: str  # its label: "Materials"
    how: str  # "Check #2210", "Business card", ""
    amount_cents: int


@dataclass(frozen=True)
class ReceivableLine:
    invoice_number: str
    issued: str
    due: str
    total_cents: int
    received_cents: int
    receivable_cents: int


@dataclass(frozen=True)
class PayableLine:
    key: str
    incurred: str
    due: str  # NO_DAY when none was given
    payee: str
    description: str
    category: str
    amount_cents: int


@dataclass(frozen=True)
class TrustBooksView:
    number: str
    title: str
    owner: str
    address: str
    start: str  # ISO, for the date inputs and the download links
    end: str
    period: str  # "March 2, 2026 to November 25, 2026"
    first_day: str  # ISO: the job's first day in its books (first_day)
    opening_cents: int
    received_cents: int
    paid_cents: int
    closing_cents: int  # the balance held in trust; negative: advanced by the business
    advanced_cents: int  # 0 unless the balance is negative
    receivable_cents: int
    payable_cents: int
    # The rows (named apart from the figures: billing.shown writes "received" for
    # received_cents).
    received_rows: list[ReceivedLine] = field(default_factory=list)
    paid_rows: list[PaidLine] = field(default_factory=list)
    receivable_rows: list[ReceivableLine] = field(default_factory=list)
    payable_rows: list[PayableLine] = field(default_factory=list)


def paid_how_words(paid_how: str, reference: str) -> str:
    """ "Check #2210", "Bank transfer (ref 88A)", "Business card", "" when not said."""
    label = PAID_HOW.get(paid_how, paid_how)
    if not reference:
        return label
    if paid_how == "check":
        return f"{label} #{reference}"
    return f"{label} (ref {reference})".strip()


def first_day(session: Session, job: Job) -> date:
    """The job's first day in its books: the day it was made (New York), or the day of its
    first cost or payment when one came before (materials bought before the contract)."""
    costs = session.exec(
        select(sa.func.min(JobCost.incurred_on), sa.func.min(JobCost.paid_on)).where(
            JobCost.job_id == job.id, JobCost.deleted_at.is_(None)
        )
    ).one()
    received = session.exec(
        select(sa.func.min(Payment.received_on), sa.func.min(Payment.succeeded_at))
        .join(Invoice, Invoice.id == Payment.invoice_id)
        .where(Invoice.job_id == job.id)
    ).one()
    days = [*costs, received[0], business_today(received[1]) if received[1] else None]
    return min([business_today(job.created_at), *[day for day in days if day is not None]])


def _lines(books: TrustBooks) -> dict:
    category = COST_CATEGORY_LABELS.get
    return {
        "received_rows": [
            ReceivedLine(
                f"{r.kind}-{r.id}",
                long_date(r.day),
                r.invoice_number,
                r.kind.capitalize(),
                r.method,
                r.reference,
                r.amount_cents,
            )
            for r in books.received
        ],
        "paid_rows": [
            PaidLine(
                f"cost-{r.id}",
                long_date(r.day),
                r.payee,
                r.description,
                category(r.category, r.category),
                paid_how_words(r.paid_how, r.reference),
                r.amount_cents,
            )
            for r in books.paid
        ],
        "receivable_rows": [
            ReceivableLine(
                r.invoice_number,
                long_date(r.issued_on),
                long_date(r.due_on),
                r.total_cents,
                r.received_cents,
                r.receivable_cents,
            )
            for r in books.receivable
        ],
        "payable_rows": [
            PayableLine(
                f"cost-{r.id}",
                long_date(r.incurred_on),
                long_date(r.due_on) if r.due_on else NO_DAY,
                r.payee,
                r.description or KIND_LABELS.get(r.kind, r.kind),
                category(r.category, r.category),
                r.amount_cents,
            )
            for r in books.payable
        ],
    }


def books_view(job: Job, books: TrustBooks, first: date) -> TrustBooksView:
    return TrustBooksView(
        number=job.number,
        title=job.title,
        owner=job.customer_name,
        address=job.address,
        start=books.start.isoformat(),
        end=books.end.isoformat(),
        period=f"{long_date(books.start)} to {long_date(books.end)}",
        first_day=first.isoformat(),
        opening_cents=books.opening_cents,
        received_cents=books.received_cents,
        paid_cents=books.paid_cents,
        closing_cents=books.closing_cents,
        advanced_cents=books.advanced_cents,
        receivable_cents=books.receivable_cents,
        payable_cents=books.payable_cents,
        **_lines(books),
    )


def read_books(
    number: str, start: date | None, end: date | None, admin: bool = False
) -> tuple[Job, TrustBooks, date] | None:
    """The job `number`, its books and its first day; the period defaults to its first day
    through today. Only an admin's books list each crew day's own amount (the rest see each
    day's crew days added up), so the one who is not an admin is the default."""
    with db_session() as session:
        job = job_by_number(session, number)
        if job is None:
            return None
        first = first_day(session, job)
        books = trust_books(session, job, start or first, end or business_today())
        return job, books if admin else crew_days_per_day(books), first


def trust_books_view(
    number: str, start: date | None = None, end: date | None = None, admin: bool = False
) -> TrustBooksView | None:
    """The job's trust books for the page; None when there is no such job."""
    found = read_books(number, start, end, admin)
    return books_view(*found) if found else None
