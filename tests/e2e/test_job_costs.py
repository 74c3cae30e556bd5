"""A job's costs, its subcontractor's lien waiver and its trust books, in Chromium, as the
issue's "done when" tells it: a $28,200 job -> a materials receipt photographed at 375 px
($4,310.55 with tax) -> a subcontractor's bill of $6,000 paid by check -> 3 days of labour for
two people -> the job page's actual by category and margin equal those sums exactly -> the
subcontractor signs the $6,000 waiver at its link -> the trust books list the owner's payment
and these costs with their dates, and their balance is received minus paid."""

import io
import re
import uuid
from datetime import timedelta

import pytest
from PIL import Image
from playwright.sync_api import BrowserContext, Locator, Page, expect
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import User
from renovation_app.services.billing import business_today, long_date
from renovation_app.settings import settings
from tests.e2e.axe_check import no_axe_violations
from tests.e2e.conftest import block_remote, open_page
from tests.e2e.test_staff_sign_in import new_admin, signed_in_at
from tests.factories import job_of, record_payment
from tests.factories.costs import contract_28k
from tests.factories.jobs import bill_deposit
from tests.factories.papers import one_page_pdf
from tests.factories.staff import staff_user
from tests.factories.subcontractors import certificate_of, subcontractor_of

RATES = {"Ana Crew": "45.00", "Ben Crew": "38.00"}  # loaded hourly costs
LONG_EMAIL = "maria.fernanda.lopez@brooklynmail.com"  # 37 characters, no place to break

# Whether the page scrolls sideways, and the amount cells that end beyond its right edge.
OFF_SCREEN = """(selector) => ({
  width: document.documentElement.scrollWidth,
  cells: document.querySelectorAll(selector).length,
  off: [...document.querySelectorAll(selector)]
    .filter((cell) => cell.getBoundingClientRect().right > window.innerWidth)
    .map((cell) => cell.textContent),
})"""


def nothing_off_screen(page: Page, path: str, amounts: str, test_id: str) -> None:
    """At 375 px: the page at `path` does not scroll sideways and no cell of `amounts` is cut."""
    open_page(page, path)
    expect(page.get_by_test_id(test_id)).to_be_visible()
    found = page.evaluate(OFF_SCREEN, amounts)
    assert found["cells"] > 0 and found["off"] == [] and found["width"] <= 375, (path, found)
    page.screenshot(path=f"test-results/{test_id}-375.png", full_page=True)


def receipt_photo() -> bytes:
    """A phone's receipt photo: a JPEG."""
    out = io.BytesIO()
    Image.new("RGB", (900, 1600), (250, 250, 245)).save(out, "JPEG", quality=80)
    return out.getvalue()


def a_job_with_a_crew_and_a_sub(admin_email: str, monkeypatch):
    monkeypatch.setattr(settings, "contractor_licence", "2099999-DCA")
    monkeypatch.setattr(settings, "escrow_bank", "Example Community Bank, Brooklyn")
    with db_session() as session:
        admin = session.exec(select(User).where(User.email == admin_email)).one()
    estimate = contract_28k(admin, uuid.uuid4().hex, email=LONG_EMAIL)
    job = job_of(estimate)
    record_payment(bill_deposit(estimate.number, admin), admin, amount="8,460.00")
    for name, rate in RATES.items():
        worker = staff_user(
            email=f"{name.split()[0].lower()}-{uuid.uuid4().hex[:6]}@example.com", name=name
        )
        with db_session() as session:
            row = session.get(User, worker.id)
            row.hourly_cost_cents = int(rate.replace(".", ""))
            session.add(row)
            session.commit()
    sub = subcontractor_of(
        company=f"Kings Plumbing {uuid.uuid4().hex[:4]}", email="office@kings.example", by=admin
    )
    for kind in ("general_liability", "workers_comp"):
        certificate_of(sub, kind, business_today() + timedelta(days=200), by=admin)
    return admin, job, sub


def add_cost(page: Page, kind: str, **fields) -> None:
    page.get_by_role("button", name=kind, exact=True).click()
    for name, value in fields.items():
        target = page.locator(f"#cost-{name}")
        if target.evaluate("e => e.tagName") == "SELECT":
            target.select_option(label=value) if not value.isdigit() else target.select_option(
                value
            )
        else:
            target.fill(value)
    page.get_by_test_id("add-cost").click()
    expect(page.get_by_role("status").filter(has_text="Cost added.")).to_be_visible()


@pytest.mark.usefixtures("site")
def paid_by_check(page: Page, description: str, check: str) -> Locator:
    """The sub bill's row, paid today by check: its waiver is then outstanding."""
    bill = page.get_by_test_id("cost-row").filter(has_text=description)
    bill.get_by_test_id("pay-bill").click()
    page.fill("#pay-paid_on", str(business_today()))
    page.locator("#pay-paid_how").select_option("check")
    page.fill("#pay-paid_reference", check)
    page.get_by_test_id("record-payment").click()
    expect(bill).to_contain_text("Waiver outstanding")
    return bill


def test_a_jobs_costs_margin_waiver_and_trust_books(
    page: Page, site, context: BrowserContext, monkeypatch
):
    if not site.shares_this_process_database:
        pytest.skip("the job is made in this process's database")
    admin_email = new_admin(site)
    admin, job, sub = a_job_with_a_crew_and_a_sub(admin_email, monkeypatch)
    page.set_viewport_size({"width": 375, "height": 812})
    signed_in_at(page, admin_email, None)
    costs_path = f"/jobs/{job.number}/costs"
    open_page(page, costs_path)
    today, yesterday = business_today(), business_today() - timedelta(days=1)

    # The receipt, photographed at the counter on a phone.
    page.locator("#cost-category").select_option("materials")
    page.locator(f"#{'receipt'} input[type=file]").set_input_files(
        {"name": "IMG_0412.jpg", "mimeType": "image/jpeg", "buffer": receipt_photo()}
    )
    expect(page.get_by_test_id("receipt-chosen")).to_contain_text("IMG_0412.jpg")
    add_cost(
        page,
        "Purchase",
        payee="Home Depot",
        incurred_on=str(yesterday),
        amount="3,959.20",
        tax="351.35",
    )
    row = page.get_by_test_id("cost-row").filter(has_text="Home Depot")
    expect(row.get_by_test_id("cost-total")).to_have_text("$4,310.55")
    expect(row.get_by_role("link", name="Receipt")).to_be_visible()
    row.get_by_role("link", name="Change").click()  # a word to add, the amounts stay
    page.fill("#cost-description", "Tile adhesive and grout")
    page.get_by_test_id("save-cost").click()
    expect(row).to_contain_text("Tile adhesive and grout")
    expect(row.get_by_test_id("cost-total")).to_have_text("$4,310.55")

    add_cost(
        page,
        "Subcontractor bill",
        subcontractor_id=sub.company,
        description="Plumbing rough-in",
        incurred_on=str(yesterday),
        amount="6,000",
    )
    bill = paid_by_check(page, "Plumbing rough-in", "1042")
    expect(bill).to_contain_text("Check 1042")

    for days_back in (3, 2, 1):
        for name in RATES:
            add_cost(
                page,
                "Crew day",
                worker_id=f"{name} (${RATES[name]}/h)",
                incurred_on=str(today - timedelta(days=days_back)),
                hours="8",
            )
    labour = 3 * 8 * (4500 + 3800)  # cents: $1,992.00
    materials, subcontractor = 4_310_55, 6_000_00
    actual = materials + subcontractor + labour
    page.screenshot(path="test-results/job-costs-375.png", full_page=True)

    open_page(page, f"/jobs/{job.number}")
    expect(page.get_by_test_id("actual-Materials")).to_have_text("$4,310.55")
    expect(page.get_by_test_id("actual-Subcontractor")).to_have_text("$6,000.00")
    expect(page.get_by_test_id("actual-Labour")).to_have_text("$1,992.00")
    expect(page.get_by_test_id("costs-actual")).to_have_text("$12,302.55")
    invoiced = 8_460_00  # the deposit: 30% of $28,200, untaxed
    so_far = invoiced - actual
    expect(page.get_by_test_id("margin-so-far")).to_contain_text(f"-${-so_far / 100:,.2f}")
    estimated = {"labour": 3_017_00, "materials": 3_735_60, "subcontractor": 7_523_00}
    at_completion = 28_200_00 - (
        max(estimated["labour"], labour)
        + max(estimated["materials"], materials)
        + max(estimated["subcontractor"], subcontractor)
    )
    expect(page.get_by_test_id("margin-at-completion")).to_contain_text(
        f"${at_completion / 100:,.2f}"
    )
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path="test-results/job-page-costs-1280.png", full_page=True)

    open_page(page, costs_path)
    link = page.get_by_test_id("waiver-link").get_attribute("href")
    phone = context.browser.new_context(base_url=site.url, viewport={"width": 375, "height": 812})
    phone.route("**/*", block_remote)  # the subcontractor, signed out, on a phone
    try:
        theirs = phone.new_page()
        open_page(theirs, re.sub(r"^https?://[^/]+", "", link))
        expect(theirs.get_by_test_id("waiver-amount")).to_have_text("$6,000.00")
        no_axe_violations(theirs, "lien waiver page")
        theirs.set_viewport_size({"width": 375, "height": 812})
        theirs.fill("#signer-name", "Kim Park")
        theirs.check("#agree")
        theirs.get_by_test_id("sign-waiver").click()
        expect(theirs.get_by_test_id("waiver-signed")).to_contain_text("Signed by Kim Park")
        theirs.screenshot(path="test-results/lien-waiver-signed-375.png", full_page=True)
    finally:
        phone.close()
    open_page(page, costs_path)
    expect(page.get_by_test_id("cost-row").filter(has_text="Plumbing rough-in")).to_contain_text(
        "Waiver received"
    )

    open_page(page, f"/jobs/{job.number}/trust-books")
    expect(page.get_by_test_id("trust-received-row")).to_have_count(1)
    expect(page.get_by_test_id("trust-received-row")).to_contain_text("$8,460.00")
    paid_rows = page.get_by_test_id("trust-paid-row")
    expect(paid_rows).to_have_count(8)  # the receipt, the sub's bill, six crew days
    expect(paid_rows.filter(has_text="Home Depot")).to_contain_text(long_date(yesterday))
    expect(paid_rows.filter(has_text=sub.company)).to_contain_text(long_date(today))
    expect(page.get_by_test_id("trust-received")).to_have_text("$8,460.00")
    expect(page.get_by_test_id("trust-paid")).to_have_text("$12,302.55")
    # Paid out more than the owner paid in: the business advanced the difference.
    expect(page.get_by_test_id("trust-advanced")).to_contain_text(
        f"${(actual - invoiced) / 100:,.2f}"
    )
    page.screenshot(path="test-results/trust-books-1280.png", full_page=True)
    no_axe_violations(page, "trust books", widths=(375,))  # 1280 in the slow sweep
    # On a phone, with the owner's long e-mail on the page: rows stacked, every amount seen.
    page.set_viewport_size({"width": 375, "height": 812})
    trust_books_path = f"/jobs/{job.number}/trust-books"
    nothing_off_screen(page, trust_books_path, "[data-testid=amount]", "trust-books-page")
    nothing_off_screen(page, costs_path, "[data-testid=left]", "budget-card")
    nothing_off_screen(
        page, f"/jobs/{job.number}/photos", "[data-testid=project-viewer] p", "photos-page"
    )
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, costs_path)
    no_axe_violations(page, "job costs page")
    page.screenshot(path="test-results/job-costs-1280.png", full_page=True)
    open_page(page, f"/subcontractors/{sub.id}")
    expect(page.get_by_text("Plumbing rough-in")).to_be_visible()  # its bill, with the waiver
    no_axe_violations(page, "a subcontractor", widths=(375,))  # the list: the slow sweep
    page.screenshot(path="test-results/subcontractor-1280.png", full_page=True)

    # A second bill whose waiver came back signed on paper: recorded on the bill's row.
    page.set_viewport_size({"width": 375, "height": 812})
    open_page(page, costs_path)
    add_cost(
        page,
        "Subcontractor bill",
        subcontractor_id=sub.company,
        description="Fixture hookup",
        incurred_on=str(today),
        amount="500",
    )
    second = paid_by_check(page, "Fixture hookup", "1043")
    second.get_by_role("button", name="Record a waiver signed on paper").click()
    page.fill("#paper-name", "Kim Park")
    page.fill("#paper-day", str(today))
    page.locator("#waiver-scan input[type=file]").set_input_files(
        {"name": "waiver.pdf", "mimeType": "application/pdf", "buffer": one_page_pdf("Kim Park")}
    )
    page.get_by_test_id("record-waiver-scan").click()
    expect(second).to_contain_text("Waiver received")
