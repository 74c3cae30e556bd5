"""Making, moving and cancelling appointments. Who is on one: staff members and
subcontractors; a person booked twice at the same time is named and needs a confirmation; a
job's work day outside the contract's dates is flagged. Every change is an audit row; moving
one adds one to its version (the customer's notice for the old time no longer holds)."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import (
    Appointment,
    AppointmentKind,
    AppointmentPerson,
    AppointmentStatus,
    Job,
    Subcontractor,
    User,
    VisitWindow,
    utc_now,
)
from renovation_app.services import audit
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import INVALID_CHARACTERS, has_refused_characters, is_blank
from renovation_app.services.schedule.notices import withdraw_notices
from renovation_app.services.schedule.times import clock_words, new_york, parse_instant
from renovation_app.services.staff import SignedInUser

LONGEST = timedelta(days=14)
KIND_WORDS = {"estimate_visit": "Estimate visit", "work_day": "Work day", "other": "Appointment"}


class ConflictNeedsConfirming(ActionRefused):
    """Someone is booked elsewhere then: saved only once these words are confirmed."""

    def __init__(self, words: str) -> None:
        super().__init__(f"{words} Save anyway?")
        self.words = words


@dataclass(frozen=True)
class AppointmentInput:
    kind: AppointmentKind
    title: str
    starts_at: datetime
    ends_at: datetime
    user_ids: tuple[int, ...] = ()
    subcontractor_ids: tuple[int, ...] = ()
    job_id: int | None = None
    address: str = ""
    notes: str = ""


def _text(raw: Mapping, name: str, limit: int, asked: str = "", multiline: bool = False) -> str:
    value = raw.get(name)
    text = value.strip() if isinstance(value, str) else ""
    if asked and is_blank(text):
        raise ActionRefused(asked)
    if len(text) > limit or has_refused_characters(text, multiline=multiline):
        raise ActionRefused(f"{asked or name.capitalize()}: {INVALID_CHARACTERS}"[:300])
    return text


def _ids(raw: Mapping, name: str) -> tuple[int, ...]:
    values = raw.get(name) or ()
    if not isinstance(values, list | tuple) or len(values) > 30:
        raise ActionRefused("Please choose the people from the list.")
    ids = {v for v in values if isinstance(v, int) and not isinstance(v, bool)}
    if len(ids) != len(values):
        raise ActionRefused("Please choose the people from the list.")
    return tuple(sorted(ids))


def _fold(raw: Mapping, name: str) -> int:
    """Which of a wall time New York's clock shows twice the form chose: 1 is the second."""
    return 1 if raw.get(name) in ("1", 1) else 0


def read_appointment(session: Session, raw: Mapping) -> AppointmentInput:
    kind = raw.get("kind")
    if kind not in KIND_WORDS:
        raise ActionRefused("Please choose an estimate visit, a work day or another appointment.")
    starts = parse_instant(raw.get("starts_at"), _fold(raw, "starts_fold"))
    ends = parse_instant(raw.get("ends_at"), _fold(raw, "ends_fold"))
    if not starts < ends <= starts + LONGEST:
        raise ActionRefused("An appointment ends after it starts, within two weeks.")
    job_id = raw.get("job_id") or None
    if job_id is not None and (not isinstance(job_id, int) or session.get(Job, job_id) is None):
        raise ActionRefused("That job does not exist.")
    if kind == AppointmentKind.WORK_DAY and job_id is None:
        raise ActionRefused("A work day belongs to a job: please choose it.")
    users, subs = _ids(raw, "user_ids"), _ids(raw, "subcontractor_ids")
    known = session.exec(select(User.id).where(User.id.in_(users), User.active)).all()
    known_subs = session.exec(select(Subcontractor.id).where(Subcontractor.id.in_(subs))).all()
    if len(known) != len(users) or len(known_subs) != len(subs):
        raise ActionRefused("Please choose the people from the list.")
    return AppointmentInput(
        AppointmentKind(kind),
        _text(raw, "title", 100, "Please say what it is."),
        starts,
        ends,
        users,
        subs,
        job_id,
        _text(raw, "address", 500),
        _text(raw, "notes", 2000, multiline=True),
    )


def overlapping(session: Session, starts: datetime, ends: datetime):
    """Scheduled appointments that overlap [starts, ends)."""
    return select(Appointment).where(
        Appointment.status == AppointmentStatus.SCHEDULED,
        Appointment.starts_at < ends,
        Appointment.ends_at > starts,
        Appointment.starts_at > starts - LONGEST,  # none lasts longer: the index scan is bounded
    )


def conflicts(session: Session, data: AppointmentInput, ignore_id: int | None = None) -> str:
    """Who is booked elsewhere at that time, in words; "" when nobody is."""
    others = {a.id: a for a in session.exec(overlapping(session, data.starts_at, data.ends_at))}
    others.pop(ignore_id, None)
    if not others or not (data.user_ids or data.subcontractor_ids):
        return ""
    rows = session.exec(
        select(AppointmentPerson).where(AppointmentPerson.appointment_id.in_(list(others)))
    ).all()
    clashes = []
    for row in rows:
        if (row.user_id in data.user_ids) or (row.subcontractor_id in data.subcontractor_ids):
            who = (
                session.get(User, row.user_id)
                if row.user_id
                else session.get(Subcontractor, row.subcontractor_id)
            )
            name = getattr(who, "name", "") or getattr(who, "company", "")
            other = others[row.appointment_id]
            clashes.append(f"{name} is on “{other.title}” from {clock_words(other.starts_at)}.")
    return " ".join(sorted(set(clashes)))


def outside_contract(session: Session, data: AppointmentInput) -> str:
    """A work day outside its job's contract dates, in words; "" when inside or undated."""
    job = session.get(Job, data.job_id) if data.job_id else None
    if job is None or data.kind != AppointmentKind.WORK_DAY:
        return ""
    day = new_york(data.starts_at).date()
    if job.start_date and day < job.start_date:
        return f"This is before job {job.number}'s start date."
    if job.completion_date and day > job.completion_date:
        return f"This is after job {job.number}'s completion date."
    return ""


def _people(session: Session, appointment: Appointment, data: AppointmentInput) -> None:
    for row in session.exec(
        select(AppointmentPerson).where(AppointmentPerson.appointment_id == appointment.id)
    ).all():
        session.delete(row)
    session.flush()
    for user_id in data.user_ids:
        session.add(AppointmentPerson(appointment_id=appointment.id, user_id=user_id))
    for sub_id in data.subcontractor_ids:
        session.add(AppointmentPerson(appointment_id=appointment.id, subcontractor_id=sub_id))


def save_appointment(
    raw: Mapping, user: SignedInUser, appointment_id: int | None = None, confirmed: str = ""
) -> int:
    """Make an appointment, or change one (a new time is a new version, and frees the window
    it was booked online in). Someone booked elsewhere, or a work day outside its job's
    contract dates: ConflictNeedsConfirming, until `confirmed` carries exactly those words."""
    with db_session() as session:
        data = read_appointment(session, raw)
        # Someone booked elsewhere, or a work day outside its contract's dates: both asked first.
        clash = " ".join(
            w
            for w in (conflicts(session, data, appointment_id), outside_contract(session, data))
            if w
        )
        if clash and confirmed != clash:
            raise ConflictNeedsConfirming(clash)
        if appointment_id is None:
            appointment = Appointment(
                kind=data.kind,
                title=data.title,
                starts_at=data.starts_at,
                ends_at=data.ends_at,
                created_by=user.id,
            )
        else:
            appointment = _scheduled(session, appointment_id)
            if (appointment.starts_at, appointment.ends_at) != (data.starts_at, data.ends_at):
                _moved(session, appointment)
        for name in ("kind", "title", "starts_at", "ends_at", "job_id", "address", "notes"):
            setattr(appointment, name, getattr(data, name))
        appointment.updated_at = utc_now()
        session.add(appointment)
        session.flush()
        _people(session, appointment, data)
        audit.record(
            session,
            "appointment.saved",
            user_id=user.id,
            record_kind="appointment",
            record_id=appointment.id,
            detail=f"{data.title}: {clock_words(data.starts_at)}"
            + (f"; confirmed: {clash}" if clash else ""),
        )
        session.commit()
        return appointment.id


def _scheduled(session: Session, appointment_id: object) -> Appointment:
    found = session.get(Appointment, appointment_id) if isinstance(appointment_id, int) else None
    if found is None or found.status != AppointmentStatus.SCHEDULED:
        raise ActionRefused("This appointment does not exist or was cancelled.")
    return found


def _moved(session: Session, appointment: Appointment) -> int:
    """A new time (or none): a new version, the notice for the old one withdrawn, the window it
    was booked online in freed. How many notices to the customer were withdrawn."""
    appointment.version += 1
    withdrawn = withdraw_notices(session, appointment.id)
    window = session.exec(
        select(VisitWindow).where(VisitWindow.appointment_id == appointment.id)
    ).first()
    if window is not None:
        session.delete(window)  # its old window is free for someone else
    return withdrawn


CANCELLED = "Appointment cancelled."
CANCELLED_WITH_NOTICE = "Appointment cancelled: its notice to the customer is withdrawn."


def cancel_appointment(appointment_id: int, user: SignedInUser | None, reason: str = "") -> str:
    """Cancel it; the words for the person who did (a notice is named only when there was one
    waiting to go to the customer: a staff-only appointment has none)."""
    with db_session() as session:
        appointment = _scheduled(session, appointment_id)
        withdrawn = _moved(session, appointment)
        appointment.status, appointment.cancelled_at = AppointmentStatus.CANCELLED, utc_now()
        session.add(appointment)
        audit.record(
            session,
            "appointment.cancelled",
            user_id=user.id if user else None,
            actor="" if user else "booking link",
            record_kind="appointment",
            record_id=appointment.id,
            detail=f"{appointment.title} {reason}"[:500],
        )
        session.commit()
    return CANCELLED_WITH_NOTICE if withdrawn else CANCELLED


def people_of(
    session: Session, appointment_ids: Sequence[int]
) -> dict[int, list[AppointmentPerson]]:
    rows = session.exec(
        select(AppointmentPerson).where(AppointmentPerson.appointment_id.in_(list(appointment_ids)))
    ).all()
    by_appointment: dict[int, list[AppointmentPerson]] = {}
    for row in rows:
        by_appointment.setdefault(row.appointment_id, []).append(row)
    return by_appointment


def move_appointment(
    appointment_id: int, starts_at: str, ends_at: str, user: SignedInUser, confirmed: str = ""
) -> int:
    """A new time for an appointment, everything else as it is (a drag on the calendar)."""
    with db_session() as session:
        appointment = _scheduled(session, appointment_id)
        people = people_of(session, [appointment.id]).get(appointment.id, [])
        raw = {
            "kind": str(appointment.kind),
            "title": appointment.title,
            "job_id": appointment.job_id,
            "address": appointment.address,
            "notes": appointment.notes,
            "starts_at": starts_at,
            "ends_at": ends_at,
            "user_ids": [p.user_id for p in people if p.user_id],
            "subcontractor_ids": [p.subcontractor_id for p in people if p.subcontractor_id],
        }
    return save_appointment(raw, user, appointment_id, confirmed)
