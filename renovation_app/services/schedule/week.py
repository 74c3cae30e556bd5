"""The schedule as the calendar page reads it: the appointments of a span of days with their
people and jobs, in New York time with the offset of each instant (so the calendar places the
repeated hour of November's Sunday right) and its hours in words ("1:30 am EST - 2:30 am"), a
colour per person, who is booked twice, and the hours the day columns span (the working day,
stretched to any appointment earlier or later)."""

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime

from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import (
    ENDED_JOB_STATUSES,
    Appointment,
    AppointmentStatus,
    Job,
    Subcontractor,
    User,
    utc_now,
)
from renovation_app.services.jobs.records import job_by_number
from renovation_app.services.schedule.appointments import KIND_WORDS, LONGEST, people_of
from renovation_app.services.schedule.times import (
    clock_words,
    new_york,
    span_of_days,
    span_words,
)

# One colour per person (by their place in the staff list), dark enough for white text.
PALETTE = ("#9a3412", "#1d4ed8", "#047857", "#7c3aed", "#b91c1c", "#0f766e", "#a16207", "#be185d")
NOBODY = "#475569"
WORKING_DAY = (6, 21)  # the hours the day columns span when no appointment is outside them


@dataclass(frozen=True)
class Person:
    key: str  # "u12" (a staff member) or "s3" (a subcontractor)
    name: str
    colour: str


@dataclass(frozen=True)
class CalendarEvent:
    id: str
    title: str
    start: str  # ISO with New York's offset: "2026-11-01T01:30:00-05:00"
    end: str
    when: str  # "1:30 am EST - 2:30 am": the hours as the app says them everywhere
    kind: str
    kind_label: str
    people: list[str]  # Person.key
    people_names: str
    job: str  # its number, "" when none
    job_id: int  # 0 when none
    address: str
    notes: str
    colour: str
    clash: bool  # someone on it is booked elsewhere at the same time


@dataclass(frozen=True)
class Schedule:
    first_day: str
    days: int
    events: list[CalendarEvent] = field(default_factory=list)
    people: list[Person] = field(default_factory=list)
    jobs: list[dict] = field(default_factory=list)  # open jobs: {"value": id, "label": ...}
    grid_starts: str = "06:00:00"  # the day columns' first hour (FullCalendar's slotMinTime)
    grid_ends: str = "21:00:00"  # and the hour they end (slotMaxTime; "24:00:00" is midnight)


def _iso(instant: datetime) -> str:
    return new_york(instant).isoformat()


def people_list(session: Session) -> list[Person]:
    users = session.exec(select(User).where(User.active).order_by(User.name)).all()
    subs = session.exec(
        select(Subcontractor).where(Subcontractor.active).order_by(Subcontractor.company)
    ).all()
    people = [
        Person(f"u{u.id}", u.name or u.email, PALETTE[n % len(PALETTE)])
        for n, u in enumerate(users)
    ]
    people += [Person(f"s{s.id}", s.company, NOBODY) for s in subs]
    return people


def _clashes(appointments: list[Appointment], keys: dict[int, list[str]]) -> set[int]:
    """The appointments on which someone is also on another one at the same time."""
    by_person: dict[str, list[Appointment]] = defaultdict(list)
    for appointment in appointments:
        for key in keys.get(appointment.id, []):
            by_person[key].append(appointment)
    clashing: set[int] = set()
    for booked in by_person.values():
        booked.sort(key=lambda a: a.starts_at)
        longest = None  # of those before, the one that ends last
        for appointment in booked:
            if longest is not None and appointment.starts_at < longest.ends_at:
                clashing.update((longest.id, appointment.id))
            if longest is None or appointment.ends_at > longest.ends_at:
                longest = appointment
    return clashing


def grid_hours(appointments: list[Appointment]) -> tuple[str, str]:
    """The hours the day columns span: the working day, stretched so that every appointment
    shown is inside it (one that runs past midnight needs the whole day)."""
    first, last = WORKING_DAY
    for appointment in appointments:
        start, end = new_york(appointment.starts_at), new_york(appointment.ends_at)
        if end.date() != start.date():
            first, last = 0, 24
            break
        first = min(first, start.hour)
        last = max(last, end.hour + (1 if end.minute else 0))
    return f"{first:02d}:00:00", f"{last:02d}:00:00"


def _appointments_of(session: Session, first_day: date, days: int) -> list[Appointment]:
    start, end = span_of_days(first_day, days)
    return list(
        session.exec(
            select(Appointment)
            .where(
                Appointment.status == AppointmentStatus.SCHEDULED,
                Appointment.starts_at < end,
                Appointment.ends_at > start,
                Appointment.starts_at > start - LONGEST,  # bounds the index scan from below
            )
            .order_by(Appointment.starts_at)
        )
    )


def _events(session: Session, appointments: list[Appointment], people: list[Person]):
    rows = people_of(session, [a.id for a in appointments])
    keys = {
        a_id: [f"u{r.user_id}" if r.user_id else f"s{r.subcontractor_id}" for r in on]
        for a_id, on in rows.items()
    }
    by_key = {p.key: p for p in people}
    job_ids = {a.job_id for a in appointments if a.job_id}
    numbers = dict(session.exec(select(Job.id, Job.number).where(Job.id.in_(job_ids))).all())
    clashing = _clashes(appointments, keys)
    events = []
    for a in appointments:
        on = [k for k in keys.get(a.id, []) if k in by_key]
        events.append(
            CalendarEvent(
                id=str(a.id),
                title=a.title,
                start=_iso(a.starts_at),
                end=_iso(a.ends_at),
                when=span_words(a.starts_at, a.ends_at),
                kind=str(a.kind),
                kind_label=KIND_WORDS[a.kind],
                people=on,
                people_names=", ".join(by_key[k].name for k in on),
                job=numbers.get(a.job_id, ""),
                job_id=a.job_id or 0,
                address=a.address,
                notes=a.notes,
                colour=by_key[on[0]].colour if on else NOBODY,
                clash=a.id in clashing,
            )
        )
    return events


def schedule_of(session: Session, first_day: date, days: int) -> Schedule:
    appointments = _appointments_of(session, first_day, days)
    people = people_list(session)
    open_jobs = session.exec(
        select(Job.id, Job.number, Job.title)
        .where(Job.status.not_in(ENDED_JOB_STATUSES))
        .order_by(Job.number.desc())
        .limit(300)
    ).all()
    grid_starts, grid_ends = grid_hours(appointments)
    return Schedule(
        first_day.isoformat(),
        days,
        _events(session, appointments, people),
        people,
        [{"value": j_id, "label": f"{number} {title}"} for j_id, number, title in open_jobs],
        grid_starts,
        grid_ends,
    )


def get_schedule(first_day: date, days: int) -> Schedule:
    with db_session() as session:
        return schedule_of(session, first_day, max(1, min(days, 42)))


@dataclass(frozen=True)
class JobDay:
    day: str  # "Tuesday, November 24"
    hours: str  # "8:00 am - 4:00 pm"
    title: str
    people: str
    past: bool


def job_days(number: str) -> list[JobDay]:
    """A job's appointments (its work days, visits, inspections), oldest first, for its page."""
    with db_session() as session:
        job = job_by_number(session, number)
        if job is None:
            return []
        rows = list(
            session.exec(
                select(Appointment)
                .where(
                    Appointment.job_id == job.id, Appointment.status == AppointmentStatus.SCHEDULED
                )
                .order_by(Appointment.starts_at)
            )
        )
        people = people_of(session, [a.id for a in rows])
        names = {p.key: p.name for p in people_list(session)}
        now = utc_now()
        days = []
        for a in rows:
            keys = [
                f"u{r.user_id}" if r.user_id else f"s{r.subcontractor_id}"
                for r in people.get(a.id, [])
            ]
            days.append(
                JobDay(
                    day=clock_words(a.starts_at).rsplit(",", 1)[0],
                    hours=span_words(a.starts_at, a.ends_at),
                    title=a.title,
                    people=", ".join(names[k] for k in keys if k in names),
                    past=a.ends_at < now,
                )
            )
        return days
