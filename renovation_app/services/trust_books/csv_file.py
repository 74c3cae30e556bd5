"""A job's trust books as one CSV for the accountant: a `section` column (received, paid,
receivable, payable, summary), ISO dates and amounts in dollars with two decimals, as the
office's other exports (dashboard.exports) write them. Refunds and credits are negative."""

from datetime import date

from renovation_app.content.costs import COST_CATEGORY_LABELS, PAID_HOW
from renovation_app.services.csv_cells import csv_text, dollars
from renovation_app.services.trust_books.rows import PaidRow, PayableRow, TrustBooks
from renovation_app.services.trust_books.views import read_books

HEADER = [
    "section",
    "date",
    "invoice",
    "party",
    "description",
    "category",
    "method",
    "reference",
    "due_date",
    "invoice_total",
    "received_to_date",
    "amount",
]


def _row(section: str, **cells) -> list:
    """A CSV row: `cells` by column name, the others empty."""
    return [section, *(cells.get(name, "") for name in HEADER[1:])]


def _summary(books: TrustBooks) -> list[list]:
    balance = "advanced by the business" if books.closing_cents < 0 else "balance held in trust"
    figures = [
        (f"opening balance on {books.start}", books.opening_cents),
        ("total received", books.received_cents),
        ("total paid", books.paid_cents),
        (f"{balance} on {books.end}", books.closing_cents),
        (f"money receivable on {books.end}", books.receivable_cents),
        (f"money payable on {books.end}", books.payable_cents),
    ]
    return [_row("summary", description=words, amount=dollars(cents)) for words, cents in figures]


def _cost_cells(row: PaidRow | PayableRow) -> dict:
    """A cost's cells alike in the paid and the payable sections: to whom, what, its category
    in words."""
    return {
        "party": row.payee,
        "description": row.description,
        "category": COST_CATEGORY_LABELS.get(row.category, row.category),
    }


def books_rows(books: TrustBooks, owner: str) -> list[list]:
    """The CSV's rows (without the header): the four sections, then the summary."""
    rows = [
        _row(
            "received",
            date=r.day,
            invoice=r.invoice_number,
            party=owner,
            description=r.kind,
            method=r.method,
            reference=r.reference,
            amount=dollars(r.amount_cents),
        )
        for r in books.received
    ]
    rows += [
        _row(
            "paid",
            date=r.day,
            method=PAID_HOW.get(r.paid_how, r.paid_how),
            reference=r.reference,
            amount=dollars(r.amount_cents),
            **_cost_cells(r),
        )
        for r in books.paid
    ]
    rows += [
        _row(
            "receivable",
            date=r.issued_on,
            invoice=r.invoice_number,
            party=owner,
            description="invoice",
            due_date=r.due_on,
            invoice_total=dollars(r.total_cents),
            received_to_date=dollars(r.received_cents),
            amount=dollars(r.receivable_cents),
        )
        for r in books.receivable
    ]
    rows += [
        _row(
            "payable",
            date=r.incurred_on,
            due_date=r.due_on or "",
            amount=dollars(r.amount_cents),
            **_cost_cells(r),
        )
        for r in books.payable
    ]
    return rows + _summary(books)


def trust_books_csv(number: str, start: date, end: date, admin: bool = False) -> str | None:
    """The job's trust books for [start, end] as CSV text; None when there is no such job.
    Crew days per person for an admin only (views.read_books)."""
    found = read_books(number, start, end, admin)
    if found is None:
        return None
    job, books, _first = found
    return csv_text([HEADER, *books_rows(books, job.customer_name)])
