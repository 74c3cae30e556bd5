"""Reminders and delivery status in Chromium: a bounce reported by the fake Resend (signed as
Svix signs) shows on the invoice and in the list as needing attention; "Send reminder now"
mails the balance and pay link once a day; the schedule's days are checked and saved."""

import csv
import io
import re
import time
import uuid

from playwright.sync_api import Page, expect

from tests.e2e.conftest import RESEND_WEBHOOK_SECRET, open_page
from tests.e2e.document_lines import fill_line
from tests.e2e.test_invoices import fill_customer, signed_in_form, submit_invoice, wait_for_mail

BOUNCE = {"message": "The mailbox does not exist.", "subType": "General", "type": "Permanent"}


def bounced_invoice(page: Page, site, name: str, price: str) -> tuple[str, str]:
    """A new invoice whose e-mail the fake Resend then reports bounced: (address, number)."""
    email = f"bounce-{uuid.uuid4().hex[:6]}@example.com"
    signed_in_form(page, site)
    fill_customer(page, email, name=name)
    fill_line(page, 0, service="kitchenRemodelling", price=price)
    number = submit_invoice(page)
    [mail] = wait_for_mail(site, email)
    hook = f"{site.url}/api/resend/webhook"
    answer = site.resend.webhook(hook, RESEND_WEBHOOK_SECRET, "email.bounced", mail["id"], BOUNCE)
    assert answer.status_code == 200, answer.text
    return email, number


def test_a_bounce_shows_on_the_invoice_and_a_reminder_goes_once_a_day(page: Page, site):
    email, number = bounced_invoice(page, site, "Bo Bounce", "2,400")
    open_page(page, f"/invoices/{number}")
    expect(page.get_by_test_id("invoice-email").first).to_contain_text("bounced")
    expect(page.get_by_test_id("invoice-email").first).to_contain_text("mailbox does not exist")
    expect(page.get_by_test_id("invoice-attention")).to_contain_text(
        f"The e-mail to {email} bounced"
    )
    open_page(page, f"/invoices?search={number}")  # this invoice alone: others may need attention
    expect(page.get_by_text("Needs attention")).to_be_visible()

    # Staff remind the customer now: the balance and the pay link, once a day.
    open_page(page, f"/invoices/{number}")
    reminders = page.get_by_test_id("reminders")
    expect(reminders.get_by_test_id("reminder-status")).to_contain_text("Next reminder:")
    reminders.get_by_role("button", name="Send reminder now").click()
    expect(page.get_by_test_id("invoice-email")).to_have_count(2)
    deadline = time.monotonic() + 15
    while len(site.resend.sent_to(email)) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    reminder = site.resend.sent_to(email)[-1]
    assert "Reminder: invoice" in reminder["subject"] and "$2,400.00" in reminder["subject"]
    assert "/pay/" in reminder["text"]
    reminders.get_by_role("button", name="Send reminder now").click()
    expect(page.get_by_test_id("reminder-error")).to_have_text("A reminder was already sent today.")

    # The schedule: days that do not read are refused; paused, nothing is coming.
    reminders.get_by_label("Days from the due date").fill("next week")
    reminders.get_by_role("button", name="Save schedule").click()
    expect(page.get_by_test_id("reminder-error")).to_contain_text("Days from the due date")
    reminders.get_by_label("Days from the due date").fill("1, 30")
    reminders.get_by_label("Pause reminders for this invoice").check()
    reminders.get_by_role("button", name="Save schedule").click()
    expect(reminders.get_by_test_id("reminder-status")).to_have_text(
        "Paused: no reminder goes out for this invoice."
    )
    expect(page.get_by_test_id("invoice-event").first).to_contain_text("Reminders paused")


def cents(text: str) -> int:
    return round(float(text.replace("$", "").replace(",", "")) * 100)


def test_the_dashboard_shows_the_bounce_and_its_figures_match_the_csv(page: Page, site):
    _, number = bounced_invoice(page, site, "Dee Dashboard", "1,234.56")

    open_page(page, "/dashboard")
    attention = page.get_by_test_id("dash-attention").filter(has_text=number)
    expect(attention).to_contain_text("bounced")
    owed = cents(page.get_by_test_id("dash-owed").inner_text())
    ages = page.get_by_test_id("dash-age")
    expect(ages).to_have_count(5)
    expect(page.get_by_test_id("dash-by-service").get_by_role("application")).to_be_visible()
    with page.expect_download() as download:
        page.get_by_role("link", name="Invoices (CSV)").click()
    text = open(download.value.path(), encoding="utf-8").read()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert number in {r["number"] for r in rows}
    assert sum(cents(r["balance_due"]) for r in rows) == owed
    # The first bucket opens the list of the invoices not yet due, this one among them.
    ages.first.get_by_role("link").click()
    expect(page).to_have_url(re.compile(r"/invoices\?age=current"))
    page.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached")
    expect(page.get_by_text(number)).to_be_visible()
