"""POST /api/time-clock and the payroll CSV: a signed-in person's own taps only, from this site
only, each key done once (a replayed offline queue makes one clock in), the job off the schedule
asked, and payroll for admins."""

import csv
import io
import json
import time
from datetime import date

import pytest

from renovation_app.models import Role
from renovation_app.settings import settings
from tests.factories import sign_in, staff_user
from tests.factories.costs import worker_with_rate
from tests.factories.time_clock import entries_of, job_by_hand, shift

SITE = "http://testserver"


@pytest.fixture(autouse=True)
def site(monkeypatch):
    monkeypatch.setattr(settings, "site_url", SITE)


@pytest.fixture
def job(clean_db):
    return job_by_hand(staff_user(Role.ADMIN, name="Bea Boss", email="boss@example.com"))


def tap(client, key="phone-tap-0001", action="clock_in", **fields):
    body = {"key": key, "action": action, "tapped_at": time.time() * 1000, **fields}
    return client.post("/api/time-clock", json=body, headers={"origin": SITE})


@pytest.mark.parametrize("cookie", [None, "forged-token"])
def test_signed_out_or_forged_sessions_tap_nothing(client, job, cookie):
    if cookie:
        client.cookies.set("staff_session", cookie)
    answer = tap(client, job_id=job.id, off_schedule_ok=True)
    assert answer.status_code == 401 and "Sign in again" in answer.json()["error"]


def test_a_tap_from_another_site_is_refused(staff_client, staff, job):
    answer = staff_client.post(
        "/api/time-clock",
        json={"key": "phone-tap-0001", "action": "clock_in", "tapped_at": time.time() * 1000},
        headers={"origin": "https://evil.example"},
    )
    assert answer.status_code == 403 and entries_of(staff) == []


@pytest.mark.parametrize(
    "fields",
    [
        {"key": "short"},
        {"key": "has spaces in it!"},
        {"action": "go_home"},
        {"tapped_at": "yesterday"},
        {"tapped_at": 10},
        {"tapped_at": float("inf")},
    ],
)
def test_a_malformed_tap_is_refused_in_words(staff_client, staff, job, fields):
    body = {"key": "phone-tap-0001", "action": "clock_in", "tapped_at": time.time() * 1000}
    raw = json.dumps({**body, **fields}).replace("Infinity", "1e999")
    answer = staff_client.post(
        "/api/time-clock",
        content=raw,
        headers={"origin": SITE, "content-type": "application/json"},
    )
    assert answer.status_code == 422 and answer.json()["error"]
    assert entries_of(staff) == []


def test_a_replayed_tap_is_done_once_and_off_schedule_is_asked(staff_client, staff, job):
    asked = tap(staff_client, job_id=job.id)
    assert asked.status_code == 409 and "not on the schedule" in asked.json()["ask"]
    assert entries_of(staff) == []
    first = tap(staff_client, job_id=job.id, off_schedule_ok=True)
    again = tap(staff_client, job_id=job.id, off_schedule_ok=True)
    assert {k: first.json()[k] for k in ("done", "refused", "replayed")} == {
        "done": True,
        "refused": "",
        "replayed": False,
    }
    assert again.json()["replayed"] is True and again.json()["done"] is True
    # Each answer carries the clock as it now stands: the page shows it even when its own
    # reading of the day arrives late or not at all (the signal gone right after the tap).
    assert (
        first.json()["clock"]["clock"] == "in" and job.number in first.json()["clock"]["clock_job"]
    )
    assert again.json()["clock"]["as_of"] >= first.json()["clock"]["as_of"]
    second_tab = tap(staff_client, key="other-tab-0002", job_id=job.id, off_schedule_ok=True)
    assert second_tab.json()["done"] is False and "clock out first" in second_tab.json()["refused"]
    assert second_tab.json()["clock"]["clock"] == "in"
    out = tap(staff_client, key="clock-out-0003", action="clock_out")
    assert out.json()["clock"] == {**out.json()["clock"], "clock": "out", "clock_job": ""}
    assert len(entries_of(staff)) == 1


def test_another_persons_tap_key_is_refused(client, staff, job):
    other = staff_user(name="Ola Other", email="ola@example.com")
    sign_in(client, other.email)
    tap(client, job_id=job.id, off_schedule_ok=True)
    client.cookies.clear()
    sign_in(client, staff.email)
    stolen = tap(client, action="clock_out")
    assert stolen.status_code == 403 and entries_of(staff) == []
    assert entries_of(other)[0].ended_at is None


def test_the_payroll_csv_is_for_admins(client, staff, job):
    ana = worker_with_rate(48_00, name="Ana Crew")
    shift(ana, job, date(2026, 11, 16), 7, 15)
    sign_in(client, staff.email)
    assert client.get("/api/exports/payroll.csv?week=2026-11-16").status_code == 403
    client.cookies.clear()
    sign_in(client, "boss@example.com")
    answer = client.get("/api/exports/payroll.csv?week=2026-11-18")  # any day of the week
    assert answer.status_code == 200
    assert "payroll-week-of-2026-11-16.csv" in answer.headers["content-disposition"]
    rows = list(csv.DictReader(io.StringIO(answer.text)))
    assert [(r["Person"], r["Job"], r["Regular hours"], r["Approved"]) for r in rows] == [
        ("Ana Crew", job.number, "8.00", "no"),
        ("Ana Crew", "Total", "8.00", "no"),
    ]
