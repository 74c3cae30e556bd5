"""/today for one person: their appointments and work days today and tomorrow from the schedule
(where, whom to call, the notes for the crew, the job's photos and daily log), their clock
(out, in on a job, on a break; an entry open 12 hours is flagged) and the jobs to clock in on,
the ones they are on the schedule for today first."""

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from urllib.parse import quote_plus

from sqlmodel import Session, col, select

from renovation_app import routes
from renovation_app.db import db_session
from renovation_app.models import (
    ENDED_JOB_STATUSES,
    Appointment,
    AppointmentPerson,
    Job,
    TimeEntry,
    User,
    utc_now,
)
from renovation_app.models.schedule import AppointmentStatus
from renovation_app.services.schedule.times import day_span, hour_words, new_york
from renovation_app.services.texts.queueing import texts_off_reason
from renovation_app.services.time_clock.hours import hours_words, worked_minutes
from renovation_app.services.time_clock.records import FORGOTTEN_AFTER, open_entry

OTHER_JOBS = 100  # the newest open jobs offered beside today's


@dataclass(frozen=True)
class Visit:
    """One appointment of the person's today or tomorrow."""

    id: int
    when: str  # "Today 8:00 am to 4:00 pm"
    title: str
    job_number: str
    address: str
    map_url: str
    phone: str
    phone_href: str
    notes: str
    photos_path: str  # the job's photos and daily log ("" without a job)
    is_today: bool = False  # "On my way" is offered for today's visits


@dataclass(frozen=True)
class ClockJob:
    id: int
    label: str  # "J-2026-0003 Kitchen remodel, 12 Elm St"
    scheduled: bool  # the person is on the schedule there today


@dataclass(frozen=True)
class Clock:
    """The person's clock as the server knows it at `as_of` (ms since the epoch): the page shows
    the newest of what it read and what a tap's answer said, whichever arrives last."""

    clock: str = "out"  # "out", "in" or "break"
    clock_job: str = ""
    clock_since: str = ""  # "8:33 am Sun Nov 29"
    as_of: int = 0


@dataclass
class TodayView:
    heading: str  # "Sunday, November 29"
    visits: list[Visit] = field(default_factory=list)
    jobs: list[ClockJob] = field(default_factory=list)
    # The clock: "out", "in" or "break"; the entry's job and since when, in words.
    clock: str = "out"
    clock_job: str = ""
    clock_since: str = ""
    clock_as_of: int = 0  # ms since the epoch when it was read
    forgotten: bool = False  # open 12 hours or more: the office closes it
    worked_today: str = "0.00"
    location_consent: bool = False
    texts_off: str = ""  # why "On my way" cannot be texted, "" when texts are on


def map_url(address: str) -> str:
    return "https://www.google.com/maps/search/?api=1&query=" + quote_plus(address)


def phone_href(phone: str) -> str:
    digits = re.sub(r"[^\d+]", "", phone)
    return "tel:" + digits if len(digits) >= 7 else ""


def _window(appointment: Appointment, today) -> str:
    start, end = new_york(appointment.starts_at), new_york(appointment.ends_at)
    day = "Today" if start.date() <= today else "Tomorrow"
    return f"{day} {hour_words(start.time())} to {hour_words(end.time())}"


def _visits(session: Session, user_id: int, now: datetime) -> list[Visit]:
    today = new_york(now).date()
    start, end = day_span(today)[0], day_span(today + timedelta(days=1))[1]
    query = (
        select(Appointment, Job)
        .join(AppointmentPerson, col(AppointmentPerson.appointment_id) == Appointment.id)
        .outerjoin(Job, col(Job.id) == Appointment.job_id)
        .where(
            AppointmentPerson.user_id == user_id,
            Appointment.status == AppointmentStatus.SCHEDULED,
            Appointment.starts_at < end,
            Appointment.ends_at > start,
        )
        .order_by(col(Appointment.starts_at))
    )
    visits = []
    for appointment, job in session.exec(query):
        address = appointment.address or (job.address if job else "")
        phone = appointment.contact_phone or (job.customer_phone if job else "")
        visits.append(
            Visit(
                id=appointment.id,
                when=_window(appointment, today),
                title=appointment.title,
                job_number=job.number if job else "",
                address=address,
                map_url=map_url(address) if address else "",
                phone=phone,
                phone_href=phone_href(phone),
                notes=appointment.notes,
                photos_path=routes.job_photos_path(job.number) if job else "",
                is_today=new_york(appointment.starts_at).date() <= today,
            )
        )
    return visits


def _job_label(job: Job) -> str:
    where = f", {job.address.splitlines()[0]}" if job.address.strip() else ""
    return f"{job.number} {job.title}{where}"[:120]


def _jobs(session: Session, user_id: int, now: datetime) -> list[ClockJob]:
    start, end = day_span(new_york(now).date())
    today = select(Appointment.job_id).join(
        AppointmentPerson, col(AppointmentPerson.appointment_id) == Appointment.id
    )
    today = today.where(
        AppointmentPerson.user_id == user_id,
        Appointment.status == AppointmentStatus.SCHEDULED,
        col(Appointment.job_id).is_not(None),
        Appointment.starts_at < end,
        Appointment.ends_at > start,
    )
    scheduled = set(session.exec(today).all())
    open_jobs = (
        select(Job)
        .where(col(Job.status).not_in(ENDED_JOB_STATUSES))
        .order_by(col(Job.created_at).desc())
        .limit(OTHER_JOBS)
    )
    jobs = {job.id: job for job in session.exec(open_jobs)}
    if missing := scheduled - jobs.keys():  # on today's schedule, beyond the newest open jobs
        jobs.update(
            (job.id, job) for job in session.exec(select(Job).where(col(Job.id).in_(missing)))
        )
    ordered = sorted(jobs.values(), key=lambda j: (j.id not in scheduled, j.number))
    return [ClockJob(j.id, _job_label(j), j.id in scheduled) for j in ordered]


def _worked_today(session: Session, user_id: int, now: datetime) -> int:
    start, end = day_span(new_york(now).date())
    query = select(TimeEntry).where(
        TimeEntry.user_id == user_id, TimeEntry.started_at >= start, TimeEntry.started_at < end
    )
    minutes = 0
    for entry in session.exec(query):
        on_break = (now - entry.break_started_at).total_seconds() if entry.break_started_at else 0
        minutes += worked_minutes(
            entry.started_at, entry.ended_at or now, entry.break_seconds + int(on_break)
        )
    return minutes


def clock_of(session: Session, entry: TimeEntry | None, now: datetime) -> Clock:
    """The clock of the person's open entry (None: clocked out), read at `now`."""
    as_of = int(now.timestamp() * 1000)
    if entry is None:
        return Clock(as_of=as_of)
    since = new_york(entry.break_started_at or entry.started_at)
    return Clock(
        clock="break" if entry.break_started_at else "in",
        clock_job=_job_label(session.get(Job, entry.job_id)),
        clock_since=f"{hour_words(since.time())} {since:%a %b %-d}",
        as_of=as_of,
    )


def clock_now(user_id: int) -> Clock:
    """The clock just after a tap was recorded."""
    now = utc_now()
    with db_session() as session:
        return clock_of(session, open_entry(session, user_id), now)


def today_view(user_id: int, now: datetime | None = None) -> TodayView:
    now = now or utc_now()
    with db_session() as session:
        person = session.get(User, user_id)
        entry = open_entry(session, user_id)
        clock = clock_of(session, entry, now)
        view = TodayView(
            heading=f"{new_york(now):%A, %B %-d}",
            visits=_visits(session, user_id, now),
            jobs=_jobs(session, user_id, now),
            clock=clock.clock,
            clock_job=clock.clock_job,
            clock_since=clock.clock_since,
            clock_as_of=clock.as_of,
            worked_today=hours_words(_worked_today(session, user_id, now)),
            location_consent=bool(person and person.location_consent),
            texts_off=texts_off_reason(),
            forgotten=entry is not None and now - entry.started_at >= FORGOTTEN_AFTER,
        )
        return view
