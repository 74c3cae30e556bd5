"""The office's changes to time: an entry corrected (its start, its end, its breaks), an entry
added for time the clock missed, a forgotten clock out closed. Admins only, always with a
reason; the entry keeps what the clock recorded (`original_*`), the audit log keeps before and
after, and an approved week that changes is reopened."""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import ENDED_JOB_STATUSES, Job, TimeEntry, User, utc_now
from renovation_app.services import audit
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import reason_text, whole_number
from renovation_app.services.jobs.records import job_by_number
from renovation_app.services.schedule.times import new_york, parse_instant
from renovation_app.services.staff import SignedInUser
from renovation_app.services.time_clock.approval import reopen_if_approved
from renovation_app.services.time_clock.records import lock_person

ADMINS_ONLY = "Only an admin changes time entries."
LONGEST_ENTRY = timedelta(hours=24)


@dataclass(frozen=True)
class Times:
    started_at: datetime
    ended_at: datetime
    break_seconds: int


def _times(raw: Mapping, now: datetime) -> Times:
    """The form's New York start and end ("2026-11-23T07:00") and break minutes, checked."""
    started = parse_instant(raw.get("started"))
    ended = parse_instant(raw.get("ended"))
    if ended <= started:
        raise ActionRefused("The end must be after the start.")
    if ended - started > LONGEST_ENTRY:
        raise ActionRefused("One entry is at most 24 hours: split longer time into days.")
    if ended > now:
        raise ActionRefused("The end is in the future.")
    typed = raw.get("break_minutes")
    minutes = 0 if typed in (None, "") else whole_number(typed)
    if minutes is None or minutes < 0:
        raise ActionRefused("Please give the break in whole minutes, like 30.")
    if minutes * 60 >= (ended - started).total_seconds():
        raise ActionRefused("The break is as long as the entry or longer.")
    return Times(started, ended, minutes * 60)


def _check_no_overlap(session: Session, user_id: int, times: Times, entry_id: int | None) -> None:
    query = select(TimeEntry).where(
        TimeEntry.user_id == user_id,
        TimeEntry.started_at < times.ended_at,
        (TimeEntry.ended_at == None) | (TimeEntry.ended_at > times.started_at),  # noqa: E711
    )
    for other in session.exec(query):
        if other.id != entry_id:
            local = new_york(other.started_at)
            raise ActionRefused(
                f"This overlaps the entry that starts {local:%a %b %-d at %-I:%M %p}."
            )


def _summary(entry: TimeEntry) -> dict:
    return {
        "started": new_york(entry.started_at).isoformat(timespec="minutes"),
        "ended": new_york(entry.ended_at).isoformat(timespec="minutes") if entry.ended_at else "",
        "break_minutes": entry.break_seconds // 60,
    }


def _office_change(admin: SignedInUser, raw: Mapping, asked: str, now) -> tuple[str, Times]:
    """An admin's change of time, with its reason and its checked times."""
    if not admin.is_admin:
        raise ActionRefused(ADMINS_ONLY)
    return reason_text(raw.get("reason"), asked, 300), _times(raw, now)


def correct_entry(admin: SignedInUser, entry_id: int, raw: Mapping, now=None) -> None:
    """Set an entry's start, end and breaks (closing a forgotten clock out is this too)."""
    now = now or utc_now()
    reason, times = _office_change(admin, raw, "Please give the reason for the change.", now)
    with db_session() as session:
        entry = session.get(TimeEntry, entry_id)
        if entry is None:
            raise ActionRefused("There is no such time entry.")
        lock_person(session, entry.user_id)
        session.refresh(entry)
        _check_no_overlap(session, entry.user_id, times, entry.id)
        before = _summary(entry)
        reopen_if_approved(session, entry, admin.id, reason)  # the week it was in
        if entry.original_started_at is None:
            entry.original_started_at, entry.original_ended_at = entry.started_at, entry.ended_at
            entry.original_break_seconds = entry.break_seconds
        entry.started_at, entry.ended_at = times.started_at, times.ended_at
        entry.break_seconds, entry.break_started_at = times.break_seconds, None
        entry.corrected_by, entry.corrected_at, entry.correction_reason = admin.id, now, reason
        reopen_if_approved(session, entry, admin.id, reason)  # and the week it is in now
        audit.record(
            session,
            "time.corrected",
            user_id=admin.id,
            record_kind="time_entry",
            record_id=entry.id,
            detail=reason,
            before=before,
            after=_summary(entry),
        )
        session.commit()


def add_entry(admin: SignedInUser, user_id: int, raw: Mapping, now=None) -> int:
    """Time the clock missed, typed by the office for a person on a job; returns its id."""
    now = now or utc_now()
    reason, times = _office_change(admin, raw, "Please give the reason for adding this time.", now)
    with db_session() as session:
        if session.get(User, user_id) is None:
            raise ActionRefused("There is no such person.")
        job: Job | None = job_by_number(session, str(raw.get("job") or "").strip())
        if job is None:
            raise ActionRefused("Please give the job's number, like J-2026-0001.")
        if job.status in ENDED_JOB_STATUSES:
            raise ActionRefused(f"Job {job.number} is {job.status}: it takes no more time.")
        lock_person(session, user_id)
        _check_no_overlap(session, user_id, times, None)
        entry = TimeEntry(
            user_id=user_id,
            job_id=job.id,
            started_at=times.started_at,
            ended_at=times.ended_at,
            break_seconds=times.break_seconds,
            added_by=admin.id,
            correction_reason=reason,
            corrected_by=admin.id,
            corrected_at=now,
        )
        session.add(entry)
        session.flush()
        reopen_if_approved(session, entry, admin.id, reason)
        audit.record(
            session,
            "time.added",
            user_id=admin.id,
            record_kind="time_entry",
            record_id=entry.id,
            detail=f"{job.number}: {reason}"[:500],
            after=_summary(entry),
        )
        session.commit()
        return entry.id
