"""The schedule's rules without a browser: New York time across the clock changes, people
booked twice, work days outside the contract, the free windows a visitor sees, a window booked
by 50 visitors at once, and each person's feed."""

from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime, time, timedelta

import pytest
import reflex as rx
import time_machine
from icalendar import Calendar
from reflex.istate.data import ReflexURL, URLData
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import (
    Appointment,
    CustomerLinkKind,
    OutboxAttachment,
    OutboxEmail,
    VisitWindow,
)
from renovation_app.services.errors import ActionRefused
from renovation_app.services.schedule import appointments, booking, calendars, windows
from renovation_app.services.schedule.times import (
    clock_words,
    day_span,
    form_time,
    instant_of,
    parse_instant,
    repeated_time_choices,
    span_of_days,
    week_of,
)
from renovation_app.settings import settings
from renovation_app.state.schedule import ScheduleState
from tests.factories import job_of, staff_user
from tests.factories.costs import contract_28k
from tests.factories.staff import as_signed_in
from tests.unit.test_staff_state import run, substate

NOW = datetime(2026, 11, 20, 15, 0, tzinfo=UTC)  # Friday 10 am in New York


def at(day: date, hour: int, minute: int = 0, fold: int = 0) -> datetime:
    return instant_of(day, time(hour, minute), fold)


def visit(start: datetime, hours: int = 2, **fields) -> dict:
    return {
        "kind": "estimate_visit",
        "title": "Estimate visit",
        "starts_at": start.isoformat(),
        "ends_at": (start + timedelta(hours=hours)).isoformat(),
        **fields,
    }


def test_the_repeated_hour_of_november_is_two_instants_and_the_skipped_hour_of_march_none():
    first, second = at(date(2026, 11, 1), 1, 30), at(date(2026, 11, 1), 1, 30, fold=1)
    assert second - first == timedelta(hours=1)
    assert (first.isoformat(), second.isoformat()) == (
        "2026-11-01T05:30:00+00:00",
        "2026-11-01T06:30:00+00:00",
    )
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
        appointments.save_appointment(
            {**visit(at(date(2026, 12, 2), 8)), "kind": "work_day"}, as_signed_in(admin)
        )


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
    return booking.validate_booking(
        {
            "name": f"Visitor {n}",
            "email": f"visitor{n}@example.com",
            "phone": "(718) 555-0142",
            "message": "A new kitchen, about 150 sq ft.",
            "address": "12 Court St, Brooklyn",
            "window": window,
        }
    )


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
    wednesday = {
        **visit(tuesday + timedelta(days=1), hours=8),
        "kind": "work_day",
        "job_id": job.id,
        "title": "Framing",
    }
    appointments.save_appointment(wednesday, who)
    monday_evening = datetime(2026, 11, 23, 23, 0, tzinfo=UTC)  # 6 pm in New York
    assert send_appointment_notices(monday_evening) == 1
    assert send_appointment_notices(monday_evening) == 0  # once
    (notice,) = notices_sent()
    assert "Tuesday, November 24 between 8:00 am and 9:00 am" in notice.subject
    # Wednesday is not announced: Tuesday was the week's first work day of this job.
    assert send_appointment_notices(datetime(2026, 11, 24, 23, 0, tzinfo=UTC)) == 0
    moved = {
        **visit(tuesday + timedelta(hours=2), hours=6),
        "kind": "work_day",
        "job_id": job.id,
        "title": "Demolition",
    }
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
    second = {
        **visit(at(date(2026, 11, 1), 1, 30, fold=1), hours=1),
        "kind": "other",
        "starts_at": "2026-11-01T01:30:00-05:00",
        "ends_at": "2026-11-01T02:30:00-05:00",
        "title": "Night pour",
        "job_id": job.id,
        "user_ids": [ana.id],
    }
    first = {
        **second,
        "starts_at": "2026-11-01T01:30:00-04:00",
        "ends_at": "2026-11-01T01:45:00-04:00",
        "title": "Before the change",
    }
    appointments.save_appointment(first, who)
    appointments.save_appointment(second, who)
    week = get_schedule(date(2026, 10, 26), 7)
    starts = {e.title: e.start for e in week.events}
    assert starts == {
        "Before the change": "2026-11-01T01:30:00-04:00",
        "Night pour": "2026-11-01T01:30:00-05:00",
    }
    assert all(e.people_names == "Ana Crew" and not e.clash for e in week.events)
    days = job_days(job.number)
    assert [(d.title, d.hours) for d in days] == [
        ("Before the change", "1:30 am EDT - 1:45 am EDT"),
        ("Night pour", "1:30 am EST - 2:30 am"),
    ]


def test_every_appointment_inside_a_long_day_is_flagged_as_a_clash(admin):
    from renovation_app.services.schedule.week import get_schedule

    who, ana = as_signed_in(admin), staff_user(name="Ana Crew", email="ana@example.com")
    monday = date(2026, 11, 23)
    for title, hour, hours in (("Work day", 8, 8), ("Inspection", 10, 1), ("Delivery", 13, 1)):
        fields = {
            **visit(at(monday, hour), hours=hours),
            "kind": "other",
            "title": title,
            "user_ids": [ana.id],
        }
        try:
            appointments.save_appointment(fields, who)
        except appointments.ConflictNeedsConfirming as clash:
            appointments.save_appointment(fields, who, confirmed=clash.words)
    week = get_schedule(monday, 7)
    assert {e.title: e.clash for e in week.events} == {
        "Work day": True,
        "Inspection": True,
        "Delivery": True,
    }


FALL_BACK = date(2027, 11, 7)  # New York's clocks go back from 2:00 to 1:00 am that night


def night_pour(fold: int, title: str, **fields) -> dict:
    """1:30 to 2:30 am as the form sends it: wall times, and which 1:30 was chosen."""
    return {
        "kind": "other",
        "title": title,
        "starts_at": "2027-11-07T01:30",
        "starts_fold": str(fold),
        "ends_at": "2027-11-07T02:30",
        **fields,
    }


def test_the_form_offers_both_half_past_ones_and_saves_each_as_its_own_instant(admin):
    choices = repeated_time_choices("2027-11-07T01:30")
    assert choices == [
        {"value": "0", "label": "1:30 am EDT (first)"},
        {"value": "1", "label": "1:30 am EST (second)"},
    ]
    assert repeated_time_choices("2027-11-07T02:30") == []  # happens once
    assert repeated_time_choices("2027-11-08T01:30") == []
    who = as_signed_in(admin)
    first = appointments.save_appointment(night_pour(0, "First pour"), who)
    second = appointments.save_appointment(night_pour(1, "Second pour"), who)
    with db_session() as session:
        rows = {a.id: a for a in session.exec(select(Appointment))}
    assert rows[first].starts_at == datetime(2027, 11, 7, 5, 30, tzinfo=UTC)  # 1:30 EDT
    assert rows[second].starts_at == datetime(2027, 11, 7, 6, 30, tzinfo=UTC)  # 1:30 EST
    assert rows[first].ends_at == rows[second].ends_at == datetime(2027, 11, 7, 7, 30, tzinfo=UTC)
    assert clock_words(rows[second].starts_at) == "Sunday, November 7, 1:30 am EST"
    # Opened again in the form, the second stays the second.
    assert form_time("2027-11-07T01:30:00-05:00") == ("2027-11-07T01:30", 1)
    assert form_time("2027-11-07T01:30:00-04:00") == ("2027-11-07T01:30", 0)


def test_a_time_the_spring_clock_skips_is_refused_in_words_whichever_is_chosen(admin):
    for fold in ("0", "1"):
        skipped = {
            **night_pour(0, "Pour"),
            "starts_at": "2027-03-14T02:30",
            "starts_fold": fold,
            "ends_at": "2027-03-14T04:00",
        }
        with pytest.raises(ActionRefused) as refused:
            appointments.save_appointment(skipped, as_signed_in(admin))
        assert str(refused.value) == (
            "2:30 am does not exist on March 14, 2027: New York's clocks jump from 2:00 to "
            "3:00 am that night."
        )
    with db_session() as session:
        assert session.exec(select(Appointment)).all() == []


def test_the_week_and_the_feed_tell_the_two_half_past_ones_apart(admin):
    from renovation_app.services.schedule.week import get_schedule

    who = as_signed_in(admin)
    ana = staff_user(name="Ana Crew", email="ana@example.com")
    appointments.save_appointment(night_pour(0, "First pour", user_ids=[ana.id]), who)
    try:
        appointments.save_appointment(night_pour(1, "Second pour", user_ids=[ana.id]), who)
    except appointments.ConflictNeedsConfirming as clash:  # Ana is on both: 1:30 EST overlaps
        appointments.save_appointment(
            night_pour(1, "Second pour", user_ids=[ana.id]), who, confirmed=clash.words
        )
    week = get_schedule(week_of(FALL_BACK), 7)
    shown = {e.title: (e.start, e.when) for e in week.events}
    assert shown == {
        "First pour": ("2027-11-07T01:30:00-04:00", "1:30 am EDT - 2:30 am"),
        "Second pour": ("2027-11-07T01:30:00-05:00", "1:30 am EST - 2:30 am"),
    }
    assert week.grid_starts == "01:00:00"  # the calendar's day columns reach 1:30 am
    with time_machine.travel(datetime(2027, 11, 1, 12, tzinfo=UTC), tick=False):
        feed = Calendar.from_ical(calendars.person_feed(calendars.reset_feed(as_signed_in(ana))))
    events = {str(e["summary"]): e for e in feed.walk("VEVENT")}
    first, second = events["First pour"], events["Second pour"]
    assert first.decoded("dtstart") == datetime(2027, 11, 7, 5, 30, tzinfo=UTC)
    assert second.decoded("dtstart") == datetime(2027, 11, 7, 6, 30, tzinfo=UTC)
    assert str(first["description"]) == "Sunday, November 7, 1:30 am EDT - 2:30 am (New York time)"
    assert "1:30 am EST" in str(second["description"])


def test_the_day_before_notice_names_which_half_past_one(admin, contract_settings):
    from renovation_app.services.schedule.notices import send_appointment_notices

    job = job_of(contract_28k(admin))
    work_day = {**night_pour(1, "Night pour"), "kind": "work_day", "job_id": job.id}
    appointments.save_appointment(work_day, as_signed_in(admin))
    assert send_appointment_notices(datetime(2027, 11, 6, 22, 0, tzinfo=UTC)) == 1
    (notice,) = notices_sent()
    assert "Sunday, November 7 between 1:30 am EST and 2:30 am" in notice.subject


def test_an_appointment_at_4_am_is_in_the_week_and_the_day_columns_reach_it(admin):
    from renovation_app.services.schedule.week import get_schedule

    monday = date(2026, 11, 23)
    assert (get_schedule(monday, 7).grid_starts, get_schedule(monday, 7).grid_ends) == (
        "06:00:00",
        "21:00:00",
    )  # the working day, when nothing is outside it
    delivery = {**visit(at(monday + timedelta(days=2), 4), hours=1), "title": "Early delivery"}
    appointments.save_appointment(delivery, as_signed_in(admin))
    late = {**visit(at(monday, 21, 30), hours=1), "title": "Night inspection"}
    appointments.save_appointment(late, as_signed_in(admin))
    week = get_schedule(monday, 7)
    assert [(e.title, e.when) for e in week.events] == [
        ("Night inspection", "9:30 pm - 10:30 pm"),
        ("Early delivery", "4:00 am - 5:00 am"),
    ]
    assert (week.grid_starts, week.grid_ends) == ("04:00:00", "23:00:00")
    day = get_schedule(monday + timedelta(days=2), 1)  # the day view
    assert [e.title for e in day.events] == ["Early delivery"] and day.grid_starts == "04:00:00"


def schedule_state(query: str = ""):
    """The page's state in a tab, at /schedule with the address's query."""
    root = rx.State(_reflex_internal_init=True)
    root.rx_router_url = URLData.from_url(ReflexURL(f"http://localhost:3000/schedule{query}"))
    return substate(root, ScheduleState)


def test_each_load_of_the_schedule_opens_at_this_week_whatever_the_tab_looked_at(clean_db):
    state = schedule_state()
    with time_machine.travel(NOW, tick=False):  # Friday, November 20, 2026
        run(ScheduleState.load.fn(state))
        assert (state.opens_at, state.first_day, state.days) == ("2026-11-20", "2026-11-16", 7)
        run(ScheduleState.dates_change.fn(state, "2027-11-01", "2027-11-08", "timeGridWeek"))
        assert state.first_day == "2027-11-01"
    with time_machine.travel(NOW + timedelta(days=3), tick=False):  # the next Monday
        run(ScheduleState.load.fn(state))  # the same tab opens /schedule again
    assert (state.opens_at, state.first_day, state.days) == ("2026-11-23", "2026-11-23", 7)
    assert state.schedule["first_day"] == "2026-11-23"
    asked = schedule_state("?day=2027-11-07")
    run(ScheduleState.load.fn(asked))
    assert (asked.opens_at, asked.first_day) == ("2027-11-07", "2027-11-01")


def test_the_form_opened_on_the_second_half_past_one_keeps_it_the_second(admin):
    appointments.save_appointment(night_pour(1, "Night pour"), as_signed_in(admin))
    state = schedule_state("?day=2027-11-07")
    run(ScheduleState.load.fn(state))
    (event,) = state.schedule["events"]
    ScheduleState.open_event.fn(state, event["id"])
    assert (state.form["starts_at"], state.form["starts_fold"]) == ("2027-11-07T01:30", "1")
    assert [c["label"] for c in state.starts_choices] == [
        "1:30 am EDT (first)",
        "1:30 am EST (second)",
    ]
    assert state.ends_choices == []  # 2:30 am happens once
    assert state._raw()["starts_fold"] == "1"  # saved again, it stays where it is
    ScheduleState.set_form.fn(state, "starts_fold", "0")
    assert (state.form["starts_fold"], state.form["ends_fold"]) == ("0", "0")


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


def _book(window, n: int, email: str = "", phone: str = "", address: str = ""):
    raw = {
        "name": f"Visitor {n}",
        "email": email or f"visitor{n}@example.com",
        "phone": phone or f"(718) 555-01{n:02}",
        "message": "A new kitchen.",
        "address": address or f"{n} Smith St, Brooklyn",
        "window": window.key,
    }
    form = booking.validate_booking(raw)
    return booking.book_visit(form, f"203.0.113.{n}", now=NOW)


@pytest.mark.parametrize(
    "same",
    [
        {"email": ("Hoarder@Example.com", "hoarder@example.com ")},
        {"phone": ("(718) 555-0150", "+1 718-555-0150")},
        {"address": ("20 Court Street, Apt 4, Brooklyn", "20 court st #4 brooklyn")},
    ],
    ids=["e-mail", "phone", "address"],
)
def test_one_email_phone_or_address_holds_two_open_online_bookings_at_most(clean_db, same):
    from renovation_app.services.schedule import open_bookings, visits
    from tests.factories.links import link_token

    ((kind, (first, other)),) = same.items()
    with db_session() as session:
        free = windows.free_windows(session, NOW)
    held = [_book(free[n], n, **{kind: first}) for n in (1, 2)]
    with pytest.raises(open_bookings.TooManyBookings, match="call us at"):
        _book(free[3], 3, **{kind: other})
    _book(free[3], 4)  # anyone else books as before
    visits.cancel_visit(link_token(CustomerLinkKind.VISIT, held[0].id), NOW)
    _book(free[5], 5, **{kind: other})  # a cancelled visit holds nothing


def test_the_dashboard_names_who_holds_the_most_open_online_bookings(clean_db):
    from renovation_app.services.dashboard.attention import attention_rows

    with db_session() as session:
        free = windows.free_windows(session, NOW)
    _book(free[0], 1, email="hoarder@example.com", phone="(718) 555-0150")
    _book(free[1], 2, email="hoarder@example.com", phone="(718) 555-0150")
    _book(free[2], 3)
    with db_session() as session:
        rows = [
            r for r in attention_rows(session, NOW.date(), NOW) if r.customer.endswith("online")
        ]
    [row] = rows
    assert row.number == "hoarder@example.com · (718) 555-0150"
    days = ", ".join(w.shown()["day"] for w in free[:2])
    assert row.words.startswith(f"2 open visits booked online ({days}); more are refused.")
    assert row.link == "/schedule"
    with db_session() as session:  # once the visits are over, nothing to look at
        assert not [
            r
            for r in attention_rows(session, NOW.date(), NOW + timedelta(days=30))
            if r.customer.endswith("online")
        ]
