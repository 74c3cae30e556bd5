"""The invoice tool in a real browser: write, see the total live, submit, e-mail with the PDF,
list, detail, and the customer's pay page."""

import io
import re
import time
import uuid

import httpx
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.e2e.conftest import open_page
from tests.e2e.document_lines import document_lines, fill_line
from tests.e2e.test_staff_sign_in import new_user, signed_in_at


def wait_for_mail(site, address: str, timeout: float = 15) -> list[dict]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not site.resend.sent_to(address):
        time.sleep(0.2)
    return site.resend.sent_to(address)


def submit_invoice(page: Page) -> str:
    """Submit the invoice form; the number it was saved under."""
    page.get_by_role("button", name="Submit").click()
    saved = page.get_by_test_id("saved-invoice")
    expect(saved).to_contain_text("was saved")
    return re.search(r"\d{4}-\d{4}", saved.inner_text()).group(0)


def fill_customer(page: Page, email: str, name: str = "Zoë Ńowak") -> None:
    page.fill("#invoice-name", name)
    page.fill("#invoice-phone", "(718) 555-0100")
    page.fill("#invoice-email", email)
    page.fill("#invoice-address", "12 Atlantic Ave\nBrooklyn, NY 11201")


def signed_in_form(page: Page, site) -> None:
    signed_in_at(page, new_user(site), "/add-invoice")
    expect(page).to_have_url(re.compile(r"/add-invoice/?$"))
    page.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached")
    expect(page.get_by_test_id("invoice-form")).to_be_visible()


def test_write_total_submit_email_list_detail_and_pay_page(page: Page, site, browser):
    email = f"zoe-{uuid.uuid4().hex[:6]}@example.com"
    signed_in_form(page, site)
    fill_customer(page, email)
    total = page.get_by_test_id("invoice-total")
    expect(total).to_have_text("$0.00")
    lines = document_lines(page)
    expect(lines).to_have_count(1)  # one empty line to start with, as on the estimate form
    fill_line(page, 0, service="kitchenRemodelling", price="1200", typed=True)
    expect(total).to_have_text("$1,200.00")  # as typed, not on blur
    fill_line(page, 1, service="floorAndTile", price="50.5", typed=True)
    expect(total).to_have_text("$1,250.50")
    floor = fill_line(page, 1, price="lots")
    expect(total).to_have_text("$1,200.00")
    expect(floor.get_by_test_id("line-note")).to_contain_text("Counts as $0.00")
    expect(floor.get_by_label("Unit price")).to_have_attribute("aria-invalid", "true")
    fill_line(page, 1, price="50.50")
    expect(total).to_have_text("$1,250.50")
    lines.nth(0).get_by_role("button", name="Remove line").click()  # the kitchen line
    expect(lines).to_have_count(1)
    expect(total).to_have_text("$50.50")
    fill_line(page, 1, service="kitchenRemodelling", price="1200")  # and back, on a new line
    expect(total).to_have_text("$1,250.50")

    page.get_by_role("button", name="Submit").click()
    expect(page.get_by_text("Sending email, please wait...")).to_be_visible()
    expect(page.get_by_text("Email sent successfully!")).to_be_visible()
    saved = page.get_by_test_id("saved-invoice")
    expect(saved).to_contain_text(re.compile(r"Invoice \d{4}-\d{4} was saved"))
    number = re.search(r"\d{4}-\d{4}", saved.inner_text()).group(0)

    [mail] = wait_for_mail(site, email)
    assert number in mail["subject"] and "$1,250.50" in mail["text"]
    [pdf] = mail["files"]
    assert pdf["content_type"] == "application/pdf" and pdf["filename"].endswith(".pdf")
    pdf_text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf["content"])).pages)
    assert number in pdf_text and "1,250.50" in pdf_text
    pay_link = re.search(r"https?://\S+/pay/[\w-]+", mail["text"]).group(0)

    open_page(page, "/invoices")
    row = page.get_by_test_id("invoice-row").filter(has_text=number)
    expect(row).to_contain_text("$1,250.50")
    expect(row).to_contain_text("Zoë Ńowak")
    row.get_by_role("link", name=number).click()
    detail = page.get_by_test_id("invoice-detail")
    expect(detail).to_contain_text("Kitchen Remodelling")
    expect(page.get_by_test_id("detail-total")).to_have_text("$1,250.50")
    expect(page.get_by_test_id("invoice-event").first).to_be_visible()
    expect(page.get_by_test_id("invoice-email").first).to_contain_text(email)
    with page.expect_download() as staff_pdf:  # a file, not a page of the app
        page.get_by_role("link", name="Download PDF").click()
    assert staff_pdf.value.suggested_filename.endswith(".pdf")

    customer = browser.new_context(base_url=site.url)  # signed out: another browser
    try:
        customer.route(
            "**/*", lambda r: r.continue_() if "127.0.0.1" in r.request.url else r.abort()
        )
        pay = customer.new_page()
        pay.goto(pay_link.replace(re.match(r"https?://[^/]+", pay_link).group(0), site.url))
        expect(pay.get_by_test_id("pay-page")).to_contain_text(number)
        expect(pay.get_by_test_id("pay-total")).to_have_text("$1,250.50")
        expect(pay.get_by_test_id("pay-page")).not_to_contain_text(email)  # no staff data
        expect(pay.locator("meta[name=robots]")).to_have_attribute("content", "noindex")
        with pay.expect_download() as customer_pdf:
            pay.get_by_role("link", name="Download PDF").click()
        assert customer_pdf.value.suggested_filename.endswith(".pdf")
    finally:
        customer.close()


def test_bad_input_gets_messages_per_field_and_saves_nothing(page: Page, site):
    signed_in_form(page, site)
    page.fill("#invoice-name", "\u200b")
    page.fill("#invoice-email", "dana@b")  # passes the browser's check, not the server's
    page.get_by_role("button", name="Submit").click()
    expect(page.get_by_test_id("error-name")).to_be_visible()
    expect(page.get_by_test_id("error-email")).to_contain_text("e-mail")
    # The empty line the form starts with is told what it lacks.
    expect(page.get_by_test_id("line-note").first).to_contain_text("describe the work")
    expect(page.locator("#invoice-email")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_test_id("saved-invoice")).to_have_count(0)


def test_a_double_click_saves_one_invoice(page: Page, site):
    email = f"double-{uuid.uuid4().hex[:6]}@example.com"
    signed_in_form(page, site)
    fill_customer(page, email)
    fill_line(page, 0, service="screenEnclosure", price="900")
    page.get_by_role("button", name="Submit").dblclick()
    expect(page.get_by_text("Email sent successfully!").first).to_be_visible()
    open_page(page, f"/invoices?search={email}")
    expect(page.get_by_test_id("invoice-row")).to_have_count(1)


def test_the_live_list_searches_from_its_form_and_keeps_the_search_in_the_address(page: Page, site):
    email = f"search-{uuid.uuid4().hex[:6]}@example.com"
    signed_in_form(page, site)
    fill_customer(page, email)
    fill_line(page, 0, service="screenEnclosure", price="900")
    page.get_by_role("button", name="Submit").click()
    expect(page.get_by_text("Email sent successfully!").first).to_be_visible()
    open_page(page, "/invoices")  # live: the scripts handle the form
    page.fill("#filter-search", email)
    page.get_by_role("button", name="Show").click()
    expect(page).to_have_url(re.compile(r"/invoices/?\?search=search-[^&]*&status=All"))
    assert "filter_" not in page.url  # the fields by name only, as the form's own GET
    expect(page.get_by_test_id("invoice-row")).to_have_count(1)
    expect(page.get_by_test_id("invoice-row")).to_contain_text(email)


def test_unknown_pay_links_answer_404_and_invoice_pdfs_need_a_session(site):
    assert httpx.get(f"{site.url}/pay/{'x' * 43}").status_code == 404
    assert httpx.get(f"{site.url}/pay/{'x' * 43}/pdf").status_code == 404
    assert httpx.get(f"{site.url}/invoices/2026-0001/pdf").status_code == 401
    forged = httpx.get(
        f"{site.url}/invoices/2026-0001/pdf", cookies={"staff_session": "forged-token"}
    )
    assert forged.status_code == 401


def test_signed_out_visitors_get_the_login_form_on_every_invoice_page(page: Page):
    for path in ("/add-invoice", "/invoices", "/invoices/2026-0001"):
        open_page(page, path)
        expect(page.get_by_test_id("login-form")).to_be_visible()
        expect(page.get_by_test_id("invoice-row")).to_have_count(0)
        expect(page.get_by_test_id("invoice-detail")).to_have_count(0)
