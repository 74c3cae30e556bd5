"""The trust books as staff who are not admins read them: each day's crew days as one row, the
amounts of the people who worked that day added up. A crew day's own amount over its hours (which
the costs page lists) would be the person's loaded hourly rate, which only admins see."""

from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace
from datetime import date

from renovation_app.models import CostKind
from renovation_app.services.trust_books.rows import PaidRow, PayableRow, TrustBooks
from renovation_app.services.words import counted

CREW = "Crew"


def _crew_words(days: list) -> str:
    return f"Crew labour ({counted(len(days), 'crew day')})"


def _per_day(rows: tuple, day_of: Callable, crew_row: Callable) -> tuple:
    """The rows with each day's crew days as one (crew_row), in the books' order (day, id)."""
    crew: dict[date, list] = defaultdict(list)
    for row in rows:
        if row.kind == CostKind.LABOUR:
            crew[day_of(row)].append(row)
    merged = [row for row in rows if row.kind != CostKind.LABOUR]
    merged += [crew_row(day, days) for day, days in crew.items()]
    return tuple(sorted(merged, key=lambda r: (day_of(r), r.id)))


def _paid_crew(day: date, days: list[PaidRow]) -> PaidRow:
    ways = {row.paid_how for row in days}
    return PaidRow(
        day=day,
        id=min(row.id for row in days),
        payee=CREW,
        description=_crew_words(days),
        category="labour",
        kind=str(CostKind.LABOUR),
        paid_how=ways.pop() if len(ways) == 1 else "",
        reference="",
        amount_cents=sum(row.amount_cents for row in days),
    )


def _payable_crew(day: date, days: list[PayableRow]) -> PayableRow:
    return PayableRow(
        id=min(row.id for row in days),
        incurred_on=day,
        due_on=None,
        payee=CREW,
        description=_crew_words(days),
        category="labour",
        kind=str(CostKind.LABOUR),
        amount_cents=sum(row.amount_cents for row in days),
    )


def crew_days_per_day(books: TrustBooks) -> TrustBooks:
    """The same books and totals, with no crew day's own amount left in them."""
    return replace(
        books,
        paid=_per_day(books.paid, lambda r: r.day, _paid_crew),
        payable=_per_day(books.payable, lambda r: r.incurred_on, _payable_crew),
    )
