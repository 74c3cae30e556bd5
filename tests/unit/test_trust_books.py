"""A job's trust books (Lien Law §75): the owner's money in by the day it came, the job's costs
out by the day they were paid, the balance carried from one period to the next, what is
receivable and payable at the end, and the same figures on the page, in the CSV and the PDF."""

import asyncio
import csv
import io
import itertools
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

import reflex as rx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import (
    CostKind,
    Invoice,
    InvoiceStatus,
    Job,
    JobCost,
    Payment,
    PaymentMethod,
    PaymentStatus,
    Refund,
    RefundStatus,
    utc_now,
)
from renovation_app.services import costs, jobs, payments, trust_books
from renovation_app.services.billing import business_today
from renovation_app.services.payments.ledger import refunded_cents
from renovation_app.services.payments.summary import money_summary
from renovation_app.state.jobs import TrustBooksState
from tests.factories import (
    accepted_estimate,
    bill_deposit,
    bill_final,
    job_of,
    pay,
    record_payment,
    signed_in,
)
from tests.factories.costs import contract_28k, crew_day_of, worker_with_rate
from tests.factories.lookups import count_queries

T = business_today()


def add_cost(job: Job, author_id: int, **fields) -> JobCost:
    """A cost of the job as the costs page stores it (a purchase paid on its day unless told)."""
    values = {
        "kind": CostKind.PURCHASE,
        "category": "materials",
        "payee": "Home Depot",
        "description": "Tile and grout",
        "incurred_on": T,
        "amount_cents": 100_00,
        **fields,
    }
    if "paid_on" not in fields and values["kind"] != CostKind.SUB_BILL:
        values["paid_on"] = values["incurred_on"]
    with db_session() as session:
        cost = JobCost(job_id=job.id, author_id=author_id, **values)
        session.add(cost)
        session.commit()
        session.refresh(cost)
        return cost


def change_cost(cost: JobCost, **fields) -> None:
    with db_session() as session:
        row = session.get(JobCost, cost.id)
        for name, value in fields.items():
            setattr(row, name, value)
        session.add(row)
        session.commit()


def books(job: Job, start: date, end: date) -> trust_books.TrustBooks:
    with db_session() as session:
        return trust_books.trust_books(session, session.get(Job, job.id), start, end)


def summary(b: trust_books.TrustBooks) -> tuple[int, ...]:
    return (b.opening_cents, b.received_cents, b.paid_cents, b.closing_cents)


def sent_days_ago(invoice: Invoice, days: int) -> None:
    """The invoice as if it had been sent `days` ago (the books date it by its sending)."""
    with db_session() as session:
        row = session.get(Invoice, invoice.id)
        row.sent_at = row.created_at = utc_now() - timedelta(days=days)
        session.add(row)
        session.commit()


@dataclass(frozen=True)
class Kitchen:
    job: Job
    deposit: Invoice
    final: Invoice
    sub: JobCost  # Ace Plumbing's $3,000 bill, not paid yet


def days_ago(days: int) -> date:
    return T - timedelta(days=days)


def kitchen(admin, fake) -> Kitchen:
    """An $8,000 kitchen. In: the $2,400 deposit invoice sent 25 days ago, paid $1,000 by check
    20 days ago and $1,400 by card today, $150 of the check given back today; the $5,600 final
    invoice sent today. Out: $1,306.50 of tile 15 days ago, a $200 credit 5 days ago, a $400
    crew day yesterday; Ace Plumbing's $3,000 bill of 10 days ago unpaid; a deleted $999."""
    estimate = accepted_estimate(admin, "trust-kitchen")
    job, deposit = job_of(estimate), bill_deposit(estimate.number, admin)
    sent_days_ago(deposit, 25)
    record_payment(deposit, admin, amount="1000", received_on=str(days_ago(20)))
    pay(fake, deposit)
    fake.drain_webhooks()
    with db_session() as session:
        check = session.exec(select(Payment).where(Payment.method == "check")).one()
    returned = {"method": "check", "amount": "150", "received_on": str(T), "reference": "990"}
    payments.record_return(deposit.number, check.id, returned, signed_in(admin))
    final = bill_final(estimate.number, admin)
    add_cost(job, admin.id, incurred_on=days_ago(15), amount_cents=1200_00, tax_cents=106_50)
    sub = add_cost(
        job,
        admin.id,
        kind=CostKind.SUB_BILL,
        category="subcontractor",
        payee="Ace Plumbing",
        description="Rough-in",
        amount_cents=3000_00,
        incurred_on=days_ago(10),
        due_on=T + timedelta(days=20),
    )
    add_cost(job, admin.id, credit=True, amount_cents=-200_00, incurred_on=days_ago(5))
    add_cost(job, admin.id, amount_cents=999_00, incurred_on=days_ago(3), deleted_at=utc_now())
    add_cost(
        job,
        admin.id,
        kind=CostKind.LABOUR,
        category="labour",
        payee="Sam Staff",
        amount_cents=400_00,
        incurred_on=days_ago(1),
        paid_how="payroll",
    )
    return Kitchen(job, deposit, final, sub)


def pay_the_plumber(k: Kitchen) -> None:
    change_cost(k.sub, paid_on=days_ago(2), paid_how="check", paid_reference="2210")


def test_money_in_is_dated_by_the_day_it_came_and_a_refund_is_taken_off(
    admin, contract_settings, fake
):
    k = kitchen(admin, fake)
    month = books(k.job, days_ago(30), T)
    assert [(r.day, r.kind, r.method, r.amount_cents) for r in month.received] == [
        (days_ago(20), "payment", "Check #1045", 1000_00),
        (T, "payment", "Visa ending 4242", 1400_00),
        (T, "refund", "Check #1045", -150_00),
    ]
    assert month.received_cents == 2250_00 == jobs.get_job(k.job.number).paid_cents
    # Money given back is not owed again: the deposit stays paid, as its invoice's balance says.
    assert [(r.invoice_number, r.receivable_cents) for r in month.receivable] == [
        (k.deposit.number, 0),
        (k.final.number, k.final.total_cents),
    ]
    with db_session() as session:
        deposit = session.get(Invoice, k.deposit.id)
        assert money_summary(session, deposit).balance_cents == 0


def test_costs_paid_go_out_and_an_unpaid_sub_bill_is_payable_until_paid(
    admin, contract_settings, fake
):
    k = kitchen(admin, fake)
    month = books(k.job, days_ago(30), T)
    assert [r.amount_cents for r in month.paid] == [1306_50, -200_00, 400_00]  # not the deleted
    assert summary(month) == (0, 2250_00, 1506_50, 743_50) and month.advanced_cents == 0
    assert [(r.payee, r.due_on, r.amount_cents) for r in month.payable] == [
        ("Ace Plumbing", T + timedelta(days=20), 3000_00)
    ]
    pay_the_plumber(k)
    month = books(k.job, days_ago(30), T)
    assert [r.payee for r in month.paid] == [
        "Home Depot",
        "Home Depot",
        "Ace Plumbing",
        "Sam Staff",
    ]
    assert month.payable == () and month.payable_cents == 0


def test_paying_out_more_than_came_in_is_advanced_by_the_business(admin, contract_settings, fake):
    k = kitchen(admin, fake)
    pay_the_plumber(k)
    month = books(k.job, days_ago(30), T)
    assert summary(month) == (0, 2250_00, 4506_50, -2256_50)
    assert month.advanced_cents == 2256_50


def test_a_period_cut_in_the_middle_opens_with_what_came_before(admin, contract_settings, fake):
    k = kitchen(admin, fake)
    pay_the_plumber(k)
    later = books(k.job, days_ago(12), T)
    assert summary(later) == (1000_00 - 1306_50, 1250_00, 3200_00, -2256_50)
    earlier = books(k.job, days_ago(30), days_ago(3))
    assert summary(earlier) == (0, 1000_00, 1106_50, -106_50)
    assert earlier.closing_cents == books(k.job, days_ago(2), T).opening_cents
    # At its end the final invoice was not sent and the plumber not paid yet.
    assert [(r.invoice_number, r.receivable_cents) for r in earlier.receivable] == [
        (k.deposit.number, 1400_00)
    ]
    assert [r.payee for r in earlier.payable] == ["Ace Plumbing"]


def test_the_page_the_csv_and_the_pdf_show_the_same_books(admin, contract_settings, fake):
    k = kitchen(admin, fake)
    pay_the_plumber(k)
    view = trust_books.trust_books_view(k.job.number, days_ago(30), T)
    assert (view.closing_cents, view.advanced_cents, view.payable_cents) == (-2256_50, 2256_50, 0)
    assert [line.category for line in view.paid_rows] == [
        "Materials",
        "Materials",
        "Subcontractor",
        "Labour",
    ]
    assert view.paid_rows[2].how == "Check #2210"
    assert trust_books.trust_books_view("J-1999-0001", T, T) is None
    # By default: from the job's first day (here its first cost, bought before the job was made)
    # through today, so nothing comes before it.
    default = trust_books.trust_books_view(k.job.number)
    assert default.end == str(T) and default.start < str(T)
    assert (default.opening_cents, default.closing_cents) == (0, view.closing_cents)
    pdf = trust_books.trust_books_pdf(k.job.number, days_ago(30), T)
    assert pdf.startswith(b"%PDF") and len(pdf) > 1000
    table = list(csv.DictReader(io.StringIO(trust_books.trust_books_csv(k.job.number, T, T))))
    assert [r["amount"] for r in table if r["section"] == "received"] == ["1400.00", "-150.00"]
    totals = {r["description"].split(" on ")[0]: r["amount"] for r in table if not r["date"]}
    assert totals["opening balance"] == "-3506.50"  # 1,000 in, 4,506.50 out before today
    assert totals["advanced by the business"] == "-2256.50"


def test_a_voided_check_and_a_failed_card_bring_nothing_in(admin, contract_settings):
    estimate = accepted_estimate(admin, "trust-void")
    job = job_of(estimate)
    deposit = bill_deposit(estimate.number, admin)
    record_payment(deposit, admin, amount="500", reference="77")
    with db_session() as session:
        check = session.exec(select(Payment)).one()
        session.add(
            Payment(
                invoice_id=deposit.id,
                amount_cents=900_00,
                status=PaymentStatus.FAILED,
                payment_intent_id="pi_failed",
            )
        )
        session.commit()
    assert books(job, T, T).received_cents == 500_00
    payments.void_recorded_payment(deposit.number, check.id, "bounced", signed_in(admin))
    bounced = books(job, T, T)
    assert bounced.received == () and bounced.receivable_cents == deposit.total_cents


def test_the_books_read_a_job_in_a_few_queries_whatever_its_history(admin):
    job, invoices = random_job(admin.id, next(NUMBERS))
    rng = list(range(120))
    with db_session() as session:
        for i in rng:
            day = date(2016, 1, 1) + timedelta(days=30 * i)
            session.add(
                Payment(
                    invoice_id=invoices[i % 2].id,
                    amount_cents=1_00,
                    status=PaymentStatus.SUCCEEDED,
                    method=PaymentMethod.CHECK,
                    received_on=day,
                )
            )
            session.add(
                JobCost(
                    job_id=job.id,
                    author_id=admin.id,
                    kind=CostKind.PURCHASE,
                    category="other",
                    payee="Vendor",
                    incurred_on=day,
                    paid_on=day,
                    amount_cents=50,
                )
            )
        session.commit()
    with count_queries() as statements:
        result = books(job, date(2020, 1, 1), date(2025, 12, 31))
    assert len(statements) <= 5  # the job, its payments, refunds, costs and invoices
    assert result.closing_cents == sum(
        1_00 - 50 for i in rng if date(2016, 1, 1) + timedelta(days=30 * i) <= date(2025, 12, 31)
    )


# --- any job: the books add up ------------------------------------------------------------------

BASE = date(2016, 1, 1)
SPAN = 3650  # ten years of days
NUMBERS = (f"J-P-{n}" for n in itertools.count(1))
days = st.integers(0, SPAN)
cents = st.integers(1, 5_000_00)

a_payment = st.fixed_dictionaries(
    {
        "invoice": st.integers(0, 2),
        "card": st.booleans(),
        "day": days,
        "hour": st.integers(0, 23),  # UTC: late hours are the day before in New York
        "status": st.sampled_from(
            [PaymentStatus.SUCCEEDED] * 3 + [PaymentStatus.VOIDED, PaymentStatus.FAILED]
        ),
        "amount": cents,
        "refunds": st.lists(
            st.tuples(
                st.integers(1, 2_000_00), st.integers(0, 60), st.sampled_from(list(RefundStatus))
            ),
            max_size=2,
        ),
        # Refunded in Stripe with no refund row here (yet): the ledger counts it all the same.
        "unrecorded": st.sampled_from([0, 0, 0, 25_00]),
    }
)
a_cost = st.fixed_dictionaries(
    {
        "kind": st.sampled_from(list(CostKind)),
        "incurred": days,
        "paid_after": st.one_of(st.none(), st.integers(0, 90)),
        "amount": cents,
        "tax": st.integers(0, 100_00),
        "credit": st.booleans(),
        "deleted": st.booleans(),
    }
)
an_invoice = st.tuples(days, cents, st.sampled_from(list(InvoiceStatus)))


def random_job(author_id: int, number: str, invoices=((0, 1000_00, "sent"), (5, 500_00, "paid"))):
    with db_session() as session:
        job = Job(
            number=number,
            year=2016,
            title="Bathroom",
            customer_name="Ann Owner",
            customer_email="ann@example.com",
            contract_cents=10_000_00,
            author_id=author_id,
            created_at=datetime.combine(BASE, time(15), UTC),
        )
        session.add(job)
        session.flush()
        rows = []
        for i, (day, total, status) in enumerate(invoices):
            sent = datetime.combine(BASE + timedelta(days=day), time(15), UTC)
            rows.append(
                Invoice(
                    number=f"{number}-{i}",
                    year=2016,
                    customer_name="Ann Owner",
                    customer_email="ann@example.com",
                    subtotal_cents=total,
                    total_cents=total,
                    due_date=BASE + timedelta(days=day + 30),
                    author_id=author_id,
                    job_id=job.id,
                    status=status,
                    created_at=sent,
                    sent_at=sent,
                )
            )
        session.add_all(rows)
        session.commit()
        for row in [job, *rows]:
            session.refresh(row)
        return job, rows


def add_payment(session, invoice_id: int, p: dict) -> None:
    when = datetime.combine(BASE + timedelta(days=p["day"]), time(p["hour"]), UTC)
    payment = Payment(
        invoice_id=invoice_id,
        amount_cents=p["amount"],
        status=p["status"],
        method=PaymentMethod.CARD if p["card"] else PaymentMethod.CHECK,
        received_on=None if p["card"] else when.date(),
        succeeded_at=when,
        reference="" if p["card"] else "101",
    )
    session.add(payment)
    session.flush()
    taken = 0
    for amount, after, status in p["refunds"]:
        session.add(
            Refund(
                payment_id=payment.id,
                amount_cents=amount,
                status=status,
                created_at=when + timedelta(days=after),
            )
        )
        if status in (RefundStatus.SUCCEEDED, RefundStatus.PENDING):
            taken += amount
    payment.amount_refunded_cents = min(taken + p["unrecorded"], payment.amount_cents)
    session.add(payment)


def add_costs(session, job: Job, author_id: int, costs: list[dict]) -> None:
    for c in costs:
        incurred = BASE + timedelta(days=c["incurred"])
        paid = None if c["paid_after"] is None else incurred + timedelta(days=c["paid_after"])
        session.add(
            JobCost(
                job_id=job.id,
                author_id=author_id,
                kind=c["kind"],
                category="other",
                payee="Vendor",
                incurred_on=incurred,
                paid_on=paid,
                credit=c["credit"],
                amount_cents=-c["amount"] if c["credit"] else c["amount"],
                tax_cents=0 if c["credit"] else c["tax"],
                deleted_at=utc_now() if c["deleted"] else None,
            )
        )


def assert_adds_up(b: trust_books.TrustBooks) -> None:
    assert b.received_cents == sum(r.amount_cents for r in b.received)
    assert b.paid_cents == sum(r.amount_cents for r in b.paid)
    assert b.receivable_cents == sum(r.receivable_cents for r in b.receivable)
    assert b.payable_cents == sum(r.amount_cents for r in b.payable)
    assert b.closing_cents == b.opening_cents + b.received_cents - b.paid_cents
    assert b.advanced_cents == max(-b.closing_cents, 0)
    assert all(b.start <= r.day <= b.end for r in (*b.received, *b.paid))
    assert [(r.day, r.id) for r in b.paid] == sorted((r.day, r.id) for r in b.paid)
    assert [r.day for r in b.received] == sorted(r.day for r in b.received)
    assert all(r.receivable_cents == max(r.total_cents - r.received_cents, 0) for r in b.receivable)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    invoices=st.lists(an_invoice, min_size=1, max_size=3),
    paid_in=st.lists(a_payment, max_size=8),
    costs=st.lists(a_cost, max_size=10),
    cuts=st.lists(st.integers(-30, SPAN + 120), min_size=3, max_size=3),
)
def test_any_jobs_books_add_up_and_carry_over(admin, invoices, paid_in, costs, cuts):
    job, rows = random_job(admin.id, next(NUMBERS), invoices)
    with db_session() as session:
        for p in paid_in:
            add_payment(session, rows[p["invoice"] % len(rows)].id, p)
        add_costs(session, job, admin.id, costs)
        session.commit()
    a, b, c = sorted(BASE + timedelta(days=d) for d in cuts)
    first, second = books(job, a, b), books(job, b + timedelta(days=1), c)
    whole = books(job, date(2000, 1, 1), date(2040, 1, 1))
    for each in (first, second, whole):
        assert_adds_up(each)
    assert first.closing_cents == second.opening_cents
    assert second.closing_cents == books(job, a, c).closing_cents
    with db_session() as session:
        saved = session.exec(
            select(Payment).where(Payment.invoice_id.in_([r.id for r in rows]))
        ).all()
        kept = session.exec(
            select(JobCost).where(JobCost.job_id == job.id, JobCost.deleted_at.is_(None))
        ).all()
    counted = [p for p in saved if p.status == PaymentStatus.SUCCEEDED]
    # Over all days, in is the ledger's "paid less refunded" and out is every cost paid.
    assert whole.received_cents == sum(p.amount_cents for p in counted) - refunded_cents(saved)
    assert whole.paid_cents == sum(c.total_cents for c in kept if c.paid_on)
    assert whole.opening_cents == 0
    unpaid_at_b = [c for c in kept if c.incurred_on <= b and (c.paid_on is None or c.paid_on > b)]
    assert first.payable_cents == sum(c.total_cents for c in unpaid_at_b)


# --- the page's state ---------------------------------------------------------------------------


def run(coroutine):
    """Run on its own event loop (as tests/unit/test_staff_state.py does)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_the_page_reads_the_books_again_for_the_days_picked_and_links_the_same_days(admin):
    job, _ = random_job(admin.id, next(NUMBERS))
    root = rx.State(_reflex_internal_init=True)
    state = root.get_substate(TrustBooksState.get_full_name().split(".")[1:])
    state.books = {"number": job.number, "start": "2016-01-01", "end": "2016-01-31"}
    state.start, state.end = "2016-01-01", "2016-01-31"
    run(TrustBooksState.set_start.fn(state, "2016-02-30"))
    assert state.period_error == "Please give both days, like 2026-11-25."
    run(TrustBooksState.set_start.fn(state, "2016-03-01"))
    assert state.period_error == "The first day must be on or before the last."
    assert state.books["start"] == "2016-01-01"  # the books shown are left as they were
    run(TrustBooksState.set_end.fn(state, "2016-12-31"))
    assert state.period_error == "" and state.books["period"] == (
        "March 1, 2016 to December 31, 2016"
    )
    assert state.pdf_href == f"/jobs/{job.number}/trust-books.pdf?from=2016-03-01&to=2016-12-31"
    assert state.csv_href.endswith(".csv?from=2016-03-01&to=2016-12-31")


# --- loaded rates: admins only ------------------------------------------------------------------


def pdf_words(pdf: bytes) -> str:
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_staff_cannot_work_a_rate_out_of_the_costs_pages_hours_and_the_books(
    admin, clerk, contract_settings
):
    """Rosa's 8 hours at $45.50 and Ken's 6 at $38.25 yesterday, Ken's 4 and Rosa's 2 (not paid
    yet) today: the costs page lists each one's hours, so staff who are not admins get each
    day's crew days added up, on the page, in the CSV and in the PDF; an admin still gets each
    one's amount."""
    job = job_of(contract_28k(admin))
    rosa, ken = worker_with_rate(45_50, "Rosa Crew"), worker_with_rate(38_25, "Ken Crew")
    crew_day_of(job, rosa, "8", days_ago(1), by=admin)
    crew_day_of(job, ken, "6", days_ago(1), by=admin)
    for worker, hours in ((ken, "4"), (rosa, "2")):
        change_cost(crew_day_of(job, worker, hours, T, by=admin), paid_on=None)
    hours = [row.hours for row in costs.get_job_costs(job.number, signed_in(clerk)).rows]
    assert sorted(hours) == ["2", "4", "6", "8"]  # what staff read beside the amounts below
    each = ("364.00", "229.50", "153.00", "91.00")
    staff = trust_books.trust_books_view(job.number, days_ago(2), T)
    assert [(r.payee, r.description, r.amount_cents) for r in staff.paid_rows] == [
        ("Crew", "Crew labour (2 crew days)", 593_50)
    ]
    assert [(r.payee, r.description, r.amount_cents) for r in staff.payable_rows] == [
        ("Crew", "Crew labour (2 crew days)", 244_00)
    ]
    assert staff.paid_cents == 593_50 and staff.payable_cents == 244_00  # the totals are whole
    table = trust_books.trust_books_csv(job.number, days_ago(2), T)
    pdf = pdf_words(trust_books.trust_books_pdf(job.number, days_ago(2), T))
    for shown in (table, pdf):
        assert "Crew labour" in shown and "Rosa Crew" not in shown
        assert not any(amount in shown for amount in each)
    boss = trust_books.trust_books_view(job.number, days_ago(2), T, admin=True)
    assert sorted(r.amount_cents for r in boss.paid_rows) == [229_50, 364_00]
    boss_csv = trust_books.trust_books_csv(job.number, days_ago(2), T, admin=True)
    boss_pdf = pdf_words(trust_books.trust_books_pdf(job.number, days_ago(2), T, admin=True))
    for shown in (boss_csv, boss_pdf):
        assert "364.00" in shown and "153.00" in shown and "Rosa Crew" in shown
