"""Payments on the server: the real stripe SDK against the local fake Stripe, and the fake's
signed webhooks delivered to our real /api/stripe/webhook route (served by uvicorn)."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import AuditEvent, Payment, Refund, Role
from renovation_app.services import invoicing, payments
from renovation_app.services.errors import ActionRefused
from renovation_app.services.staff import sessions
from renovation_app.settings import settings
from tests.factories import mails, make_invoice, pay, signed_in, status_of, two_step_code


def test_the_intent_is_for_the_outstanding_balance_read_from_the_database(fake, invoice):
    checkout = payments.start_card_payment(invoice.id)
    intent = fake.get(checkout.payment_intent_id)
    assert intent["amount"] == 125_000 == checkout.amount_cents and intent["currency"] == "usd"
    assert intent["metadata"] == {"invoice_id": str(invoice.id), "invoice_number": invoice.number}
    assert invoice.number in intent["description"]
    # Ours is the receipt: with receipt_email Stripe would mail its own beside it in live mode.
    assert intent.get("receipt_email") is None


def test_a_double_click_makes_one_payment_intent(fake, invoice):
    with ThreadPoolExecutor(max_workers=4) as pool:
        checkouts = list(pool.map(lambda _: payments.start_card_payment(invoice.id), range(4)))
    assert len({c.payment_intent_id for c in checkouts}) == 1
    assert len(fake.objects("payment_intent")) == 1
    keys = {r["idempotency_key"] for r in fake.requests_to("POST", "/v1/payment_intents")}
    assert len(keys) == 1  # parallel clicks send the same key: Stripe makes one intent
    with db_session() as session:
        assert len(session.exec(select(Payment)).all()) == 1


def test_success_reported_by_the_browser_and_the_webhook_marks_paid_and_mails_once(fake, invoice):
    checkout, status, _ = pay(fake, invoice)
    assert status == 200
    assert payments.confirm_from_browser(checkout.payment_intent_id, invoice.id) == "succeeded"
    fake.wait_for_deliveries(1, type_="payment_intent.succeeded")
    fake.drain_webhooks()
    assert status_of(invoice) == "paid"
    assert len(mails("receipt")) == 1 and len(mails("payment_notice")) == 1
    receipt = mails("receipt")[0]
    assert receipt.to == "pat@example.com" and "$1,250.00" in receipt.text


def test_a_replayed_webhook_changes_nothing(fake, invoice):
    pay(fake, invoice)
    [delivery] = fake.wait_for_deliveries(1, type_="payment_intent.succeeded")
    assert status_of(invoice) == "paid" and len(mails("receipt")) == 1
    fake.redeliver(delivery["event_id"])
    fake.drain_webhooks()
    assert fake.deliveries[-1]["status"] == 200
    assert len(mails("receipt")) == 1 and len(mails("payment_notice")) == 1


def test_a_failure_arriving_after_the_success_does_not_undo_it(fake, invoice):
    checkout, _, _ = pay(fake, invoice)
    fake.wait_for_deliveries(1, type_="payment_intent.succeeded")
    stale = {
        **fake.get(checkout.payment_intent_id),
        "status": "requires_payment_method",
        "last_payment_error": {"message": "Your card was declined."},
    }
    fake.send_event("payment_intent.payment_failed", stale)
    fake.drain_webhooks()
    assert status_of(invoice) == "paid"


def test_a_decline_keeps_the_invoice_unpaid_and_records_the_reason(fake, invoice):
    checkout, status, answer = pay(fake, invoice, card="4000000000000002")
    assert status == 402 and answer["error"]["code"] == "card_declined"
    assert payments.confirm_from_browser(checkout.payment_intent_id, invoice.id) != "succeeded"
    fake.drain_webhooks()
    assert status_of(invoice) == "sent" and mails("receipt") == []
    with db_session() as session:
        [payment] = session.exec(select(Payment)).all()
    assert payment.status == "failed" and "declined" in payment.last_error


def test_a_bad_signature_is_refused_and_changes_nothing(fake, invoice):
    checkout, _, _ = pay(fake, invoice)
    fake.drain_webhooks()
    body = b'{"id": "evt_x", "type": "payment_intent.succeeded", "data": {"object": {}}}'
    with pytest.raises(ValueError):
        payments.handle_webhook(body, "t=1,v1=forged")
    with pytest.raises(ValueError):
        payments.handle_webhook(body, None)


def test_the_browser_cannot_claim_another_invoices_payment(fake, invoice, admin):
    other = make_invoice(admin, "form-2", price="1.00")
    checkout, _, _ = pay(fake, other)
    with pytest.raises(ActionRefused):
        payments.confirm_from_browser(checkout.payment_intent_id, invoice.id)
    assert status_of(invoice) == "sent"


def test_a_void_or_paid_invoice_cannot_be_paid(fake, invoice, admin):
    pay(fake, invoice)
    fake.drain_webhooks()
    with pytest.raises(ActionRefused, match="already paid"):
        payments.start_card_payment(invoice.id)
    draft = make_invoice(admin, "form-3", price="5.00")
    invoicing.void_invoice(draft.number, signed_in(admin), "entered twice")
    with pytest.raises(ActionRefused, match="void"):
        payments.start_card_payment(draft.id)


def test_refunds_partial_then_full_are_confirmed_by_the_webhook(fake, invoice, admin):
    pay(fake, invoice)
    fake.drain_webhooks()
    user = signed_in(admin)
    assert (
        payments.refund(
            invoice.number, user, "250", "one cabinet not delivered", two_step_code(admin)
        )
        == 25_000
    )
    fake.wait_for_deliveries(1, type_="charge.refunded")
    fake.drain_webhooks()
    assert status_of(invoice) == "partially_refunded"
    with pytest.raises(ActionRefused, match="At most \\$1,000.00"):
        payments.refund(invoice.number, user, "1000.01", "too much", two_step_code(admin))
    payments.refund(invoice.number, user, "1000", "job cancelled", two_step_code(admin))
    fake.wait_for_deliveries(2, type_="charge.refunded")
    fake.drain_webhooks()
    assert status_of(invoice) == "refunded"
    with db_session() as session:
        [payment] = session.exec(select(Payment)).all()
    assert payment.amount_refunded_cents == 125_000


def test_only_an_admin_refunds_and_a_reason_is_required(fake, invoice, clerk):
    pay(fake, invoice)
    fake.drain_webhooks()
    with pytest.raises(ActionRefused, match="admin"):
        payments.refund(invoice.number, signed_in(clerk), "10", "reason")
    boss = sessions.SignedInUser(1, "", "Boss", Role.ADMIN)
    with pytest.raises(ActionRefused, match="reason"):
        payments.refund(invoice.number, boss, "10", "  ")


def test_without_keys_payments_are_refused_plainly(monkeypatch, invoice):
    monkeypatch.setattr(settings, "stripe_secret_key", "")
    with pytest.raises(ActionRefused, match="not set up"):
        payments.start_card_payment(invoice.id)


def test_without_keys_the_pay_buttons_are_drawn_disabled_with_the_reason(monkeypatch):
    from renovation_app.components.payments.dialog import pay_button, payment_dialog
    from renovation_app.state.pay import PayState

    monkeypatch.setattr(settings, "stripe_secret_key", "")
    monkeypatch.setattr(settings, "stripe_publishable_key", "")
    drawn = str(pay_button(PayState, "Pay now", PayState.found))
    assert "Card payments are not set up." in drawn and "disabled" in drawn
    assert "Enter Payment Details" not in str(payment_dialog(PayState, PayState.invoice["due"]))
    monkeypatch.setattr(settings, "stripe_secret_key", "sk_test_x")
    monkeypatch.setattr(settings, "stripe_publishable_key", "pk_test_x")
    assert "Card payments are not set up." not in str(
        pay_button(PayState, "Pay now", PayState.found)
    )


def test_a_refund_needs_two_step_sign_in_and_its_code_on_the_server(fake, invoice, admin):
    pay(fake, invoice)
    fake.drain_webhooks()
    user = signed_in(admin)
    with pytest.raises(ActionRefused, match="Turn on two-step sign-in"):
        payments.refund(invoice.number, user, "100", "a door missing", "123456")
    code = two_step_code(admin)  # two-step sign-in is on from here
    with pytest.raises(ActionRefused, match="Enter the code"):
        payments.refund(invoice.number, user, "100", "a door missing")
    with pytest.raises(ActionRefused, match="not correct"):
        payments.refund(invoice.number, user, "100", "a door missing", "000000")
    assert refund_rows() == 0
    payments.refund(invoice.number, user, "100", "a door missing", code)
    assert refund_rows() == 1
    with pytest.raises(ActionRefused, match="already used"):  # the same code again
        payments.refund(invoice.number, user, "100", "a door missing", code)
    assert refund_audit_rows() == 1


def test_wrong_refund_codes_are_limited(fake, invoice, admin):
    pay(fake, invoice)
    fake.drain_webhooks()
    code = two_step_code(admin)
    for _ in range(5):
        with pytest.raises(ActionRefused, match="not correct"):
            payments.refund(invoice.number, signed_in(admin), "10", "guessing", "000000")
    with pytest.raises(ActionRefused, match="Too many wrong codes"):
        payments.refund(invoice.number, signed_in(admin), "10", "guessing", code)
    assert refund_rows() == 0


def refund_rows() -> int:
    with db_session() as session:
        return len(session.exec(select(Refund)).all())


def refund_audit_rows() -> int:
    with db_session() as session:
        rows = session.exec(select(AuditEvent).where(AuditEvent.action == "invoice.refunded"))
        return len(rows.all())
