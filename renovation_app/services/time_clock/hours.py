"""Hours as payroll counts them, pure: a week is Monday 00:00 to the next Monday 00:00 in New York
(167 or 169 real hours when the clock changes in it); an entry belongs to the New York day and
week it started in; worked time is the real time between clock in and out less its breaks, in
whole minutes (half a minute and more counts as one, in the worker's favour); the minutes beyond
40 hours in the week, in the order they were worked, are overtime (12 NYCRR 142-2.2), except for
an exempt employee."""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal

from renovation_app.services.schedule.times import day_span, new_york, week_of

WEEK_REGULAR_MINUTES = 40 * 60
OVERTIME_RATE = (3, 2)  # time and a half


@dataclass(frozen=True)
class Worked:
    """One closed entry's worked minutes, split at the week's 40th hour."""

    entry_id: int
    job_id: int
    day: date  # New York's day it started
    minutes: int
    regular: int
    overtime: int


def week_span(monday: date) -> tuple[datetime, datetime]:
    """The UTC instants of a New York week: Monday's midnight to the next Monday's."""
    return day_span(monday)[0], day_span(monday + timedelta(days=7))[0]


def week_containing(instant: datetime) -> date:
    return week_of(new_york(instant).date())


def worked_minutes(started: datetime, ended: datetime, break_seconds: int) -> int:
    seconds = max(0, int((ended - started).total_seconds()) - break_seconds)
    return (seconds + 30) // 60


def split_week(entries: Iterable, exempt: bool) -> list[Worked]:
    """The closed entries of one person's week (anything with id, job_id, started_at, ended_at
    and break_seconds), in the order worked, each split into regular and overtime minutes."""
    split, total = [], 0
    for entry in sorted(entries, key=lambda e: e.started_at):
        if entry.ended_at is None:
            continue
        minutes = worked_minutes(entry.started_at, entry.ended_at, entry.break_seconds)
        regular = minutes if exempt else max(0, min(minutes, WEEK_REGULAR_MINUTES - total))
        total += minutes
        day = new_york(entry.started_at).date()
        split.append(Worked(entry.id, entry.job_id, day, minutes, regular, minutes - regular))
    return split


def labour_cents(regular: int, overtime: int, hourly_cost_cents: int) -> int:
    """Regular minutes at the loaded hourly cost and overtime minutes at 1.5 times it, in cents,
    rounded half up once."""
    times, per = OVERTIME_RATE
    scaled = (regular * per + overtime * times) * hourly_cost_cents  # in 1/(60 * per) cents
    whole = 60 * per
    return (scaled + whole // 2) // whole


def hours_words(minutes: int) -> str:
    """510 -> "8.50" (hours with two decimals, as payroll reads them)."""
    return f"{Decimal(minutes) / 60:.2f}"
