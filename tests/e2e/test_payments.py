"""Card payments in Chromium: the staff 'Take card payment' and the customer's 'Pay now', with
the real Stripe SDK on the server and Stripe.js stand-ins served by the local fake."""

import re
import time
import uuid

import httpx
from playwright.sync_api import BrowserContext, Page, expect
from sqlalchemy import create_engine, text

from tests.e2e.conftest import open_page
from tests.e2e.document_lines import fill_line
from tests.e2e.test_invoices import fill_customer, signed_in_form, submit_invoice, wait_for_mail


def save_invoice(page: Page, site, price: str = "1250") -> tuple[str, str]:
    """Sign in, write and submit an invoice; returns its number and the customer's e-mail."""
    email = f"payer-{uuid.uuid4().hex[:6]}@example.com"
    signed_in_form(page, site)
    fill_customer(page, email, name="Pat Payer")
    fill_line(page, 0, service="bathroomRemodelling", price=price)
    return submit_invoice(page), email


def fill_card(page: Page, number: str) -> None:
    frame = page.get_by_test_id("payment-dialog")
    frame.locator("#fake-card-number").fill(number)
    frame.locator("#fake-card-expiry").fill("12 / 34")
    frame.locator("#fake-card-cvc").fill("123")


def invoice_status(site, number: str) -> str:
    engine = create_engine(site.database_url)
    with engine.connect() as connection:
        return connection.execute(
            text("SELECT status FROM invoice WHERE number = :n"), {"n": number}
        ).scalar_one()


def open_dialog(page: Page, button: str) -> None:
    page.get_by_role("button", name=button).click()
    dialog = page.get_by_test_id("payment-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading", name="Enter Payment Details")).to_be_visible()
    expect(page.get_by_test_id("pay-button")).to_be_enabled()  # once Stripe.js is ready


def test_staff_take_a_card_payment_the_invoice_is_paid_and_a_receipt_is_mailed(page: Page, site):
    number, email = save_invoice(page, site)
    open_page(page, f"/invoices/{number}")
    open_dialog(page, "Take card payment")
    expect(page.get_by_test_id("payment-amount")).to_have_text("$1,250.00")
    fill_card(page, "4242 4242 4242 4242")
    page.get_by_test_id("pay-button").click()
    expect(page.get_by_text("Payment successful!")).to_be_visible()
    expect(page.get_by_test_id("payment-dialog")).to_have_count(0)
    expect(page.get_by_test_id("invoice-status")).to_have_text("Paid")
    expect(page.get_by_test_id("due-amount")).to_have_text("$0.00")
    assert invoice_status(site, number) == "paid"
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and len(site.resend.sent_to(email)) < 2:
        time.sleep(0.2)
    receipts = [m for m in site.resend.sent_to(email) if "Receipt" in m["subject"]]
    assert len(receipts) == 1 and receipts[0]["files"][0]["content_type"] == "application/pdf"
    assert "$1,250.00" in receipts[0]["text"]


def test_a_declined_card_shows_stripes_message_and_the_invoice_stays_unpaid(page: Page, site):
    number, _ = save_invoice(page, site)
    open_page(page, f"/invoices/{number}")
    open_dialog(page, "Take card payment")
    fill_card(page, "4000 0000 0000 0002")
    page.get_by_test_id("pay-button").click()
    expect(page.get_by_test_id("payment-error")).to_have_text("Your card was declined.")
    expect(page.get_by_test_id("payment-error")).to_have_class(re.compile(r"text-red-700"))
    expect(page.locator("[data-sonner-toast]", has_text="Your card was declined.")).to_be_visible()
    expect(page.get_by_test_id("pay-button")).to_have_text("Pay")
    assert invoice_status(site, number) == "sent"


def test_the_customer_pays_on_the_pay_page_after_insufficient_funds(
    page: Page, site, context: BrowserContext
):
    number, email = save_invoice(page, site, price="300")
    [mail] = wait_for_mail(site, email)
    pay_path = re.search(r"/pay/[\w-]+", mail["text"]).group(0)
    customer = context.browser.new_context(base_url=site.url)
    try:
        from tests.e2e.conftest import block_remote

        customer.route("**/*", block_remote)
        site.stripe.route_playwright(customer)
        pay = customer.new_page()
        open_page(pay, pay_path)
        open_dialog(pay, "Pay now")
        expect(pay.get_by_test_id("payment-amount")).to_have_text("$300.00")
        fill_card(pay, "4000 0000 0000 9995")
        pay.get_by_test_id("pay-button").click()
        expect(pay.get_by_test_id("payment-error")).to_have_text(
            "Your card has insufficient funds."
        )
        fill_card(pay, "4242 4242 4242 4242")
        pay.get_by_test_id("pay-button").click()
        expect(pay.get_by_text("Payment successful!")).to_be_visible()
        expect(pay.get_by_test_id("pay-status")).to_have_text("Paid")
        expect(pay.get_by_role("button", name="Pay now")).to_have_count(0)
    finally:
        customer.close()
    assert invoice_status(site, number) == "paid"


def test_escape_closes_the_idle_dialog(page: Page, site):
    number, _ = save_invoice(page, site)
    open_page(page, f"/invoices/{number}")
    open_dialog(page, "Take card payment")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("payment-dialog")).to_have_count(0)


def test_a_stripe_js_that_cannot_load_says_so_and_nothing_is_charged(page: Page, site):
    number, _ = save_invoice(page, site)
    page.route("https://js.stripe.com/**", lambda route: route.abort())  # tried before the fake
    open_page(page, f"/invoices/{number}")
    page.get_by_role("button", name="Take card payment").click()
    expect(page.get_by_test_id("card-unavailable")).to_have_text(
        re.compile("Card payments could not load")
    )
    expect(page.get_by_test_id("pay-button")).to_be_disabled()
    assert invoice_status(site, number) == "sent"


def test_the_webhook_refuses_a_bad_signature(site):
    answer = httpx.post(
        f"{site.url}/api/stripe/webhook",
        content=b'{"id": "evt_forged", "type": "payment_intent.succeeded", "data": {"object": {}}}',
        headers={"Stripe-Signature": "t=1,v1=forged", "Content-Type": "application/json"},
    )
    assert answer.status_code == 400


def test_public_pages_never_load_stripe_js(page: Page):
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url) if "stripe" in r.url else None)
    for path in ("/", "/contact", "/services"):
        open_page(page, path)
    assert requested == []


def test_an_admin_refunds_part_of_a_payment_and_the_webhook_confirms_it(page: Page, site):
    from tests.e2e.conftest import run_cli
    from tests.e2e.test_staff_accounts import turn_on_two_step
    from tests.e2e.test_staff_sign_in import PASSWORD, signed_in_at

    number, _ = save_invoice(page, site, price="400")
    open_page(page, f"/invoices/{number}")
    open_dialog(page, "Take card payment")
    fill_card(page, "4242 4242 4242 4242")
    page.get_by_test_id("pay-button").click()
    expect(page.get_by_test_id("invoice-status")).to_have_text("Paid")
    expect(page.get_by_test_id("refund-form")).to_have_count(0)  # staff, not admin

    admin = f"admin-{uuid.uuid4().hex[:6]}@example.com"
    run_cli(
        site,
        "create-user",
        "--email",
        admin,
        "--name",
        "Ada Admin",
        "--admin",
        "--password-stdin",
        stdin=PASSWORD + "\n",
    )
    page.goto("/signout")
    expect(page).to_have_url(f"{site.url}/")
    signed_in_at(page, admin, f"/invoices/{number}")
    # Without two-step sign-in the server refuses the refund, whatever the page sends.
    expect(page.get_by_test_id("refund-needs-two-step")).to_be_visible()
    page.fill("#refund-amount", "100")
    page.fill("#refund-reason", "Tile left over")
    page.get_by_role("button", name="Refund").click()
    expect(page.get_by_text("Turn on two-step sign-in first")).to_be_visible()
    _, codes = turn_on_two_step(page)
    open_page(page, f"/invoices/{number}")
    page.fill("#refund-amount", "100")
    page.fill("#refund-reason", "Tile left over")
    page.fill("#refund-code", codes[0])
    page.get_by_role("button", name="Refund").click()
    expect(page.get_by_text("Refund of $100.00 sent to Stripe.")).to_be_visible()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and invoice_status(site, number) != "partially_refunded":
        time.sleep(0.2)
    assert invoice_status(site, number) == "partially_refunded"
    open_page(page, f"/invoices/{number}")
    expect(page.get_by_test_id("invoice-status")).to_have_text("Partially refunded")
