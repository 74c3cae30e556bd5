"""A person's week approved by an admin: its time becomes labour costs on each job, one cost a
job a day, at the person's loaded hourly cost with overtime at 1.5 times it; a crew day the
office typed for the same person, job and day is replaced (deleted with the reason). A change to
the week afterwards (a correction, a tap sent late) reopens it: its costs are deleted with the
reason and come back when it is approved again."""

from collections import defaultdict
from datetime import date

from sqlmodel import Session, col, select

from renovation_app.db import db_session
from renovation_app.models import CostKind, JobCost, TimeEntry, TimesheetWeek, User, utc_now
from renovation_app.services import audit
from renovation_app.services.billing.quantities import MILLI
from renovation_app.services.errors import ActionRefused
from renovation_app.services.staff import SignedInUser
from renovation_app.services.time_clock.hours import (
    hours_words,
    labour_cents,
    split_week,
    week_containing,
)
from renovation_app.services.time_clock.records import lock_person, week_entries, week_record

ADMINS_ONLY = "Only an admin approves timesheets."


def reopen_if_approved(session: Session, entry: TimeEntry, actor_id: int, reason: str) -> None:
    """The entry's week, approved, is open again (call under the person's lock)."""
    week = week_record(session, entry.user_id, week_containing(entry.started_at))
    if week is None or week.approved_at is None:
        return
    now = utc_now()
    week.approved_at, week.approved_by = None, None
    week.reopened_at, week.reopened_reason = now, reason[:300]
    costs = select(JobCost).where(
        JobCost.timesheet_week_id == week.id, col(JobCost.deleted_at).is_(None)
    )
    for cost in session.exec(costs):
        cost.deleted_at, cost.deleted_reason = now, f"Timesheet reopened: {reason}"[:300]
    for priced in session.exec(select(TimeEntry).where(TimeEntry.timesheet_week_id == week.id)):
        priced.timesheet_week_id = None
    audit.record(
        session,
        "timesheet.reopened",
        user_id=actor_id,
        record_kind="timesheet_week",
        record_id=week.id,
        detail=f"Week of {week.week_start:%b %-d, %Y}: {reason}"[:500],
    )


def _replace_typed_days(session: Session, person: User, days: set[tuple[int, date]]) -> int:
    """Delete the crew days typed for the person on the (job, day)s the timesheet now prices."""
    now, replaced = utc_now(), 0
    typed = select(JobCost).where(
        JobCost.kind == CostKind.LABOUR,
        JobCost.worker_id == person.id,
        col(JobCost.timesheet_week_id).is_(None),
        col(JobCost.deleted_at).is_(None),
        col(JobCost.incurred_on).in_({day for _, day in days}),
    )
    for cost in session.exec(typed):
        if (cost.job_id, cost.incurred_on) in days:
            cost.deleted_at, cost.deleted_reason = now, "Replaced by the approved timesheet."
            replaced += 1
    return replaced


def _labour_cost(person: User, week: TimesheetWeek, job_id: int, day: date, minutes, admin_id):
    regular, overtime = minutes
    words = f"Timesheet: {hours_words(regular + overtime)} h"
    if overtime:
        words += f", {hours_words(overtime)} h of it overtime at 1.5x"
    return JobCost(
        job_id=job_id,
        kind=CostKind.LABOUR,
        category="labour",
        incurred_on=day,
        payee=person.name,
        description=words,
        amount_cents=labour_cents(regular, overtime, person.hourly_cost_cents),
        worker_id=person.id,
        hours_milli=((regular + overtime) * MILLI + 30) // 60,
        hourly_cost_cents=person.hourly_cost_cents,
        paid_on=day,
        paid_how="payroll",
        author_id=admin_id,
        timesheet_week_id=week.id,
    )


def _ready_week(session: Session, person: User, monday: date) -> list[TimeEntry]:
    entries = week_entries(session, person.id, monday)
    if not entries:
        raise ActionRefused(f"{person.name} has no time in the week of {monday:%b %-d}.")
    if any(e.ended_at is None for e in entries):
        raise ActionRefused(
            f"{person.name} is still clocked in: close that entry (with its end) before approving."
        )
    if person.hourly_cost_cents <= 0:
        raise ActionRefused(
            f"{person.name} has no hourly cost yet: an admin sets it on the Staff page."
        )
    return entries


def approve_week(admin: SignedInUser, user_id: int, monday: date) -> int:
    """Approve the person's week; returns how many typed crew days it replaced. Approving an
    approved week changes nothing."""
    if not admin.is_admin:
        raise ActionRefused(ADMINS_ONLY)
    with db_session() as session:
        lock_person(session, user_id)
        person = session.get(User, user_id)
        if person is None:
            raise ActionRefused("There is no such person.")
        week = week_record(session, user_id, monday)
        if week is not None and week.approved_at is not None:
            return 0
        entries = _ready_week(session, person, monday)
        if week is None:
            week = TimesheetWeek(user_id=user_id, week_start=monday)
            session.add(week)
            session.flush()
        per_day: dict[tuple[int, date], list[int]] = defaultdict(lambda: [0, 0])
        for worked in split_week(entries, person.overtime_exempt):
            per_day[(worked.job_id, worked.day)][0] += worked.regular
            per_day[(worked.job_id, worked.day)][1] += worked.overtime
        replaced = _replace_typed_days(session, person, set(per_day))
        for (job_id, day), minutes in sorted(per_day.items(), key=lambda kv: kv[0][1]):
            session.add(_labour_cost(person, week, job_id, day, minutes, admin.id))
        for entry in entries:
            entry.timesheet_week_id = week.id
        week.approved_at, week.approved_by = utc_now(), admin.id
        audit.record(
            session,
            "timesheet.approved",
            user_id=admin.id,
            record_kind="timesheet_week",
            record_id=week.id,
            detail=f"{person.name}, week of {monday:%b %-d, %Y}"
            + (f"; {replaced} typed crew days replaced" if replaced else ""),
        )
        session.commit()
        return replaced
