"""The money paths tried as an attacker, a second tab and a failing network would: voiding
against an open payment, events out of order, refunds in flight, floods, foreign intents,
disputes and failed refunds. The real stripe SDK against the local fake Stripe, whose signed
webhooks reach our real /api/stripe/webhook route."""

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Invoice, InvoiceEvent, Payment, Refund
from renovation_app.services import invoicing, payments
from renovation_app.services.errors import ActionRefused
from renovation_app.services.payments import money_summary
from renovation_app.settings import settings
from tests.factories import (
    mails,
    make_invoice,
    pay,
    pay_token,
    signed_in,
    status_of,
    two_step_code,
)
from tests.fakes.stripe_js_client import js_confirm


def fresh(invoice: Invoice) -> Invoice:
    with db_session() as session:
        return session.get(Invoice, invoice.id)


def payment_rows(invoice: Invoice) -> list[Payment]:
    with db_session() as session:
        return session.exec(select(Payment).where(Payment.invoice_id == invoice.id)).all()


def events(invoice: Invoice, kind: str) -> list[str]:
    with db_session() as session:
        return [
            e.detail
            for e in session.exec(
                select(InvoiceEvent).where(
                    InvoiceEvent.invoice_id == invoice.id, InvoiceEvent.kind == kind
                )
            )
        ]


def refundable(invoice: Invoice) -> int:
    with db_session() as session:
        return money_summary(session, session.get(Invoice, invoice.id)).refundable_cents


# --- 1. voiding stops payment -------------------------------------------------------------------


def test_voiding_cancels_the_open_intent_so_the_open_tab_cannot_pay(fake, invoice, admin):
    checkout = payments.start_card_payment(invoice.id)  # "Pay now" in the customer's tab
    invoicing.void_invoice(invoice.number, signed_in(admin), "Customer cancelled")
    assert fake.get(checkout.payment_intent_id)["status"] == "canceled"
    status, answer = js_confirm(fake, checkout.client_secret, "4242424242424242")
    assert status == 400 and answer["error"]["code"] == "payment_intent_unexpected_state"
    fake.drain_webhooks()
    assert status_of(invoice) == "void" and mails("receipt") == []
    assert invoicing.pay_link(pay_token(invoice))[0] == invoicing.PayLinkState.VOID
    with pytest.raises(ActionRefused, match="void"):
        payments.start_card_payment(invoice.id)


def test_voiding_is_refused_while_a_card_payment_is_processing(fake, invoice, admin):
    checkout = payments.start_card_payment(invoice.id)
    fake.set_intent_status(checkout.payment_intent_id, "processing")
    with pytest.raises(ActionRefused, match="being processed"):
        invoicing.void_invoice(invoice.number, signed_in(admin), "Customer cancelled")
    assert status_of(invoice) == "sent"


def test_voiding_after_the_card_went_through_is_refused_and_the_payment_recorded(
    fake,
    invoice,
    admin,
):
    fake.hold_webhooks()  # the success is not recorded yet when staff press Void
    pay(fake, invoice)
    with pytest.raises(ActionRefused, match="gone through"):
        invoicing.void_invoice(invoice.number, signed_in(admin), "Customer cancelled")
    fake.release_webhooks()
    fake.drain_webhooks()
    assert status_of(invoice) == "paid"


def test_money_taken_on_a_void_invoice_is_recorded_flagged_and_refundable(
    fake,
    invoice,
    admin,
    monkeypatch,
):
    checkout = payments.start_card_payment(invoice.id)
    # Voided while Stripe was not set up here: the intent could not be cancelled.
    monkeypatch.setattr(settings, "stripe_secret_key", "")
    invoicing.void_invoice(invoice.number, signed_in(admin), "Duplicate")
    monkeypatch.setattr(settings, "stripe_secret_key", fake.secret_key)
    js_confirm(fake, checkout.client_secret, "4242424242424242")
    fake.wait_for_deliveries(1, type_="payment_intent.succeeded")
    fake.drain_webhooks()
    void = fresh(invoice)
    assert void.status == "void" and "Void with" in void.attention
    assert [p.status for p in payment_rows(invoice)] == ["succeeded"]
    assert mails("receipt") == []  # no receipt for a void invoice
    assert [m.subject for m in mails("staff_notice")] == [
        f"Payment on a void invoice: invoice {invoice.number}"
    ]
    assert refundable(invoice) == 125_000  # the page offers the refund
    payments.refund(
        invoice.number, signed_in(admin), "1250", "Invoice was void", two_step_code(admin)
    )
    fake.drain_webhooks()
    assert fresh(invoice).status == "void" and fresh(invoice).attention == ""


@pytest.mark.slow  # 50 rounds, 13-20 s: `make test-slow`, which CI runs
def test_void_and_pay_at_the_same_moment_never_leave_a_void_invoice_paid(fake, admin):
    """50 rounds: a customer's "Pay now" and card, and staff's Void, at once. Afterwards the
    invoice is void or paid, never both, and every cent Stripe took is recorded here."""
    user = signed_in(admin)

    def customer(invoice: Invoice) -> None:
        try:
            checkout = payments.start_card_payment(invoice.id)
        except ActionRefused:
            return  # void came first
        js_confirm(fake, checkout.client_secret, "4242424242424242")

    def staff(invoice: Invoice) -> None:
        try:
            invoicing.void_invoice(invoice.number, user, "Changed our mind")
        except ActionRefused:
            pass  # paid first, or the card is going through

    outcomes = []
    with ThreadPoolExecutor(max_workers=2) as pool:
        for round_ in range(50):
            invoice = make_invoice(admin, f"race-{round_}")
            for done in [pool.submit(customer, invoice), pool.submit(staff, invoice)]:
                done.result()
            outcomes.append(invoice)
    fake.drain_webhooks(timeout=20)
    charged = {
        pi["metadata"]["invoice_number"]: pi["amount_received"]
        for pi in fake.objects("payment_intent")
        if pi["status"] == "succeeded"
    }
    for invoice in outcomes:  # noqa: F402
        final = fresh(invoice)
        recorded = sum(p.amount_cents for p in payment_rows(invoice) if p.status == "succeeded")
        assert final.status in ("void", "paid")
        assert not (final.status == "void" and recorded), "paid and void"
        assert charged.get(invoice.number, 0) == recorded
    assert {fresh(i).status for i in outcomes} <= {"void", "paid"}


# --- 3. events out of order ---------------------------------------------------------------------


def test_a_late_success_after_its_refund_leaves_the_invoice_refunded_with_no_receipt(
    fake,
    invoice,
):
    """charge.refunded first, payment_intent.succeeded after: the refund waits on the payment's
    row, and the success finds it refunded."""
    fake.hold_webhooks()
    checkout, _, _ = pay(fake, invoice)
    # Stripe's dashboard refunds at once; both events are delivered refund first.
    client = payments.stripe_client()
    client.v1.refunds.create(params={"payment_intent": checkout.payment_intent_id})
    order = [e["id"] for e in fake.events if e["type"] == "charge.refunded"]
    fake.release_webhooks(order=order)
    fake.drain_webhooks()
    assert status_of(invoice) == "refunded"
    assert mails("receipt") == []  # the money was already back with the customer
    [row] = payment_rows(invoice)
    assert row.status == "succeeded" and row.amount_refunded_cents == 125_000


# --- 4. refunds in flight -----------------------------------------------------------------------


def test_refunds_in_flight_count_and_each_has_its_own_key(fake, invoice, admin):
    pay(fake, invoice)
    fake.drain_webhooks()
    fake.hold_webhooks()  # no charge.refunded reaches us meanwhile
    user = signed_in(admin)
    payments.refund(invoice.number, user, "500", "first part", two_step_code(admin))
    payments.refund(invoice.number, user, "500", "second part, same size", two_step_code(admin))
    with pytest.raises(ActionRefused, match="At most \\$250.00"):
        payments.refund(invoice.number, user, "250.01", "more than is left", two_step_code(admin))
    keys = [r["idempotency_key"] for r in fake.requests_to("POST", "/v1/refunds")]
    assert len(set(keys)) == 2 and len(fake.objects("refund")) == 2
    fake.release_webhooks()
    fake.drain_webhooks()
    assert status_of(invoice) == "partially_refunded" and refundable(invoice) == 25_000


def test_a_refund_stripe_did_not_answer_is_kept_and_sent_once_later(
    fake,
    invoice,
    admin,
    monkeypatch,
):
    pay(fake, invoice)
    fake.drain_webhooks()
    user = signed_in(admin)
    monkeypatch.setattr(settings, "stripe_api_base", "http://127.0.0.1:9")  # nothing listens
    monkeypatch.setattr("stripe.DEFAULT_MAX_NETWORK_RETRIES", 0, raising=False)
    with pytest.raises(ActionRefused, match="recorded and will be sent again"):
        payments.refund(invoice.number, user, "100", "one door missing", two_step_code(admin))
    with db_session() as session:
        [row] = session.exec(select(Refund)).all()
    assert row.status == "requested" and fake.objects("refund") == []
    assert refundable(invoice) == 115_000  # held while in flight
    monkeypatch.setattr(settings, "stripe_api_base", fake.url)
    payments.refund(invoice.number, user, "50", "a handle missing", two_step_code(admin))
    fake.drain_webhooks()
    assert sorted(r["amount"] for r in fake.objects("refund")) == [5_000, 10_000]
    with db_session() as session:
        assert {r.status for r in session.exec(select(Refund)).all()} == {"succeeded"}
    assert refundable(invoice) == 110_000


def test_a_failed_refund_gives_the_amount_back_and_tells_the_office(fake, invoice, admin):
    pay(fake, invoice)
    fake.drain_webhooks()
    payments.refund(invoice.number, signed_in(admin), "1250", "job cancelled", two_step_code(admin))
    fake.drain_webhooks()
    assert status_of(invoice) == "refunded"
    [stripe_refund] = fake.objects("refund")
    fake.fail_refund(stripe_refund["id"])
    fake.drain_webhooks()
    final = fresh(invoice)
    assert final.status == "paid" and "failed (expired_or_canceled_card)" in final.attention
    assert refundable(invoice) == 125_000
    assert any("failed" in m.subject.lower() for m in mails("staff_notice"))


# --- 5. a pay link holder cannot flood Stripe or the history ------------------------------------


def test_pay_now_is_limited_per_link_and_per_client(fake, invoice, admin):
    for _ in range(payments.PAY_LINK_TRIES):
        payments.start_card_payment(invoice.id, client_hash="client-a")
    with pytest.raises(ActionRefused, match="Too many"):
        payments.start_card_payment(invoice.id, client_hash="client-b")
    other = make_invoice(admin, "other")
    for _ in range(payments.CLIENT_TRIES - payments.PAY_LINK_TRIES):
        payments.start_card_payment(other.id, client_hash="client-a")
    with pytest.raises(ActionRefused, match="Too many"):
        payments.start_card_payment(other.id, client_hash="client-a")
    payments.start_card_payment(other.id)  # staff pages are not limited


def test_a_repeated_failure_report_adds_no_history_row(fake, invoice):
    checkout, _, _ = pay(fake, invoice, card="4000000000000002")
    for _ in range(5):
        payments.confirm_from_browser(checkout.payment_intent_id, invoice.id)
    fake.drain_webhooks()
    assert len(events(invoice, "payment_failed")) == 1


# --- 10. only our intents, in dollars, for the amount asked; disputes ---------------------------


def test_an_intent_this_site_did_not_create_is_ignored(fake, invoice):
    client = payments.stripe_client()
    foreign = client.v1.payment_intents.create(
        params={
            "amount": 125_000,
            "currency": "usd",
            "payment_method_types": ["card"],
            "metadata": {"invoice_id": str(invoice.id)},
        }
    )
    js_confirm(fake, foreign.client_secret, "4242424242424242")
    fake.drain_webhooks()
    assert status_of(invoice) == "sent" and payment_rows(invoice) == []


@pytest.mark.parametrize("change", [{"currency": "eur"}, {"amount_received": 100}])
def test_a_payment_that_does_not_match_is_held_for_review(fake, invoice, change):
    checkout, _, _ = pay(fake, invoice)
    fake.drain_webhooks()
    with db_session() as session:  # as if the success had not been recorded yet
        payment = session.exec(select(Payment)).one()
        payment.status = "open"
        session.add(payment)
        session.get(Invoice, invoice.id).status = "sent"
        session.commit()
    fake.send_event("payment_intent.succeeded", {**fake.get(checkout.payment_intent_id), **change})
    fake.drain_webhooks()
    final = fresh(invoice)
    assert final.status == "sent" and "check the payment in Stripe" in final.attention
    assert [p.status for p in payment_rows(invoice)] == ["review"]


def test_a_dispute_is_recorded_and_the_office_told(fake, invoice):
    checkout, _, _ = pay(fake, invoice)
    fake.drain_webhooks()
    fake.open_dispute(checkout.payment_intent_id)
    fake.drain_webhooks()
    assert "disputes $1,250.00" in fresh(invoice).attention
    assert any("dispute" in m.subject.lower() for m in mails("staff_notice"))
    fake.open_dispute(checkout.payment_intent_id, status="won")
    fake.drain_webhooks()
    assert fresh(invoice).attention == "" and len(events(invoice, "attention")) == 2


# --- 9. pay links close and expire --------------------------------------------------------------


def test_a_pay_link_expires_a_while_after_the_invoice_is_settled(fake, invoice):
    pay(fake, invoice)
    fake.drain_webhooks()
    settled = fresh(invoice).settled_at
    days = timedelta(days=settings.pay_link_days_after_settled)
    token = pay_token(invoice)
    assert invoicing.pay_link(token, now=settled + days - timedelta(minutes=1))[0] == "open"
    later = settled + days
    assert invoicing.pay_link(token, now=later)[0] == "expired"
    assert invoicing.invoice_for_pay_token(token, now=later) is None  # PDF: 404


def test_the_pay_links_copy_shows_neither_e_mail_nor_phone(admin):
    invoice = make_invoice(admin, "privacy")
    view = invoicing.invoice_for_pay_token(pay_token(invoice))
    assert view.customer_email == "" and view.customer_phone == ""
    assert view.customer_name == "Pat Payer"
