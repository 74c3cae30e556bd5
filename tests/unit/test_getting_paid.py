"""Getting paid in full: payment schedules and what is due now, card payments of one stage or
the whole balance, checks, Zelle, transfers and cash recorded by staff (and voided by admins),
escrow until the work is complete, and reconciliation when a webhook never arrives. The real
stripe SDK against the local fake Stripe."""

from datetime import date, timedelta

import pytest
import time_machine
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Invoice, OutboxEmail, Payment
from renovation_app.services import invoicing, payments
from renovation_app.services.billing import business_today, shown
from renovation_app.services.billing.schedule import (
    StageInput,
    amount_due,
    fit_schedule,
    read_schedule,
    stage_amounts,
)
from renovation_app.services.billing.totals import line_tax_cents
from renovation_app.services.errors import ActionRefused, FormInvalid
from renovation_app.services.payments.reconciling import reconcile_if_due
from tests.factories import (
    history,
    invoice_payload,
    mails,
    payment_payload,
    record_payment,
    signed_in,
    status_of,
    two_step_code,
)
from tests.fakes.stripe_js_client import js_confirm

TODAY = date(2026, 11, 24)
CARD = "4242424242424242"


def stage(label: str, amount: str, days: int) -> dict:
    return {"label": label, "amount": amount, "due_date": str(business_today() + timedelta(days))}


def thirty_forty_thirty() -> list[dict]:
    return [stage("Deposit", "30%", 0), stage("Rough-in", "40%", 14), stage("Final", "30%", 28)]


def scheduled_invoice(author, token: str, price: str = "10000", schedule=None) -> Invoice:
    raw = invoice_payload(
        price=price, schedule=thirty_forty_thirty() if schedule is None else schedule
    )
    return invoicing.create_invoice(invoicing.validate_invoice(raw), author.id, token)


def summary(invoice: Invoice) -> payments.MoneySummary:
    return payments.payment_summary(invoice.id)


# --- the schedule's arithmetic ------------------------------------------------------------------


def test_percent_stages_round_half_up_and_the_last_takes_what_rounding_left():
    stages = [StageInput("a", 3000, 0, TODAY), StageInput("b", 4000, 0, TODAY)]
    stages.append(StageInput("c", 3000, 0, TODAY))
    assert stage_amounts(10_001, stages) == [3000, 4000, 3001]  # 30.003 -> 30.00, rest last
    assert stage_amounts(5, stages) == [2, 2, 1]  # 1.5 -> 2 (half up), 2 -> 2, rest 1
    assert sum(stage_amounts(99_999_999, stages)) == 99_999_999


def test_stages_that_do_not_add_up_to_the_total_are_refused_with_the_figures():
    errors: dict = {}
    stages = read_schedule(errors, [stage("Deposit", "3,000", 0), stage("Rest", "6,000", 9)], TODAY)
    assert fit_schedule(errors, 1_000_000, stages) == ()
    assert errors["schedule"] == (
        "The stages add up to $9,000.00; the total is $10,000.00. Make them add up "
        "(percentages to 100%)."
    )


@pytest.mark.parametrize(
    ("rows", "key", "words"),
    [
        ([{"label": "", "amount": "30%", "due_date": "2026-11-30"}], "stage:0", "Please say"),
        ([{"label": "A", "amount": "thirty", "due_date": "2026-11-30"}], "stage:0", "30%"),
        ([{"label": "A", "amount": "130%", "due_date": "2026-11-30"}], "stage:0", "30%"),
        ([{"label": "A", "amount": "30%", "due_date": "2026-11-01"}], "stage:0", "past"),
        ([{"label": "A", "amount": "30%", "due_date": "soon"}], "stage:0", "due date"),
        ("30%", "schedule", "must be a list"),
        ([stage("A", "50%", 5), stage("B", "50%", 1)], "schedule", "order they fall due"),
        ([stage("A", "100%", 5)], "schedule", "two stages or more"),
    ],
)
def test_a_bad_stage_gets_a_clear_message(rows, key, words):
    errors: dict = {}
    read_schedule(errors, rows, business_today() if key == "schedule" else TODAY)
    assert words in errors[key]


def test_due_now_counts_the_stages_due_by_today_and_payments_fill_them_in_order():
    stages, errors = read_schedule({}, thirty_forty_thirty(), business_today()), {}
    fitted = fit_schedule(errors, 1_000_000, stages)
    today = business_today()
    start = amount_due(1_000_000, fitted, 0, today)
    assert (start.due_now_cents, start.next_cents, start.next_label) == (
        300_000,
        400_000,
        "Rough-in",
    )
    after_deposit = amount_due(1_000_000, fitted, 300_000, today)
    assert (after_deposit.due_now_cents, after_deposit.balance_cents) == (0, 700_000)
    two_weeks_on = amount_due(1_000_000, fitted, 300_000, today + timedelta(days=14))
    assert two_weeks_on.due_now_cents == 400_000  # the next stage is then due
    paid_ahead = amount_due(1_000_000, fitted, 500_000, today + timedelta(days=14))
    assert paid_ahead.due_now_cents == 200_000  # a payment beyond what was due counts ahead
    late = amount_due(1_000_000, fitted, 0, today + timedelta(days=40))
    assert late.due_now_cents == 1_000_000 and late.next_cents == 0


# --- card payments of a schedule ----------------------------------------------------------------


def test_a_card_pays_what_is_due_now_then_the_invoice_is_partially_paid(fake, admin):
    invoice = scheduled_invoice(admin, "sched-1")
    checkout = payments.start_card_payment(invoice.id, client_hash="customer")
    assert checkout.amount_cents == 300_000 and checkout.amount == "$3,000.00"
    js_confirm(fake, checkout.client_secret, CARD)
    fake.drain_webhooks()
    money = summary(invoice)
    assert status_of(invoice) == "partially_paid"
    assert (money.paid_cents, money.balance_cents, money.due_cents) == (300_000, 700_000, 0)
    assert money.next_words.startswith("$4,000.00 for Rough-in, due ")
    assert [s.state for s in money.stages] == ["paid", "upcoming", "upcoming"]
    receipt = mails("receipt")[-1]
    assert "Paid so far: $3,000.00" in receipt.text and "Still due: $7,000.00" in receipt.text
    # Nothing due today: "Pay now" takes the next stage early, never more than asked.
    assert payments.start_card_payment(invoice.id).amount_cents == 400_000
    assert payments.start_card_payment(invoice.id, whole_balance=True).amount_cents == 700_000


def test_the_whole_balance_can_be_paid_at_once(fake, admin):
    invoice = scheduled_invoice(admin, "sched-2")
    checkout = payments.start_card_payment(invoice.id, whole_balance=True)
    assert checkout.amount_cents == 1_000_000
    js_confirm(fake, checkout.client_secret, CARD)
    fake.drain_webhooks()
    assert status_of(invoice) == "paid" and summary(invoice).balance_cents == 0


def test_a_schedule_arrives_in_the_invoice_pdf_and_e_mail(fake, admin):
    invoice = scheduled_invoice(admin, "sched-3")
    mail = mails("invoice")[-1]
    assert "Rough-in (40%): $4,000.00, due" in mail.text
    assert "Rough-in (40%)" in mail.html and "due " in mail.html
    assert shown(invoicing.get_invoice(invoice.number))["stages"][1]["amount"] == "$4,000.00"
    assert invoicing.invoice_pdf(invoice.number)[1].startswith(b"%PDF")


# --- checks, Zelle, transfers and cash --------------------------------------------------------


def test_a_recorded_check_pays_the_next_stage_and_queues_a_receipt(fake, admin, clerk):
    invoice = scheduled_invoice(admin, "sched-4")
    record_payment(invoice, clerk, method="check", amount="3,000", reference="1045")
    money = summary(invoice)
    assert status_of(invoice) == "partially_paid" and money.balance_cents == 700_000
    assert money.payments[0].how == "Check #1045" and money.payments[0].can_void
    assert "by Check #1045" in history(invoice, "paid")[0]
    assert "recorded by Cal Clerk" in history(invoice, "paid")[0]
    receipt = mails("receipt")[-1]
    assert "(Check #1045)" in receipt.text and "Still due: $7,000.00" in receipt.text


def test_the_same_form_twice_records_one_payment(fake, admin):
    invoice = scheduled_invoice(admin, "sched-5")
    record_payment(invoice, admin, "double-click", amount="100")
    record_payment(invoice, admin, "double-click", amount="100")
    assert summary(invoice).paid_cents == 10_000 and len(mails("receipt")) == 1


def test_more_than_the_balance_or_a_void_invoice_records_nothing(fake, admin):
    invoice = scheduled_invoice(admin, "sched-6")
    with pytest.raises(FormInvalid) as too_much:
        record_payment(invoice, admin, amount="10,000.01")
    assert too_much.value.errors == {"amount": "This is more than the balance of $10,000.00."}
    invoicing.void_invoice(invoice.number, signed_in(admin), "Wrong customer")
    with pytest.raises(ActionRefused, match="void"):
        record_payment(invoice, admin, amount="10")
    assert summary(invoice).paid_cents == 0 and mails("receipt") == []


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("method", "bitcoin", "check, Zelle"),
        ("method", "card", "check, Zelle"),  # a card goes through Stripe only
        ("amount", "-5", "more than $0.00"),
        ("received_on", "2099-01-01", "future"),
        ("reference", "", "check number"),
    ],
)
def test_a_bad_recorded_payment_gets_a_clear_message(fake, admin, field, value, words):
    invoice = scheduled_invoice(admin, f"bad-{field}-{value}")
    raw = payment_payload(amount="10", reference="1") | {field: value}
    with pytest.raises(FormInvalid) as invalid:
        payments.record_payment(invoice.number, raw, "k", signed_in(admin))
    assert words in invalid.value.errors[field]


def test_only_an_admin_voids_a_recorded_payment_and_the_invoice_reopens(fake, admin, clerk):
    invoice = scheduled_invoice(admin, "sched-7", schedule=[])
    record_payment(invoice, clerk, method="zelle", amount="10,000", reference="ZX9")
    assert status_of(invoice) == "paid"
    payment_id = summary(invoice).payments[0].id
    with pytest.raises(ActionRefused, match="Only an admin"):
        payments.void_recorded_payment(invoice.number, payment_id, "Bounced", signed_in(clerk))
    with pytest.raises(ActionRefused, match="reason"):
        payments.void_recorded_payment(invoice.number, payment_id, " ", signed_in(admin))
    payments.void_recorded_payment(invoice.number, payment_id, "Entered twice", signed_in(admin))
    assert status_of(invoice) == "sent" and summary(invoice).balance_cents == 1_000_000
    assert history(invoice, "payment_voided") == [
        "$10,000.00 by Zelle (ref ZX9) voided by Bea Boss: Entered twice"
    ]
    with pytest.raises(ActionRefused, match="already void"):
        payments.void_recorded_payment(invoice.number, payment_id, "Again", signed_in(admin))


def test_a_card_payment_cannot_be_voided_and_a_check_is_not_refunded_through_stripe(fake, admin):
    invoice = scheduled_invoice(admin, "sched-8", schedule=[])
    checkout = payments.start_card_payment(invoice.id)
    js_confirm(fake, checkout.client_secret, CARD)
    fake.drain_webhooks()
    card_id = summary(invoice).payments[0].id
    with pytest.raises(ActionRefused, match="refund it instead"):
        payments.void_recorded_payment(invoice.number, card_id, "No", signed_in(admin))
    other = scheduled_invoice(admin, "sched-9", schedule=[])
    record_payment(other, admin, amount="500")
    assert summary(other).refundable_cents == 0
    with pytest.raises(ActionRefused, match="At most \\$0.00"):
        payments.refund(
            other.number, signed_in(admin), "500", "Customer asked", two_step_code(admin)
        )


# --- escrow ------------------------------------------------------------------------------------


def test_money_before_completion_is_held_in_escrow_until_an_admin_marks_it_complete(
    fake, admin, clerk
):
    invoice = scheduled_invoice(admin, "sched-10")
    record_payment(invoice, admin, amount="3,000")
    assert shown(summary(invoice))["held"] == "$3,000.00"
    today = str(business_today())
    with pytest.raises(ActionRefused, match="Only an admin"):
        invoicing.mark_work_completed(invoice.number, today, signed_in(clerk))
    with pytest.raises(ActionRefused, match="still to come"):
        invoicing.mark_work_completed(
            invoice.number, str(business_today() + timedelta(1)), signed_in(admin)
        )
    invoicing.mark_work_completed(invoice.number, today, signed_in(admin))
    assert summary(invoice).held_cents == 0
    assert history(invoice, "work_completed")[0].endswith(": escrow released")


# --- reconciliation -----------------------------------------------------------------------------


def test_a_webhook_that_never_arrives_is_recorded_once_by_reconciliation(fake, admin):
    invoice = scheduled_invoice(admin, "sched-11", schedule=[])
    fake.hold_webhooks()  # Stripe's webhook never reaches us
    checkout = payments.start_card_payment(invoice.id)
    js_confirm(fake, checkout.client_secret, CARD)
    assert status_of(invoice) == "sent"
    first = payments.reconcile_payments()
    second = payments.reconcile_payments()
    assert (first.checked, first.recorded) == (1, 1)
    assert (second.checked, second.recorded) == (0, 0)
    assert status_of(invoice) == "paid" and len(mails("receipt")) == 1
    assert any("reconciliation" in words for words in history(invoice, "attention"))
    fake.release_webhooks()  # the webhook arrives after all: nothing twice
    fake.drain_webhooks()
    with db_session() as session:
        rows = session.exec(select(Payment).where(Payment.invoice_id == invoice.id)).all()
        assert [p.status for p in rows] == ["succeeded"]
    assert len(mails("receipt")) == 1 and len(history(invoice, "paid")) == 1


def test_reconciliation_marks_intents_stripe_cancelled_and_runs_once_an_hour(fake, admin):
    invoice = scheduled_invoice(admin, "sched-12", schedule=[])
    checkout = payments.start_card_payment(invoice.id)
    fake.set_intent_status(checkout.payment_intent_id, "canceled")
    with time_machine.travel("2026-11-24 15:00:00Z", tick=False):
        assert reconcile_if_due().recorded == 1
        assert reconcile_if_due() is None  # another worker, the same hour
    with time_machine.travel("2026-11-24 16:00:00Z", tick=False):
        assert reconcile_if_due() == payments.Reconciliation(0, 0)
    with db_session() as session:
        assert session.exec(select(Payment.status)).all() == ["canceled"]
        assert (
            session.exec(select(OutboxEmail.kind).where(OutboxEmail.kind == "receipt")).all() == []
        )


# --- New York sales tax ---------------------------------------------------------------------------


def taxed_invoice(author, token: str, area: str = "nyc") -> Invoice:
    lines = [
        {
            "service": "otherWork",
            "price": "200",
            "description": "Fix a leak",
            "tax_category": "repair",
        },
        {"service": "kitchenRemodelling", "price": "5,000", "tax_category": "capital_improvement"},
    ]
    raw = invoice_payload(tax_area=area, lines=lines)
    return invoicing.create_invoice(invoicing.validate_invoice(raw), author.id, token)


def test_a_taxable_repair_is_taxed_at_the_city_rate_and_a_capital_improvement_is_not(fake, admin):
    invoice = taxed_invoice(admin, "tax-1")
    view = invoicing.get_invoice(invoice.number)
    words = shown(view)
    assert (words["subtotal"], words["tax"], words["total"]) == ("$5,200.00", "$17.75", "$5,217.75")
    assert view.tax_label == "Sales tax 8.875% (New York City)"
    assert [line.tax_note for line in view.lines] == ["Taxed", "ST-124, no tax"]
    mail = mails("invoice")[-1]
    for text in (
        "Subtotal: $5,200.00",
        "Sales tax 8.875% (New York City): $17.75",
        "Total: $5,217.75",
    ):
        assert text in mail.text
    assert "$17.75" in mail.html and "$5,217.75" in mail.html
    # The card takes the total with its tax, computed here.
    assert payments.start_card_payment(invoice.id).amount_cents == 521_775


def test_the_tax_area_sets_the_rate_and_rounding_is_half_up_per_line():
    assert line_tax_cents(20_000, 8875) == 1775
    assert line_tax_cents(100, 8875) == 9  # 8.875 cents -> 9
    assert line_tax_cents(4, 8875) == 0  # 0.355 cents -> 0
    assert line_tax_cents(20_000, 8375) == 1675  # Westchester
    line = {"service": "otherWork", "price": "200", "description": "x", "tax_category": "repair"}
    raw = invoice_payload(tax_area="westchester", lines=[line])
    assert invoicing.validate_invoice(raw).total_cents == 21_675


@pytest.mark.parametrize(
    ("change", "key"),
    [({"tax_area": "mars"}, "tax_area"), ({"tax_category": "exempt"}, "line:0")],
)
def test_an_unknown_tax_area_or_category_is_refused(change, key):
    line = {"service": "otherWork", "price": "200", "description": "x", "tax_category": "repair"}
    raw = invoice_payload(lines=[line])
    if "tax_category" in change:
        line.update(change)
    else:
        raw.update(change)
    with pytest.raises(FormInvalid) as invalid:
        invoicing.validate_invoice(raw)
    assert key in invalid.value.errors
