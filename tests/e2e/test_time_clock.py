"""The crew's day and the timesheets, in Chromium, as the issue's "done when" tells it: at
375 px a crew member sees today's work day at job A, clocks in, takes a break and clocks out;
with the network off clocks in on job B (not on the schedule: asked once) and, back online, the
tap arrives once at the time it was made. The office moves the day into last week (a correction
with a reason), where four more days make 42.5 hours: 40 regular and 2.5 overtime; approved,
job A's costs show that labour at the loaded rate with the overtime premium, to the cent, and
the payroll CSV says the same. (axe sweeps these pages at 375 and 1280 px with every other staff
page: tests/e2e/test_accessibility.py.)"""

import csv
import io
import re
import uuid
from datetime import timedelta

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import TimeEntry, User
from renovation_app.services.billing import business_today
from renovation_app.services.schedule.times import week_of
from renovation_app.settings import settings
from tests.e2e.conftest import open_page
from tests.e2e.test_staff_sign_in import PASSWORD, new_admin, signed_in_at
from tests.factories import job_of
from tests.factories.costs import contract_28k
from tests.factories.staff import staff_user
from tests.factories.time_clock import job_by_hand, ny, set_person, shift, tap, work_day

RATE = 48_00  # Ana's loaded hourly cost: overtime costs $72.00 an hour


def the_office(admin_email: str, monkeypatch):
    monkeypatch.setattr(settings, "contractor_licence", "2099999-DCA")
    monkeypatch.setattr(settings, "escrow_bank", "Example Community Bank, Brooklyn")
    with db_session() as session:
        admin = session.exec(select(User).where(User.email == admin_email)).one()
    job_a = job_of(contract_28k(admin, uuid.uuid4().hex, phone="(718) 555-0142"))
    job_b = job_by_hand(admin, "Fix the stoop railing")
    tag = uuid.uuid4().hex[:6]
    ana = staff_user(email=f"ana-{tag}@example.com", name=f"Ana Crew {tag}", password=PASSWORD)
    ana = set_person(ana, hourly_cost_cents=RATE)
    work_day(job_a, ana, business_today(), admin)
    return admin, ana, job_a, job_b


def entries(person: User, job) -> list[TimeEntry]:
    with db_session() as session:
        query = select(TimeEntry).where(TimeEntry.user_id == person.id, TimeEntry.job_id == job.id)
        return list(session.exec(query))


class HeldReadings:
    """Holds the page's readings of the day (Reflex's state updates over its websocket) while
    `on`, as a slow or lost connection does; socket.io's pings pass so the socket stays up."""

    def __init__(self, page: Page):
        self.on = False
        self.held: list = []
        self.sockets: list = []
        page.route_web_socket(re.compile(r"/_event"), self._through)

    def _through(self, socket) -> None:
        server = socket.connect_to_server()
        self.sockets.append(socket)

        def to_page(message) -> None:
            if self.on and isinstance(message, str) and message.startswith("42"):
                self.held.append((socket, message))
            else:
                socket.send(message)

        server.on_message(to_page)

    def release(self) -> None:
        self.on = False
        for socket, message in self.held:
            socket.send(message)
        self.held.clear()


def crew_day(page: Page, context: BrowserContext, ana: User, job_a, job_b) -> None:
    readings = HeldReadings(page)
    open_page(page, "/today")
    visit = page.get_by_test_id("today-visit").filter(has_text=job_a.number)
    expect(visit).to_contain_text("Bring the tile saw")
    expect(visit.get_by_role("link", name="Map")).to_have_attribute("href", re.compile("maps"))
    expect(visit.get_by_role("link", name=re.compile("^Call"))).to_have_attribute(
        "href", "tel:7185550142"
    )
    expect(visit.get_by_role("link", name="Photos and daily log")).to_be_visible()
    clock = page.get_by_test_id("clock-state")
    page.get_by_test_id("clock-in").click()  # job A is chosen: Ana is on its schedule today
    expect(clock).to_contain_text(f"Clocked in on {job_a.number}")
    page.get_by_test_id("break-start").click()
    expect(clock).to_contain_text("On a break")
    # The page's own reading of the day is late: each tap's answer says what the clock is.
    readings.on = True
    page.get_by_test_id("break-end").click()
    expect(clock).to_contain_text("Clocked in")
    page.get_by_test_id("clock-out").click()
    expect(page.get_by_test_id("clock-message")).to_contain_text("Clock out at")
    expect(page.get_by_test_id("clock-message")).to_contain_text("recorded.")
    expect(clock).to_have_text("You are clocked out.")
    expect(page.get_by_test_id("clock-job")).to_be_visible()
    assert readings.held, "the page read the day again after the taps"
    readings.release()  # the older readings arrive last and change nothing
    page.wait_for_timeout(500)
    expect(clock).to_have_text("You are clocked out.")
    today = max(entries(ana, job_a), key=lambda e: e.started_at)
    assert today.ended_at is not None and not today.off_schedule

    # No signal: the tap waits on the phone, then arrives once, at the time it was made.
    context.set_offline(True)
    page.get_by_test_id("clock-job").select_option(str(job_b.id))
    page.get_by_test_id("clock-in").click()
    expect(page.get_by_test_id("clock-ask")).to_contain_text("not on the schedule")
    page.get_by_test_id("clock-in-anyway").click()
    expect(page.get_by_test_id("clock-waiting")).to_contain_text("waiting on this phone")
    expect(clock).to_contain_text(f"Clocked in on {job_b.number}")
    [waiting] = page.evaluate(f"JSON.parse(localStorage.getItem('time-clock-taps-{ana.id}'))")
    assert entries(ana, job_b) == []
    context.set_offline(False)
    expect(page.get_by_test_id("clock-waiting")).to_have_count(0, timeout=30000)
    expect(page.get_by_test_id("clock-message")).to_contain_text("Clock in at")
    [arrived] = entries(ana, job_b)
    assert abs(arrived.started_at.timestamp() * 1000 - waiting["tapped_at"]) < 1
    # The same tap sent again (a second tab replaying its queue) changes nothing.
    again = page.evaluate(
        """(tap) => fetch('/api/time-clock', {method: 'POST', credentials: 'same-origin',
        headers: {'Content-Type': 'application/json'}, body: JSON.stringify(tap)})
        .then((r) => r.json())""",
        waiting,
    )
    assert again["replayed"] is True and again["clock"]["clock"] == "in"
    assert len(entries(ana, job_b)) == 1
    page.get_by_test_id("clock-out").click()
    expect(clock).to_have_text("You are clocked out.")
    page.screenshot(path="test-results/today-375.png", full_page=True)


@pytest.mark.usefixtures("site")
def test_a_crew_day_offline_tap_and_a_week_of_overtime_approved(
    page: Page, site, context: BrowserContext, browser, monkeypatch
):
    if not site.shares_this_process_database:
        pytest.skip("the office is made in this process's database")
    admin_email = new_admin(site)
    admin, ana, job_a, job_b = the_office(admin_email, monkeypatch)
    page.set_viewport_size({"width": 375, "height": 812})
    signed_in_at(page, ana.email, None, PASSWORD)
    # Last week, clocked on the phone: Tuesday to Thursday 10 hours, Friday 2.5.
    last_week = week_of(business_today()) - timedelta(days=7)
    for offset in (1, 2, 3):
        shift(ana, job_a, last_week + timedelta(days=offset), 7, 17)
    friday = last_week + timedelta(days=4)
    shift(ana, job_a, friday, 7, 9)
    tap(ana, "clock_in", ny(friday, 10), job_a)
    tap(ana, "clock_out", ny(friday, 10, 30))
    crew_day(page, context, ana, job_a, job_b)

    # The office moves today's day on job A to last Monday, where it belongs: 42.5 hours.

    office = browser.new_context(base_url=site.url, viewport={"width": 375, "height": 812})
    desk = office.new_page()
    signed_in_at(desk, admin_email, None, PASSWORD)
    this_week = f"/timesheets/{week_of(business_today())}/{ana.id}"
    open_page(desk, this_week)
    expect(desk.get_by_test_id("timesheet-entry")).to_have_count(2)
    desk.get_by_test_id("timesheet-entry").filter(has_text=job_a.number).first.locator(
        "xpath=following-sibling::tr[1]"
    ).get_by_test_id("entry-correct").click()
    desk.get_by_test_id("time-started").fill(f"{last_week}T07:00")
    desk.get_by_test_id("time-ended").fill(f"{last_week}T17:30")
    desk.get_by_test_id("time-break_minutes").fill("30")
    desk.get_by_test_id("time-reason").fill("Monday's day, clocked on the wrong day")
    desk.get_by_test_id("time-save").click()
    expect(desk.get_by_test_id("timesheet-note")).to_have_text("Entry corrected.")
    expect(desk.get_by_test_id("timesheet-entry")).to_have_count(1)

    desk.get_by_role("link", name="← Week before").click()
    expect(desk).to_have_url(re.compile(f"/timesheets/{last_week}/{ana.id}$"))
    expect(desk.get_by_test_id("week-total")).to_have_text("42.50 h")
    expect(desk.get_by_test_id("week-regular")).to_have_text("40.00 h")
    expect(desk.get_by_test_id("week-overtime")).to_have_text("2.50 h")
    expect(desk.get_by_test_id("timesheet")).to_contain_text("Corrected by the office")
    desk.get_by_test_id("week-approve").click()
    expect(desk.get_by_test_id("timesheet-note")).to_contain_text("Week approved")
    expect(desk.get_by_test_id("week-status")).to_contain_text("Approved")
    desk.screenshot(path="test-results/timesheet-375.png", full_page=True)

    # Job A: 40 h x $48.00 + 2.5 h x $72.00 = $1,920.00 + $180.00.
    open_page(desk, f"/jobs/{job_a.number}/costs")
    expect(desk.get_by_test_id("actual-Labour")).to_have_text("$2,100.00")
    expect(desk.get_by_test_id("cost-row").filter(has_text="overtime")).to_contain_text("$180.00")
    answer = desk.request.get(f"/api/exports/payroll.csv?week={last_week}")
    rows = list(csv.DictReader(io.StringIO(answer.text())))
    assert [
        (r["Job"], r["Regular hours"], r["Overtime hours"], r["Approved"])
        for r in rows
        if r["Person"] == ana.name
    ] == [(job_a.number, "40.00", "2.50", "yes"), ("Total", "40.00", "2.50", "yes")]
    open_page(desk, f"/timesheets?week={last_week}")
    expect(desk.get_by_test_id("timesheet-person").filter(has_text=ana.name)).to_contain_text(
        "Approved"
    )
    office.close()
