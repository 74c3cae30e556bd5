"""The zoo's schedule: estimate visits booked online (each with its visitor's link, one
cancelled there), a staff-only appointment, a work day of a job, and the hours the calendar
gets wrong most easily: both 1:30 ams of Sunday November 7, 2027 (New York's clocks go back
that night: the first in EDT, the second in EST, told apart by their offsets) and a delivery at
4:00 am that week; the job's customer told the day before of its work day (the schedule's
notices, as the reminder job sends them on the Monday)."""

from datetime import date, time, timedelta

from renovation_app import routes
from renovation_app.db import db_session
from renovation_app.models import CustomerLinkKind, Job, User
from renovation_app.services.schedule import appointments, booking, notices, visits
from renovation_app.services.schedule.times import instant_of
from renovation_app.services.schedule.windows import free_windows
from tests.factories.links import link_token
from tests.factories.staff import signed_in
from tests.factories.zoo.book import Book

FALL_BACK = date(2027, 11, 7)  # a Sunday: 1:00-2:00 am happens twice in New York
FALL_BACK_WEEK = date(2027, 11, 1)  # its Monday


def _save(fields: dict, admin: User) -> int:
    """Save as the calendar does, confirming a clash the way the office would."""
    try:
        return appointments.save_appointment(fields, signed_in(admin))
    except appointments.ConflictNeedsConfirming as clash:
        return appointments.save_appointment(fields, signed_in(admin), confirmed=clash.words)


def _at(day: date, hour: int, minute: int = 0) -> str:
    return instant_of(day, time(hour, minute)).isoformat()


VISITOR_PHONE = "(718) 555-0111"  # the first visitor's, who texts before being a customer


def booked_visits(book: Book) -> None:
    """Three visitors book the first free windows on the website; the third cancels at its
    link."""
    with db_session() as session:
        windows = free_windows(session)[:3]
    for n, window in enumerate(windows, 1):
        form = booking.validate_booking(
            {
                "name": f"Vera Visitor {n}",
                "email": f"vera{n}@example.com",
                "phone": f"(718) 555-011{n}",
                "message": "A new kitchen, about 150 sq ft.",
                "address": f"{10 + n} Court St, Brooklyn, NY 11201",
                "window": window.key,
            }
        )
        visit = booking.book_visit(form, book.client())
        book.customer(visit.customer_id)
        token = link_token(CustomerLinkKind.VISIT, visit.id)
        note = "visit cancelled by the visitor" if n == 3 else f"visit booked online ({n})"
        book.add(routes.VISIT_LINK, routes.visit_link_path(token), note)
        if n == 3:
            visits.cancel_visit(token)


def appointments_of(book: Book, admin: User, crew: User, job: Job) -> None:
    """The staff-only meeting, the job's work day and the small hours of the fall-back week."""
    monday, tuesday, friday = (FALL_BACK_WEEK + timedelta(days=n) for n in (0, 1, 4))
    plans = [  # title, kind, on the job, with the crew member, from, to
        ("Staff meeting: safety", "other", False, True, _at(monday, 7), _at(monday, 8)),
        ("Demolition", "work_day", True, True, _at(tuesday, 8), _at(tuesday, 16)),
        ("Early delivery of the tile", "other", True, True, _at(friday, 4), _at(friday, 5)),
        (
            "Concrete pour, before the change",
            "other",
            True,
            False,
            "2027-11-07T01:30:00-04:00",
            "2027-11-07T01:50:00-04:00",
        ),
        (
            "Concrete pour, after the change",
            "other",
            True,
            False,
            "2027-11-07T01:30:00-05:00",
            "2027-11-07T02:30:00-05:00",
        ),
    ]
    for title, kind, on_job, with_crew, starts, ends in plans:
        fields = {
            "kind": kind,
            "title": title,
            "starts_at": starts,
            "ends_at": ends,
            "job_id": job.id if on_job else None,
            "user_ids": [crew.id] if with_crew else [],
            "address": "",
            "notes": "",
        }
        _save(fields, admin)
    # The reminder job on the Monday: the customer is told of Tuesday's work day (another zoo's
    # the same day was told when it was made).
    notices.send_appointment_notices(instant_of(monday, time(12)))
    book.notes["week of the fall-back night"] = routes.SCHEDULE.path
