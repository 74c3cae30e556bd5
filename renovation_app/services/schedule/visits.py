"""The visitor's own link to a visit booked online (/visit/<token>, from the confirmation
e-mail): what is booked, and to move it to another free window or cancel it. A move is a
booking of the new window (its start unique, so it cannot take a window someone else just
booked) and frees the old one; each move or cancellation is told by e-mail again."""

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import (
    Appointment,
    AppointmentStatus,
    CustomerLinkKind,
    VisitWindow,
    utc_now,
)
from renovation_app.services import links
from renovation_app.services.errors import ActionRefused
from renovation_app.services.limits import lock_key
from renovation_app.services.mail import About, queue_email, wake_outbox_worker
from renovation_app.services.schedule.appointments import cancel_appointment
from renovation_app.services.schedule.booking import NEXT_SHOWN, WindowTaken, confirmation
from renovation_app.services.schedule.notices import withdraw_notices
from renovation_app.services.schedule.windows import Window, free_windows

NOT_VALID = "This visit link is not valid."


@dataclass(frozen=True)
class VisitPage:
    # "scheduled", "cancelled", "past"; "ended": the link is past its end (links.lifetimes)
    status: str
    day: str  # "Thursday, December 3"
    hours: str  # "10:00 am - 12:00 pm"
    windows: list[dict]  # free windows to move to: {"key", "day", "hours"}


def _visit(session: Session, token: object, now: datetime) -> Appointment | None:
    record_id = links.find_record(session, CustomerLinkKind.VISIT, token, now)
    return session.get(Appointment, record_id) if record_id is not None else None


def read_visit(token: str, now: datetime | None = None) -> VisitPage | None:
    now = now or utc_now()
    with db_session() as session:
        opened = links.open_link(session, CustomerLinkKind.VISIT, token, now)
        if opened is None:
            return None
        if opened.ended:
            return VisitPage("ended", "", "", [])
        visit = session.get(Appointment, opened.record_id)
        status = str(visit.status)
        if visit.status == AppointmentStatus.SCHEDULED and visit.starts_at <= now:
            status = "past"
        shown = Window(visit.starts_at, visit.ends_at).shown()
        free = free_windows(session, now) if status == "scheduled" else []
        return VisitPage(status, shown["day"], shown["hours"], [w.shown() for w in free])


def _open_visit(session: Session, token: str, now: datetime) -> Appointment:
    visit = _visit(session, token, now)
    if visit is None:
        raise ActionRefused(NOT_VALID)
    lock_key(session, f"appointment:{visit.id}")  # a second tab waits here
    session.refresh(visit)
    if visit.status != AppointmentStatus.SCHEDULED or visit.starts_at <= now:
        raise ActionRefused("This visit can no longer be changed: please call us.")
    return visit


def cancel_visit(token: str, now: datetime | None = None) -> None:
    now = now or utc_now()
    with db_session() as session:
        visit_id = _open_visit(session, token, now).id
    cancel_appointment(visit_id, None, "cancelled by the visitor's link")


def move_visit(token: str, window_key: object, now: datetime | None = None) -> None:
    """The visit to another free window, told again by e-mail (with its new .ics)."""
    now = now or utc_now()
    with db_session() as session:
        visit = _open_visit(session, token, now)
        free = free_windows(session, now)
        window = next((w for w in free if w.key == window_key), None)
        if window is None:
            raise WindowTaken(free[:NEXT_SHOWN])
        old = session.exec(
            select(VisitWindow).where(VisitWindow.appointment_id == visit.id)
        ).first()
        if old is not None:
            session.delete(old)
            session.flush()
        session.add(VisitWindow(starts_at=window.starts_at, appointment_id=visit.id))
        try:
            session.flush()  # unique start: someone booked it a moment before
        except IntegrityError:
            session.rollback()
            raise WindowTaken(
                [w for w in free_windows(session, now) if w.key != window_key][:NEXT_SHOWN]
            ) from None
        visit.starts_at, visit.ends_at = window.starts_at, window.ends_at
        visit.version += 1
        visit.updated_at = now
        withdraw_notices(session, visit.id)
        session.add(visit)
        queue_email(
            session, confirmation(visit, token), about_kind=About.APPOINTMENT, about_id=visit.id
        )
        session.commit()
    wake_outbox_worker()
