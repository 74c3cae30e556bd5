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

from tests.e2e.axe_check import no_axe_violations
from tests.e2e.conftest import block_remote, open_page
from tests.e2e.document_lines import document_lines, fill_line
from tests.e2e.jobs import bill_on_job, open_job_of
from tests.e2e.test_invoices import signed_in_form
from tests.e2e.test_payments import fill_card, invoice_status, open_dialog
from tests.e2e.test_staff_sign_in import new_admin, signed_in_at


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


def write_and_send(
    page: Page, site, email: str, price: str = "6000", year_built: str = "", language: str = "en"
) -> str:
    """Staff: the enquiry's "Create estimate", the lines (the first at `price`, a capital
    improvement; an optional heated floor), a 30% deposit, the year the home was built and the
    language of the sale, save, send. Returns the estimate's staff path."""
    open_page(page, "/enquiries")
    card = page.get_by_test_id("enquiry").filter(has_text=email)
    card.get_by_test_id("enquiry-estimate").click()
    expect(page).to_have_url(re.compile(r"/estimates/new\?enquiry=\d+$"))
    expect(page.locator("#estimate-name")).to_have_value("Dana Reyes")
    expect(page.locator("#estimate-email")).to_have_value(email)
    fill_line(page, 0, description="Walk-in shower, tiled", quantity="1", unit="", price=price)
    page.get_by_role("button", name="Add line").click()
    expect(document_lines(page)).to_have_count(2)
    fill_line(
        page, 1, description="Heated floor", quantity="40", unit="sq ft", price="25", optional=True
    )
    expect(page.get_by_test_id("estimate-total")).to_have_text(f"${int(price):,}.00")
    page.locator("#estimate-deposit_kind").select_option("percent")
    page.fill("#estimate-deposit_value", "30")
    page.fill("#estimate-contingencies", "Hidden water damage behind the old tub.")
    page.fill("#estimate-year_built", year_built)
    page.locator("#estimate-language").select_option(language)
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
    staff_path = write_and_send(page, site, email, year_built="1962")
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
        # A capital improvement in a house built in 1962: Form ST-124 and the lead pamphlet's
        # receipt are signed in the same visit, each with its box.
        certificates = mine.get_by_test_id("certificate")
        expect(certificates).to_have_count(2)
        expect(certificates.nth(0)).to_contain_text(
            "Form ST-124, Certificate of Capital Improvement"
        )
        expect(certificates.nth(0)).to_contain_text("Walk-in shower, tiled")
        expect(certificates.nth(1)).to_contain_text("Renovate Right")
        no_axe_violations(mine, "signing page with Form ST-124 and the pamphlet", widths=(375,))
        mine.set_viewport_size({"width": 1280, "height": 900})
        expect(accept).to_be_disabled()
        mine.get_by_test_id("certify-st124").click()
        expect(accept).to_be_disabled()  # the pamphlet's receipt is not ticked yet
        mine.get_by_test_id("certify-lead_pamphlet").click()
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

        job_path = open_job_of(page, staff_path)
        papers = page.get_by_test_id("job-papers")
        expect(papers).to_contain_text("Form ST-124, Certificate of Capital Improvement")
        expect(papers).to_contain_text("Receipt of the lead hazard information pamphlet")
        for name, words in (("st124", "Walk-in shower"), ("lead-pamphlet-receipt", "1962")):
            paper = page.request.get(f"{job_path}/documents/{name}.pdf")
            assert paper.ok and paper.headers["content-type"] == "application/pdf"
            assert words in PdfReader(io.BytesIO(paper.body())).pages[0].extract_text()
        deposit_number = bill_on_job(page, job_path, "Deposit")
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

        open_page(page, job_path)
        expect(page.get_by_role("button", name="Bill Deposit")).to_have_count(0)  # billed
        final_number = bill_on_job(page, job_path, "Final payment", confirm_lead_safe=True)
        expect(page.get_by_test_id("due-amount")).to_have_text("$4,200.00")  # untaxed
        final_mail = mail_about(site, email, f"Invoice {final_number} ")
        files = {f["filename"]: f["content"] for f in final_mail["files"]}
        record = PdfReader(io.BytesIO(files[f"lead-safe-record-{job_path[6:]}.pdf"]))
        assert "Record of lead-safe work practices" in record.pages[0].extract_text()
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
    fill_line(page, 0, service="floorAndTile", price="900")
    expect(page.get_by_test_id("estimate-total")).to_have_text("$900.00")
    page.get_by_role("button", name="Save draft").click()
    expect(page).to_have_url(re.compile(r"/estimates/E-\d{4}-\d{4}$"))
    expect(page.get_by_test_id("estimate-line")).to_contain_text("Floor and Tile")


def sign_from_the_link(mine: Page, link: str) -> None:
    """The owner opens the estimate's link, leaves out the optional line and signs."""
    open_page(mine, link)
    mine.get_by_test_id("optional-line").uncheck()
    mine.fill("#signer-name", "Dana Reyes")
    mine.check("#agree")
    mine.get_by_test_id("certify-st124").click()  # the shower is a capital improvement
    mine.get_by_test_id("accept").click()
    expect(mine.get_by_test_id("signed")).to_contain_text("Accepted and signed by Dana Reyes")


def test_the_owner_cancels_after_the_final_invoice_and_the_check_deposit_is_returned(
    page: Page, site, context: BrowserContext
):
    """An accepted $8,000 contract negotiated in Spanish (its notice of cancellation in Spanish
    and English), its $2,400 deposit paid by check and its final invoice billed at once: the
    owner still cancels from the link the same day; both invoices close, the office is told to
    return the check's money, an admin records the return."""
    email = f"dana-{uuid.uuid4().hex[:6]}@example.com"
    # A phone of its own: an enquiry with a known phone joins that customer (and its e-mail).
    post_enquiry(site, email, phone=f"(718) 555-{uuid.uuid4().int % 10_000:04d}")
    signed_in_at(page, new_admin(site), None)
    staff_path = write_and_send(page, site, email, price="8000", language="es")
    estimate_mail = mail_about(site, email, "Estimate E-")
    assert " / Presupuesto E-" in estimate_mail["subject"]  # the e-mail in Spanish, then English
    assert "Gracias por pedir un presupuesto" in estimate_mail["text"]
    link = re.search(r"/estimate/[\w-]{43,}", estimate_mail["text"])
    customer = context.browser.new_context(base_url=site.url)  # signed out
    customer.route("**/*", block_remote)
    try:
        mine = customer.new_page()
        open_page(mine, link.group(0))
        expect(mine.get_by_test_id("cancellation-notice")).to_have_count(2)
        spanish, english = mine.get_by_test_id("cancellation-notice").all()
        expect(spanish).to_contain_text("Español (Spanish)")
        expect(spanish).to_contain_text("Aviso de cancelación")
        expect(english).to_contain_text("Notice of cancellation")
        expect(english).to_contain_text("I hereby cancel this transaction")
        st124 = mine.get_by_test_id("certificate")  # the shower is a capital improvement
        expect(st124).to_contain_text("Yo, el propietario, certifico que el trabajo")
        expect(st124).to_contain_text("I, the owner, certify that the work")
        no_axe_violations(mine, "a Spanish sale's signing page", widths=(1280,))
        sign_from_the_link(mine, link.group(0))

        job_path = open_job_of(page, staff_path)
        deposit = bill_on_job(page, job_path, "Deposit")
        page.get_by_text("Record a check, Zelle, transfer or cash").click()
        form = page.get_by_test_id("record-payment-form")
        form.get_by_label("Paid by").select_option("check")
        form.get_by_label("Amount").fill("2,400.00")
        form.get_by_label("Check number or reference").fill("1045")
        form.get_by_role("button", name="Record payment").click()
        expect(page.get_by_test_id("invoice-status")).to_have_text("Paid")
        bill_on_job(page, job_path, "Final payment")
        expect(page.get_by_test_id("due-amount")).to_have_text("$5,600.00")

        open_page(mine, link.group(0))  # the same day: the owner changes their mind
        mine.get_by_test_id("cancel-contract").click()
        expect(mine.get_by_test_id("estimate-closed")).to_contain_text("cancelled")

        open_page(page, staff_path)
        expect(page.get_by_test_id("estimate-status")).to_have_text("Cancelled")
        expect(page.get_by_test_id("estimate-signature")).not_to_contain_text("may cancel")
        rows = page.get_by_test_id("estimate-invoice")
        expect(rows).to_have_count(2)
        for row in (rows.nth(0), rows.nth(1)):
            expect(row).to_contain_text("Void")
        expect(page.get_by_test_id("estimate-invoice-attention")).to_contain_text(
            "Return $2,400.00 paid by check #1045"
        )
        page.screenshot(path="test-results/cancelled-contract.png", full_page=True)
        notice = mail_about(site, "office@example.com", "Contract cancelled: estimate")
        assert "return $2,400.00 paid by check #1045" in notice["text"]

        open_page(page, f"/invoices/{deposit}")
        expect(page.get_by_test_id("invoice-attention")).to_contain_text("Return $2,400.00")
        returned = page.get_by_test_id("record-return-form")
        returned.get_by_label("Given back by").select_option("check")
        returned.get_by_label("Amount").fill("2,400.00")
        returned.get_by_label("Check number or reference").fill("2001")
        returned.get_by_role("button", name="Record the return").click()
        expect(page.get_by_test_id("invoice-attention")).to_have_count(0)
        expect(page.get_by_test_id("record-return-form")).to_have_count(0)
        expect(page.get_by_test_id("reminders")).to_have_count(0)  # no reminder, ever
        page.screenshot(path="test-results/cancelled-deposit-returned.png", full_page=True)
    finally:
        customer.close()
