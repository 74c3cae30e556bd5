"""Invoice and estimate numbers: "2026-0001", "E-2026-0001", gap-free per New York year."""

from sqlalchemy import update
from sqlmodel import Session

from renovation_app.db import insert_or_ignore
from renovation_app.models import InvoiceCounter


def next_number(session: Session, year: int, counter: type = InvoiceCounter) -> int:
    """Take the year's next number from `counter` (InvoiceCounter or EstimateCounter); the UPDATE holds the counter row (PostgreSQL) or the
    database (SQLite) until the transaction ends, so numbers are unique and gap-free."""
    session.execute(insert_or_ignore(session, counter, year=year, last_number=0))
    table = counter.__table__
    return session.execute(
        update(table)
        .where(table.c.year == year)
        .values(last_number=table.c.last_number + 1)
        .returning(table.c.last_number)
    ).scalar_one()
