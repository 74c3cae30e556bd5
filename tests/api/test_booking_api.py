"""Booking an estimate visit over HTTP and reading a calendar feed: the free windows tell
times only, a booking has the contact form's protections, a window is booked once, and a feed
opens only by its own live token."""

from datetime import UTC, date, datetime, time

import pytest
import time_machine

from renovation_app.content import BUSINESS
from renovation_app.services.schedule import appointments, calendars
from renovation_app.services.schedule.times import instant_of
from renovation_app.services.staff import users
from renovation_app.settings import settings
from tests.factories import staff_user
from tests.factories.staff import as_signed_in

NOW = datetime(2026, 11, 20, 15, 0, tzinfo=UTC)  # Friday 10 am in New York


@pytest.fixture(autouse=True)
def weekdays(monkeypatch):
    """Visits Monday to Friday, 8 am to 6 pm, a day's notice (the first window: Monday 8 am)."""
    monkeypatch.setattr(settings, "booking_days", "0,1,2,3,4")
    monkeypatch.setattr(settings, "booking_hours", "8-18")
    monkeypatch.setattr(settings, "booking_notice_hours", 24)


def booking(window: str, n: int = 0, **fields) -> dict:
    return {
        "name": f"Visitor {n}",
        "email": f"visitor{n}@example.com",
        "phone": "(718) 555-0142",
        "message": "A new kitchen.",
        "address": "12 Court St, Brooklyn",
        "window": window,
        **fields,
    }


def test_the_free_windows_tell_times_and_never_who_is_where(client, staff):
    ana = staff_user(name="Ana Crew", email="ana@example.com")
    start = instant_of(date(2026, 11, 23), time(8))
    appointments.save_appointment(
        {
            "kind": "estimate_visit",
            "title": "Visit at the Smiths'",
            "user_ids": [ana.id],
            "starts_at": start.isoformat(),
            "ends_at": instant_of(date(2026, 11, 23), time(10)).isoformat(),
        },
        as_signed_in(staff),
    )
    with time_machine.travel(NOW, tick=False):
        answer = client.get("/api/booking/windows")
    assert answer.status_code == 200 and answer.headers["cache-control"] == "no-store"
    windows = answer.json()["windows"]
    assert windows[0] == {
        "key": "2026-11-23T15:00:00Z",
        "day": "Monday, November 23",
        "date": "2026-11-23",
        "hours": "10:00 am - 12:00 pm",
    }
    assert "Smith" not in answer.text and "Ana" not in answer.text


def test_a_window_is_booked_once_and_the_next_visitor_is_shown_others(client):
    with time_machine.travel(NOW, tick=False):
        key = client.get("/api/booking/windows").json()["windows"][0]["key"]
        first = client.post("/api/booking", json=booking(key))
        second = client.post("/api/booking", json=booking(key, 1))
    assert first.status_code == 201 and first.json()["when"]["hours"] == "8:00 am - 10:00 am"
    assert second.status_code == 409 and "just taken" in second.json()["errors"]["window"]
    assert second.json()["windows"] and key not in {w["key"] for w in second.json()["windows"]}


def test_a_booking_has_the_contact_forms_protections(client, monkeypatch):
    with time_machine.travel(NOW, tick=False):
        key = client.get("/api/booking/windows").json()["windows"][0]["key"]
        cross = client.post(
            "/api/booking", json=booking(key), headers={"Origin": "https://evil.example"}
        )
        assert cross.status_code == 403
        bad = client.post("/api/booking", json=booking(key, name="\x00", address=""))
        assert bad.status_code == 422 and {"name", "address"} <= set(bad.json()["errors"])
        assert client.post("/api/booking", json=booking("2031-01-01T13:00:00Z")).status_code == 409
        monkeypatch.setattr(settings, "contact_rate_limit", 1)
        windows = client.get("/api/booking/windows").json()["windows"]
        assert client.post("/api/booking", json=booking(windows[1]["key"])).status_code == 201
        limited = client.post("/api/booking", json=booking(windows[2]["key"], 2))
        assert limited.status_code == 429


def test_a_feed_opens_by_its_live_token_only(client, staff):
    token = calendars.reset_feed(as_signed_in(staff))
    answer = client.get(f"/calendar/{token}.ics")
    assert answer.status_code == 200 and answer.text.startswith("BEGIN:VCALENDAR")
    assert client.get("/calendar/made-up.ics").status_code == 404
    calendars.reset_feed(as_signed_in(staff))
    assert client.get(f"/calendar/{token}.ics").status_code == 404
    assert "/calendar/" in client.get("/robots.txt").text


def test_a_deactivated_persons_feed_address_answers_404(client, staff):
    token = calendars.reset_feed(as_signed_in(staff))
    assert client.get(f"/calendar/{token}.ics").status_code == 200
    users.deactivate_user(staff.email)
    assert client.get(f"/calendar/{token}.ics").status_code == 404


def test_a_third_open_booking_of_one_email_is_refused_with_the_offices_number(client):
    with time_machine.travel(NOW, tick=False):
        windows = client.get("/api/booking/windows").json()["windows"]
        for n in (1, 2):
            answer = client.post(
                "/api/booking",
                json=booking(
                    windows[n]["key"],
                    n,
                    email="same@example.com",
                    phone=f"(718) 555-016{n}",
                    address=f"{n} Hoyt St, Brooklyn",
                ),
            )
            assert answer.status_code == 201, answer.text
        third = client.post(
            "/api/booking",
            json=booking(
                windows[3]["key"],
                3,
                email="SAME@example.com",
                phone="(718) 555-0163",
                address="3 Hoyt St, Brooklyn",
            ),
        )
    assert third.status_code == 429
    assert f"call us at {BUSINESS.phone_display}" in third.json()["errors"]["rate_limit"]
