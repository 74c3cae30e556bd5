"""QuickBooks' HTTP routes on our API: connecting from a signed-in admin's session only, and
Intuit's signed webhooks recording a payment the bookkeeper typed in QuickBooks once."""

import json
import re
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from sqlmodel import select
from starlette.testclient import TestClient

from renovation_app.api import create_api
from renovation_app.db import db_session
from renovation_app.models import Payment, QuickBooksPayment
from renovation_app.services import payments
from renovation_app.services import quickbooks as qb
from tests.factories import (
    ADMIN_PASSWORD,
    make_invoice,
    record_payment,
    sign_in,
    signed_in,
    turn_on_two_step,
)
from tests.factories.quickbooks import map_quickbooks, push_all
from tests.factories.staff import STAFF_PASSWORD
from tests.fakes.quickbooks_server import COMPANY_NAME, REALM_ID

WEBHOOK = "/api/quickbooks/webhook"


@pytest.fixture
def client(quickbooks) -> TestClient:
    return TestClient(create_api())


@pytest.fixture
def recovery_codes(admin) -> list[str]:
    """Bea Boss's two-step sign-in turned on (admins connect only so): her recovery codes."""
    return turn_on_two_step(admin.id)


def admin_signs_in(client: TestClient, admin, recovery_codes: list[str]) -> TestClient:
    answer = client.post(
        "/api/session",
        json={"email": admin.email, "password": ADMIN_PASSWORD, "code": recovery_codes.pop()},
    )
    assert answer.status_code == 200, answer.text
    return client


@pytest.fixture
def admin_client(client, admin, recovery_codes) -> TestClient:
    return admin_signs_in(client, admin, recovery_codes)


def connect_through_the_api(client: TestClient, fake) -> None:
    answer = client.get("/api/quickbooks/connect", follow_redirects=False)
    assert answer.status_code == 303
    consent = answer.headers["location"]
    assert consent.startswith(fake.url + "/connect/oauth2?")
    assert parse_qs(urlsplit(consent).query)["scope"] == ["com.intuit.quickbooks.accounting"]
    page = httpx.get(consent)  # Intuit's consent page, then its Connect button
    assert page.status_code == 200 and "<button>Connect</button>" in page.text
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', page.text))
    connected = httpx.post(f"{fake.url}/connect/oauth2", data=fields, follow_redirects=False)
    callback = urlsplit(connected.headers["location"])
    assert parse_qs(callback.query)["realmId"] == [REALM_ID]
    back = client.get(f"{callback.path}?{callback.query}", follow_redirects=False)
    assert back.status_code == 303 and back.headers["location"].endswith("?connected=1")


def test_an_admin_connects_through_intuits_consent_page(admin_client, quickbooks):
    connect_through_the_api(admin_client, quickbooks)
    view = qb.connection_view()
    assert view.connected and view.company_name == COMPANY_NAME


def test_connecting_needs_a_signed_in_admin(client, clerk, quickbooks):
    assert client.get("/api/quickbooks/connect", follow_redirects=False).status_code == 401
    assert client.get("/api/quickbooks/callback?code=x&state=y").status_code == 401
    sign_in(client, clerk.email, STAFF_PASSWORD)
    assert client.get("/api/quickbooks/connect", follow_redirects=False).status_code == 403
    assert not qb.connection_view().connected


def test_a_callback_with_a_forged_state_or_from_another_session_connects_nothing(
    admin_client, admin, recovery_codes, quickbooks
):
    consent = admin_client.get("/api/quickbooks/connect", follow_redirects=False)
    callback = urlsplit(quickbooks.approve(consent.headers["location"]))
    params = parse_qs(callback.query)
    forged = f"{callback.path}?code={params['code'][0]}&realmId={params['realmId'][0]}&state=x.1.y"
    assert admin_client.get(forged, follow_redirects=False).status_code == 403
    # The right callback in another session of the same admin (a link handed to them).
    other = admin_signs_in(TestClient(create_api()), admin, recovery_codes)
    assert other.get(f"{callback.path}?{callback.query}", follow_redirects=False).status_code == 403
    assert not qb.connection_view().connected


# --- payments that come back --------------------------------------------------------------------


@pytest.fixture
def pushed_invoice(admin_client, admin, quickbooks):
    """A $1,000.00 invoice in QuickBooks (connected and mapped through the services)."""
    connect_through_the_api(admin_client, quickbooks)
    map_quickbooks(quickbooks, signed_in(admin))
    invoice = make_invoice(admin, "form-qb", price="1,000.00")
    push_all()
    [theirs] = quickbooks.of("Invoice")
    return invoice, theirs


def payments_of(invoice) -> list[Payment]:
    with db_session() as session:
        return list(session.exec(select(Payment).where(Payment.invoice_id == invoice.id)))


@pytest.mark.parametrize("legacy", [False, True], ids=["CloudEvents", "eventNotifications"])
def test_a_payment_the_bookkeeper_records_in_quickbooks_is_recorded_here_once(
    client, pushed_invoice, quickbooks, legacy
):
    invoice, theirs = pushed_invoice
    payment = quickbooks.bookkeeper_payment(theirs["Id"], 400_00, ref="1201")
    body = quickbooks.webhook_body("Payment", payment["Id"], legacy=legacy)
    for _ in range(2):  # Intuit may deliver a notification more than once
        answer = quickbooks.post_webhook(WEBHOOK, body, post=client.post)
        assert answer.status_code == 200
    [ours] = payments_of(invoice)
    assert (ours.amount_cents, ours.method, ours.reference) == (400_00, "check", "1201")
    with db_session() as session:
        [row] = session.exec(select(QuickBooksPayment)).all()
    assert row.quickbooks_id == payment["Id"] and row.payment_id == ours.id and row.problem == ""
    # ... and it is not pushed back to QuickBooks as a second payment.
    push_all()
    assert len(quickbooks.of("Payment")) == 1
    assert float(quickbooks.of("Invoice")[0]["Balance"]) == 600.00


def test_cloud_events_of_another_company_or_another_record_record_nothing(
    client, pushed_invoice, quickbooks
):
    invoice, theirs = pushed_invoice
    payment = quickbooks.bookkeeper_payment(theirs["Id"], 400_00)
    [event] = json.loads(quickbooks.webhook_body("Payment", payment["Id"]))
    others = [
        {**event, "intuitaccountid": "1234567"},  # a company that is not ours
        {**event, "type": "qbo.invoice.updated.v1"},
        {**event, "type": "qbo.payment.deleted.v1"},
        {**event, "intuitentityid": "../Invoice/1"},
    ]
    body = json.dumps(others).encode()
    assert quickbooks.post_webhook(WEBHOOK, body, post=client.post).status_code == 200
    assert payments_of(invoice) == []


def test_a_forged_webhook_is_refused_and_records_nothing(client, pushed_invoice, quickbooks):
    invoice, theirs = pushed_invoice
    payment = quickbooks.bookkeeper_payment(theirs["Id"], 400_00)
    body = quickbooks.webhook_body("Payment", payment["Id"])
    forged = quickbooks.post_webhook(
        WEBHOOK, body, signature="bm90IGEgc2lnbmF0dXJl", post=client.post
    )
    assert forged.status_code == 403
    unsigned = client.post(WEBHOOK, content=body, headers={"Content-Type": "application/json"})
    assert unsigned.status_code == 403
    assert payments_of(invoice) == []


def test_a_webhook_of_a_payment_we_pushed_records_nothing_more(
    client, admin, pushed_invoice, quickbooks
):
    invoice, _ = pushed_invoice
    record_payment(invoice, admin, amount="250.00")
    push_all()
    [theirs] = quickbooks.of("Payment")
    answer = quickbooks.post_webhook(
        WEBHOOK, quickbooks.webhook_body("Payment", theirs["Id"]), post=client.post
    )
    assert answer.status_code == 200 and answer.json()["recorded"] == 0
    assert len(payments_of(invoice)) == 1


def test_a_payment_whose_webhook_never_came_is_caught_up_once_by_change_data_capture(
    pushed_invoice, quickbooks, admin
):
    invoice, theirs = pushed_invoice
    record_payment(invoice, admin, amount="100.00")  # ours, pushed: never recorded again
    push_all()
    quickbooks.bookkeeper_payment(theirs["Id"], 300_01, ref="Z-77", method="Zelle")  # no webhook
    assert payments.catch_up_quickbooks_payments() == 1
    assert payments.catch_up_quickbooks_payments() == 0
    made = sorted((p.amount_cents, p.method, p.reference) for p in payments_of(invoice))
    assert made == [(100_00, "check", "1045"), (300_01, "zelle", "Z-77")]
    push_all()
    assert len(quickbooks.of("Payment")) == 2


def test_a_webhook_while_quickbooks_cannot_be_read_is_answered_503_and_recorded_later(
    client, pushed_invoice, quickbooks
):
    invoice, theirs = pushed_invoice
    payment = quickbooks.bookkeeper_payment(theirs["Id"], 200_00)
    body = quickbooks.webhook_body("Payment", payment["Id"])
    quickbooks.throttle_next = 5
    assert quickbooks.post_webhook(WEBHOOK, body, post=client.post).status_code == 503
    assert payments_of(invoice) == []
    quickbooks.throttle_next = 0
    assert quickbooks.post_webhook(WEBHOOK, body, post=client.post).json()["recorded"] == 1
    assert [p.amount_cents for p in payments_of(invoice)] == [200_00]


def test_a_quickbooks_payment_above_the_balance_is_not_recorded_and_is_listed_for_the_office(
    client, pushed_invoice, quickbooks
):
    invoice, theirs = pushed_invoice
    payment = quickbooks.bookkeeper_payment(theirs["Id"], 1_500_00)  # the invoice is $1,000
    body = quickbooks.webhook_body("Payment", payment["Id"])
    assert quickbooks.post_webhook(WEBHOOK, body, post=client.post).json()["recorded"] == 0
    assert payments_of(invoice) == []
    [unrecorded] = qb.unrecorded_payments()
    assert (unrecorded.quickbooks_id, unrecorded.invoice_id) == (payment["Id"], invoice.id)
    assert "more than the balance" in unrecorded.problem
    assert (unrecorded.name, unrecorded.path) == (
        f"Payment $1,500.00 on invoice {invoice.number}",
        f"/invoices/{invoice.number}",
    )
    assert quickbooks.post_webhook(WEBHOOK, body, post=client.post).json()["recorded"] == 0
    assert len(qb.unrecorded_payments()) == 1
