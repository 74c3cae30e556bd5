"""The crew's time clock through the real services: a work day on the schedule, taps sent
from a phone at a given time (the server's "now" given too), and a week of clocked time."""

import itertools
from datetime import UTC, date, datetime, time, timedelta

from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Job, TapAction, TimeEntry, User
from renovation_app.services import jobs, time_clock
from renovation_app.services.billing import business_today
from renovation_app.services.errors import ActionRefused
from renovation_app.services.schedule import appointments
from renovation_app.services.schedule.times import instant_of, week_of
from tests.factories.staff import as_signed_in

_KEYS = itertools.count(1)


def ny(day: date, hour: int, minute: int = 0, fold: int = 0) -> datetime:
    """A New York wall time as the UTC instant the services keep."""
    return instant_of(day, time(hour, minute), fold)


def job_by_hand(by: User, title: str = "Replace the kitchen faucet", phone: str = "") -> Job:
    """A job of small work agreed without an estimate (no contract to sign: the cheapest job)."""
    form = {
        "name": "Lee Chan",
        "email": f"lee-{next(_KEYS)}@example.com",
        "phone": phone,
        "address": "5 Court St, Brooklyn, NY 11201",
        "title": title,
        "price": "300",
        "tax_category": "repair",
        "tax_area": "nyc",
    }
    return jobs.create_small_job(jobs.validate_small_work(form), as_signed_in(by))


def work_day(job: Job, person: User, day: date, by: User, start: int = 8, end: int = 16) -> int:
    """Put the person on the job's schedule that day (outside the contract's dates confirmed)."""
    raw = {
        "kind": "work_day",
        "title": f"Work at {job.number}",
        "starts_at": ny(day, start).isoformat(),
        "ends_at": ny(day, end).isoformat(),
        "job_id": job.id,
        "user_ids": [person.id],
        "notes": "Bring the tile saw",
    }
    try:
        return appointments.save_appointment(raw, as_signed_in(by))
    except appointments.ConflictNeedsConfirming as asked:
        return appointments.save_appointment(raw, as_signed_in(by), confirmed=asked.words)


def tap(
    person: User,
    action: str,
    at: datetime,
    job: Job | None = None,
    *,
    now: datetime | None = None,
    key: str = "",
    off_schedule_ok: bool = True,
    where: tuple[float, float, float] | None = None,
) -> time_clock.TapDone:
    """One tap made at `at` on the phone and received at `now` (at once when not given)."""
    latitude, longitude, accuracy = where or (None, None, None)
    sent = time_clock.Tap(
        key=key or f"tap-{next(_KEYS)}",
        action=TapAction(action),
        tapped_at=at,
        job_id=job.id if job else None,
        off_schedule_ok=off_schedule_ok,
        latitude=latitude,
        longitude=longitude,
        accuracy_m=accuracy,
    )
    return time_clock.record_tap(as_signed_in(person), sent, now=now or at)


def shift(person: User, job: Job, day: date, start: int, end: int, break_minutes: int = 0):
    """A day clocked in and out on the phone, with one break at noon."""
    tap(person, "clock_in", ny(day, start), job)
    if break_minutes:
        tap(person, "break_start", ny(day, 12))
        tap(person, "break_end", ny(day, 12) + timedelta(minutes=break_minutes))
    done = tap(person, "clock_out", ny(day, end))
    if done.refused:
        raise ActionRefused(done.refused)
    return done.entry_id


def entries_of(person: User) -> list[TimeEntry]:
    with db_session() as session:
        query = select(TimeEntry).where(TimeEntry.user_id == person.id)
        return list(session.exec(query.order_by(TimeEntry.started_at)).all())


def set_person(person: User, **columns) -> User:
    """Columns an admin sets on the Staff page (exempt from overtime) or the person on their
    account (location consent)."""
    with db_session() as session:
        row = session.get(User, person.id)
        for name, value in columns.items():
            setattr(row, name, value)
        session.add(row)
        session.commit()
        session.refresh(row)
        return row


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


def week_of_business_day(days_from_today: int) -> date:
    """The Monday of the New York week `days_from_today` days from today."""
    return week_of(business_today() + timedelta(days=days_from_today))
