"""The schedule's rules without a browser: New York time across the clock changes, people
booked twice, work days outside the contract, the free windows a visitor sees, a window booked
by 50 visitors at once, and each person's feed."""

from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime, time, timedelta

import pytest
import time_machine
from icalendar import Calendar
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Appointment, OutboxAttachment, OutboxEmail, VisitWindow
from renovation_app.services.errors import ActionRefused
from renovation_app.services.schedule import appointments, booking, calendars, windows
from renovation_app.services.schedule.times import (
    clock_words,
    day_span,
    instant_of,
    parse_instant,
    span_of_days,
)
from renovation_app.settings import settings
from tests.factories import job_of, staff_user
from tests.factories.costs import contract_28k
from tests.factories.staff import as_signed_in

NOW = datetime(2026, 11, 20, 15, 0, tzinfo=UTC)  # Friday 10 am in New York


def at(day: date, hour: int, minute: int = 0, fold: int = 0) -> datetime:
    return instant_of(day, time(hour, minute), fold)


def visit(start: datetime, hours: int = 2, **fields) -> dict:
    return {"kind": "estimate_visit", "title": "Estimate visit", "starts_at": start.isoformat(),
            "ends_at": (start + timedelta(hours=hours)).isoformat(), **fields}  # fmt: skip


def test_the_repeated_hour_of_november_is_two_instants_and_the_skipped_hour_of_march_none():
    first, second = at(date(2026, 11, 1), 1, 30), at(date(2026, 11, 1), 1, 30, fold=1)
    assert second - first == timedelta(hours=1)
    assert (first.isoformat(), second.isoformat()) == (
        "2026-11-01T05:30:00+00:00", "2026-11-01T06:30:00+00:00",
    )  # fmt: skip
    assert clock_words(first).endswith("1:30 am EDT") and clock_words(second).endswith("EST")
    assert parse_instant("2026-11-01T01:30:00-05:00") == second  # an offset says which
    assert parse_instant("2026-11-01T01:30") == first  # without one: the first
    with pytest.raises(ActionRefused, match="does not exist"):
        at(date(2026, 3, 8), 2, 30)
    start, end = day_span(date(2026, 11, 1))
    assert end - start == timedelta(hours=25)
    start, end = span_of_days(date(2026, 10, 26), 7)  # the week across the change
    assert end - start == timedelta(days=7, hours=1)


def test_an_appointment_at_half_past_one_on_the_autumn_sunday_keeps_its_hour(admin):
    who = as_signed_in(admin)
    second = at(date(2026, 11, 1), 1, 30, fold=1)
    saved = appointments.save_appointment(
        {**visit(second), "starts_at": "2026-11-01T01:30:00-05:00"}, who
    )
    with db_session() as session:
        row = session.get(Appointment, saved)
    assert row.starts_at == second and row.ends_at - row.starts_at == timedelta(hours=2)


def test_a_person_booked_twice_needs_a_confirmation_naming_the_clash(admin):
    who, ana = as_signed_in(admin), staff_user(name="Ana Crew", email="ana@example.com")
    monday = at(date(2026, 11, 23), 9)
    appointments.save_appointment(
        visit(monday, title="Kitchen at Court St", user_ids=[ana.id]), who
    )
    overlapping = visit(monday + timedelta(hours=1), title="Bathroom", user_ids=[ana.id])
    with pytest.raises(appointments.ConflictNeedsConfirming) as clash:
        appointments.save_appointment(overlapping, who)
    assert "Ana Crew is on “Kitchen at Court St”" in clash.value.words
    appointments.save_appointment(overlapping, who, confirmed=clash.value.words)
    appointments.save_appointment(visit(monday + timedelta(hours=3), user_ids=[ana.id]), who)
    with db_session() as session:
        assert len(session.exec(select(Appointment)).all()) == 3


def test_a_work_day_outside_the_contract_dates_is_flagged(admin, contract_settings):
    job = job_of(contract_28k(admin, start_date="2026-12-01", completion_date="2026-12-20"))
    with db_session() as session:
        early = appointments.read_appointment(
            session, {**visit(at(date(2026, 11, 30), 8)), "kind": "work_day", "job_id": job.id}
        )
        inside = appointments.read_appointment(
            session, {**visit(at(date(2026, 12, 2), 8)), "kind": "work_day", "job_id": job.id}
        )
        assert "before job" in appointments.outside_contract(session, early)
        assert appointments.outside_contract(session, inside) == ""
    early_day = {**visit(at(date(2026, 11, 30), 8)), "kind": "work_day", "job_id": job.id}
    with pytest.raises(appointments.ConflictNeedsConfirming, match="before job") as asked:
        appointments.save_appointment(early_day, as_signed_in(admin))
    appointments.save_appointment(early_day, as_signed_in(admin), confirmed=asked.value.words)
    with pytest.raises(ActionRefused, match="belongs to a job"):
        appointments.save_appointment({**visit(at(date(2026, 12, 2), 8)), "kind": "work_day"},
                                      as_signed_in(admin))  # fmt: skip


def test_free_windows_keep_to_the_days_hours_notice_and_holidays(admin, monkeypatch):
    monkeypatch.setattr(settings, "booking_days", "0,1,2,3,4")
    monkeypatch.setattr(settings, "booking_hours", "8-18")
    with db_session() as session:
        free = windows.free_windows(session, NOW)
    days = {w.starts_at.astimezone(windows.new_york(NOW).tzinfo).date() for w in free}
    assert date(2026, 11, 20) not in days  # less than 24 hours' notice
    assert date(2026, 11, 21) not in days and date(2026, 11, 22) not in days  # the weekend
    assert date(2026, 11, 26) not in days  # Thanksgiving
    assert date(2026, 11, 23) in days and max(days) <= date(2026, 12, 11)
    monday = [w for w in free if w.starts_at.date() == date(2026, 11, 23)]
    assert [w.words for w in monday][:2] == ["8:00 am - 10:00 am", "10:00 am - 12:00 pm"]
    assert len(monday) == 5


def test_a_window_with_a_visit_or_the_estimators_appointment_is_not_free(admin, monkeypatch):
    estimator = staff_user(name="Eve Estimator", email="eve@example.com")
    monkeypatch.setattr(settings, "booking_estimator", "eve@example.com")
    who = as_signed_in(admin)
    appointments.save_appointment(visit(at(date(2026, 11, 23), 9)), who)  # 8-10 and 10-12
    other = {**visit(at(date(2026, 11, 24), 14)), "kind": "other", "user_ids": [estimator.id]}
    appointments.save_appointment(other, who)  # 2-4 pm Tuesday
    with db_session() as session:
        free = {w.key for w in windows.free_windows(session, NOW)}
    assert at(date(2026, 11, 23), 8).isoformat().replace("+00:00", "Z") not in free
    assert at(date(2026, 11, 23), 10).isoformat().replace("+00:00", "Z") not in free
    assert at(date(2026, 11, 23), 12).isoformat().replace("+00:00", "Z") in free
    assert at(date(2026, 11, 24), 14).isoformat().replace("+00:00", "Z") not in free


def booking_form(window: str, n: int = 0) -> booking.BookingForm:
    return booking.validate_booking({
        "name": f"Visitor {n}", "email": f"visitor{n}@example.com", "phone": "(718) 555-0142",
        "message": "A new kitchen, about 150 sq ft.", "address": "12 Court St, Brooklyn",
        "window": window,
    })  # fmt: skip


def test_a_visit_booked_online_is_confirmed_with_its_ics_and_none_of_the_visitors_words(clean_db):
    with db_session() as session:
        first = windows.free_windows(session, NOW)[0]
    with time_machine.travel(NOW, tick=False):
        appointment = booking.book_visit(booking_form(first.key), "203.0.113.9", now=NOW)
    assert appointment.starts_at == first.starts_at
    with db_session() as session:
        mail = session.exec(select(OutboxEmail).where(OutboxEmail.kind == "visit_booked")).one()
        (ics,) = session.exec(
            select(OutboxAttachment).where(OutboxAttachment.email_id == mail.id)
        ).all()
    assert "Visitor 0" not in mail.text and "Court St" not in mail.text and "/visit/" in mail.text
    event = Calendar.from_ical(ics.content).walk("VEVENT")[0]
    assert event.decoded("dtstart") == first.starts_at
    with pytest.raises(booking.WindowTaken) as taken:
        booking.book_visit(booking_form(first.key, 1), "203.0.113.10", now=NOW)
    assert taken.value.windows and first.key not in {w.key for w in taken.value.windows}


def test_fifty_visitors_booking_one_window_at_once_book_it_once(clean_db):
    with db_session() as session:
        window = windows.free_windows(session, NOW)[3]

    def book(n: int) -> str:
        try:
            booking.book_visit(booking_form(window.key, n), f"198.51.100.{n}", now=NOW)
            return "booked"
        except booking.WindowTaken as taken:
            assert taken.windows and window.key not in {w.key for w in taken.windows}
            return "taken"

    with ThreadPoolExecutor(max_workers=10) as pool:
        results = list(pool.map(book, range(50)))
    assert results.count("booked") == 1 and results.count("taken") == 49
    with db_session() as session:
        assert len(session.exec(select(VisitWindow)).all()) == 1
        assert len(session.exec(select(Appointment)).all()) == 1


def test_a_feed_shows_its_own_persons_days_and_a_reset_stops_the_old_address(admin):
    who = as_signed_in(admin)
    ana = staff_user(name="Ana Crew", email="ana@example.com")
    ben = staff_user(name="Ben Crew", email="ben@example.com")
    monday = at(date(2026, 11, 23), 8)
    appointments.save_appointment(visit(monday, title="Ana's visit", user_ids=[ana.id]), who)
    appointments.save_appointment(visit(monday, title="Ben's visit", user_ids=[ben.id]), who)
    with time_machine.travel(NOW, tick=False):
        token = calendars.reset_feed(as_signed_in(ana))
        feed = Calendar.from_ical(calendars.person_feed(token))
        assert [str(e["summary"]) for e in feed.walk("VEVENT")] == ["Ana's visit"]
        assert calendars.person_feed("not-a-token") is None
        new = calendars.reset_feed(as_signed_in(ana))
        assert calendars.person_feed(token) is None and calendars.person_feed(new) is not None


def notices_sent() -> list[OutboxEmail]:
    with db_session() as session:
        return session.exec(
            select(OutboxEmail)
            .where(OutboxEmail.kind == "appointment_notice")
            .order_by(OutboxEmail.id)  # PostgreSQL gives no order unless asked
        ).all()


def test_the_day_before_notice_goes_once_and_again_only_for_a_new_time(admin, contract_settings):
    from renovation_app.services.schedule.notices import send_appointment_notices

    who = as_signed_in(admin)
    job = job_of(contract_28k(admin))
    tuesday = at(date(2026, 11, 24), 8)
    first = appointments.save_appointment(
        {**visit(tuesday, hours=8), "kind": "work_day", "job_id": job.id, "title": "Demolition"},
        who,
    )
    wednesday = {**visit(tuesday + timedelta(days=1), hours=8), "kind": "work_day",
                 "job_id": job.id, "title": "Framing"}  # fmt: skip
    appointments.save_appointment(wednesday, who)
    monday_evening = datetime(2026, 11, 23, 23, 0, tzinfo=UTC)  # 6 pm in New York
    assert send_appointment_notices(monday_evening) == 1
    assert send_appointment_notices(monday_evening) == 0  # once
    (notice,) = notices_sent()
    assert "Tuesday, November 24 between 8:00 am and 9:00 am" in notice.subject
    # Wednesday is not announced: Tuesday was the week's first work day of this job.
    assert send_appointment_notices(datetime(2026, 11, 24, 23, 0, tzinfo=UTC)) == 0
    moved = {**visit(tuesday + timedelta(hours=2), hours=6), "kind": "work_day", "job_id": job.id,
             "title": "Demolition"}  # fmt: skip
    appointments.save_appointment(moved, who, appointment_id=first)
    assert [m.status for m in notices_sent()] == ["cancelled"]  # the old time's, withdrawn
    assert send_appointment_notices(monday_evening) == 1
    assert "between 10:00 am and 11:00 am" in notices_sent()[-1].subject
    appointments.cancel_appointment(first, who)
    assert [m.status for m in notices_sent()] == ["cancelled", "cancelled"]
    assert send_appointment_notices(monday_evening) == 0


def test_the_visitors_link_moves_the_visit_to_a_free_window_or_cancels_it(clean_db):
    from renovation_app.models import CustomerLinkKind
    from renovation_app.services.schedule import visits
    from tests.factories.links import link_token

    with db_session() as session:
        free = windows.free_windows(session, NOW)
    visit = booking.book_visit(booking_form(free[0].key), "203.0.113.9", now=NOW)
    booking.book_visit(booking_form(free[1].key, 1), "203.0.113.10", now=NOW)  # someone else's
    token = link_token(CustomerLinkKind.VISIT, visit.id)
    page = visits.read_visit(token, NOW)
    assert page.status == "scheduled" and free[0].key not in {w["key"] for w in page.windows}
    with pytest.raises(booking.WindowTaken):
        visits.move_visit(token, free[1].key, NOW)  # taken by the other visitor
    visits.move_visit(token, free[2].key, NOW)
    with db_session() as session:
        moved = session.get(Appointment, visit.id)
        starts = {w.starts_at for w in session.exec(select(VisitWindow))}
    assert (moved.starts_at, moved.version) == (free[2].starts_at, 2)
    assert starts == {free[1].starts_at, free[2].starts_at}  # the first window is free again
    assert len([m for m in mails_of("visit_booked")]) == 3  # two bookings and the move
    assert visits.read_visit("made-up", NOW) is None
    visits.cancel_visit(token, NOW)
    assert visits.read_visit(token, NOW).status == "cancelled"
    with pytest.raises(ActionRefused, match="can no longer be changed"):
        visits.move_visit(token, free[3].key, NOW)


def mails_of(kind: str) -> list[OutboxEmail]:
    with db_session() as session:
        return session.exec(
            select(OutboxEmail).where(OutboxEmail.kind == kind).order_by(OutboxEmail.id)
        ).all()


def test_the_week_across_the_autumn_change_and_a_jobs_days(admin, contract_settings):
    from renovation_app.services.schedule.week import get_schedule, job_days

    who = as_signed_in(admin)
    job = job_of(contract_28k(admin))
    ana = staff_user(name="Ana Crew", email="ana@example.com")
    second = {**visit(at(date(2026, 11, 1), 1, 30, fold=1), hours=1), "kind": "other",
              "starts_at": "2026-11-01T01:30:00-05:00", "ends_at": "2026-11-01T02:30:00-05:00",
              "title": "Night pour", "job_id": job.id, "user_ids": [ana.id]}  # fmt: skip
    first = {**second, "starts_at": "2026-11-01T01:30:00-04:00",
             "ends_at": "2026-11-01T01:45:00-04:00", "title": "Before the change"}  # fmt: skip
    appointments.save_appointment(first, who)
    appointments.save_appointment(second, who)
    week = get_schedule(date(2026, 10, 26), 7)
    starts = {e.title: e.start for e in week.events}
    assert starts == {"Before the change": "2026-11-01T01:30:00-04:00",
                      "Night pour": "2026-11-01T01:30:00-05:00"}  # fmt: skip
    assert all(e.people_names == "Ana Crew" and not e.clash for e in week.events)
    days = job_days(job.number)
    assert [(d.title, d.hours) for d in days] == [
        ("Before the change", "1:30 am - 1:45 am"), ("Night pour", "1:30 am - 2:30 am"),
    ]  # fmt: skip


def test_every_appointment_inside_a_long_day_is_flagged_as_a_clash(admin):
    from renovation_app.services.schedule.week import get_schedule

    who, ana = as_signed_in(admin), staff_user(name="Ana Crew", email="ana@example.com")
    monday = date(2026, 11, 23)
    for title, hour, hours in (("Work day", 8, 8), ("Inspection", 10, 1), ("Delivery", 13, 1)):
        fields = {**visit(at(monday, hour), hours=hours), "kind": "other", "title": title,
                  "user_ids": [ana.id]}  # fmt: skip
        try:
            appointments.save_appointment(fields, who)
        except appointments.ConflictNeedsConfirming as clash:
            appointments.save_appointment(fields, who, confirmed=clash.words)
    week = get_schedule(monday, 7)
    assert {e.title: e.clash for e in week.events} == {
        "Work day": True, "Inspection": True, "Delivery": True,
    }  # fmt: skip


def test_cancelling_names_a_withdrawn_notice_only_when_the_customer_had_one(
    admin, contract_settings
):
    from renovation_app.services.schedule.notices import send_appointment_notices

    who = as_signed_in(admin)
    tuesday = at(date(2026, 11, 24), 8)
    staff_only = appointments.save_appointment(
        {**visit(tuesday, hours=1), "kind": "other", "title": "Order the tile"}, who
    )
    job = job_of(contract_28k(admin))
    work_day = {"kind": "work_day", "job_id": job.id, "title": "Demolition"}
    announced = appointments.save_appointment({**visit(tuesday, hours=8), **work_day}, who)
    assert send_appointment_notices(datetime(2026, 11, 23, 23, 0, tzinfo=UTC)) == 1
    words = appointments.cancel_appointment(staff_only, who)
    assert words == "Appointment cancelled." and "notice" not in words
    words = appointments.cancel_appointment(announced, who)
    assert words == "Appointment cancelled: its notice to the customer is withdrawn."
    assert [m.status for m in notices_sent()] == ["cancelled"]
