"""The customer's e-mail the day before we come ("We arrive Tuesday, December 8 between 8:00 am
and 9:00 am"), and the same by text to a mobile that said yes: before an estimate visit, and
before the first work day of a job in a week (one e-mail for a week of work, not one a day).
At most once per appointment and version (a unique row, written with its outbox e-mail in one
transaction, so two workers never send it twice); a move or a cancellation withdraws a notice
still waiting in the outbox, and the new time gets its own."""

from datetime import datetime, timedelta

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from renovation_app.content import BUSINESS
from renovation_app.db import db_session
from renovation_app.models import (
    Appointment,
    AppointmentKind,
    AppointmentNotice,
    AppointmentStatus,
    Job,
    utc_now,
)
from renovation_app.services import texts
from renovation_app.services.mail import (
    About,
    EmailKind,
    build_email,
    cancel_queued_reminders,
    one_line,
    queue_email,
)
from renovation_app.services.schedule.times import (
    clock_words,
    day_span,
    day_words,
    new_york,
    time_words,
)

ARRIVAL = timedelta(hours=1)  # "between 8 and 9 am"


def withdraw_notices(session: Session, appointment_id: int) -> int:
    """A notice still waiting in the outbox for a time that no longer holds (caller's
    transaction); how many were withdrawn (none for a staff-only appointment)."""
    return cancel_queued_reminders(session, About.APPOINTMENT, appointment_id)


def _recipient(session: Session, appointment: Appointment) -> str:
    if appointment.contact_email:
        return appointment.contact_email
    job = session.get(Job, appointment.job_id) if appointment.job_id else None
    return job.customer_email if job else ""


def _first_of_its_week(session: Session, appointment: Appointment) -> bool:
    """A work day is announced when it is its job's first in its week (Monday to Sunday)."""
    if appointment.kind != AppointmentKind.WORK_DAY:
        return True
    day = new_york(appointment.starts_at).date()
    week_start, _ = day_span(day - timedelta(days=day.weekday()))
    earlier = session.exec(
        select(Appointment.id).where(
            Appointment.job_id == appointment.job_id,
            Appointment.kind == AppointmentKind.WORK_DAY,
            Appointment.status == AppointmentStatus.SCHEDULED,
            Appointment.starts_at >= week_start,
            Appointment.starts_at < appointment.starts_at,
        )
    ).first()
    return earlier is None


def _arrival(appointment: Appointment) -> str:
    # The hour's end counted on the instant: on the night the clock goes back, wall-clock
    # arithmetic would make 1:30 am EDT + 1 hour "2:30 am", two hours later.
    latest = appointment.starts_at + ARRIVAL
    return f"{time_words(appointment.starts_at)} and {time_words(latest)}"


def _text_notice(session: Session, appointment: Appointment) -> None:
    """The same notice by text, to a mobile that said yes (texts.queue_text checks)."""
    job = session.get(Job, appointment.job_id) if appointment.job_id else None
    phone = appointment.contact_phone or (job.customer_phone if job else "")
    if not phone:
        return
    body = (
        f"{BUSINESS.name}: we arrive {day_words(new_york(appointment.starts_at))} between "
        f"{_arrival(appointment)}. Reply here with any question, or STOP to stop texts."
    )
    customer_id = appointment.customer_id or (job.customer_id if job else None)
    about = (About.APPOINTMENT, appointment.id)  # withdrawn with the e-mail on a move
    texts.queue_text(session, phone, body, EmailKind.APPOINTMENT_NOTICE, about, customer_id)


def _notice(appointment: Appointment, to: str):
    start = new_york(appointment.starts_at)
    arrival = _arrival(appointment)
    what = "estimate visit" if appointment.kind == AppointmentKind.ESTIMATE_VISIT else "work"
    return build_email(
        EmailKind.APPOINTMENT_NOTICE,
        one_line(to),
        reply_to=BUSINESS.email,
        day=day_words(start),
        arrival=arrival,
        what=what,
        when=clock_words(appointment.starts_at),
    )


def _send_one(appointment_id: int) -> bool:
    with db_session() as session:
        appointment = session.get(Appointment, appointment_id)
        to = _recipient(session, appointment)
        if not to or not _first_of_its_week(session, appointment):
            return False
        notice = AppointmentNotice(appointment_id=appointment.id, version=appointment.version)
        session.add(notice)
        try:
            session.flush()  # once per appointment and version, whatever runs at once
        except IntegrityError:
            session.rollback()
            return False
        email = queue_email(
            session, _notice(appointment, to), about_kind=About.APPOINTMENT, about_id=appointment.id
        )
        session.flush()
        notice.outbox_id = email.id
        session.add(notice)
        _text_notice(session, appointment)
        session.commit()
        return True


def send_appointment_notices(now: datetime | None = None) -> int:
    """Queue the notices of tomorrow's (New York) appointments not yet told; how many."""
    now = now or utc_now()
    tomorrow = new_york(now).date() + timedelta(days=1)
    start, end = day_span(tomorrow)
    with db_session() as session:
        told = select(AppointmentNotice.appointment_id).where(
            AppointmentNotice.appointment_id == Appointment.id,
            AppointmentNotice.version == Appointment.version,
        )
        due = session.exec(
            select(Appointment.id).where(
                Appointment.status == AppointmentStatus.SCHEDULED,
                Appointment.starts_at >= start,
                Appointment.starts_at < end,
                Appointment.kind != AppointmentKind.OTHER,
                ~told.exists(),
            )
        ).all()
    return sum(_send_one(appointment_id) for appointment_id in due)
