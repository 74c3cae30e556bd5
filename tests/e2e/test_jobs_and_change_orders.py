"""The job and its signed change orders, in Chromium, as the issue's "done when" tells it: an
accepted $25,000 contract with a 30/40/30 schedule -> its job -> CO-1 adds $3,200 and 5 days,
spread over the remaining stages -> the owner signs it on a phone with a drawn signature ->
$28,200, the completion 5 days later, the stages raised by exactly $3,200 -> CO-2 takes $700
of work out -> $27,500 -> the final invoice bills exactly what is left. The job page, the form
and the owner's page pass axe at 375 and 1280 px."""

import io
import re
import uuid
from datetime import timedelta

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from pypdf import PdfReader
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import User
from renovation_app.services.billing import business_today
from renovation_app.settings import settings
from tests.e2e.axe_check import no_axe_violations
from tests.e2e.conftest import block_remote, open_page
from tests.e2e.document_lines import fill_line
from tests.e2e.jobs import bill_on_job
from tests.e2e.test_estimates import mail_about
from tests.e2e.test_staff_sign_in import new_admin, signed_in_at
from tests.factories import accepted_estimate, job_of, make_change_order, record_payment
from tests.factories.papers import one_page_pdf


def contract(admin_email: str, owner_email: str, monkeypatch):
    """The signed $25,000 contract (made here: the server shares this process's database)."""
    monkeypatch.setattr(settings, "contractor_licence", "2099999-DCA")
    monkeypatch.setattr(settings, "escrow_bank", "Example Community Bank, Brooklyn")
    with db_session() as session:
        admin = session.exec(select(User).where(User.email == admin_email)).one()
    lines = [
        {"description": "Bathroom remodel", "unit_price": "21,000"},
        {"description": "Tile, Daltile Rittenhouse, 120 sq ft", "unit_price": "4,000"},
    ]
    return admin, accepted_estimate(
        admin,
        uuid.uuid4().hex,
        lines=lines,
        email=owner_email,
        phone="",
        deposit_kind="percent",
        deposit_value="30",
        progress_schedule="Rough-in done: 40%",
        completion_date=str(business_today() + timedelta(days=60)),
    )


def write_change_order(page: Page, job_path: str, words: str, price: str, credit=False, **terms):
    open_page(page, job_path)
    page.get_by_test_id("new-change-order").click()
    expect(page).to_have_url(re.compile(r"/change-order$"))
    page.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached")
    fill_line(page, 0, description=words, price=price)
    if credit:
        page.get_by_label("Credit: this work is taken off").check()
    page.fill("#change-order-reason", terms["reason"])
    page.fill("#change-order-days", terms.get("days", "0"))
    page.locator("#change-order-payment").select_option(terms["payment"])
    expect(page.get_by_test_id("change-order-new-value")).to_have_text(terms["new_value"])
    page.get_by_test_id("send-change-order").click()
    expect(page).to_have_url(re.compile(r"/jobs/J-\d{4}-\d{4}$"))


def draw(page: Page) -> None:
    """A signature with the pointer, across the pad (in view: the mouse works in the viewport)."""
    canvas = page.locator("canvas")
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    x, y = box["x"], box["y"]
    page.mouse.move(x + 20, y + box["height"] * 0.7)
    page.mouse.down()
    for step in range(1, 12):
        page.mouse.move(x + 20 + step * 18, y + box["height"] * (0.3 + 0.4 * (step % 2)))
    page.mouse.up()


@pytest.mark.slow  # 20 s; its sums are held by the unit tests of change orders in make test
@pytest.mark.usefixtures("site")
def test_a_job_amended_by_two_signed_change_orders_bills_exactly_what_is_left(
    page: Page, site, context: BrowserContext, monkeypatch
):
    if not site.shares_this_process_database:
        pytest.skip("the contract is made in this process's database")
    owner_email = f"owner-{uuid.uuid4().hex[:6]}@example.com"
    admin_email = new_admin(site)
    admin, estimate = contract(admin_email, owner_email, monkeypatch)
    job = job_of(estimate)
    page.set_viewport_size({"width": 1280, "height": 900})
    signed_in_at(page, admin_email, f"/jobs?q={job.number}")
    page.get_by_test_id("job-row").get_by_role("link", name=job.number).click()
    job_path = f"/jobs/{job.number}"
    expect(page).to_have_url(re.compile(job_path + "$"))
    expect(page.get_by_test_id("job-value")).to_have_text("$25,000.00")
    amounts = page.get_by_test_id("stage-amount")
    expect(amounts).to_have_text(["$7,500.00", "$10,000.00", "$7,500.00"])
    signed_completion = page.get_by_test_id("job-completion").inner_text()

    deposit = bill_on_job(page, job_path, "Deposit")
    record_payment(deposit, admin, amount="7,500.00")

    write_change_order(
        page,
        job_path,
        "Double vanity, Kohler K-1234, installed",
        "3,200",
        reason="The owner asked for a double vanity.",
        days="5",
        payment="spread",
        new_value="$28,200.00",
    )
    row = page.get_by_test_id("change-order").filter(has_text="CO-1")
    expect(row).to_contain_text("Work not yet approved")
    expect(page.get_by_test_id("job-value")).to_have_text("$25,000.00")  # not signed yet
    no_axe_violations(page, "job page")

    link = re.search(r"/change-order/[\w-]{43,}", mail_about(site, owner_email, "CO-1")["text"])
    phone = context.browser.new_context(
        base_url=site.url, viewport={"width": 375, "height": 812}, has_touch=True
    )  # signed out, on a phone
    phone.route("**/*", block_remote)
    try:
        mine = phone.new_page()
        open_page(mine, link.group(0))
        expect(mine.get_by_test_id("original-value")).to_have_text("$25,000.00")
        expect(mine.get_by_test_id("this-change")).to_have_text("$3,200.00")
        expect(mine.get_by_test_id("new-value")).to_have_text("$28,200.00")
        no_axe_violations(mine, "owner's change order page")
        mine.set_viewport_size({"width": 375, "height": 812})
        sign = mine.get_by_test_id("sign-change-order")
        mine.fill("#signer-name", "Maria Lopez")
        draw(mine)
        expect(sign).to_be_disabled()  # the box is the last thing before the signature
        mine.check("#agree")
        sign.click()
        expect(mine.get_by_test_id("change-order-signed")).to_contain_text(
            "Signed by Maria Lopez (drawn signature)"
        )
        mine.screenshot(path="test-results/change-order-signed-375.png", full_page=True)
    finally:
        phone.close()

    open_page(page, job_path)
    expect(page.get_by_test_id("job-value")).to_have_text("$28,200.00")
    expect(page.get_by_test_id("job-completion")).not_to_have_text(signed_completion)
    expect(amounts).to_have_text(["$7,500.00", "$11,828.57", "$8,871.43"])  # +$3,200 exactly
    pdf = page.request.get(f"{job_path}/change-orders/CO-1/pdf")
    text = " ".join(
        " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.body())).pages).split()
    )
    assert "Owner: Maria Lopez, drawn signature" in text
    assert "For the contractor: Ada Admin, who sent it on" in text
    assert "New contract value $28,200.00" in text

    write_change_order(
        page,
        job_path,
        "No towel warmer after all",
        "700",
        credit=True,
        reason="The owner keeps the old towel bar.",
        payment="next",
        new_value="$27,500.00",
    )
    no_axe_violations(page, "job page with a change order waiting")
    link = re.search(r"/change-order/[\w-]{43,}", mail_about(site, owner_email, "CO-2")["text"])
    owner = context.browser.new_context(base_url=site.url)
    owner.route("**/*", block_remote)
    try:
        mine = owner.new_page()
        open_page(mine, link.group(0))
        expect(mine.get_by_test_id("this-change")).to_have_text("-$700.00")
        mine.fill("#signer-name", "Maria Lopez")
        mine.check("#agree")
        mine.get_by_test_id("sign-change-order").click()
        expect(mine.get_by_test_id("change-order-signed")).to_contain_text("typed name")
    finally:
        owner.close()

    open_page(page, job_path)
    expect(page.get_by_test_id("job-value")).to_have_text("$27,500.00")
    expect(amounts).to_have_text(["$7,500.00", "$11,128.57", "$8,871.43"])
    progress = bill_on_job(page, job_path, "Rough-in done")
    expect(page.get_by_test_id("due-amount")).to_have_text("$11,128.57")
    record_payment(progress, admin, amount="11,128.57")
    bill_on_job(page, job_path, "Final payment")
    expect(page.get_by_test_id("due-amount")).to_have_text(
        "$8,871.43"
    )  # 27,500 - 7,500 - 11,128.57
    open_page(page, job_path)
    expect(page.get_by_test_id("job-unbilled")).to_have_text("$0.00")
    expect(page.get_by_test_id("job-owed")).to_have_text("$8,871.43")
    page.screenshot(path="test-results/job-page.png", full_page=True)

    open_page(page, f"{job_path}/change-order")
    no_axe_violations(page, "change order form")


def test_the_office_records_a_change_order_signed_on_paper(page: Page, site, monkeypatch):
    if not site.shares_this_process_database:
        pytest.skip("the contract is made in this process's database")
    admin_email = new_admin(site)
    admin, estimate = contract(
        admin_email, f"paper-{uuid.uuid4().hex[:6]}@example.com", monkeypatch
    )
    job = job_of(estimate)
    make_change_order(job, admin)
    signed_in_at(page, admin_email, f"/jobs/{job.number}")
    row = page.get_by_test_id("change-order").filter(has_text="CO-1")
    row.get_by_role("button", name="Signed on paper").click()
    page.fill("#paper-name", "Maria Lopez")
    page.fill("#paper-day", str(business_today()))
    scan = {"name": "signed.pdf", "mimeType": "application/pdf", "buffer": one_page_pdf("CO-1")}
    page.locator("input[type=file]").set_input_files(files=[scan])
    expect(row).to_contain_text("signed.pdf")
    row.get_by_test_id("record-paper").click()
    expect(row).to_contain_text("Signed by Maria Lopez (signed on paper)")
    expect(row).not_to_contain_text("Work not yet approved")
    expect(page.get_by_test_id("job-value")).to_have_text("$28,200.00")


def test_small_work_gets_a_job_by_hand_and_its_one_invoice(page: Page, site):
    signed_in_at(page, new_admin(site), "/jobs")
    page.get_by_role("link", name="New job for small work").click()
    expect(page).to_have_url(re.compile(r"/jobs/new$"))
    page.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached")
    page.fill("#job-name", "Lee Chan")
    page.fill("#job-email", f"lee-{uuid.uuid4().hex[:6]}@example.com")
    page.fill("#job-address", "5 Court St, Brooklyn, NY 11201")
    page.fill("#job-title", "Replace the kitchen faucet")
    page.fill("#job-price", "600")
    page.get_by_role("button", name="Make the job").click()
    expect(page.get_by_test_id("error-price")).to_contain_text("General Business Law")
    no_axe_violations(page, "new job form with an error")
    page.fill("#job-price", "300")
    page.get_by_role("button", name="Make the job").click()
    expect(page).to_have_url(re.compile(r"/jobs/J-\d{4}-\d{4}$"))
    expect(page.get_by_test_id("job-value")).to_have_text("$326.63")  # with 8.875% tax
    bill_on_job(page, re.search(r"/jobs/J-\d{4}-\d{4}", page.url).group(0), "Payment")
    expect(page.get_by_test_id("due-amount")).to_have_text("$326.63")
