"""Reading a person's time: their lock, their open entry, a week's entries and its record."""

from datetime import date, datetime, timedelta

from sqlmodel import Session, col, select

from renovation_app.models import Job, TimeEntry, TimesheetWeek, User
from renovation_app.services.limits.throttle import lock_key
from renovation_app.services.time_clock.hours import week_span

FORGOTTEN_AFTER = timedelta(hours=12)  # open this long: a clock out was forgotten


def lock_person(session: Session, user_id: int) -> None:
    """Hold the person's time until the transaction ends: their taps, the office's corrections
    and the approval of their weeks never interleave."""
    lock_key(session, f"time-clock:{user_id}")


def open_entry(session: Session, user_id: int) -> TimeEntry | None:
    query = select(TimeEntry).where(TimeEntry.user_id == user_id, col(TimeEntry.ended_at).is_(None))
    return session.exec(query).first()


def week_entries(session: Session, user_id: int, monday: date) -> list[TimeEntry]:
    """The entries that started in the person's New York week, in the order worked."""
    start, end = week_span(monday)
    query = (
        select(TimeEntry)
        .where(
            TimeEntry.user_id == user_id,
            TimeEntry.started_at >= start,
            TimeEntry.started_at < end,
        )
        .order_by(col(TimeEntry.started_at))
    )
    return list(session.exec(query).all())


def week_record(session: Session, user_id: int, monday: date) -> TimesheetWeek | None:
    query = select(TimesheetWeek).where(
        TimesheetWeek.user_id == user_id, TimesheetWeek.week_start == monday
    )
    return session.exec(query).first()


def forgotten_entries(session: Session, now: datetime) -> list[tuple[TimeEntry, str, str]]:
    """Entries open 12 hours or more (a clock out forgotten), oldest first, with the person's
    name and the job's number: the office closes each with its end and a reason."""
    query = (
        select(TimeEntry, User.name, Job.number)
        .join(User, col(User.id) == TimeEntry.user_id)
        .join(Job, col(Job.id) == TimeEntry.job_id)
        .where(col(TimeEntry.ended_at).is_(None), TimeEntry.started_at <= now - FORGOTTEN_AFTER)
        .order_by(col(TimeEntry.started_at))
    )
    return [(entry, name, number) for entry, name, number in session.exec(query)]
