"""US bank account debits (ACH) beside cards: "processing" for days and not paid, then
succeeded (paid once, one receipt) or failed (the balance reopens, the office is told); late,
replayed and out-of-order webhooks; reconciliation of a processing intent; no second payment
and no void while one is in flight; what each way of paying costs the office. The real stripe
SDK against the local fake Stripe, whose webhooks reach our API on loopback."""

import pytest
from sqlmodel import select

from renovation_app.content.fees import BANK_DEBIT_FEE, CARD_FEE
from renovation_app.db import db_session
from renovation_app.models import Invoice, Payment
from renovation_app.services import invoicing, payments
from renovation_app.services.billing import shown
from renovation_app.services.errors import ActionRefused
from renovation_app.services.payments.fees import compare_fees, fee_cents, fee_note
from tests.factories import history, mails, signed_in, status_of
from tests.fakes.stripe_js_client import js_confirm, js_confirm_bank

SUCCESS, CLOSED = "000123456789", "000111111113"


def payment_rows(invoice: Invoice) -> list[Payment]:
    with db_session() as session:
        return list(session.exec(select(Payment).where(Payment.invoice_id == invoice.id)))


def attention_of(invoice: Invoice) -> str:
    with db_session() as session:
        return session.get(Invoice, invoice.id).attention


def debit(fake, invoice: Invoice, account: str = SUCCESS) -> payments.CardCheckout:
    """ "Pay now", then "US bank account" in the dialog: the debit is processing at Stripe."""
    checkout = payments.start_card_payment(invoice.id)
    status, answer = js_confirm_bank(fake, checkout.client_secret, account)
    assert status == 200 and answer["status"] == "processing"
    return checkout


# --- the intent and the processing state --------------------------------------------------------


def test_the_intent_takes_a_card_or_a_us_bank_account_for_the_server_computed_amount(fake, invoice):
    checkout = payments.start_card_payment(invoice.id)
    intent = fake.get(checkout.payment_intent_id)
    assert intent["payment_method_types"] == ["card", "us_bank_account"]
    assert intent["amount"] == checkout.amount_cents == 125_000


def test_a_processing_bank_debit_is_not_paid_and_shows_as_processing(fake, invoice):
    debit(fake, invoice)
    fake.drain_webhooks()
    assert status_of(invoice) == "sent"
    [row] = payment_rows(invoice)
    assert (row.status, row.method, row.card_last4) == ("processing", "bank_debit", "6789")
    money = payments.payment_summary(invoice.id)
    assert money.paid_cents == 0 and money.balance_cents == 125_000
    assert (shown(money)["processing"], money.processing_cents) == ("$1,250.00", 125_000)
    assert money.processing_how == "Bank debit (STRIPE TEST BANK ending 6789)"
    assert [line.status for line in money.payments] == ["processing"]
    assert mails("receipt") == [] and history(invoice, "paid") == []
    assert len(history(invoice, "payment_processing")) == 1


def test_no_second_payment_starts_while_a_bank_debit_is_processing(fake, invoice):
    debit(fake, invoice)
    fake.drain_webhooks()
    with pytest.raises(ActionRefused, match="being processed by the bank"):
        payments.start_card_payment(invoice.id)
    with pytest.raises(ActionRefused, match="being processed by the bank"):
        payments.start_card_payment(invoice.id, whole_balance=True)
    assert len(fake.objects("payment_intent")) == 1


def test_no_second_payment_starts_even_before_the_processing_webhook_arrives(fake, invoice):
    fake.hold_webhooks()
    debit(fake, invoice)
    with pytest.raises(ActionRefused, match="being processed by the bank"):
        payments.start_card_payment(invoice.id)
    assert len(fake.objects("payment_intent")) == 1


def test_voiding_is_refused_while_a_bank_debit_is_processing(fake, invoice, admin):
    debit(fake, invoice)
    fake.drain_webhooks()
    with pytest.raises(ActionRefused, match="being processed"):
        invoicing.void_invoice(invoice.number, signed_in(admin), "Customer cancelled")
    assert status_of(invoice) == "sent"


# --- the endings --------------------------------------------------------------------------------


def test_success_after_processing_pays_once_with_one_receipt(fake, invoice):
    checkout = debit(fake, invoice)
    fake.drain_webhooks()
    fake.settle_bank_debit(checkout.payment_intent_id)
    fake.drain_webhooks()
    assert status_of(invoice) == "paid"
    [row] = payment_rows(invoice)
    assert (row.status, row.method, row.card_last4) == ("succeeded", "bank_debit", "6789")
    assert len(mails("receipt")) == 1
    assert history(invoice, "paid") == ["$1,250.00 by Bank debit (STRIPE TEST BANK ending 6789)"]
    assert payments.payment_summary(invoice.id).processing_cents == 0


def test_a_failed_bank_debit_reopens_the_balance_and_tells_the_office(fake, invoice):
    checkout = debit(fake, invoice, CLOSED)
    fake.drain_webhooks()
    fake.settle_bank_debit(checkout.payment_intent_id)
    fake.drain_webhooks()
    assert status_of(invoice) == "sent"
    [row] = payment_rows(invoice)
    assert (row.status, row.method) == ("failed", "bank_debit")
    words = "Bank debit of $1,250.00 failed: The customer's bank account has been closed."
    assert history(invoice, "attention") == [words]
    assert history(invoice, "payment_failed") == ["The customer's bank account has been closed."]
    [notice] = mails("staff_notice")
    assert notice.subject.startswith("Bank debit failed") and words in notice.text
    assert "failed: the balance is open again" in attention_of(invoice)
    money = payments.payment_summary(invoice.id)
    assert money.balance_cents == 125_000 and money.processing_cents == 0
    again = payments.start_card_payment(invoice.id)  # paying works again
    status, _ = js_confirm(fake, again.client_secret, "4242424242424242")
    fake.drain_webhooks()
    assert status == 200 and status_of(invoice) == "paid" and attention_of(invoice) == ""
    assert history(invoice, "paid") == ["$1,250.00 by Visa ending 4242"]


def test_replayed_and_late_webhooks_change_nothing(fake, invoice):
    checkout = debit(fake, invoice)
    fake.drain_webhooks()
    fake.settle_bank_debit(checkout.payment_intent_id)
    fake.drain_webhooks()
    for event in list(fake.events):  # Stripe's retries, the dashboard's "Resend"
        fake.redeliver(event["id"])
    fake.drain_webhooks()
    late = fake.send_event(
        "payment_intent.processing",
        {**fake.get(checkout.payment_intent_id), "status": "processing"},
    )
    fake.drain_webhooks()
    assert [d["status"] for d in fake.deliveries if d["event_id"] == late["id"]] == [200]
    [row] = payment_rows(invoice)
    assert row.status == "succeeded" and status_of(invoice) == "paid"
    assert len(history(invoice, "payment_processing")) == 1 and len(history(invoice, "paid")) == 1
    assert len(mails("receipt")) == 1


@pytest.mark.parametrize(("account", "ending"), [(SUCCESS, "succeeded"), (CLOSED, "failed")])
def test_webhooks_arriving_in_reverse_order_end_as_stripe_says(fake, invoice, account, ending):
    fake.hold_webhooks()
    checkout = debit(fake, invoice, account)
    fake.settle_bank_debit(checkout.payment_intent_id)
    assert fake.held_events  # processing, then the ending: delivered ending first
    fake.release_webhooks(reverse=True)
    fake.drain_webhooks()
    [row] = payment_rows(invoice)
    assert row.status == ending
    assert status_of(invoice) == ("paid" if ending == "succeeded" else "sent")
    assert len(mails("receipt")) == (1 if ending == "succeeded" else 0)


# --- reconciliation -----------------------------------------------------------------------------


def test_a_bank_debit_whose_webhooks_were_lost_is_recorded_once_by_reconciliation(fake, invoice):
    fake.hold_webhooks()  # Stripe's webhooks never reach us
    checkout = debit(fake, invoice)
    first = payments.reconcile_payments()
    assert (first.checked, first.recorded) == (1, 1)
    assert [row.status for row in payment_rows(invoice)] == ["processing"]
    unchanged = payments.reconcile_payments()  # still processing at Stripe: asked, not recorded
    assert (unchanged.checked, unchanged.recorded) == (1, 0)
    fake.settle_bank_debit(checkout.payment_intent_id)  # succeeded days later; webhook lost
    found = payments.reconcile_payments()
    again = payments.reconcile_payments()
    assert (found.checked, found.recorded) == (1, 1)
    assert (again.checked, again.recorded) == (0, 0)
    assert status_of(invoice) == "paid" and len(mails("receipt")) == 1
    assert any("reconciliation" in words for words in history(invoice, "attention"))
    fake.release_webhooks()  # the webhooks arrive after all: nothing twice
    fake.drain_webhooks()
    assert [row.status for row in payment_rows(invoice)] == ["succeeded"]
    assert len(history(invoice, "paid")) == 1 and len(mails("receipt")) == 1
    assert len(history(invoice, "payment_processing")) == 1


def test_reconciliation_records_a_failed_bank_debit_once(fake, invoice):
    fake.hold_webhooks()
    checkout = debit(fake, invoice, CLOSED)
    payments.reconcile_payments()
    fake.settle_bank_debit(checkout.payment_intent_id)
    first, second = payments.reconcile_payments(), payments.reconcile_payments()
    assert (first.recorded, second.recorded) == (1, 0)
    assert [row.status for row in payment_rows(invoice)] == ["failed"]
    assert len(history(invoice, "attention")) == 1 and len(mails("staff_notice")) == 1


# --- what each way costs the office -------------------------------------------------------------


def test_fees_by_card_and_by_bank_debit_in_cents():
    assert compare_fees(1_000_000) == payments.FeeComparison(1_000_000, 29_030, 500)
    assert (fee_cents(CARD_FEE, 10_000), fee_cents(BANK_DEBIT_FEE, 10_000)) == (320, 80)
    assert fee_cents(BANK_DEBIT_FEE, 62_500) == 500 and fee_cents(BANK_DEBIT_FEE, 62_499) == 500
    assert fee_cents(BANK_DEBIT_FEE, 62_430) == 499  # 499.44 rounds down
    assert fee_cents(CARD_FEE, 50) == 31  # 1.45 rounds to 1, plus 30


def test_the_pay_page_says_which_is_cheaper_for_large_amounts_only():
    assert fee_note(1_000_000) == (
        "On $10,000.00 a bank debit costs the office about $5.00 against $290.30 by card."
    )
    assert fee_note(100_000).startswith("On $1,000.00 a bank debit costs the office about $5.00")
    assert fee_note(99_999) == ""


def test_only_the_customers_pay_page_offers_a_bank_debit_and_processing_hides_pay(monkeypatch):
    from renovation_app.components.payments.dialog import payment_dialog
    from renovation_app.pages.pay import pay_body
    from renovation_app.settings import settings
    from renovation_app.state.invoices.detail import InvoiceDetailState
    from renovation_app.state.pay import PayState

    monkeypatch.setattr(settings, "stripe_secret_key", "sk_test_layout")
    monkeypatch.setattr(settings, "stripe_publishable_key", "pk_test_layout")
    page = str(pay_body())
    assert "method-bank" in page and "bank-mandate" in page
    assert "payment-processing" in page and "pay-fee-note" in page
    staff = str(payment_dialog(InvoiceDetailState, InvoiceDetailState.amount_due))
    assert "method-bank" not in staff
    assert "processing_cents" in str(PayState.processing_cents)
