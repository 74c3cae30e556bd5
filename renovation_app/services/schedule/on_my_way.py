""" "On my way" from the crew's Today page: a text to the appointment's customer with the time
we arrive, when their mobile said yes (audited; nothing is sent otherwise)."""

from datetime import datetime, timedelta

from sqlmodel import Session, select

from renovation_app.content import BUSINESS
from renovation_app.db import db_session
from renovation_app.models import (
    Appointment,
    AppointmentPerson,
    AppointmentStatus,
    Job,
    OutboxEmail,
    utc_now,
)
from renovation_app.services import texts
from renovation_app.services.audit import record_staff_action
from renovation_app.services.errors import ActionRefused
from renovation_app.services.mail import About, wake_outbox_worker
from renovation_app.services.schedule.times import time_words

ON_MY_WAY = "on_my_way"


def text_on_my_way(session: Session, user, appointment_id: int, arrival: datetime) -> OutboxEmail:
    """Queue the text in the caller's transaction; ActionRefused in words when it cannot go."""
    appointment = session.get(Appointment, appointment_id)
    if appointment is None or appointment.status != AppointmentStatus.SCHEDULED:
        raise ActionRefused("This appointment is not on the schedule any more.")
    job = session.get(Job, appointment.job_id) if appointment.job_id else None
    phone = appointment.contact_phone or (job.customer_phone if job else "")
    customer_id = appointment.customer_id or (job.customer_id if job else None)
    if texts.texts_off_reason():
        raise ActionRefused(texts.texts_off_reason())
    who = user.name.split()[0] if user.name.strip() else "Our crew"
    body = f"{BUSINESS.name}: {who} is on the way and arrives about {time_words(arrival)}."
    about = (About.APPOINTMENT, appointment.id)
    row = texts.queue_text(session, phone, body, ON_MY_WAY, about, customer_id) if phone else None
    if row is None:
        raise ActionRefused("The customer has no mobile number that agreed to texts.")
    detail = f"arriving {time_words(arrival)}"
    record_staff_action(session, "on_my_way", user, "appointment", appointment.id, detail)
    return row


ARRIVAL_MINUTES = (10, 20, 30, 45, 60, 90)


def send_on_my_way(user, appointment_id: int, minutes: int) -> str:
    """ "On my way" from /today, by a person on the appointment (or an admin): the text says
    when we arrive, `minutes` from now. Returns the words for the page."""
    if texts.texts_off_reason():
        raise ActionRefused(texts.texts_off_reason())
    if minutes not in ARRIVAL_MINUTES:
        raise ActionRefused("Choose when you arrive.")
    arrival = utc_now() + timedelta(minutes=minutes)
    with db_session() as session:
        on_it = session.exec(
            select(AppointmentPerson.id).where(
                AppointmentPerson.appointment_id == appointment_id,
                AppointmentPerson.user_id == user.id,
            )
        ).first()
        if on_it is None and not user.is_admin:
            raise ActionRefused("You are not on this appointment.")
        row = text_on_my_way(session, user, appointment_id, arrival)
        session.commit()
        to = row.to
    wake_outbox_worker()
    return f"Texted {to}: arriving about {time_words(arrival)}."
