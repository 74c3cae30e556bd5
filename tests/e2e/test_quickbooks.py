"""QuickBooks Online in Chromium, through the fake QuickBooks the server's real clients talk to:
an admin connects the company on Intuit's consent page and maps the items and accounts on
/settings/quickbooks; a $25,000 job's deposit invoice and a check paid on it reach QuickBooks
once, pushed by the server's worker, and the invoice's page links to it; the next invoice's
push commits and then times out, and after the retry QuickBooks holds it once; a revision
updates it, a void voids it; the bookkeeper's payment recorded in QuickBooks comes back once
(the webhook sent twice); disconnected, nothing more is pushed and the pages say so. (The card
payment with its fee and refund, the progress stage, throttling, expired tokens and three
workers: tests/unit/test_quickbooks*.py.)"""

import re
import time
import uuid

import pytest
from playwright.sync_api import Page, expect
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Invoice, Payment, User
from renovation_app.services import invoicing
from renovation_app.settings import settings
from tests.e2e.axe_check import no_axe_violations
from tests.e2e.conftest import open_page
from tests.e2e.test_staff_sign_in import PASSWORD, new_admin
from tests.factories import invoice_payload, pay, record_payment, signed_in, turn_on_two_step
from tests.factories.estimates import contract_25k
from tests.factories.jobs import bill, bill_deposit, job_of
from tests.factories.quickbooks import dollars_in_cents
from tests.fakes.quickbooks_server import CLIENT_ID, CLIENT_SECRET, COMPANY_NAME, VERIFIER_TOKEN

MAPPED = (
    ("Item of any line not mapped below", "Services"),
    ("Item of New York sales tax", "Sales tax"),
    ("Account payments are deposited to", "Undeposited Funds"),
    ("Account of card and bank debit fees", "Merchant fees"),
)


def queue_here(site, monkeypatch) -> None:
    """What this process makes is queued for QuickBooks as the server's own is."""
    fake = site.quickbooks
    for name, value in (
        ("quickbooks_client_id", CLIENT_ID),
        ("quickbooks_client_secret", CLIENT_SECRET),
        ("quickbooks_discovery_url", fake.discovery_url),
        ("quickbooks_api_base", fake.url),
        ("quickbooks_webhook_verifier_token", VERIFIER_TOKEN),
        ("site_url", site.url),
        ("contractor_licence", "2099999-DCA"),  # the contract's, as the server has them
        ("escrow_bank", "Example Community Bank, Brooklyn"),
        ("stripe_secret_key", site.stripe.secret_key),  # its card payments, the fake Stripe's
        ("stripe_publishable_key", site.stripe.publishable_key),
        ("stripe_api_base", site.stripe.url),
    ):
        monkeypatch.setattr(settings, name, value)


def theirs(fake, entity: str, **where) -> list[dict]:
    return [r for r in fake.of(entity) if all(r.get(k) == v for k, v in where.items())]


def until(check, what: str, timeout: float = 20):
    """The server's worker pushes every half second: wait for `check()` to hold."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if found := check():
            return found
        time.sleep(0.2)
    raise AssertionError(f"QuickBooks never got {what}")


def all_of(count: int, found: list) -> list:
    """`found` once it holds `count` records (until() waits for a non-empty answer)."""
    return found if len(found) == count else []


def payments_on(fake, invoices: list[dict]) -> list[dict]:
    ids = {i["Id"] for i in invoices}
    return [p for p in fake.of("Payment") if p["Line"][0]["LinkedTxn"][0]["TxnId"] in ids]


def theirs_again(fake, invoices: list[dict]) -> list[dict]:
    return [fake.records["Invoice"][i["Id"]] for i in invoices]


def connect_and_map(page: Page, site, admin: User) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    # Connecting and mapping ask for two-step sign-in: signed in with a recovery code.
    [code, *_] = turn_on_two_step(admin.id, PASSWORD)
    answer = page.request.post(
        "/api/session", data={"email": admin.email, "password": PASSWORD, "code": code}
    )
    assert answer.ok, answer.text()
    open_page(page, "/settings/quickbooks")
    expect(page.get_by_test_id("qb-not-connected")).to_be_visible()
    page.get_by_test_id("qb-connect").click()
    page.get_by_role("button", name="Connect").click()  # Intuit's consent page (the fake's)
    expect(page).to_have_url(re.compile(r"/settings/quickbooks\?connected=1$"))
    expect(page.get_by_test_id("qb-connected")).to_contain_text(COMPANY_NAME)
    for words, name in MAPPED:
        page.get_by_label(words, exact=True).select_option(label=name)
        expect(page.get_by_label(words, exact=True).locator("option").first).to_have_text(name)
    no_axe_violations(page, "/settings/quickbooks, connected and mapped")
    page.screenshot(path="test-results/quickbooks-settings-1280.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


@pytest.mark.usefixtures("site")
def test_the_books_reach_quickbooks_once(page: Page, site, monkeypatch):
    if not site.shares_this_process_database:
        pytest.skip("the job and its invoices are made in this process's database")
    queue_here(site, monkeypatch)
    fake = site.quickbooks
    email = new_admin(site)
    with db_session() as session:
        admin = session.exec(select(User).where(User.email == email)).one()
    office = signed_in(admin)
    connect_and_map(page, site, admin)
    try:
        contract = contract_25k(admin, uuid.uuid4().hex[:8])
        deposit = bill_deposit(contract.number, office)  # 30%: $7,500.00, paid by card
        pay(site.stripe, deposit)
        progress = bill(job_of(contract.number), "progress", office)  # 40%: by check
        record_payment(progress, admin, amount="10,000.00", method="check")
        ours = {deposit.number: deposit.total_cents, progress.number: progress.total_cents}
        books = until(
            lambda: all_of(2, [i for i in fake.of("Invoice") if i["DocNumber"] in ours]),
            "the two invoices",
        )
        assert {i["DocNumber"]: dollars_in_cents(i["TotalAmt"]) for i in books} == ours
        paid = until(lambda: all_of(2, payments_on(fake, books)), "the card payment and the check")
        assert sorted(dollars_in_cents(p["TotalAmt"]) for p in paid) == [7_500_00, 10_000_00]
        assert all(dollars_in_cents(i["Balance"]) == 0 for i in theirs_again(fake, books))
        [invoice] = [i for i in books if i["DocNumber"] == deposit.number]
        customers = theirs(fake, "Customer", Id=invoice["CustomerRef"]["value"])
        assert len(customers) == 1 and customers[0]["Job"] is True  # the job, under its customer
        open_page(page, f"/invoices/{deposit.number}")
        books = page.get_by_test_id("invoice-quickbooks")
        expect(books).to_contain_text("In QuickBooks")
        expect(books.get_by_role("link", name="open it there")).to_have_attribute(
            "href", re.compile(rf"txnId={invoice['Id']}$")
        )
        open_page(page, f"/jobs/{job_of(contract.number).number}")
        expect(page.get_by_test_id("job-quickbooks")).to_contain_text("In QuickBooks")

        # The next invoice's push is taken, then its answer never comes: after the retry
        # QuickBooks holds it once. A revision updates it, a void voids it.
        fake.hang_on, fake.commit_then_hang = "invoice", 1
        extra = invoicing.create_invoice(
            invoicing.validate_invoice(invoice_payload(price="1,200.00", email=email)),
            admin.id,
            uuid.uuid4().hex,
        )
        until(lambda: theirs(fake, "Invoice", DocNumber=extra.number), "the invoice that hung")
        changed = invoice_payload(price="1,350.00", email=email)
        invoicing.revise_invoice(extra.number, changed, "More tile", office)
        [again] = until(
            lambda: [
                i
                for i in theirs(fake, "Invoice", DocNumber=extra.number)
                if dollars_in_cents(i["TotalAmt"]) == 1_350_00
            ],
            "the revision",
            timeout=60,  # the hung push is looked up once its worker gave up (2 s) and waited
        )
        assert len(theirs(fake, "Invoice", DocNumber=extra.number)) == 1
        invoicing.void_invoice(extra.number, office, "Entered twice")
        until(
            lambda: theirs(fake, "Invoice", Id=again["Id"])[0]["PrivateNote"].startswith("Voided"),
            "the void",
        )

        # The bookkeeper records a check in QuickBooks on the job's final invoice.
        final = bill(job_of(contract.number), "final", office, confirm_lead_safe=True)
        [their_final] = until(
            lambda: theirs(fake, "Invoice", DocNumber=final.number), "the final invoice"
        )
        payment = fake.bookkeeper_payment(their_final["Id"], final.total_cents, ref="1207")
        body = fake.webhook_body("Payment", payment["Id"])
        for _ in range(2):  # Intuit sends a notification again when it likes
            assert fake.post_webhook(f"{site.url}/api/quickbooks/webhook", body).status_code == 200
        with db_session() as session:
            came_back = session.exec(select(Payment).where(Payment.invoice_id == progress.id)).all()
        assert [p.amount_cents for p in came_back] == [progress.total_cents]
        open_page(page, f"/invoices/{progress.number}")
        expect(page.get_by_test_id("invoice-status")).to_have_text("Paid")
    finally:
        open_page(page, "/settings/quickbooks")
        page.get_by_test_id("qb-disconnect").click()
        expect(page.get_by_test_id("qb-not-connected")).to_be_visible()

    # Disconnected: nothing more is pushed, and the pages say so.
    pushed = len(fake.requests)
    after = invoicing.create_invoice(
        invoicing.validate_invoice(invoice_payload(price="99.00", email=email)),
        admin.id,
        uuid.uuid4().hex,
    )
    open_page(page, f"/invoices/{after.number}")
    expect(page.get_by_test_id("invoice-quickbooks")).to_contain_text("QuickBooks is disconnected")
    time.sleep(1.5)
    assert len(fake.requests) == pushed
    with db_session() as session:
        assert session.get(Invoice, after.id) is not None
