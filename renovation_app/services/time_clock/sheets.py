"""Timesheets: a person's week (each day's entries per job, breaks, totals, regular and
overtime hours, what was sent late, corrected or left open) and the office's view of a week
(everyone's totals and whether approved). A person sees their own; admins see everyone's and
where the phone was at each clock in and out (for those who consented)."""

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from sqlmodel import Session, col, select

from renovation_app import routes
from renovation_app.db import db_session
from renovation_app.models import Job, TimeEntry, TimesheetWeek, User, utc_now
from renovation_app.services.schedule.times import hour_words, new_york, week_of
from renovation_app.services.staff import SignedInUser
from renovation_app.services.time_clock.hours import (
    Worked,
    hours_words,
    split_week,
    week_span,
)
from renovation_app.services.time_clock.records import FORGOTTEN_AFTER, week_entries, week_record


@dataclass(frozen=True)
class EntryRow:
    id: int
    day: str  # "Mon Nov 23"
    job_number: str
    job_path: str
    started: str  # "7:00 am"
    ended: str  # "3:30 pm", "still clocked in"
    breaks: str  # "0:30"
    worked: str  # "8.00"
    overtime: str  # "0.50", "" without
    notes: list[str]  # sent late, not on the schedule, open too long, corrected and why
    in_map: str  # admins only: where the phone was (a map link), ""
    out_map: str
    # The correction form's values: New York wall times and the break in minutes.
    started_local: str
    ended_local: str
    break_minutes: str


@dataclass
class WeekView:
    user_id: int
    person: str
    monday: str  # "2026-11-23": the week's key in its address
    heading: str  # "Week of Mon Nov 23, 2026"
    previous_week: str
    next_week: str
    rows: list[EntryRow] = field(default_factory=list)
    days: list[list[str]] = field(default_factory=list)  # [day, hours]
    total: str = "0.00"
    regular: str = "0.00"
    overtime: str = "0.00"
    exempt: bool = False
    approved: bool = False
    status: str = "Not approved yet."
    open_entries: int = 0


@dataclass(frozen=True)
class PersonWeek:
    user_id: int
    person: str
    total: str
    regular: str
    overtime: str
    status: str  # "Approved", "Waiting for approval", "Clocked in now"
    path: str


def monday_of(text: object, today: date | None = None) -> date:
    """The week an address names ("2026-11-23", any day of it); this week when it names none."""
    try:
        day = date.fromisoformat(text) if isinstance(text, str) and text else None
    except ValueError:
        day = None
    if day is None or not 2000 <= day.year <= 2100:
        day = today or new_york(utc_now()).date()
    return week_of(day)


def timesheet_path(monday: date | str, user_id: int | str) -> str:
    return f"{routes.TIMESHEETS.path}/{monday}/{user_id}"


def _map(latitude, longitude) -> str:
    if latitude is None or longitude is None:
        return ""
    return f"https://www.openstreetmap.org/?mlat={latitude:.6f}&mlon={longitude:.6f}#map=18/{latitude:.6f}/{longitude:.6f}"


def _clock(instant: datetime | None) -> str:
    return hour_words(new_york(instant).time()) if instant else ""


def _notes(entry: TimeEntry, now: datetime) -> list[str]:
    notes = []
    if entry.started_late or entry.ended_late:
        notes.append("Sent late (no signal): the phone's time was taken.")
    if entry.off_schedule:
        notes.append("Not on the schedule at this job that day.")
    if entry.ended_at is None and now - entry.started_at >= FORGOTTEN_AFTER:
        notes.append("Open for 12 hours or more: forgot to clock out? Close it with its end.")
    if entry.added_by:
        notes.append(f"Added by the office: {entry.correction_reason}")
    elif entry.corrected_at:
        was = f"{_clock(entry.original_started_at)} to {_clock(entry.original_ended_at) or 'open'}"
        notes.append(f"Corrected by the office: {entry.correction_reason} (the clock said {was}).")
    return notes


def _local(instant: datetime | None) -> str:
    return new_york(instant).strftime("%Y-%m-%dT%H:%M") if instant else ""


def _row(entry: TimeEntry, job: Job, worked: Worked | None, admin: bool, now) -> EntryRow:
    return EntryRow(
        id=entry.id,
        day=f"{new_york(entry.started_at):%a %b %-d}",
        job_number=job.number,
        job_path=routes.job_costs_path(job.number),
        started=_clock(entry.started_at),
        ended=_clock(entry.ended_at) or "still clocked in",
        breaks=f"{entry.break_seconds // 3600}:{entry.break_seconds // 60 % 60:02d}",
        worked=hours_words(worked.minutes) if worked else "",
        overtime=hours_words(worked.overtime) if worked and worked.overtime else "",
        notes=_notes(entry, now),
        in_map=_map(entry.in_latitude, entry.in_longitude) if admin else "",
        out_map=_map(entry.out_latitude, entry.out_longitude) if admin else "",
        started_local=_local(entry.started_at),
        ended_local=_local(entry.ended_at),
        break_minutes=str(entry.break_seconds // 60),
    )


def _status(session: Session, week: TimesheetWeek | None) -> str:
    if week is not None and week.approved_at is not None:
        approver = session.get(User, week.approved_by) if week.approved_by else None
        who = f" by {approver.name}" if approver else ""
        return f"Approved{who} on {new_york(week.approved_at):%b %-d, %Y}."
    if week is not None and week.reopened_at is not None:
        return f"Reopened after a change: {week.reopened_reason}"
    return "Not approved yet."


def _fill(view: WeekView, session: Session, person: User, admin: bool, now) -> None:
    entries = week_entries(session, person.id, date.fromisoformat(view.monday))
    jobs = {
        j.id: j
        for j in session.exec(select(Job).where(col(Job.id).in_({e.job_id for e in entries})))
    }
    split = {w.entry_id: w for w in split_week(entries, person.overtime_exempt)}
    per_day: dict[str, int] = defaultdict(int)
    for entry in entries:
        row = _row(entry, jobs[entry.job_id], split.get(entry.id), admin, now)
        view.rows.append(row)
        per_day[row.day] += split[entry.id].minutes if entry.id in split else 0
    view.days = [[day, hours_words(minutes)] for day, minutes in per_day.items()]
    view.total = hours_words(sum(w.minutes for w in split.values()))
    view.regular = hours_words(sum(w.regular for w in split.values()))
    view.overtime = hours_words(sum(w.overtime for w in split.values()))
    view.open_entries = sum(1 for e in entries if e.ended_at is None)


def week_view(viewer: SignedInUser, user_id: int, monday: date, now=None) -> WeekView | None:
    """The person's week; None when there is no such person or the viewer may not see it."""
    if user_id != viewer.id and not viewer.is_admin:
        return None
    now = now or utc_now()
    with db_session() as session:
        person = session.get(User, user_id)
        if person is None:
            return None
        week = week_record(session, user_id, monday)
        view = WeekView(
            user_id=user_id,
            person=person.name or person.email,
            monday=monday.isoformat(),
            heading=f"Week of {monday:%a %b %-d, %Y}",
            previous_week=timesheet_path(monday - timedelta(days=7), user_id),
            next_week=timesheet_path(monday + timedelta(days=7), user_id),
            exempt=person.overtime_exempt,
            approved=week is not None and week.approved_at is not None,
            status=_status(session, week),
        )
        _fill(view, session, person, viewer.is_admin, now)
        return view


def _people(session: Session, viewer: SignedInUser, monday: date) -> list[User]:
    """Admins: everyone active and anyone with time that week; others: themselves."""
    if not viewer.is_admin:
        return [u for u in [session.get(User, viewer.id)] if u is not None]
    start, end = week_span(monday)
    with_time = select(TimeEntry.user_id).where(
        TimeEntry.started_at >= start, TimeEntry.started_at < end
    )
    query = select(User).where(col(User.active) | col(User.id).in_(with_time))
    return sorted(session.exec(query), key=lambda u: (u.name or u.email).lower())


def week_overview(viewer: SignedInUser, monday: date, now=None) -> list[PersonWeek]:
    now = now or utc_now()
    with db_session() as session:
        rows = []
        for person in _people(session, viewer, monday):
            entries = week_entries(session, person.id, monday)
            split = split_week(entries, person.overtime_exempt)
            week = week_record(session, person.id, monday)
            if any(e.ended_at is None and now - e.started_at >= FORGOTTEN_AFTER for e in entries):
                status = "Open 12 hours or more: forgot to clock out?"
            elif any(e.ended_at is None for e in entries):
                status = "Clocked in now"
            elif week is not None and week.approved_at is not None:
                status = "Approved"
            else:
                status = "Waiting for approval" if entries else "No time"
            rows.append(
                PersonWeek(
                    user_id=person.id,
                    person=person.name or person.email,
                    total=hours_words(sum(w.minutes for w in split)),
                    regular=hours_words(sum(w.regular for w in split)),
                    overtime=hours_words(sum(w.overtime for w in split)),
                    status=status,
                    path=timesheet_path(monday, person.id),
                )
            )
        return rows
