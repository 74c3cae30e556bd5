"""Texts in Chromium, as the issue's "done when" tells it: a visitor books a visit at 375 px
giving a mobile and ticking texts and is texted the confirmation; the day before (the notices
run at that day's clock) one text; the customer's "Can you come at 9?" lands on their page and
the office is told (the dashboard's count, /texts); staff answer from the customer's page and
the text goes, shown "delivered" once Twilio says so; the customer texts STOP and nothing more
is texted while the e-mails still go. The server's worker and a second one here drain the same
outbox: each text leaves once. (The reminder held from 10 pm to 8 am and the one review request
after the final payment: tests/unit/test_texts_reminders.py, tests/api/test_texts_reviews.py.)"""

import random
import re
import time
import uuid
from datetime import time as wall_time
from datetime import timedelta

import pytest
from playwright.sync_api import Page, expect
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Appointment, Channel, OutboxEmail, OutboxStatus, User, utc_now
from renovation_app.services import texts
from renovation_app.services.mail.outbox import deliver_one
from renovation_app.services.schedule.notices import send_appointment_notices
from renovation_app.services.schedule.times import instant_of, new_york
from renovation_app.settings import settings
from tests.e2e.axe_check import no_axe_violations
from tests.e2e.conftest import TWILIO_NUMBER, open_page
from tests.e2e.test_estimates import mail_about
from tests.e2e.test_staff_sign_in import new_admin, signed_in_at
from tests.factories import make_invoice
from tests.fakes.twilio_server import ACCOUNT_SID, AUTH_TOKEN


def texts_on_here(site, monkeypatch) -> None:
    """This process as a second worker of the same site: the same fake Twilio."""
    monkeypatch.setattr(settings, "twilio_account_sid", ACCOUNT_SID)
    monkeypatch.setattr(settings, "twilio_auth_token", AUTH_TOKEN)
    monkeypatch.setattr(settings, "twilio_from_number", TWILIO_NUMBER)
    monkeypatch.setattr(settings, "twilio_api_base", site.twilio.url)
    monkeypatch.setattr(settings, "site_url", site.url)


def texts_to(number: str) -> list[OutboxEmail]:
    with db_session() as session:
        query = select(OutboxEmail).where(
            OutboxEmail.channel == Channel.TEXT, OutboxEmail.to == number
        )
        return list(session.exec(query.order_by(OutboxEmail.id)))


def second_worker(number: str) -> None:
    """Deliver this number's due texts here while the server's worker does the same; a text
    held for the morning (quiet hours) is delivered at its 8 am."""
    with db_session() as session:
        for row in texts_to(number):
            if row.status == OutboxStatus.QUEUED:
                skew = max(timedelta(0), row.next_attempt_at - utc_now())
                deliver_one(session, row.id, lambda skew=skew: utc_now() + skew)


def bodies_at_twilio(site, number: str, count: int) -> list[str]:
    """Once `count` texts reached Twilio (both workers trying), the bodies in order."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        second_worker(number)
        if len(site.twilio.bodies_to(number)) >= count:
            break
        time.sleep(0.3)
    time.sleep(0.6)  # a second copy (the server's worker polls every 0.5 s) would be here
    return site.twilio.bodies_to(number)


def book_with_texts(page: Page, email: str, mobile: str) -> None:
    page.set_viewport_size({"width": 375, "height": 812})
    open_page(page, "/book-a-visit")
    page.get_by_role("group").first.locator("label").first.click()
    page.fill("#book-name", "Tess Texter")
    page.fill("#book-phone", mobile)
    page.fill("#book-email", email)
    page.fill("#book-address", "40 Clinton St, Brooklyn")
    page.fill("#book-message", "A leaking shower.")
    page.get_by_test_id("book-texts").check()
    page.get_by_test_id("book-visit").click()
    expect(page.get_by_test_id("visit-booked")).to_be_visible()


@pytest.mark.usefixtures("site")
def test_a_customer_texted_from_booking_to_stop(page: Page, site, browser, monkeypatch):
    if not site.shares_this_process_database:
        pytest.skip("the second worker reads this process's database")
    texts_on_here(site, monkeypatch)
    email = f"tess-{uuid.uuid4().hex[:6]}@example.com"
    mobile = f"(347) 555-01{random.randint(10, 99)}"
    number = texts.e164(mobile)
    book_with_texts(page, email, mobile)
    [confirmation] = bodies_at_twilio(site, number, 1)
    assert "/visit/" in confirmation and "STOP" in confirmation

    # The day before, at that day's clock: one notice by text beside the e-mail.
    with db_session() as session:
        visit = session.exec(select(Appointment).where(Appointment.contact_email == email)).one()
    day_before = new_york(visit.starts_at).date() - timedelta(days=1)
    send_appointment_notices(instant_of(day_before, wall_time(10)))
    send_appointment_notices(instant_of(day_before, wall_time(10, 5)))  # again: told once
    notices = bodies_at_twilio(site, number, 2)[1:]
    assert len(notices) == 1 and "we arrive" in notices[0]

    # The customer answers; the office is told.
    sent = site.twilio.post_inbound(f"{site.url}{texts.INBOUND_PATH}", number, "Can you come at 9?")
    assert sent.status_code == 200
    office = browser.new_context(base_url=site.url, viewport={"width": 1280, "height": 900})
    desk = office.new_page()
    admin_email = new_admin(site)
    signed_in_at(desk, admin_email, "/dashboard")
    expect(desk.get_by_test_id("dash-unread-texts")).not_to_have_text("0")
    desk.get_by_test_id("dash-unread-texts").click()
    expect(desk).to_have_url(re.compile(r"/texts$"))
    # A visitor is no customer yet: the text waits as from an unknown number, beside the
    # enquiry that gave the number; the office makes Tess a customer with it.
    unknown = desk.get_by_test_id("inbox-unknown").filter(has_text=number)
    expect(unknown).to_contain_text("wrote an enquiry as Tess Texter")
    no_axe_violations(desk, "/texts with a text from an unknown number")
    unknown.get_by_test_id("inbox-make-customer").click()
    waiting = desk.get_by_test_id("inbox-unread").filter(has_text=number)
    expect(waiting).to_contain_text("Tess Texter")
    waiting.get_by_role("link", name="Tess Texter").click()
    expect(desk).to_have_url(re.compile(r"/customers/\d+$"))
    customer_page = desk.url
    card = desk.get_by_test_id("customer-texts")
    expect(card.get_by_test_id("text-in")).to_contain_text("Can you come at 9?")
    expect(card.get_by_test_id("text-number")).to_contain_text("Said yes when booking a visit")
    # What was texted the number before Tess was a customer is on her page too.
    expect(card.get_by_test_id("text-out")).to_have_count(2)
    expect(card.get_by_test_id("text-out").first).to_contain_text("/visit/")
    no_axe_violations(desk, "a customer's texts")  # at 375 and 1280 px

    # Staff answer from the customer's page: the text goes, and shows delivered.
    desk.fill("#text-body", "Yes, 9 works. See you then.")
    desk.get_by_role("button", name="Send the text").click()
    expect(card.get_by_test_id("text-out").last).to_contain_text("Yes, 9 works.")
    answered = bodies_at_twilio(site, number, 3)
    assert answered[2] == "Yes, 9 works. See you then." and len(answered) == 3
    sid = next(m["sid"] for m in site.twilio.sent if m["body"] == answered[2])
    status = site.twilio.post_status(f"{site.url}{texts.STATUS_PATH}", sid, "delivered")
    assert status.status_code == 200
    desk.reload()
    expect(card.get_by_test_id("text-out").last.get_by_test_id("text-status")).to_have_text(
        "delivered"
    )
    open_page(desk, "/texts")
    expect(desk.get_by_test_id("inbox-unread").filter(has_text=number)).to_have_count(0)

    # STOP: nothing more is texted, the e-mails still go.
    site.twilio.post_inbound(f"{site.url}{texts.INBOUND_PATH}", number, "STOP")
    open_page(desk, customer_page)
    expect(card.get_by_test_id("text-number")).to_contain_text("Said no by texting STOP")
    expect(card.get_by_test_id("texts-not-agreed")).to_be_visible()
    expect(desk.locator("#text-body")).to_have_count(0)
    with db_session() as session:
        admin = session.exec(select(User).where(User.email == admin_email)).one()
    invoice = make_invoice(admin, uuid.uuid4().hex, phone=mobile, email=email)
    assert mail_about(site, email, invoice.number)
    assert len(bodies_at_twilio(site, number, 3)) == 3  # the invoice's e-mail, no text
    desk.screenshot(path="test-results/customer-texts-1280.png", full_page=True)
    desk.set_viewport_size({"width": 375, "height": 812})
    desk.screenshot(path="test-results/customer-texts-375.png", full_page=True)
    office.close()
