"""Which reminder steps an invoice or an estimate has, and which of them are due today.

A step is a day relative to a due date: -3 is three days before, 0 the day itself, 7 a week
after. An invoice due in one payment has one step per day of its schedule; an invoice with a
payment schedule has them for each stage's due date, for the stages not yet paid. Pure rules,
no database: services/reminders/sending.py applies them.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from renovation_app.services.billing import Stage

MAX_STEPS = 6
EARLIEST_DAY, LATEST_DAY = -30, 120
# A reminder never goes out the day an invoice or estimate was sent, nor the day after: the
# customer has just read it ("reminders that fire the morning after sending").
QUIET_DAYS_AFTER_SENDING = 2
DAYS_FORMAT = (
    "Days from the due date, separated by commas, e.g. -3, 0, 7, 14 "
    f"(from {EARLIEST_DAY} to {LATEST_DAY}, at most {MAX_STEPS})."
)


class ScheduleInvalid(ValueError):
    """The reminder days as typed cannot be read; the message says how to write them."""


def parse_days(text: str) -> tuple[int, ...]:
    """ "-3, 0, 7, 14" -> (-3, 0, 7, 14), sorted and without repeats; raises ScheduleInvalid."""
    if not isinstance(text, str) or len(text) > 60:
        raise ScheduleInvalid(DAYS_FORMAT)
    parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
    try:
        days = sorted({int(p) for p in parts})
    except ValueError:
        raise ScheduleInvalid(DAYS_FORMAT) from None
    if not days or len(days) > MAX_STEPS or not EARLIEST_DAY <= days[0] <= days[-1] <= LATEST_DAY:
        raise ScheduleInvalid(DAYS_FORMAT)
    return tuple(days)


def days_text(days: Sequence[int]) -> str:
    return ", ".join(str(d) for d in days)


@dataclass(frozen=True)
class Step:
    key: str  # unique per invoice or estimate: "due+7", "stage2-3", "expiry-3"
    on: date  # the day it falls due
    due_date: date  # the payment's (or the estimate's expiry) date it reminds of
    stage: str = ""  # the stage's label, for a payment schedule


def invoice_steps(
    due_date: date, stages: Sequence[Stage], paid_cents: int, days: Sequence[int]
) -> list[Step]:
    """Every step of an invoice still owed: per day for the due date, or per unpaid stage."""
    if not stages:
        return [Step(f"due{d:+d}", due_date + timedelta(days=d), due_date) for d in days]
    steps, reached = [], 0
    for position, stage in enumerate(stages, start=1):
        reached += stage.amount_cents
        if reached <= paid_cents:
            continue  # this stage is paid: nothing to remind of
        steps += [
            Step(
                f"stage{position}{d:+d}",
                stage.due_date + timedelta(days=d),
                stage.due_date,
                stage.label,
            )
            for d in days
        ]
    return steps


def estimate_step(valid_until: date, days_before: int) -> Step:
    return Step(f"expiry-{days_before}", valid_until - timedelta(days=days_before), valid_until)


def _sendable(steps: Sequence[Step], sent_on: date, done: set[str]) -> list[Step]:
    """Steps not sent before and not in the quiet days after sending."""
    quiet_until = sent_on + timedelta(days=QUIET_DAYS_AFTER_SENDING)
    return [s for s in steps if s.on >= quiet_until and s.key not in done]


def due_steps(steps: Sequence[Step], sent_on: date, today: date, done: set[str]) -> list[Step]:
    """The steps to send today: fallen due (on or before today), not sent before, and not in
    the quiet days after sending. After downtime this is one per step that fell due, never a
    step whose day has not come."""
    return [s for s in _sendable(steps, sent_on, done) if s.on <= today]


def next_step(steps: Sequence[Step], sent_on: date, today: date, done: set[str]) -> Step | None:
    """The first step still to come (today's included), or None."""
    coming = [s for s in _sendable(steps, sent_on, done) if s.on >= today]
    return min(coming, key=lambda s: s.on, default=None)
