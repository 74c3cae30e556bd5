"""From an enquiry to a signed New York home-improvement contract and its invoices, in
Chromium: "Create estimate" on the enquiry, two lines (one optional) and a 30% deposit, sent;
the customer, signed out, unticks the optional line and signs; the signed PDF carries the §771
notices; the deposit invoice is paid by card; the final invoice bills the rest."""

import io
import re
import time
import uuid

import httpx
from playwright.sync_api import BrowserContext, Page, expect
from pypdf import PdfReader

from tests.e2e.conftest import block_remote, open_page
from tests.e2e.test_invoices import signed_in_form
from tests.e2e.test_payments import fill_card, invoice_status, open_dialog


def post_enquiry(site, email: str, phone: str = "(718) 555-0177") -> None:
    answer = httpx.post(
        f"{site.url}/api/contact",
        json={
            "name": "Dana Reyes",
            "email": email,
            "phone": phone,
            "service": "bathroom-remodeling",
            "message": "A walk-in shower, and maybe a heated floor.",
        },
    )
    assert answer.status_code == 201, answer.text


def mail_about(site, email: str, subject: str, timeout: float = 15) -> dict:
    """The first e-mail to `email` whose subject contains `subject`, once the outbox sent it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if found := [m for m in site.resend.sent_to(email) if subject in m["subject"]]:
            return found[0]
        time.sleep(0.2)
    raise AssertionError(f"no e-mail about {subject!r} to {email}")


def fill_line(page: Page, index: int, description: str, quantity: str, unit: str, price: str):
    line = page.get_by_test_id("estimate-line").nth(index)
    line.get_by_label("Description").fill(description)
    line.get_by_label("Quantity").fill(quantity)
    line.get_by_label("Unit", exact=True).fill(unit)
    line.get_by_label("Unit price").fill(price)
    return line


def write_and_send(page: Page, site, email: str) -> str:
    """Staff: the enquiry's "Create estimate", the lines and deposit, save, send. Returns the
    estimate's staff path."""
    open_page(page, "/enquiries")
    card = page.get_by_test_id("enquiry").filter(has_text=email)
    card.get_by_test_id("enquiry-estimate").click()
    expect(page).to_have_url(re.compile(r"/estimates/new\?enquiry=\d+$"))
    expect(page.locator("#estimate-name")).to_have_value("Dana Reyes")
    expect(page.locator("#estimate-email")).to_have_value(email)
    fill_line(page, 0, "Walk-in shower, tiled", "1", "", "6000")
    page.get_by_role("button", name="Add line").click()
    expect(page.get_by_test_id("estimate-line")).to_have_count(2)
    optional = fill_line(page, 1, "Heated floor", "40", "sq ft", "25")
    optional.get_by_label("Optional (the customer chooses)").check()
    expect(page.get_by_test_id("estimate-total")).to_have_text("$6,000.00")
    page.locator("#estimate-deposit_kind").select_option("percent")
    page.fill("#estimate-deposit_value", "30")
    page.fill("#estimate-contingencies", "Hidden water damage behind the old tub.")
    page.get_by_role("button", name="Save draft").click()
    expect(page).to_have_url(re.compile(r"/estimates/E-\d{4}-\d{4}$"))
    expect(page.get_by_test_id("estimate-status")).to_have_text("Draft")
    page.get_by_test_id("send-estimate").click()
    expect(page.get_by_test_id("estimate-status")).to_have_text("Sent")
    return re.search(r"/estimates/E-\d{4}-\d{4}", page.url).group(0)


def test_enquiry_to_signed_contract_deposit_paid_and_final_invoice(
    page: Page, site, context: BrowserContext
):
    email = f"dana-{uuid.uuid4().hex[:6]}@example.com"
    post_enquiry(site, email)
    signed_in_form(page, site)
    staff_path = write_and_send(page, site, email)
    estimate_mail = mail_about(site, email, "Estimate E-")
    link = re.search(r"/estimate/[\w-]{43,}", estimate_mail["text"]).group(0)
    expect(page.get_by_test_id("estimate-link")).to_contain_text(link)

    customer = context.browser.new_context(base_url=site.url)  # signed out
    customer.route("**/*", block_remote)
    site.stripe.route_playwright(customer)
    try:
        mine = customer.new_page()
        open_page(mine, link)
        expect(mine.get_by_test_id("estimate-total")).to_have_text("$7,000.00")
        expect(mine.get_by_test_id("estimate-deposit")).to_have_text("$2,100.00")
        mine.get_by_test_id("optional-line").uncheck()
        expect(mine.get_by_test_id("estimate-total")).to_have_text("$6,000.00")
        expect(mine.get_by_test_id("estimate-deposit")).to_have_text("$1,800.00")
        accept = mine.get_by_test_id("accept")
        expect(accept).to_be_disabled()
        mine.fill("#signer-name", "Dana Reyes")
        expect(accept).to_be_disabled()  # the box is not ticked yet
        mine.check("#agree")
        mine.fill("#signer-name", "   ")
        expect(accept).to_be_disabled()  # never with a blank name
        mine.fill("#signer-name", "Dana Reyes")
        expect(accept).to_be_enabled()
        accept.click()
        expect(mine.get_by_test_id("signed")).to_contain_text("Accepted and signed by Dana Reyes")
        expect(mine.get_by_test_id("cancel-contract")).to_be_visible()

        open_page(page, staff_path)
        expect(page.get_by_test_id("estimate-status")).to_have_text("Accepted")
        expect(page.get_by_test_id("estimate-signature")).to_contain_text("Dana Reyes")
        pdf = page.request.get(f"{staff_path}/pdf")
        assert pdf.ok and pdf.headers["content-type"] == "application/pdf"
        text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.body())).pages)
        text = " ".join(text.split())
        for words in (
            "Signed by Dana Reyes",
            "2099999-DCA",
            "may have a claim against the owner",
            "escrow account at Example Community Bank",
            "midnight of the third business day",
            "I hereby cancel this transaction",
            "Hidden water damage behind the old tub.",
            "$6,000.00",
        ):
            assert words in text, words

        page.get_by_test_id("deposit-invoice").click()
        expect(page).to_have_url(re.compile(r"/invoices/\d{4}-\d{4}$"))
        deposit_number = page.url.rsplit("/", 1)[1]
        expect(page.get_by_test_id("due-amount")).to_have_text("$1,800.00")
        invoice_mail = mail_about(site, email, f"Invoice {deposit_number} ")
        open_page(mine, re.search(r"/pay/[\w-]+", invoice_mail["text"]).group(0))
        open_dialog(mine, "Pay now")
        fill_card(mine, "4242 4242 4242 4242")
        mine.get_by_test_id("pay-button").click()
        expect(mine.get_by_text("Payment successful!")).to_be_visible()
        for _ in range(50):
            if invoice_status(site, deposit_number) == "paid":
                break
            mine.wait_for_timeout(200)
        assert invoice_status(site, deposit_number) == "paid"

        open_page(page, staff_path)
        expect(page.get_by_test_id("deposit-invoice")).to_have_count(0)  # billed already
        page.get_by_test_id("final-invoice").click()
        expect(page).to_have_url(re.compile(r"/invoices/\d{4}-\d{4}$"))
        expect(page.get_by_test_id("due-amount")).to_have_text("$4,200.00")
        open_page(page, staff_path)
        expect(page.get_by_test_id("estimate-status")).to_have_text("Invoiced")
        expect(page.get_by_test_id("estimate-invoice")).to_have_count(2)
    finally:
        customer.close()


def test_the_estimate_form_offers_an_existing_customer_and_catalogue_services(page: Page, site):
    email = f"known-{uuid.uuid4().hex[:6]}@example.com"
    post_enquiry(site, email, phone="")  # a person of their own
    signed_in_form(page, site)
    open_page(page, "/enquiries")
    page.get_by_test_id("enquiry").filter(has_text=email).get_by_test_id("enquiry-customer").click()
    expect(page).to_have_url(re.compile(r"/customers/\d+$"))  # the customer is made
    open_page(page, "/estimates/new")
    page.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached")
    page.fill("#estimate-email", email[:12])
    suggestion = page.get_by_test_id("customer-suggestion").filter(has_text=email)
    expect(suggestion).to_have_count(1)
    suggestion.get_by_role("button", name="Use").click()
    expect(page.locator("#estimate-name")).to_have_value("Dana Reyes")
    expect(page.locator("#estimate-email")).to_have_value(email)
    line = page.get_by_test_id("estimate-line").first
    line.get_by_label("Service").select_option("floorAndTile")
    line.get_by_label("Unit price").fill("900")
    expect(page.get_by_test_id("estimate-total")).to_have_text("$900.00")
    page.get_by_role("button", name="Save draft").click()
    expect(page).to_have_url(re.compile(r"/estimates/E-\d{4}-\d{4}$"))
    expect(page.get_by_test_id("estimate-line")).to_contain_text("Floor and Tile")
