"""The money paths in Chromium: a void against a customer's open payment dialog, a card
payment reached from a public page, and the form and dialog showing what the server holds."""

import re
from contextlib import contextmanager

from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.conftest import customer_pay_page, open_page
from tests.e2e.document_lines import document_lines, fill_line
from tests.e2e.test_invoices import signed_in_form, wait_for_mail
from tests.e2e.test_payments import fill_card, invoice_status, open_dialog, save_invoice


@contextmanager
def customer_paying(context: BrowserContext, site, price: str, staff: Page):
    """Staff save an invoice; the customer opens its pay link in a browser of their own, with
    Stripe.js served by the fake, and presses "Pay now". Yields (number, customer's page)."""
    number, email = save_invoice(staff, site, price=price)
    [mail] = wait_for_mail(site, email)
    with customer_pay_page(context, site, mail["text"]) as pay:
        open_dialog(pay, "Pay now")
        yield number, pay


def charged_for(site, number: str) -> list[dict]:
    return [
        pi
        for pi in site.stripe.objects("payment_intent")
        if pi["metadata"].get("invoice_number") == number and pi["status"] == "succeeded"
    ]


def test_a_void_stops_the_payment_the_customer_has_open(page: Page, site, context):
    with customer_paying(context, site, "210", page) as (number, pay):
        open_page(page, f"/invoices/{number}")
        page.fill("#void-reason", "Customer cancelled the job")
        page.get_by_role("button", name="Void").click()
        expect(page.get_by_test_id("invoice-status")).to_have_text("Void")
        fill_card(pay, "4242 4242 4242 4242")
        pay.get_by_test_id("pay-button").click()
        expect(pay.get_by_test_id("payment-error")).to_have_text(re.compile("void"))
        pay.reload()
        expect(pay.get_by_test_id("pay-link-closed")).to_contain_text("cancelled")
    assert invoice_status(site, number) == "void" and charged_for(site, number) == []


def test_from_a_public_page_through_the_header_to_a_card_payment(page: Page, site):
    number, _ = save_invoice(page, site, price="95")
    open_page(page, "/about")  # a public page, with the public Content-Security-Policy
    page.locator("#header-button").click()  # "Add Invoice"
    expect(page.get_by_test_id("invoice-form")).to_be_visible()
    page.get_by_role("link", name="Invoices").first.click()
    page.get_by_role("link", name=number).click()
    expect(page.get_by_test_id("invoice-detail")).to_be_visible()
    open_dialog(page, "Take card payment")  # Stripe.js loaded: the card field is ready
    fill_card(page, "4242 4242 4242 4242")
    page.get_by_test_id("pay-button").click()
    expect(page.get_by_test_id("invoice-status")).to_have_text("Paid")


def _the_line_shown_is_the_line_held(page: Page, dollars: int) -> None:
    """The form shows one line and the server totals that very line: a price typed into it
    reaches its amount and the total (a line only the browser kept would stay at $0.00)."""
    lines = document_lines(page)
    expect(lines).to_have_count(1)
    fill_line(page, 0, price=str(dollars))
    expect(lines.get_by_test_id("line-amount")).to_have_text(f"${dollars}.00")
    expect(page.get_by_test_id("invoice-total")).to_have_text(f"${dollars}.00")


def test_after_a_refused_submit_the_lines_shown_are_the_lines_held(page: Page, site):
    signed_in_form(page, site)
    lines = document_lines(page)
    expect(lines).to_have_count(1)  # the form starts with one empty line, at $0.00
    expect(lines.get_by_label("Unit price")).to_have_value("")
    expect(lines.get_by_test_id("line-amount")).to_have_text("$0.00")
    fill_line(page, 0, service="kitchenRemodelling", price="-5")
    page.get_by_role("button", name="Submit").click()
    expect(lines.get_by_test_id("line-note")).not_to_be_empty()
    _the_line_shown_is_the_line_held(page, 1)
    for dollars, reopen in ((2, page.reload), (3, lambda: open_page(page, "/add-invoice"))):
        reopen()
        page.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached")
        _the_line_shown_is_the_line_held(page, dollars)


def test_a_reload_after_a_declined_card_shows_the_page_fresh(page: Page, site, context):
    with customer_paying(context, site, "75", page) as (number, pay):
        fill_card(pay, "4000 0000 0000 0002")
        pay.get_by_test_id("pay-button").click()
        expect(pay.get_by_test_id("payment-error")).to_have_text("Your card was declined.")
        pay.reload()
        pay.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached")
        expect(pay.get_by_test_id("pay-due")).to_have_text("$75.00")
        expect(pay.get_by_role("button", name="Pay now")).to_be_visible()
        expect(pay.get_by_test_id("payment-dialog")).to_have_count(0)
    assert invoice_status(site, number) == "sent"
