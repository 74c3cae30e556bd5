"""Getting paid in Chromium: an invoice with a 30/40/30 payment schedule, the customer pays
what is due now by card, the office records a check for the next stage; New York sales tax
on a repair line and none on a capital improvement, the same on the page, PDF and e-mail."""

import io
import time
import uuid
from datetime import timedelta

from playwright.sync_api import Page, expect
from pypdf import PdfReader

from renovation_app.services.billing import business_today
from tests.e2e.conftest import customer_pay_page, open_page
from tests.e2e.document_lines import document_lines, fill_line
from tests.e2e.test_invoices import fill_customer, signed_in_form, submit_invoice, wait_for_mail
from tests.e2e.test_payments import fill_card, invoice_status, open_dialog


def save_scheduled_invoice(page: Page, site, email: str) -> str:
    signed_in_form(page, site)
    fill_customer(page, email, name="Sam Stager")
    fill_line(page, 0, service="kitchenRemodelling", price="10,000")
    page.get_by_role("button", name="Deposit 30%, then 40% and 30%").click()
    rows = page.get_by_test_id("stage-row")
    expect(rows).to_have_count(3)
    for index, days in enumerate((0, 14, 28)):
        day = business_today() + timedelta(days=days)
        rows.nth(index).locator("input[type=date]").fill(day.isoformat())
    return submit_invoice(page)


def test_a_schedule_a_card_pays_the_deposit_and_a_check_pays_the_next_stage(
    page: Page, site, context
):
    email = f"stager-{uuid.uuid4().hex[:6]}@example.com"
    number = save_scheduled_invoice(page, site, email)
    [mail] = wait_for_mail(site, email)
    assert "Work under way (40%): $4,000.00, due" in mail["text"]
    with customer_pay_page(context, site, mail["text"]) as pay:
        expect(pay.get_by_test_id("pay-due")).to_have_text("$3,000.00")
        expect(pay.get_by_test_id("pay-schedule").locator("tr")).to_have_count(3)
        expect(pay.get_by_role("button", name="Pay the whole balance ($10,000.00)")).to_be_visible()
        open_dialog(pay, "Pay now")
        expect(pay.get_by_test_id("payment-amount")).to_have_text("$3,000.00")
        fill_card(pay, "4242 4242 4242 4242")
        pay.get_by_test_id("pay-button").click()
        expect(pay.get_by_test_id("pay-left")).to_have_text("Partially paid, $7,000.00 left")
        expect(pay.get_by_test_id("pay-next")).to_contain_text("$4,000.00 for Work under way")
        expect(pay.get_by_test_id("pay-status")).to_have_text("Partially paid")
        assert invoice_status(site, number) == "partially_paid"

        # The office records the customer's check for the next stage.
        open_page(page, f"/invoices/{number}")
        expect(page.get_by_test_id("balance-amount")).to_have_text("$7,000.00")
        expect(page.get_by_test_id("held-amount")).to_have_text("$3,000.00")
        page.get_by_text("Record a check, Zelle, transfer or cash").click()
        form = page.get_by_test_id("record-payment-form")
        form.locator("#record-method").select_option("check")
        form.locator("#record-amount").fill("4,000")
        form.get_by_role("button", name="Record payment").click()
        expect(form.get_by_test_id("error-reference")).to_have_text("Please give the check number.")
        form.locator("#record-reference").fill("1045")
        form.get_by_role("button", name="Record payment").click()
        expect(page.get_by_test_id("balance-amount")).to_have_text("$3,000.00")
        expect(page.get_by_test_id("payment-row").filter(has_text="Check #1045")).to_have_count(1)
        expect(page.get_by_test_id("detail-schedule")).to_contain_text("Paid")

        pay.reload()
        expect(pay.get_by_test_id("pay-left")).to_have_text("Partially paid, $3,000.00 left")
        receipts = [m for m in wait_for_mail(site, email) if "Check #1045" in m["text"]]
        assert len(receipts) == 1 and "Still due: $3,000.00" in receipts[0]["text"]


def pdf_text(content: bytes) -> str:
    return "".join(p.extract_text() for p in PdfReader(io.BytesIO(content)).pages)


def test_a_taxed_repair_and_an_st124_improvement_total_the_same_on_page_pdf_and_e_mail(
    page: Page, site, context
):
    email = f"taxed-{uuid.uuid4().hex[:6]}@example.com"
    signed_in_form(page, site)
    fill_customer(page, email, name="Tia Taxpayer")
    fill_line(
        page, 0, service="otherWork", price="200", description="Fix the leaking trap", tax="repair"
    )
    fill_line(page, 1, service="kitchenRemodelling", price="5000")
    expect(page.get_by_test_id("invoice-tax")).to_have_text("$17.75")
    expect(page.get_by_test_id("invoice-total")).to_have_text("$5,217.75")
    number = submit_invoice(page)

    [mail] = wait_for_mail(site, email)
    assert "Sales tax 8.875% (New York City): $17.75" in mail["text"]
    assert "Total: $5,217.75" in mail["text"]
    attached = pdf_text(mail["files"][0]["content"])
    assert "$17.75" in attached and "$5,217.75" in attached and "ST-124, no tax" in attached

    open_page(page, f"/invoices/{number}")
    expect(page.get_by_test_id("detail-total-subtotal")).to_have_text("$5,200.00")
    expect(page.get_by_test_id("detail-total-tax")).to_have_text("$17.75")
    expect(page.get_by_test_id("detail-total")).to_have_text("$5,217.75")
    with customer_pay_page(context, site, mail["text"]) as pay:
        expect(pay.get_by_test_id("pay-total-tax")).to_have_text("$17.75")
        expect(pay.get_by_test_id("pay-total")).to_have_text("$5,217.75")
        expect(pay.get_by_test_id("pay-due")).to_have_text("$5,217.75")


def test_a_draft_is_edited_and_sent_then_a_revision_changes_what_the_pay_page_charges(
    page: Page, site, context
):
    email = f"drafter-{uuid.uuid4().hex[:6]}@example.com"
    signed_in_form(page, site)
    fill_customer(page, email, name="Dana Draft")
    fill_line(page, 0, service="bathroomRemodelling", price="6,000")
    free = fill_line(
        page, 1, description="Tile the floor", quantity="120", unit="sq ft", price="12.50"
    )
    expect(free.get_by_test_id("line-amount")).to_have_text("$1,500.00")
    expect(page.get_by_test_id("invoice-total")).to_have_text("$7,500.00")
    page.get_by_role("button", name="Save draft").click()
    expect(page.get_by_test_id("draft-saved")).to_contain_text("Draft saved")

    # The draft is listed with no number; opened again, it holds what was typed.
    open_page(page, "/invoices")
    row = page.get_by_test_id("draft-row").filter(has_text="Dana Draft")
    expect(row).to_contain_text("$7,500.00")
    row.get_by_role("link", name="Dana Draft").click()
    expect(page.get_by_role("heading", name="Draft invoice")).to_be_visible()
    lines = document_lines(page)
    expect(lines).to_have_count(2)
    expect(lines.nth(0).get_by_label("Service")).to_have_value("bathroomRemodelling")
    expect(lines.nth(0).get_by_label("Unit price")).to_have_value("6,000")
    assert site.resend.sent_to(email) == []  # a draft sends nothing
    expect(lines.nth(1).get_by_label("Service")).to_have_value("")  # free text
    expect(lines.nth(1).get_by_label("Quantity")).to_have_value("120")
    page.fill("#invoice-discount", "500")
    expect(page.get_by_test_id("invoice-total")).to_have_text("$7,000.00")
    number = submit_invoice(page)
    [mail] = wait_for_mail(site, email)
    assert "120 sq ft x $12.50" in mail["text"] and "Discount: -$500.00" in mail["text"]
    open_page(page, "/invoices")
    expect(page.get_by_test_id("draft-row").filter(has_text="Dana Draft")).to_have_count(0)

    with customer_pay_page(context, site, mail["text"]) as pay:
        expect(pay.get_by_test_id("pay-due")).to_have_text("$7,000.00")

        # The office revises it: the bathroom costs more; the reason goes to the customer.
        open_page(page, f"/invoices/{number}")
        page.get_by_role("link", name="Revise invoice").click()
        expect(page.get_by_role("heading", name=f"Revise invoice {number}")).to_be_visible()
        expect(page.locator("#invoice-discount")).to_have_value("500.00")
        expect(document_lines(page).nth(0).get_by_label("Service")).to_have_value(
            "bathroomRemodelling"
        )
        fill_line(page, 0, price="6,800")
        expect(page.get_by_test_id("invoice-total")).to_have_text("$7,800.00")
        page.get_by_role("button", name="Save revision and e-mail it").click()
        expect(page.get_by_test_id("form-error")).to_contain_text("why the invoice changes")
        page.fill("#invoice-reason", "The vanity you chose costs $800 more.")
        page.get_by_role("button", name="Save revision and e-mail it").click()
        expect(page.get_by_test_id("detail-total")).to_have_text("$7,800.00")
        revision = page.get_by_test_id("invoice-revision")
        expect(revision).to_contain_text("The vanity you chose costs $800 more.")
        expect(revision).to_contain_text("Total: $7,000.00")
        expect(revision).to_contain_text("Total: $7,800.00")

        pay.reload()
        expect(pay.get_by_test_id("pay-due")).to_have_text("$7,800.00")
        open_dialog(pay, "Pay now")
        expect(pay.get_by_test_id("payment-amount")).to_have_text("$7,800.00")
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and len(site.resend.sent_to(email)) < 2:
            time.sleep(0.2)
        revised = [m for m in site.resend.sent_to(email) if "Revised" in m["subject"]]
        assert len(revised) == 1 and "The vanity you chose" in revised[0]["text"]


def test_a_bank_debit_shows_processing_until_the_webhook_says_it_succeeded(
    page: Page, site, context
):
    email = f"debit-{uuid.uuid4().hex[:6]}@example.com"
    signed_in_form(page, site)
    fill_customer(page, email, name="Bo Banker")
    fill_line(page, 0, service="kitchenRemodelling", price="30,000")
    number = submit_invoice(page)
    [mail] = wait_for_mail(site, email)
    with customer_pay_page(context, site, mail["text"]) as pay:
        expect(pay.get_by_test_id("pay-fee-note")).to_contain_text("a bank debit costs")
        open_dialog(pay, "Pay now")
        pay.get_by_test_id("method-bank").check()
        expect(pay.get_by_test_id("bank-mandate")).to_be_visible()
        pay.get_by_test_id("pay-button").click()
        pay.locator("#fake-bank-success").click()
        processing = pay.get_by_test_id("payment-processing")
        expect(processing).to_contain_text("Payment processing")
        expect(pay.get_by_test_id("processing-amount")).to_have_text("$30,000.00")
        expect(pay.get_by_role("button", name="Pay now")).to_have_count(0)
        site.stripe.drain_webhooks()
        assert invoice_status(site, number) == "sent"  # not paid until the bank says so

        [intent_id] = [
            i
            for i in site.stripe.processing_intents()
            if site.stripe.get(i)["metadata"].get("invoice_number") == number
        ]
        site.stripe.settle_bank_debit(intent_id, "succeeded")
        site.stripe.drain_webhooks()
        assert invoice_status(site, number) == "paid"
        pay.reload()
        expect(pay.get_by_test_id("pay-status")).to_have_text("Paid")
        expect(pay.get_by_test_id("payment-processing")).to_have_count(0)
