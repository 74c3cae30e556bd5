"""Resend's delivery webhooks at /api/resend/webhook (our API on loopback), signed by the fake
Resend as Svix signs them: delivered, bounced and complained on each outbox row; a bad
signature is refused; a replay changes nothing; a bounce marks the invoice and its customer
until staff send the invoice again."""

import base64
import time

import pytest
from sqlmodel import func, select

from renovation_app.db import db_session
from renovation_app.models import Customer, EmailDeliveryEvent, Invoice, OutboxEmail
from renovation_app.services import estimates, invoicing
from renovation_app.services.mail import EmailKind, deliver_due, delivery_words
from renovation_app.services.staff import accounts
from renovation_app.settings import settings
from renovation_app.state.staff.accounts import invitation_row
from tests.factories import history, make_invoice, sent_estimate, signed_in, two_step_code
from tests.fakes.resend_server import FakeResend

SECRET = "whsec_" + base64.b64encode(b"resend-delivery-test-key-32bytes").decode()
BOUNCE = {"message": "The mailbox does not exist.", "subType": "General", "type": "Permanent"}


@pytest.fixture
def resend_fake(monkeypatch, clean_db, api_url):
    fake = FakeResend().start()
    monkeypatch.setattr(settings, "resend_api_key", "re_test_key")
    monkeypatch.setattr(settings, "resend_api_url", fake.url)
    monkeypatch.setattr(settings, "resend_webhook_secret", SECRET)
    fake.hook = f"{api_url}/api/resend/webhook"
    yield fake
    fake.stop()


@pytest.fixture
def sent_invoice(resend_fake, admin) -> tuple[Invoice, OutboxEmail]:
    invoice = make_invoice(admin, "deliv-1")
    deliver_due()
    with db_session() as session:
        email = session.exec(select(OutboxEmail).where(OutboxEmail.kind == EmailKind.INVOICE)).one()
    assert email.provider_id
    return invoice, email


def reread(row):
    with db_session() as session:
        return session.get(type(row), row.id)


def test_delivered_then_bounced_each_show_on_the_outbox_row(resend_fake, sent_invoice):
    invoice, email = sent_invoice
    answer = resend_fake.webhook(resend_fake.hook, SECRET, "email.delivered", email.provider_id)
    assert answer.status_code == 200 and answer.json()["outcome"] == "delivered"
    assert delivery_words(reread(email)).startswith("delivered ")
    assert reread(invoice).mail_problem == ""
    resend_fake.webhook(resend_fake.hook, SECRET, "email.bounced", email.provider_id, BOUNCE)
    words = delivery_words(reread(email))
    assert words.startswith("bounced ") and "mailbox does not exist" in words


def test_a_bounce_marks_the_invoice_and_customer_until_the_invoice_is_sent_again(
    resend_fake, sent_invoice, admin
):
    invoice, email = sent_invoice
    resend_fake.webhook(resend_fake.hook, SECRET, "email.bounced", email.provider_id, BOUNCE)
    problem = reread(invoice).mail_problem
    assert "pat@example.com bounced" in problem and "mailbox does not exist" in problem
    assert problem in invoicing.get_invoice(invoice.number).attention
    with db_session() as session:
        customer = session.get(Customer, session.get(Invoice, invoice.id).customer_id)
    assert customer.mail_problem == problem
    assert history(invoice, "attention") == [problem]
    invoicing.resend_invoice_email(invoice.number, signed_in(admin))
    assert reread(invoice).mail_problem == "" and reread(customer).mail_problem == ""


def test_a_complaint_marks_the_invoice_too(resend_fake, sent_invoice):
    invoice, email = sent_invoice
    resend_fake.webhook(resend_fake.hook, SECRET, "email.complained", email.provider_id)
    assert "marked as spam" in reread(invoice).mail_problem
    assert delivery_words(reread(email)).startswith("marked as spam by the recipient")


def test_a_replayed_event_changes_nothing(resend_fake, sent_invoice):
    invoice, email = sent_invoice
    args = (resend_fake.hook, SECRET, "email.bounced", email.provider_id, BOUNCE, "msg_same")
    assert resend_fake.webhook(*args).json()["outcome"] == "bounced"
    invoicing.get_invoice(invoice.number)  # staff looked; nothing changes that
    assert resend_fake.webhook(*args).json()["outcome"] == "replayed"
    assert history(invoice, "attention") and len(history(invoice, "attention")) == 1
    with db_session() as session:
        assert session.exec(select(func.count()).select_from(EmailDeliveryEvent)).one() == 1


def test_a_late_delivered_does_not_undo_a_bounce(resend_fake, sent_invoice):
    invoice, email = sent_invoice
    resend_fake.webhook(resend_fake.hook, SECRET, "email.bounced", email.provider_id, BOUNCE)
    late = resend_fake.webhook(resend_fake.hook, SECRET, "email.delivered", email.provider_id)
    assert late.json()["outcome"] == "older"
    assert reread(email).delivery == "bounced"


@pytest.mark.parametrize(
    "tamper",
    ["other key", "changed body", "no signature", "old timestamp", "no secret set"],
)
def test_a_bad_signature_is_refused_with_400_and_changes_nothing(
    resend_fake, sent_invoice, monkeypatch, tamper
):
    import httpx

    from tests.fakes.resend_server import svix_headers

    invoice, email = sent_invoice
    body = (
        '{"type": "email.bounced", "created_at": "2026-11-25T10:00:00Z", '
        f'"data": {{"email_id": "{email.provider_id}", "bounce": {{"type": "Permanent"}}}}}}'
    )
    key = "whsec_" + base64.b64encode(b"someone else's key, 32 bytes!!!").decode()
    headers = svix_headers(key if tamper == "other key" else SECRET, body)
    if tamper == "changed body":
        body = body.replace("bounced", "delivered")
    if tamper == "no signature":
        headers.pop("svix-signature")
    if tamper == "old timestamp":
        headers = svix_headers(SECRET, body, timestamp=time.time() - 600)
    if tamper == "no secret set":
        monkeypatch.setattr(settings, "resend_webhook_secret", "")
    answer = httpx.post(resend_fake.hook, content=body, headers=headers)
    assert answer.status_code == 400
    assert reread(email).delivery == "" and reread(invoice).mail_problem == ""
    with db_session() as session:
        assert session.exec(select(func.count()).select_from(EmailDeliveryEvent)).one() == 0


def test_an_event_about_an_unknown_message_is_kept_and_changes_nothing(resend_fake, sent_invoice):
    invoice, _ = sent_invoice
    answer = resend_fake.webhook(resend_fake.hook, SECRET, "email.bounced", "not-ours", BOUNCE)
    assert answer.json()["outcome"] == "unknown"
    assert reread(invoice).mail_problem == ""


def bounce(resend_fake, to: str) -> None:
    """Deliver the outbox, then Resend reports the e-mail to `to` bounced."""
    deliver_due()
    with db_session() as session:
        email = session.exec(select(OutboxEmail).where(OutboxEmail.to == to)).one()
    assert email.provider_id
    answer = resend_fake.webhook(
        resend_fake.hook, SECRET, "email.bounced", email.provider_id, BOUNCE
    )
    assert answer.json()["outcome"] == "bounced"


def test_a_bounced_invitation_shows_bounced_in_its_row_on_the_staff_list(resend_fake, admin):
    accounts.invite(signed_in(admin), "typo@exampel.com", "staff", two_step_code(admin))
    accounts.invite(signed_in(admin), "fine@example.com", "admin", two_step_code(admin))
    bounce(resend_fake, "typo@exampel.com")
    _, invitations = accounts.staff_overview()
    rows = {row["email"]: row for row in map(invitation_row, invitations)}
    assert rows["typo@exampel.com"]["delivery"].startswith("bounced ")
    assert "mailbox does not exist" in rows["typo@exampel.com"]["delivery"]
    assert rows["fine@example.com"]["delivery"] == "sent"


def test_a_bounced_estimate_email_shows_on_the_estimates_staff_view(
    resend_fake, admin, contract_settings
):
    sent = sent_estimate(admin, "form-1", email="maria@example.com")
    bounce(resend_fake, "maria@example.com")
    [email] = estimates.get_estimate(sent.number).emails
    assert email.to == "maria@example.com"
    assert email.delivery.startswith("bounced ") and "mailbox does not exist" in email.delivery
