"""The crew calendar in Chromium: the week shows the appointments with their people, a work day
dragged onto Monday moves (and keeps its people), the form makes an appointment and names a
clash, and the page passes axe at 375 and 1280 px."""

import re
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import httpx
import pytest
from playwright.sync_api import Page, expect
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Appointment, User
from renovation_app.services.billing import business_today
from renovation_app.services.schedule import appointments, calendars
from renovation_app.services.schedule.times import instant_of, new_york
from renovation_app.settings import settings
from tests.e2e.axe_check import no_axe_violations
from tests.e2e.conftest import open_page
from tests.e2e.test_estimates import mail_about
from tests.e2e.test_staff_sign_in import new_admin, signed_in_at
from tests.factories import job_of, staff_user
from tests.factories.costs import contract_28k
from tests.factories.staff import as_signed_in


@pytest.mark.usefixtures("site")
def test_the_office_drags_a_work_day_for_two_people_onto_monday(page: Page, site, monkeypatch):
    if not site.shares_this_process_database:
        pytest.skip("the appointments are made in this process's database")
    monkeypatch.setattr(settings, "contractor_licence", "2099999-DCA")
    monkeypatch.setattr(settings, "escrow_bank", "Example Community Bank, Brooklyn")
    admin_email = new_admin(site)
    with db_session() as session:
        admin = session.exec(select(User).where(User.email == admin_email)).one()
    job = job_of(contract_28k(admin, uuid.uuid4().hex))
    tag = uuid.uuid4().hex[:4]
    ana = staff_user(email=f"ana-{tag}@example.com", name=f"Ana {tag}")
    ben = staff_user(email=f"ben-{tag}@example.com", name=f"Ben {tag}")
    monday = business_today() - timedelta(days=business_today().weekday()) + timedelta(days=7)
    from datetime import time

    wednesday = instant_of(monday + timedelta(days=2), time(9))
    work_day = appointments.save_appointment(
        {
            "kind": "work_day",
            "title": f"Demolition {tag}",
            "job_id": job.id,
            "starts_at": wednesday.isoformat(),
            "ends_at": (wednesday + timedelta(hours=3)).isoformat(),
            "user_ids": [ana.id, ben.id],
        },
        as_signed_in(admin),
    )

    page.set_viewport_size({"width": 1280, "height": 900})
    signed_in_at(page, admin_email, "/schedule")
    page.get_by_role("button", name="Next").click() if page.get_by_title(
        "Next week"
    ).count() == 0 else page.get_by_title("Next week").click()
    event = page.locator(".fc-event").filter(has_text=f"Demolition {tag}")
    expect(event).to_contain_text(f"Ana {tag}")
    target = page.locator(f'td.fc-timegrid-col[data-date="{monday.isoformat()}"]')
    box, slot = (
        event.bounding_box(),
        page.locator('td.fc-timegrid-slot-lane[data-time="09:00:00"]').bounding_box(),
    )
    column = target.bounding_box()
    page.mouse.move(box["x"] + 10, box["y"] + 5)
    page.mouse.down()
    page.mouse.move(column["x"] + 20, slot["y"] + 5, steps=12)
    page.mouse.up()
    expect(page.get_by_role("status").filter(has_text="Moved.")).to_be_visible()
    with db_session() as session:
        moved = session.get(Appointment, work_day)
    assert new_york(moved.starts_at).date() == monday and moved.version == 2
    page.screenshot(path="test-results/schedule-1280.png", full_page=True)
    # Each person's feed lists their days.
    for person in (ana, ben):
        feed = httpx.get(f"{site.url}/calendar/{calendars.reset_feed(as_signed_in(person))}.ics")
        assert feed.status_code == 200 and f"Demolition {tag}" in feed.text
    # Opens it in the form, with its job and its two people. Clicked at its top corner: another
    # test's appointment on that Monday may sit beside it, inset over its middle.
    event.click(position={"x": 4, "y": 4})
    expect(page.locator("#appointment-title")).to_have_value(f"Demolition {tag}")
    expect(page.get_by_label(f"Ben {tag}")).to_be_checked()
    no_axe_violations(page, "schedule")

    # A new appointment for Ana over the moved day: the clash is named, then confirmed.
    page.set_viewport_size({"width": 375, "height": 812})
    open_page(page, "/schedule")
    page.get_by_role("button", name="New appointment").click()
    page.fill("#appointment-title", f"Inspection {tag}")
    page.locator("#appointment-kind").select_option("other")
    page.fill("#appointment-starts_at", f"{monday.isoformat()}T10:00")
    page.fill("#appointment-ends_at", f"{monday.isoformat()}T11:00")
    ana_box = page.get_by_label(f"Ana {tag}")
    ana_box.click()  # the server holds who is chosen
    expect(ana_box).to_be_checked()
    page.get_by_test_id("save-appointment").click()
    expect(page.get_by_test_id("clash")).to_contain_text(f"Ana {tag} is on “Demolition {tag}”")
    page.get_by_test_id("save-appointment").click()
    expect(page.get_by_role("status").filter(has_text="Saved.")).to_be_visible()
    page.screenshot(path="test-results/schedule-375.png", full_page=True)


def test_a_visitor_books_thursday_from_the_contact_page_on_a_phone(page: Page, site):
    email = f"visitor-{uuid.uuid4().hex[:6]}@example.com"
    page.set_viewport_size({"width": 375, "height": 812})
    open_page(page, "/contact")
    page.get_by_role("link", name="Book a free estimate visit").click()
    expect(page).to_have_url(re.compile(r"/book-a-visit$"))
    thursdays = page.get_by_role("group", name=re.compile(r"^Thursday"))
    expect(thursdays.first).to_be_visible()
    no_axe_violations(page, "booking page")
    page.set_viewport_size({"width": 375, "height": 812})
    day = thursdays.first
    label = day.locator("label").filter(has_text="10:00 am - 12:00 pm")
    if label.count() == 0:  # already booked by an earlier run: the day's first free window
        label = day.locator("label").first
    hours = label.inner_text()
    label.click()
    page.fill("#book-name", "Maria Lopez")
    page.fill("#book-phone", "(718) 555-0199")
    page.fill("#book-email", email)
    page.fill("#book-address", "12 Court St, Brooklyn")
    page.fill("#book-message", "A new kitchen, about 150 sq ft.")
    page.get_by_test_id("book-visit").click()
    expect(page.get_by_test_id("visit-booked")).to_contain_text(hours)
    page.screenshot(path="test-results/visit-booked-375.png", full_page=True)
    mail = mail_about(site, email, "Your estimate visit")
    assert "/visit/" in mail["text"] and "Maria" not in mail["text"]
    if site.shares_this_process_database:
        with db_session() as session:
            visit = session.exec(
                select(Appointment).where(Appointment.contact_email == email)
            ).one()
        assert visit.booked_online and new_york(visit.starts_at).strftime("%A") == "Thursday"

    # The office's week view shows it.
    page.set_viewport_size({"width": 1280, "height": 900})
    signed_in_at(page, new_admin(site), "/schedule")
    visit_event = page.locator(".fc-event").filter(has_text="Estimate visit: Maria Lopez")
    if visit_event.count() == 0:  # booked for next week's Thursday
        page.get_by_role("button", name="Next", exact=True).click()
    expect(visit_event.first).to_be_visible()

    # The e-mail's link: the visitor moves the visit, then cancels it.
    link = re.search(r"/visit/[\w-]{43,}", mail["text"]).group(0)
    open_page(page, link)
    expect(page.get_by_test_id("visit-when")).to_contain_text(hours)
    no_axe_violations(page, "the visitor's visit page")
    page.set_viewport_size({"width": 375, "height": 812})
    page.get_by_text("Choose another time").click()
    choice = page.locator('input[name="new-window"]').nth(2)
    choice.click()  # the server holds the choice
    expect(choice).to_be_checked()
    page.get_by_test_id("move-visit").click()
    expect(page.get_by_role("status")).to_contain_text("Moved")
    page.get_by_role("button", name="Cancel the visit").click()
    page.get_by_test_id("cancel-visit").click()
    expect(page.get_by_test_id("visit-closed")).to_contain_text("cancelled")


def test_fifty_visitors_booking_one_window_at_once_book_it_once(site):
    """Against the running server (three workers on PostgreSQL in `make prod-stack-test`)."""
    windows = httpx.get(f"{site.url}/api/booking/windows", timeout=30).json()["windows"]
    key = windows[-1]["key"]  # the farthest: no other test books it

    def book(n: int) -> httpx.Response:
        return httpx.post(
            f"{site.url}/api/booking",
            timeout=60,
            headers={"Origin": site.url, "X-Forwarded-For": f"198.51.100.{n + 1}"},
            json={
                "name": f"Visitor {n}",
                "email": f"race{n}-{key[:10]}@example.com",
                "phone": f"(718) 555-01{n:02}",
                "message": "A new kitchen.",
                "address": f"{n + 1} Race St, Brooklyn",
                "window": key,
            },
        )

    with ThreadPoolExecutor(max_workers=50) as pool:
        answers = list(pool.map(book, range(50)))
    assert sorted(a.status_code for a in answers) == [201] + [409] * 49
    for answer in answers:
        if answer.status_code == 409:
            assert "just taken" in answer.json()["errors"]["window"]
            assert key not in {w["key"] for w in answer.json()["windows"]}


def test_the_second_half_past_one_shows_with_est_and_the_schedule_opens_at_today_again(
    page: Page, site
):
    """Issue 48: the night New York's clocks go back, the form offers both 1:30s and the week
    shows the second with EST; opened again in the same tab, the schedule is at this week."""
    tag = uuid.uuid4().hex[:4]
    page.set_viewport_size({"width": 1280, "height": 900})
    signed_in_at(page, new_admin(site), "/schedule?day=2027-11-07")
    expect(page.locator(".fc-toolbar-title")).to_contain_text("2027")
    page.get_by_role("button", name="New appointment").click()
    page.locator("#appointment-kind").select_option("other")
    page.fill("#appointment-title", f"Night pour {tag}")
    page.fill("#appointment-starts_at", "2027-11-07T01:30")
    page.fill("#appointment-ends_at", "2027-11-07T02:30")
    which = page.locator("#appointment-starts_fold")
    expect(which.locator("option")).to_have_text(["1:30 am EDT (first)", "1:30 am EST (second)"])
    which.select_option("1")
    expect(which).to_have_value("1")
    page.get_by_test_id("save-appointment").click()
    expect(page.get_by_role("status").filter(has_text="Saved.")).to_be_visible()
    pour = page.locator(".fc-event").filter(has_text=f"Night pour {tag}")
    expect(pour).to_contain_text("1:30 am EST - 2:30 am")
    page.screenshot(path="test-results/schedule-fall-back-1280.png", full_page=True)

    # The same tab, by the menu: away and back to the schedule, which is at this week again.
    page.get_by_role("link", name="Dashboard", exact=True).first.click()
    expect(page).to_have_url(re.compile(r"/dashboard$"))
    page.get_by_role("link", name="Schedule", exact=True).first.click()
    expect(page.locator(".fc-day-today").first).to_be_visible()
    expect(page.locator(".fc-toolbar-title")).not_to_contain_text("2027")

    # On a phone the toolbar has Today, and it brings the day view back from another week.
    page.set_viewport_size({"width": 375, "height": 812})
    open_page(page, "/schedule")
    page.get_by_role("button", name="Next", exact=True).click()
    expect(page.locator(".fc-day-today")).to_have_count(0)
    page.get_by_role("button", name="Today", exact=True).click()
    expect(page.locator(".fc-day-today").first).to_be_visible()
    page.screenshot(path="test-results/schedule-today-375.png")
