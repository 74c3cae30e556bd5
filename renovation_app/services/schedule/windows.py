"""The free two-hour windows a visitor may book an estimate visit in: the business's days and
hours (settings), New York's public holidays out, not before the notice we need nor past the
weeks ahead we book, and not a window already booked, overlapping an estimate visit, or when
the estimator is elsewhere. Free windows only: who is where never leaves this module."""

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from sqlmodel import Session, select

from renovation_app.models import (
    Appointment,
    AppointmentKind,
    AppointmentPerson,
    AppointmentStatus,
    User,
    VisitWindow,
    utc_now,
)
from renovation_app.services.business_days import is_holiday
from renovation_app.services.schedule.appointments import LONGEST
from renovation_app.services.schedule.times import day_words, hour_words, instant_of, new_york
from renovation_app.settings import settings


@dataclass(frozen=True)
class Window:
    starts_at: datetime  # UTC
    ends_at: datetime

    @property
    def key(self) -> str:
        """What a visitor's browser sends back: the start as an ISO instant."""
        return self.starts_at.isoformat().replace("+00:00", "Z")

    def shown(self) -> dict:
        """As the booking form and the visitor's page list it: the key sent back, the day
        ("Thursday, December 3"), its date and the hours."""
        local = new_york(self.starts_at)
        return {
            "key": self.key,
            "day": day_words(local),
            "date": local.date().isoformat(),
            "hours": self.words,
        }

    @property
    def words(self) -> str:
        """ "10:00 am - 12:00 pm" in New York time."""
        start, end = new_york(self.starts_at), new_york(self.ends_at)
        return f"{hour_words(start.time())} - {hour_words(end.time())}"


def _hours() -> tuple[int, int, int]:
    first, last = (int(part) for part in settings.booking_hours.split("-"))
    return first, last, max(settings.booking_window_hours, 1)


def _days() -> set[int]:
    return {int(day) for day in settings.booking_days.split(",") if day.strip()}


def candidate_windows(today: date) -> list[Window]:
    """Every window of the days we book, before what is taken is taken out."""
    first, last, size = _hours()
    days, windows = _days(), []
    for offset in range(settings.booking_weeks * 7 + 1):
        day = today + timedelta(days=offset)
        if day.weekday() not in days or is_holiday(day):
            continue
        for hour in range(first, last - size + 1, size):
            windows.append(Window(instant_of(day, time(hour)), instant_of(day, time(hour + size))))
    return windows


def _taken(session: Session, start: datetime, end: datetime) -> list[tuple[datetime, datetime]]:
    """The spans no visit can be booked in: windows booked, estimate visits, and the
    estimator's other appointments."""
    booked = [
        (row.starts_at, None)
        for row in session.exec(
            select(VisitWindow).where(VisitWindow.starts_at >= start, VisitWindow.starts_at < end)
        )
    ]
    busy = select(Appointment.starts_at, Appointment.ends_at).where(
        Appointment.status == AppointmentStatus.SCHEDULED,
        Appointment.starts_at < end,
        Appointment.ends_at > start,
        Appointment.starts_at > start - LONGEST,  # none lasts longer: the index scan is bounded
    )
    visits = busy.where(Appointment.kind == AppointmentKind.ESTIMATE_VISIT)
    spans = list(session.exec(visits).all())
    if settings.booking_estimator:
        estimator = select(User.id).where(User.email == settings.booking_estimator.lower())
        spans += session.exec(
            busy.join(AppointmentPerson, AppointmentPerson.appointment_id == Appointment.id).where(
                AppointmentPerson.user_id.in_(estimator)
            )
        ).all()
    return [(s, e) for s, e in spans] + booked


def free_windows(session: Session, now: datetime | None = None) -> list[Window]:
    now = now or utc_now()
    earliest = now + timedelta(hours=settings.booking_notice_hours)
    windows = [w for w in candidate_windows(new_york(now).date()) if w.starts_at >= earliest]
    if not windows:
        return []
    taken = _taken(session, windows[0].starts_at, windows[-1].ends_at)
    booked = {start for start, end in taken if end is None}
    spans = [(start, end) for start, end in taken if end is not None]
    return [
        w
        for w in windows
        if w.starts_at not in booked
        and not any(start < w.ends_at and end > w.starts_at for start, end in spans)
    ]
