"""A credit the owner signs is never asked for, and a job ends when its money says so: closed
once nothing is owed either way (a refunded credit included), cancelled once every payment
was given back, counting nothing receivable afterwards."""

from dataclasses import replace
from datetime import timedelta

import pytest
import time_machine
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import (
    Invoice,
    InvoiceRevision,
    InvoiceStatus,
    OutboxEmail,
    Payment,
    utc_now,
)
from renovation_app.services import jobs, payments, reminders
from renovation_app.services.billing import business_today
from renovation_app.services.costs.budget import budget_view
from renovation_app.services.dashboard.figures import dashboard
from renovation_app.services.errors import ActionRefused
from renovation_app.services.invoicing import pay_page
from renovation_app.services.trust_books.books import trust_books
from tests.factories import (
    accepted_estimate,
    bill,
    job_of,
    mails,
    make_change_order,
    pay,
    pay_token,
    record_payment,
    sign_change_order,
    signed_in,
)
from tests.factories.costs import budget_of, purchase_of


def contract_10k(admin, token="contract-10k"):
    """A $10,000 contract: a 30% deposit, the rest at the end."""
    return accepted_estimate(
        admin,
        token,
        lines=[{"description": "Kitchen remodel", "unit_price": "10,000"}],
        deposit_kind="percent",
        deposit_value="30",
        progress_schedule="",
        completion_date=str(business_today() + timedelta(days=60)),
    )


def credit(amount: str, words: str = "Stock cabinets, not custom") -> list[dict]:
    return [{"description": words, "unit_price": amount, "credit": True}]


def fresh(invoice: Invoice) -> Invoice:
    with db_session() as session:
        return session.get(Invoice, invoice.id)


def paid_by_check(invoice: Invoice, admin, amount: str) -> Payment:
    record_payment(invoice, admin, method="check", amount=amount, reference="1045")
    with db_session() as session:
        return session.exec(select(Payment).where(Payment.invoice_id == invoice.id)).one()


def returned(invoice: Invoice, payment: Payment, admin, amount: str) -> None:
    back = {
        "method": "check",
        "amount": amount,
        "received_on": str(business_today()),
        "reference": "2001",
    }
    payments.record_return(invoice.number, payment.id, back, signed_in(admin))


def test_a_credit_signed_after_the_final_invoice_lowers_what_is_asked(
    fake, admin, contract_settings
):
    job = job_of(contract_10k(admin))
    deposit = bill(job, "deposit", admin)
    paid_by_check(deposit, admin, "3,000.00")
    final = bill(job, "final", admin)
    assert final.total_cents == 7_000_00
    sign_change_order(make_change_order(job, admin, lines=credit("2,000"), payment="next"))

    view = jobs.get_job(job.number)
    assert (view.value_cents, view.owed_cents, view.credit_due_cents) == (8_000_00, 5_000_00, 0)
    revised = fresh(final)
    assert (revised.number, revised.total_cents, revised.revision) == (final.number, 5_000_00, 2)
    state, _, money = pay_page(pay_token(final))
    assert money.balance_cents == money.pay_now_cents == 5_000_00
    # The owner is told the new balance, with the reason.
    [mail] = [m for m in mails("invoice") if "Change order CO-1" in m.text]
    assert "$5,000.00" in mail.text and mail.to == final.customer_email
    with db_session() as session:
        [revision] = session.exec(select(InvoiceRevision)).all()
    assert "$7,000.00" in revision.before and "$5,000.00" in revision.after
    # The open balances never add up to more than the job owes.
    open_balances = sum(payments.payment_summary(i.id).balance_cents for i in (deposit, final))
    assert open_balances == view.owed_cents
    # The next reminder asks for $5,000.
    with time_machine.travel(utc_now() + timedelta(days=20), tick=False):
        assert reminders.send_due_reminders() >= 1
    with db_session() as session:
        texts = [
            m.text for m in session.exec(select(OutboxEmail).where(OutboxEmail.kind == "reminder"))
        ]
    assert texts and all("$5,000.00" in t and "$7,000.00" not in t for t in texts)

    checkout, status, _ = pay(fake, fresh(final))
    assert status == 200 and checkout.amount_cents == 5_000_00
    fake.wait_for_deliveries(1, type_="payment_intent.succeeded")
    fake.drain_webhooks()
    assert fresh(final).status == InvoiceStatus.PAID
    jobs.set_job_status(job.number, "closed", signed_in(admin))
    view = jobs.get_job(job.number)
    assert (view.status, view.owed_cents, view.credit_due_cents) == ("closed", 0, 0)


def test_a_credit_larger_than_the_open_balance_leaves_only_what_was_paid_beyond(
    admin, contract_settings
):
    job = job_of(contract_10k(admin))
    deposit = bill(job, "deposit", admin)
    payment = paid_by_check(deposit, admin, "3,000.00")
    final = bill(job, "final", admin)
    sign_change_order(make_change_order(job, admin, lines=credit("8,000"), payment="next"))
    assert (fresh(final).total_cents, fresh(final).status) == (0, InvoiceStatus.VOID)
    view = jobs.get_job(job.number)
    assert (view.value_cents, view.owed_cents, view.credit_due_cents) == (2_000_00, 0, 1_000_00)
    assert payments.payment_summary(final.id).balance_cents == 0
    with pytest.raises(ActionRefused, match=r"\$1,000.00 is owed back"):
        jobs.set_job_status(job.number, "closed", signed_in(admin))
    returned(deposit, payment, admin, "1,000.00")
    jobs.set_job_status(job.number, "closed", signed_in(admin))


def test_a_credit_is_not_taken_while_a_card_payment_of_the_old_sum_is_under_way(
    fake, admin, contract_settings
):
    job = job_of(contract_10k(admin))
    final = bill(job, "final", admin)
    checkout = payments.start_card_payment(final.id)
    assert checkout.amount_cents == 10_000_00
    sign_change_order(make_change_order(job, admin, lines=credit("2,000"), payment="next"))
    # The open card payment asked the old sum: it was cancelled, the pay page asks the new one.
    assert fake.get(checkout.payment_intent_id)["status"] == "canceled"
    assert payments.start_card_payment(final.id).amount_cents == 8_000_00


def test_a_job_whose_credit_was_refunded_closes(admin, contract_settings):
    job = job_of(contract_10k(admin))
    deposit = bill(job, "deposit", admin)
    paid_by_check(deposit, admin, "3,000.00")
    final = bill(job, "final", admin)
    payment = paid_by_check(final, admin, "7,000.00")
    sign_change_order(make_change_order(job, admin, lines=credit("500"), payment="next"))
    with pytest.raises(ActionRefused, match=r"\$500.00 is owed back"):
        jobs.set_job_status(job.number, "closed", signed_in(admin))
    returned(final, payment, admin, "500.00")
    assert jobs.get_job(job.number).unbilled_cents == -500_00  # a credit, not work left
    purchase_of(job, amount="2,000.00", tax="0.00", by=admin)
    open_budget = budget_of(job)
    jobs.set_job_status(job.number, "closed", signed_in(admin))
    assert jobs.get_job(job.number).status == "closed"
    # What it came to: $9,500 kept of the amended $9,500 contract, less its $2,000 of costs.
    closed = budget_of(job)
    assert (closed.invoiced_cents, closed.revenue_cents) == (9_500_00, 9_500_00)
    assert closed.margin_at_completion_cents == 7_500_00 == open_budget.margin_so_far_cents
    assert budget_view(closed)["margin_at_completion_percent"] == "78.9%"


def test_a_job_with_money_asked_for_but_not_owed_does_not_close_unnoticed(admin, contract_settings):
    job = job_of(contract_10k(admin))
    deposit = bill(job, "deposit", admin)
    paid_by_check(deposit, admin, "3,000.00")
    bill(job, "final", admin)
    with pytest.raises(ActionRefused, match=r"\$7,000.00 to be paid"):
        jobs.set_job_status(job.number, "closed", signed_in(admin))


def test_an_ended_jobs_margin_at_completion_is_what_it_came_to(admin, contract_settings):
    """A cancelled job never bills its contract, and its returned deposit is no revenue: its
    margin at completion is the costs it took, not the contract less the estimate; a deposit
    partly returned counts what was kept."""
    job = job_of(contract_10k(admin, "contract-10k-ended"))
    deposit = bill(job, "deposit", admin)
    payment = paid_by_check(deposit, admin, "3,000.00")
    purchase_of(job, amount="450.00", tax="39.94", by=admin)
    running = budget_of(job)
    assert (running.invoiced_cents, running.margin_so_far_cents) == (3_000_00, 3_000_00 - 489_94)
    assert running.margin_at_completion_cents == 10_000_00 - running.estimated_cents - 489_94
    returned(deposit, payment, admin, "1,000.00")
    assert budget_of(job).invoiced_cents == 2_000_00
    returned(deposit, payment, admin, "2,000.00")
    jobs.set_job_status(job.number, "cancelled", signed_in(admin))

    ended = budget_of(job)
    assert ended.invoiced_cents == 0  # the deposit invoice was all refunded
    assert ended.margin_so_far_cents == ended.margin_at_completion_cents == -489_94
    assert budget_view(ended)["margin_at_completion_percent"] == ""  # nothing billed


def test_a_job_whose_deposit_was_all_returned_is_cancelled_and_counts_nothing(
    admin, contract_settings
):
    job = job_of(contract_10k(admin))
    deposit = bill(job, "deposit", admin)
    payment = paid_by_check(deposit, admin, "3,000.00")
    final = bill(job, "final", admin)
    with pytest.raises(ActionRefused, match=r"\$3,000.00 paid on invoice .* is still held"):
        jobs.set_job_status(job.number, "cancelled", signed_in(admin))
    assert jobs.get_job(job.number).status == "signed"  # nothing was changed
    returned(deposit, payment, admin, "3,000.00")
    clerk_like = replace(signed_in(admin), role="staff")
    with pytest.raises(ActionRefused, match="Only an admin"):
        jobs.set_job_status(job.number, "cancelled", clerk_like)
    jobs.set_job_status(job.number, "cancelled", signed_in(admin))

    assert (fresh(deposit).status, fresh(final).status) == (
        InvoiceStatus.REFUNDED,
        InvoiceStatus.VOID,
    )
    view = jobs.get_job(job.number)
    assert (view.status, view.owed_cents, view.unbilled_cents, view.credit_due_cents) == (
        "cancelled",
        0,
        0,
        0,
    )
    [row] = jobs.list_jobs().rows
    assert row.status == "cancelled"
    assert dashboard().owed.cents == 0
    with db_session() as session:
        books = trust_books(session, job, business_today() - timedelta(days=30), business_today())
    assert books.receivable_cents == 0
