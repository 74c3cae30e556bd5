"""The owner's right to cancel and the money keep their word: cancelling after the final invoice,
every payment returned however it was made, partial refunds that leave the balance owed, no
invoice collected twice, the dashboard counting only money kept, and a contract's invoices
never billing more than the contract."""

from dataclasses import replace
from datetime import timedelta

import pytest
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Estimate, EstimateStatus, Invoice, InvoiceStatus, Payment
from renovation_app.services import estimates, invoicing, payments, reminders
from renovation_app.services.billing import business_today, long_date, shown
from renovation_app.services.business_days import business_days_after
from renovation_app.services.dashboard import dashboard
from renovation_app.services.errors import ActionRefused, FormInvalid
from renovation_app.services.invoicing import PayLinkState, pay_link
from renovation_app.settings import settings
from tests.factories import (
    accepted_estimate,
    bill_deposit,
    bill_final,
    estimate_token,
    mails,
    make_invoice,
    pay,
    pay_token,
    record_payment,
    signed_in,
    two_step_code,
)
from tests.fakes.stripe_js_client import js_confirm


def accepted_contract(admin, token: str = "contract-1") -> Estimate:
    """An $8,000 contract with a 30% ($2,400) deposit, sent and signed by its owner."""
    lines = [{"description": "Bathroom remodel", "quantity": "1", "unit_price": "8,000"}]
    return accepted_estimate(admin, token, lines=lines, deposit_kind="percent", deposit_value="30")


def fresh(invoice: Invoice) -> Invoice:
    with db_session() as session:
        return session.get(Invoice, invoice.id)


def status_of_estimate(estimate: Estimate) -> str:
    with db_session() as session:
        return session.get(Estimate, estimate.id).status


def the_payment(invoice: Invoice) -> Payment:
    with db_session() as session:
        return session.exec(select(Payment).where(Payment.invoice_id == invoice.id)).one()


# --- 1 and 2: cancelling, whatever was billed and however it was paid ---------------------------


def test_billing_the_final_invoice_at_once_leaves_the_owner_free_to_cancel(
    admin, contract_settings
):
    contract = accepted_contract(admin)
    deposit = bill_deposit(contract.number, signed_in(admin))
    final = bill_final(contract.number, signed_in(admin))
    assert status_of_estimate(contract) == EstimateStatus.INVOICED
    assert estimates.read_link(estimate_token(contract)).estimate.can_cancel is True
    assert estimates.cancel_contract(estimate_token(contract)) == []
    assert status_of_estimate(contract) == EstimateStatus.CANCELLED
    assert [fresh(deposit).status, fresh(final).status] == [InvoiceStatus.VOID] * 2
    with pytest.raises(ActionRefused, match="is cancelled"):
        bill_final(contract.number, signed_in(admin))


def test_a_deposit_paid_by_check_is_returned_by_hand_and_nothing_more_is_asked(
    admin, contract_settings
):
    contract = accepted_contract(admin)
    deposit = bill_deposit(contract.number, signed_in(admin))
    record_payment(deposit, admin, method="check", amount="2,400.00", reference="1045")
    final = bill_final(contract.number, signed_in(admin))
    assert estimates.cancel_contract(estimate_token(contract)) == []

    [notice] = [m for m in mails("estimate_notice") if m.subject.startswith("Contract cancelled")]
    assert "return $2,400.00 paid by check #1045" in notice.text
    assert f"Invoice {deposit.number}" in notice.text and final.number in notice.text
    # Ten business days after the contractor received the notice (Personal Property Law §428).
    return_by = business_days_after(business_today(), 10)
    assert f"everything the owner paid goes back by {long_date(return_by)}:" in notice.text
    closed = fresh(deposit)
    assert closed.status == InvoiceStatus.VOID
    assert "Return $2,400.00 paid by check #1045" in closed.attention
    view = estimates.get_estimate(contract.number)
    assert any("return $2,400.00 paid by check #1045" in e.detail for e in view.events)

    payment = the_payment(deposit)
    returned = {
        "method": "check",
        "amount": "2,400.00",
        "received_on": str(business_today()),
        "reference": "2001",
    }
    with pytest.raises(ActionRefused, match="Only an admin"):
        payments.record_return(
            deposit.number, payment.id, returned, replace(signed_in(admin), role="staff")
        )
    payments.record_return(deposit.number, payment.id, returned, signed_in(admin))
    payments.record_return(deposit.number, payment.id, returned, signed_in(admin))  # twice
    assert the_payment(deposit).amount_refunded_cents == 2_400_00
    assert fresh(deposit).attention == ""
    summary = payments.payment_summary(deposit.id)
    [recorded] = summary.refunds
    assert recorded.reason.startswith("Returned by check #2001 on ")
    with pytest.raises(FormInvalid):  # nothing is held any more
        payments.record_return(
            deposit.number, payment.id, {**returned, "amount": "1"}, signed_in(admin)
        )

    # Nothing more is asked of an owner who cancelled: no pay link, no reminder, ever.
    assert pay_link(pay_token(final))[0] == PayLinkState.VOID
    assert reminders.send_due_reminders(now=_days_later(60)) == 0


def test_a_partly_paid_deposit_closes_its_balance_and_its_pay_link_on_cancellation(
    admin, contract_settings
):
    contract = accepted_contract(admin, "contract-2")
    deposit = bill_deposit(contract.number, signed_in(admin))
    record_payment(deposit, admin, method="check", amount="1,000.00", reference="1045")
    assert fresh(deposit).status == InvoiceStatus.PARTIALLY_PAID
    estimates.cancel_contract(estimate_token(contract))
    assert fresh(deposit).status == InvoiceStatus.VOID
    assert payments.payment_summary(deposit.id).due_cents == 0
    assert pay_link(pay_token(deposit))[0] == PayLinkState.VOID
    assert "Return $1,000.00 paid by check #1045" in fresh(deposit).attention
    assert reminders.send_due_reminders(now=_days_later(60)) == 0


def test_a_card_deposit_is_refunded_by_the_site_and_a_check_left_to_the_office(
    fake, admin, contract_settings
):
    contract = accepted_contract(admin, "contract-3")
    deposit = bill_deposit(contract.number, signed_in(admin))
    record_payment(deposit, admin, method="check", amount="400.00", reference="77")
    pay(fake, deposit)  # the customer paid the $2,000 left by card
    fake.drain_webhooks()
    assert fresh(deposit).status == InvoiceStatus.PAID
    assert estimates.cancel_contract(estimate_token(contract)) == []
    fake.drain_webhooks()
    summary = payments.payment_summary(deposit.id)
    assert [r["amount"] for r in shown(summary)["refunds"]] == ["$2,000.00"]
    assert fresh(deposit).attention.endswith(
        "Return $400.00 paid by check #77, then record the return."
    )


def _days_later(days: int):
    from renovation_app.models import utc_now

    return utc_now() + timedelta(days=days)


# --- 3: a partial refund leaves what is owed -----------------------------------------------------


def test_a_partial_refund_on_a_partly_paid_invoice_leaves_the_balance_owed(admin):
    invoice = make_invoice(admin, "partial-1", price="1,000.00")
    record_payment(invoice, admin, amount="300.00")
    returned = {"method": "cash", "amount": "50", "received_on": str(business_today())}
    payments.record_return(invoice.number, the_payment(invoice).id, returned, signed_in(admin))
    assert fresh(invoice).status == InvoiceStatus.PARTIALLY_PAID  # not settled
    money = payments.payment_summary(invoice.id)
    assert (money.balance_cents, money.due_cents, money.refunded_cents) == (700_00, 700_00, 50_00)
    assert dashboard().owed.cents == 700_00
    assert pay_link(pay_token(invoice))[0] == PayLinkState.OPEN
    assert fresh(invoice).settled_at is None
    raw = invoicing.revision_form(invoice.number)
    invoicing.revise_invoice(invoice.number, raw, "Same work, new due date", signed_in(admin))


# --- 4: never collected twice, and money above the total is flagged -----------------------------


def test_recording_a_check_cancels_the_customers_open_card_payment(fake, admin, invoice):
    checkout = payments.start_card_payment(invoice.id)  # the customer's pay page is open
    record_payment(invoice, admin, amount="1,250.00")
    assert fake.get(checkout.payment_intent_id)["status"] == "canceled"
    status, _ = js_confirm(fake, checkout.client_secret, "4242424242424242")
    assert status != 200  # the open tab can no longer pay
    fake.drain_webhooks()
    assert fresh(invoice).status == InvoiceStatus.PAID
    assert payments.payment_summary(invoice.id).paid_cents == 125_000
    assert len(mails("receipt")) == 1


def test_recording_a_check_waits_for_a_bank_debit_in_flight(fake, admin, invoice):
    checkout = payments.start_card_payment(invoice.id)
    fake.set_intent_status(checkout.payment_intent_id, "processing")
    with pytest.raises(ActionRefused, match="under way"):
        record_payment(invoice, admin, amount="1,250.00")
    assert payments.payment_summary(invoice.id).paid_cents == 0


def test_money_above_the_total_is_flagged_however_it_arrives(fake, admin, invoice, monkeypatch):
    checkout = payments.start_card_payment(invoice.id)
    # Recorded while Stripe could not be asked: the open card payment stayed open.
    monkeypatch.setattr(settings, "stripe_secret_key", "")
    record_payment(invoice, admin, amount="1,250.00")
    monkeypatch.setattr(settings, "stripe_secret_key", fake.secret_key)
    js_confirm(fake, checkout.client_secret, "4242424242424242")
    fake.drain_webhooks()
    flagged = fresh(invoice)
    assert "Paid $1,250.00 more than the total of $1,250.00" in flagged.attention
    assert invoicing.get_invoice(invoice.number).attention == flagged.attention


def test_voiding_says_what_stripe_answered_and_can_be_tried_again(fake, admin, invoice):
    checkout = payments.start_card_payment(invoice.id)
    fake.refuse_cancel = "This PaymentIntent is locked by another request."
    with pytest.raises(ActionRefused) as refused:
        invoicing.void_invoice(invoice.number, signed_in(admin), "Duplicate")
    assert "Stripe did not cancel" in refused.value.message
    assert "locked by another request" in refused.value.message
    assert "gone through" not in refused.value.message
    assert fresh(invoice).status == InvoiceStatus.SENT
    fake.refuse_cancel = ""
    invoicing.void_invoice(invoice.number, signed_in(admin), "Duplicate")
    assert fake.get(checkout.payment_intent_id)["status"] == "canceled"


# --- 6: the dashboard counts money kept and contracts that stand --------------------------------


def test_the_dashboard_leaves_out_returned_money_and_cancelled_contracts(admin, contract_settings):
    kept = make_invoice(admin, "board-1", price="1,000.00")
    record_payment(kept, admin, amount="1,000.00", reference="501")
    given_back = make_invoice(admin, "board-2", price="5,000.00")
    record_payment(given_back, admin, amount="5,000.00", reference="502")
    returned = {
        "method": "check",
        "amount": "5,000",
        "received_on": str(business_today()),
        "reference": "9001",
    }
    payments.record_return(
        given_back.number, the_payment(given_back).id, returned, signed_in(admin)
    )
    accepted_contract(admin, "board-contract-1")
    cancelled = accepted_contract(admin, "board-contract-2")
    estimates.cancel_contract(estimate_token(cancelled))

    board = dashboard()
    assert (board.paid_this_month.cents, board.paid_this_month.count) == (1_000_00, 1)
    charted = sum(v for row in board.by_service for k, v in row.items() if k != "month")
    assert charted == pytest.approx(1_000)  # dollars
    assert (board.accepted_this_month.cents, board.accepted_this_month.count) == (8_000_00, 1)


# --- 7: a contract's invoices never bill more than the contract ---------------------------------


def test_a_deposit_invoice_cannot_be_revised_above_the_contract(admin, contract_settings):
    contract = accepted_contract(admin)
    deposit = bill_deposit(contract.number, signed_in(admin))
    raw = invoicing.revision_form(deposit.number)
    raw["lines"][0]["unit_price"] = "20,000"
    with pytest.raises(ActionRefused, match=r"\$8,000.00|accepted total"):
        invoicing.revise_invoice(deposit.number, raw, "Bigger deposit", signed_in(admin))
    raw["lines"][0]["unit_price"] = "3,000"  # within the contract: allowed
    invoicing.revise_invoice(deposit.number, raw, "Bigger deposit", signed_in(admin))
    final = bill_final(contract.number, signed_in(admin))
    assert final.total_cents == 5_000_00
    raw["lines"][0]["unit_price"] = "3,000.01"
    with pytest.raises(ActionRefused, match=r"\$3,000.00 is left"):
        invoicing.revise_invoice(deposit.number, raw, "A cent more", signed_in(admin))


def test_a_card_refund_on_a_partly_paid_invoice_leaves_the_rest_owed(fake, admin):
    today = str(business_today())
    schedule = [
        {"label": "Deposit", "amount": "30%", "due_date": today},
        {"label": "Rest", "amount": "70%", "due_date": str(business_today() + timedelta(30))},
    ]
    invoice = make_invoice(admin, "partial-2", price="1,000", phone="", schedule=schedule)
    pay(fake, invoice)  # what is due now: the $300 deposit
    fake.drain_webhooks()
    payments.refund(invoice.number, signed_in(admin), "50", "Goodwill", two_step_code(admin))
    fake.drain_webhooks()
    assert fresh(invoice).status == InvoiceStatus.PARTIALLY_PAID
    assert payments.payment_summary(invoice.id).balance_cents == 700_00
    assert dashboard().owed.cents == 700_00
