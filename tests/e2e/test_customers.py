"""Customers in Chromium: an enquiry becomes a customer in one click, the customer's page
shows everything about them, the list finds them, and an enquiry's status sticks."""

import random
import re
import uuid

import httpx
from playwright.sync_api import Page, expect

from tests.e2e.conftest import open_page
from tests.e2e.document_lines import fill_line
from tests.e2e.test_invoices import fill_customer, signed_in_form


def post_enquiry(site, email: str) -> None:
    answer = httpx.post(
        f"{site.url}/api/contact",
        json={
            "name": "Dana Reyes",
            "email": email,
            "phone": "",
            "service": "bathroom-remodeling",
            "message": "A walk-in shower for my mother.",
        },
    )
    assert answer.status_code == 201, answer.text


def test_an_enquiry_becomes_a_customer_with_everything_on_their_page(page: Page, site):
    email = f"dana-{uuid.uuid4().hex[:6]}@example.com"
    post_enquiry(site, email)
    signed_in_form(page, site)
    fill_customer(page, email, name="Dana Reyes")  # an invoice to the same person
    # A phone of their own: other tests' invoices share fill_customer's phone (one person).
    page.fill("#invoice-phone", f"(917) 555-02{random.randint(10, 99)}")
    fill_line(page, 0, service="bathroomRemodelling", price="640")
    page.get_by_role("button", name="Submit").click()
    expect(page.get_by_test_id("saved-invoice")).to_contain_text("was saved")

    open_page(page, "/enquiries")
    card = page.get_by_test_id("enquiry").filter(has_text=email)
    card.get_by_test_id("enquiry-status").select_option("replied")
    expect(card.get_by_test_id("enquiry-customer")).to_have_text("Customer")  # linked already
    card.get_by_test_id("enquiry-customer").click()
    expect(page).to_have_url(re.compile(r"/customers/\d+$"))
    detail = page.get_by_test_id("customer-detail")
    expect(detail).to_contain_text("Dana Reyes")
    expect(page.get_by_test_id("customer-emails")).to_have_text(email)
    entries = page.get_by_test_id("timeline-entry")
    expect(entries.filter(has_text="Enquiry (replied)")).to_have_count(1)
    expect(entries.filter(has_text="$640.00")).to_have_count(1)

    open_page(page, f"/customers?q={email}")
    expect(page.get_by_test_id("customer-row")).to_have_count(1)
    page.get_by_test_id("customer-row").get_by_role("link").click()
    expect(page.get_by_test_id("customer-emails")).to_have_text(email)
    open_page(page, "/enquiries")
    card = page.get_by_test_id("enquiry").filter(has_text=email)
    expect(card.get_by_test_id("enquiry-status")).to_have_value("replied")


def test_the_invoice_form_offers_an_existing_customer(page: Page, site):
    email = f"known-{uuid.uuid4().hex[:6]}@example.com"
    signed_in_form(page, site)
    fill_customer(page, email, name="Known Customer")
    phone = f"(917) 555-01{random.randint(10, 99)}"  # a person of their own
    page.fill("#invoice-phone", phone)
    fill_line(page, 0, service="floorAndTile", price="90")
    page.get_by_role("button", name="Submit").click()
    expect(page.get_by_test_id("saved-invoice")).to_contain_text("was saved")
    page.fill("#invoice-email", email[:12])
    suggestion = page.get_by_test_id("customer-suggestion").filter(has_text=email)
    expect(suggestion).to_have_count(1)
    suggestion.get_by_role("button", name="Use").click()
    expect(page.locator("#invoice-name")).to_have_value("Known Customer")
    expect(page.locator("#invoice-email")).to_have_value(email)
    expect(page.locator("#invoice-phone")).to_have_value(phone)
    expect(page.locator("#invoice-address")).to_have_value("12 Atlantic Ave\nBrooklyn, NY 11201")
    expect(page.get_by_test_id("customer-suggestion")).to_have_count(0)
