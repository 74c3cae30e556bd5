""" "On my way" from the crew's Today page: a text to the appointment's customer with the time
we arrive, when their mobile said yes (audited; nothing is sent otherwise)."""

from datetime import datetime

from sqlmodel import Session

from renovation_app.content import BUSINESS
from renovation_app.models import Appointment, AppointmentStatus, Job, OutboxEmail
from renovation_app.services import texts
from renovation_app.services.audit import record_staff_action
from renovation_app.services.errors import ActionRefused
from renovation_app.services.mail import About
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
