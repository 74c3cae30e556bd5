"""A tap of the time clock from a phone: clock in on a job, start and end a break, clock out.

Each tap carries a key the phone made; the first request with a key does the tap and keeps it
(table time_tap), every later one (a double click, a second tab, an offline queue replayed) is
answered from that record, so a tap is done once. Taps of one person are done one at a time
under the person's lock; one open entry per person is also a unique index. A tap sent late (no
signal) counts at the phone's time when that is within the last day, marked "sent late"; a
phone whose clock is ahead of the server's counts at the server's."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import Session, col, select

from renovation_app.db import db_session
from renovation_app.models import (
    ENDED_JOB_STATUSES,
    Appointment,
    AppointmentPerson,
    Job,
    TapAction,
    TimeEntry,
    TimeTap,
    User,
    utc_now,
)
from renovation_app.models.schedule import AppointmentStatus
from renovation_app.services import audit
from renovation_app.services.errors import ActionRefused
from renovation_app.services.schedule.times import day_span, hour_words, new_york
from renovation_app.services.staff import SignedInUser
from renovation_app.services.time_clock.approval import reopen_if_approved
from renovation_app.services.time_clock.records import lock_person, open_entry

SENT_LATE_AFTER = timedelta(minutes=2)  # older than this on arrival: marked "sent late"
OLDEST_TAP = timedelta(hours=24)  # older than this: the office adds the time by hand


class NotOnSchedule(ActionRefused):
    """Clocking in on a job the person is not on the schedule for that day: asked once."""


@dataclass(frozen=True)
class Tap:
    key: str
    action: TapAction
    tapped_at: datetime
    job_id: int | None = None
    off_schedule_ok: bool = False  # the person answered "yes" to "you are not on the schedule"
    latitude: float | None = None
    longitude: float | None = None
    accuracy_m: float | None = None


@dataclass(frozen=True)
class TapDone:
    entry_id: int | None
    refused: str  # "" when the tap was done
    replayed: bool  # the key had been sent before: nothing was done again


def _moment(tapped_at: datetime, now: datetime) -> tuple[datetime, bool]:
    """When the tap counts (the phone's time, unless its clock is ahead of ours), and whether
    it was sent late."""
    if tapped_at > now:
        return now, False
    if now - tapped_at > OLDEST_TAP:
        raise ActionRefused(
            "This tap is more than a day old: ask the office to add the time to your timesheet."
        )
    return tapped_at, now - tapped_at > SENT_LATE_AFTER


def _at(instant: datetime) -> str:
    local = new_york(instant)
    return f"{hour_words(local.time())} on {local:%a %b %-d}"


def on_schedule(session: Session, user_id: int, job_id: int, at: datetime) -> bool:
    """Whether the person is on one of the job's appointments on the New York day of `at`."""
    start, end = day_span(new_york(at).date())
    query = (
        select(Appointment.id)
        .join(AppointmentPerson, col(AppointmentPerson.appointment_id) == Appointment.id)
        .where(
            AppointmentPerson.user_id == user_id,
            Appointment.job_id == job_id,
            Appointment.status == AppointmentStatus.SCHEDULED,
            Appointment.starts_at < end,
            Appointment.ends_at > start,
        )
    )
    return session.exec(query.limit(1)).first() is not None


def _place(person: User, tap: Tap) -> tuple[float | None, float | None, float | None]:
    """The phone's position, kept only for a person who consented and only when it is one."""
    if not person.location_consent or tap.latitude is None or tap.longitude is None:
        return None, None, None
    if not (-90 <= tap.latitude <= 90 and -180 <= tap.longitude <= 180):
        return None, None, None
    accuracy = tap.accuracy_m if tap.accuracy_m is not None and tap.accuracy_m >= 0 else None
    return tap.latitude, tap.longitude, accuracy


def _clock_in(session: Session, person: User, tap: Tap, at: datetime, late: bool) -> TimeEntry:
    job = session.get(Job, tap.job_id) if isinstance(tap.job_id, int) else None
    if job is None:
        raise ActionRefused("Please choose the job you are working on.")
    if job.status in ENDED_JOB_STATUSES:
        raise ActionRefused(f"Job {job.number} is {job.status}: it takes no more time.")
    if (current := open_entry(session, person.id)) is not None:
        raise ActionRefused(f"You are clocked in since {_at(current.started_at)}: clock out first.")
    later = select(TimeEntry).where(TimeEntry.user_id == person.id, TimeEntry.ended_at > at)
    if (overlapping := session.exec(later.limit(1)).first()) is not None:
        raise ActionRefused(
            f"You were clocked in until {_at(overlapping.ended_at)}: this clock in is earlier."
        )
    scheduled = on_schedule(session, person.id, job.id, at)
    if not scheduled and not tap.off_schedule_ok:
        raise NotOnSchedule(f"You are not on the schedule at job {job.number} today.")
    latitude, longitude, accuracy = _place(person, tap)
    entry = TimeEntry(
        user_id=person.id,
        job_id=job.id,
        started_at=at,
        started_late=late,
        off_schedule=not scheduled,
        in_latitude=latitude,
        in_longitude=longitude,
        in_accuracy_m=accuracy,
    )
    session.add(entry)
    session.flush()
    return entry


def _current(session: Session, person: User, at: datetime) -> TimeEntry:
    entry = open_entry(session, person.id)
    if entry is None:
        raise ActionRefused("You are not clocked in.")
    since = entry.break_started_at or entry.started_at
    if at < since:
        raise ActionRefused(f"That time is before {_at(since)}, when your last tap counted.")
    return entry


def _break_start(session: Session, person: User, tap: Tap, at: datetime, late: bool) -> TimeEntry:
    entry = _current(session, person, at)
    if entry.break_started_at is not None:
        raise ActionRefused(f"You are on a break since {_at(entry.break_started_at)}.")
    entry.break_started_at = at
    return entry


def _end_break(entry: TimeEntry, at: datetime) -> None:
    entry.break_seconds += int((at - entry.break_started_at).total_seconds())
    entry.break_started_at = None


def _break_end(session: Session, person: User, tap: Tap, at: datetime, late: bool) -> TimeEntry:
    entry = _current(session, person, at)
    if entry.break_started_at is None:
        raise ActionRefused("You are not on a break.")
    _end_break(entry, at)
    return entry


def _clock_out(session: Session, person: User, tap: Tap, at: datetime, late: bool) -> TimeEntry:
    entry = _current(session, person, at)
    if entry.break_started_at is not None:
        _end_break(entry, at)
    entry.ended_at, entry.ended_late = at, late
    entry.out_latitude, entry.out_longitude, entry.out_accuracy_m = _place(person, tap)
    reopen_if_approved(session, entry, person.id, "time clocked after the approval")
    return entry


ACTIONS = {
    TapAction.CLOCK_IN: _clock_in,
    TapAction.BREAK_START: _break_start,
    TapAction.BREAK_END: _break_end,
    TapAction.CLOCK_OUT: _clock_out,
}


def record_tap(user: SignedInUser, tap: Tap, now: datetime | None = None) -> TapDone:
    """Do one tap once. A refusal is kept with its key (the same tap sent again gets the same
    answer), except "not on the schedule", which the phone asks and sends again confirmed."""
    now = now or utc_now()
    with db_session() as session:
        lock_person(session, user.id)
        done = session.exec(select(TimeTap).where(TimeTap.key == tap.key)).first()
        if done is not None:
            if done.user_id != user.id:
                raise ActionRefused("This tap was not yours.")
            return TapDone(done.entry_id, done.refused, replayed=True)
        person = session.get(User, user.id)
        row = TimeTap(
            key=tap.key,
            user_id=user.id,
            action=tap.action,
            job_id=tap.job_id,
            tapped_at=tap.tapped_at,
            received_at=now,
        )
        try:
            at, late = _moment(tap.tapped_at, now)
            entry = ACTIONS[tap.action](session, person, tap, at, late)
        except NotOnSchedule:
            raise
        except ActionRefused as refused:  # refused before anything changed
            row.refused = str(refused)
            session.add(row)
            session.commit()
            return TapDone(None, row.refused, replayed=False)
        row.entry_id = entry.id
        session.add(row)
        audit.record(
            session,
            f"time.{tap.action}",
            user_id=user.id,
            record_kind="time_entry",
            record_id=entry.id,
            detail=f"{_at(at)}" + (" (sent late)" if late else ""),
        )
        session.commit()
        return TapDone(entry.id, "", replayed=False)
