"""The dashboard's margins with a frozen clock: revenue before tax less job costs per month and
per job's main service to the cent, the open jobs over their estimate, the grouped budgets
equal to job_budget job by job, and lapsing insurance certificates among what needs attention."""

from datetime import UTC, date, datetime

import pytest
import time_machine
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import (
    CostKind,
    Estimate,
    EstimateLine,
    Invoice,
    InvoiceStatus,
    Job,
    JobCost,
    JobStatus,
    utc_now,
)
from renovation_app.services import estimates, jobs
from renovation_app.services.change_orders.records import removable_lines
from renovation_app.services.costs import job_budget
from renovation_app.services.dashboard import dashboard, grouped_budgets
from tests.factories import (
    ALL_CERTIFICATES,
    SIGNER_CLIENT,
    accepted_estimate,
    bill,
    estimate_token,
    job_of,
    make_change_order,
    make_invoice,
    sent_estimate,
    sign_change_order,
    signed_in,
)
from tests.factories.subcontractors import certificate_of, subcontractor_of

TODAY = date(2026, 11, 25)


def at(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, 15, tzinfo=UTC)


def line(price: str, service: str = "", cost: str = "", category: str = "", **more) -> dict:
    words = {"description": "Custom millwork"} if not service else {}
    return {
        "service": service,
        "unit_price": price,
        "unit_cost": cost,
        "cost_category": category,
        **words,
        **more,
    }


def contract(author, token: str, day: date, lines: list[dict], **more) -> Job:
    """The job of an estimate of `lines` signed on `day`."""
    with time_machine.travel(at(day), tick=False):
        return job_of(accepted_estimate(author, token, lines=lines, **more))


def small_job(author) -> Job:
    """A job made by hand: $300 of repair before tax ($326.63 with it), no estimate."""
    work = {
        "name": "Lee Chan",
        "email": "lee@example.com",
        "phone": "",
        "title": "New faucet",
        "address": "5 Court St, Brooklyn",
        "price": "300",
        "tax_category": "repair",
        "tax_area": "nyc",
    }
    return jobs.create_small_job(jobs.validate_small_work(work), signed_in(author), "small-1")


def cost(job: Job, author, day: date, cents: int, category: str = "materials", **more) -> JobCost:
    """A cost as the costs page stores it: a purchase paid on its day unless told."""
    values = {"kind": CostKind.PURCHASE, "payee": "Home Depot", "paid_on": day, **more}
    with db_session() as session:
        row = JobCost(
            job_id=job.id,
            author_id=author.id,
            category=category,
            incurred_on=day,
            amount_cents=cents,
            **values,
        )
        session.add(row)
        session.commit()
        session.refresh(row)
        return row


def change(model, row_id: int, **fields) -> None:
    with db_session() as session:
        row = session.get(model, row_id)
        for name, value in fields.items():
            setattr(row, name, value)
        session.add(row)
        session.commit()


def board():
    with time_machine.travel(at(TODAY), tick=False):
        return dashboard()


@pytest.fixture
def office(clerk, contract_settings):
    """Three jobs of this year and a past cost.
    Kitchen: $6,000 of kitchen (our cost $2,000 materials) and $4,000 of bathroom ($1,500
    labour): the $3,000 deposit billed Sep 10, the $7,000 final Nov 5; $1,000 + $80 tax of
    materials Sep 20, a $2,500 crew day Nov 3, $400 of labour in Oct 2025 (before the
    dashboard's year), a deleted $999 on Nov 4.
    Bathroom: $3,000 of bathroom ($2,000 subcontractor) and $5,000 of free text: the $2,400
    deposit billed Oct 1 (with $200 of sales tax on top), a $3,000 sub bill Oct 15.
    Patch: $2,000 of free text only: its $600 deposit of Nov 2 voided, $150 of other Nov 10.
    And an invoice of no job ($500, Nov 10), which has no place in the margins."""
    kitchen = contract(
        clerk,
        "kitchen",
        date(2026, 9, 10),
        [
            line("6,000", "kitchenRemodelling", "2,000", "materials"),
            line("4,000", "bathroomRemodelling", "1,500", "labour"),
        ],
    )
    with time_machine.travel(at(date(2026, 9, 10)), tick=False):
        bill(kitchen, "deposit", clerk)
    with time_machine.travel(at(date(2026, 11, 5)), tick=False):
        bill(kitchen, "final", clerk)
    cost(kitchen, clerk, date(2026, 9, 20), 1_000_00, tax_cents=80_00)
    cost(kitchen, clerk, date(2026, 11, 3), 2_500_00, "labour", kind=CostKind.LABOUR)
    cost(kitchen, clerk, date(2025, 10, 1), 400_00, "labour", kind=CostKind.LABOUR)
    gone = cost(kitchen, clerk, date(2026, 11, 4), 999_00)
    change(JobCost, gone.id, deleted_at=utc_now(), deleted_reason="Typed twice")

    bathroom = contract(
        clerk,
        "bathroom",
        date(2026, 10, 1),
        [
            line("3,000", "bathroomRemodelling", "2,000", "subcontractor"),
            line("5,000"),
        ],
    )
    with time_machine.travel(at(date(2026, 10, 1)), tick=False):
        deposit = bill(bathroom, "deposit", clerk)
    change(Invoice, deposit.id, total_cents=deposit.total_cents + 200_00, tax_cents=200_00)
    cost(
        bathroom,
        clerk,
        date(2026, 10, 15),
        3_000_00,
        "subcontractor",
        kind=CostKind.SUB_BILL,
        payee="Gowanus Plumbing LLC",
        paid_on=None,
    )

    patch = contract(clerk, "patch", date(2026, 11, 2), [line("2,000")])
    with time_machine.travel(at(date(2026, 11, 2)), tick=False):
        voided = bill(patch, "deposit", clerk)
    change(Invoice, voided.id, status=InvoiceStatus.VOID)
    cost(patch, clerk, date(2026, 11, 10), 150_00, "other")
    with time_machine.travel(at(date(2026, 11, 10)), tick=False):
        make_invoice(clerk, "no-job", price="500")
    return {"kitchen": kitchen, "bathroom": bathroom, "patch": patch}


def cells(row) -> tuple:
    return (row.label, row.jobs, row.revenue, row.costs, row.margin, row.percent)


def test_margins_by_month_are_the_jobs_revenue_before_tax_less_their_costs(office):
    margins = board().margins
    by_month = {row.label: row for row in margins.by_month}
    assert [row.label for row in margins.by_month][0] == "Dec 25" and len(by_month) == 12
    assert [cells(by_month[m]) for m in ("Aug 26", "Sep 26", "Oct 26", "Nov 26")] == [
        ("Aug 26", 0, "$0.00", "$0.00", "$0.00", ""),
        ("Sep 26", 1, "$3,000.00", "$1,080.00", "$1,920.00", "64.0%"),
        ("Oct 26", 1, "$2,400.00", "$3,000.00", "-$600.00", "-25.0%"),
        ("Nov 26", 2, "$7,000.00", "$2,650.00", "$4,350.00", "62.1%"),
    ]
    assert cells(margins.total) == ("12 months", 3, "$12,400.00", "$6,730.00", "$5,670.00", "45.7%")
    november = next(point for point in margins.chart if point["month"] == "Nov 26")
    assert november == {"month": "Nov 26", "Revenue": 7000.0, "Costs": 2650.0, "Margin": 4350.0}


def test_margins_by_main_service_group_each_job_by_its_largest_catalogue_service(office):
    rows = [cells(row) for row in board().margins.by_service]
    assert rows == [
        ("Kitchen Remodelling", 1, "$10,000.00", "$3,580.00", "$6,420.00", "64.2%"),
        # $5,000 of free text and $3,000 of bathroom: the catalogue's service is the main one.
        ("Bathroom Remodelling", 1, "$2,400.00", "$3,000.00", "-$600.00", "-25.0%"),
        ("Other work", 1, "$0.00", "$150.00", "-$150.00", ""),  # free text only; void invoice
    ]


def test_the_open_jobs_over_their_estimate_are_listed_most_over_first(office, clerk):
    small = small_job(clerk)
    cost(small, clerk, TODAY, 320_00, "other")  # $20 past its $300 before tax
    painting = [line("1,000", "floorAndTile", "100", "other")]
    closed = contract(clerk, "closed", date(2026, 9, 1), painting)
    cost(closed, clerk, date(2026, 9, 2), 900_00, "other")  # over, but the job is closed
    change(Job, closed.id, status=JobStatus.CLOSED)
    margins = board().margins
    listed = [(r.number, r.estimated, r.actual, r.over, r.words) for r in margins.over_estimate]
    assert listed == [
        (office["kitchen"].number, "$3,500.00", "$3,980.00", "$1,400.00", "Labour $1,400.00 over"),
        (
            office["bathroom"].number,
            "$2,000.00",
            "$3,000.00",
            "$1,000.00",
            "Subcontractor $1,000.00 over",
        ),
        (small.number, "$0.00", "$320.00", "$20.00", "Costs $20.00 over the contract before tax"),
    ]
    assert margins.over_count == 3
    assert margins.over_estimate[0].link == f"/jobs/{office['kitchen'].number}/costs"


def test_the_grouped_budgets_equal_job_budget_job_by_job(clerk, admin, contract_settings):
    """Rounding of thousandths, an optional line left out and one taken, a discount, signed
    change orders with new work, a credit and a line taken out, an unsigned one, a job made
    by hand, costs in several categories and a deleted one."""
    lines = [
        line("1,000", "kitchenRemodelling", "333.33", "materials", quantity="2.5"),
        line("700", "floorAndTile", "0.05", "labour", quantity="0.333"),
        line("900", "paversAndWalkways", "400", "subcontractor", optional=True),
        line("250", "paversAndWalkways", "120", "equipment", optional=True),
    ]
    sent = sent_estimate(admin, "mixed", lines=lines, discount="300")
    with db_session() as session:
        optional = session.exec(
            select(EstimateLine.id)
            .where(EstimateLine.estimate_id == sent.id, EstimateLine.optional)
            .order_by(EstimateLine.position)
        ).all()
    estimates.accept(
        estimate_token(sent),
        [optional[1]],
        "Maria Lopez",
        True,
        SIGNER_CLIENT,
        certificates=ALL_CERTIFICATES,
    )
    mixed = job_of(sent.number)
    with db_session() as session:
        taken = next(iter(removable_lines(session, session.merge(mixed))))
    sign_change_order(
        make_change_order(
            mixed,
            admin,
            "co-1",
            lines=[
                line("500", "", "210.55", "materials", quantity="3"),
                line("80", "", "35", "materials", credit=True, description="Smaller vanity"),
            ],
        )
    )
    sign_change_order(make_change_order(mixed, admin, "co-2", lines=[{"removes": taken}]))
    make_change_order(mixed, admin, "co-3", lines=[line("999", "", "999", "permits")])
    plain = contract(admin, "plain", TODAY, [line("4,000", "screenEnclosure", "900", "disposal")])
    small = small_job(admin)
    for job, cents, category in (
        (mixed, 12_345, "materials"),
        (mixed, 6_789, "labour"),
        (plain, 99_999, "disposal"),
        (small, 1_234, "other"),
    ):
        cost(job, clerk, TODAY, cents, category, tax_cents=cents // 10)
    gone = cost(mixed, clerk, TODAY, 50_000, "materials")
    change(JobCost, gone.id, deleted_at=utc_now())
    with db_session() as session:
        ids = [mixed.id, plain.id, small.id]
        grouped = grouped_budgets(session, Job.id.in_(ids))
        assert set(grouped) == set(ids)
        for job_id in ids:
            budget = job_budget(session, session.get(Job, job_id))
            assert grouped[job_id].categories == budget.categories, job_id
            assert grouped[job_id].revenue_cents == budget.revenue_cents, job_id
            assert grouped[job_id].over_estimate == budget.over_estimate
        assert session.get(Estimate, mixed.estimate_id).discount_cents == 300_00


def test_certificates_lapsing_soon_or_lapsed_need_attention_first(clerk):
    gowanus = subcontractor_of("Gowanus Plumbing LLC", clerk)
    bay_ridge = subcontractor_of("Bay Ridge Tile", clerk)
    with time_machine.travel(at(TODAY), tick=False):
        certificate_of(gowanus, "general_liability", date(2026, 12, 10))
        certificate_of(gowanus, "workers_comp", date(2027, 6, 1))  # far off: not listed
        certificate_of(bay_ridge, "workers_comp", date(2026, 11, 2))
    attention = board().attention
    assert [(r.number, r.customer, r.words, r.link) for r in attention] == [
        (
            "Bay Ridge Tile",
            "Subcontractor's insurance",
            "Workers' compensation insurance lapsed on November 2, 2026",
            f"/subcontractors/{bay_ridge.id}",
        ),
        (
            "Gowanus Plumbing LLC",
            "Subcontractor's insurance",
            "General liability insurance expires in 15 days (December 10, 2026)",
            f"/subcontractors/{gowanus.id}",
        ),
    ]
