"""What a job was estimated to cost and what it cost, category by category, and its margin.

Estimated: the contract's lines and the signed change orders' lines, each quantity x our unit
cost in its cost category (a credit or a line taken out takes its cost off). Actual: the job's
costs that count (not deleted), with their tax. Revenue is the contract value now before sales
tax (tax is the state's, not income). Margin so far: invoiced (before tax; not a void invoice,
and less what was refunded of each) less the costs so far. At completion: the revenue less, in each category,
the larger of estimated and actual (a category over its estimate already cost more; one under
will still cost its estimate); for a closed or cancelled job, what it came to: its margin so
far."""

from collections import defaultdict
from dataclasses import dataclass, field

import sqlalchemy as sa
from sqlmodel import Session, select

from renovation_app.content.costs import COST_CATEGORIES
from renovation_app.models import (
    ENDED_JOB_STATUSES,
    ChangeOrderLine,
    CostKind,
    Estimate,
    Invoice,
    InvoiceStatus,
    Job,
    JobCost,
    Payment,
    PaymentStatus,
)
from renovation_app.services.billing.quantities import line_cents
from renovation_app.services.estimates.totals import estimate_totals
from renovation_app.services.jobs.records import contract_lines, signed_change_orders
from renovation_app.services.jobs.small_work import price_before_tax


@dataclass(frozen=True)
class CategoryBudget:
    slug: str
    label: str
    estimated_cents: int
    actual_cents: int

    @property
    def over(self) -> bool:
        return self.actual_cents > self.estimated_cents > 0

    @property
    def projected_cents(self) -> int:
        return max(self.estimated_cents, self.actual_cents)


class CategoryTotals:
    """The sums of a job's `categories` (a job's budget, or the dashboard's grouped one)."""

    categories: list[CategoryBudget]

    @property
    def estimated_cents(self) -> int:
        return sum(c.estimated_cents for c in self.categories)

    @property
    def actual_cents(self) -> int:
        return sum(c.actual_cents for c in self.categories)

    @property
    def over_estimate(self) -> bool:
        return any(c.over for c in self.categories)


@dataclass(frozen=True)
class JobBudget(CategoryTotals):
    revenue_cents: int  # the contract value now, before sales tax
    invoiced_cents: int  # the job's invoices less what was given back of them, before sales tax
    sub_unpaid_cents: int  # subcontractors' bills not yet paid
    categories: list[CategoryBudget] = field(default_factory=list)
    # Closed or cancelled: nothing more is billed or spent, so what it came to is final.
    ended: bool = False

    @property
    def margin_so_far_cents(self) -> int:
        return self.invoiced_cents - self.actual_cents

    @property
    def completion_revenue_cents(self) -> int:
        """What the job brings in at its end: the contract, or what was billed of an ended job
        (a cancelled job never bills its contract; a closed one billed what it finally was)."""
        return self.invoiced_cents if self.ended else self.revenue_cents

    @property
    def margin_at_completion_cents(self) -> int:
        if self.ended:
            return self.margin_so_far_cents
        return self.revenue_cents - sum(c.projected_cents for c in self.categories)


def line_cost(line) -> int:
    """A line's estimated cost; negative for a credit or a line taken out (its price is)."""
    cost = line_cents(line.quantity_milli, line.unit_cost_cents)
    return -cost if line.price_cents < 0 else cost


def estimated_by_category(session: Session, job: Job) -> dict[str, int]:
    estimated: dict[str, int] = defaultdict(int)
    lines = list(contract_lines(session, job))
    signed = [co.id for co in signed_change_orders(session, job.id)]
    if signed:
        lines += session.exec(
            select(ChangeOrderLine).where(ChangeOrderLine.change_order_id.in_(signed))
        ).all()
    for line in lines:
        estimated[line.cost_category] += line_cost(line)
    return estimated


def actual_by_category(session: Session, job_id: int) -> dict[str, int]:
    rows = session.exec(
        select(JobCost.category, sa.func.sum(JobCost.amount_cents + JobCost.tax_cents))
        .where(JobCost.job_id == job_id, JobCost.deleted_at.is_(None))
        .group_by(JobCost.category)
    ).all()
    return {category: int(total or 0) for category, total in rows}


def sub_unpaid_cents(session: Session, job_id: int) -> int:
    total = session.exec(
        select(sa.func.sum(JobCost.amount_cents + JobCost.tax_cents)).where(
            JobCost.job_id == job_id,
            JobCost.kind == CostKind.SUB_BILL,
            JobCost.paid_on.is_(None),
            JobCost.deleted_at.is_(None),
        )
    ).one()
    return int(total or 0)


def contract_before_tax(session: Session, job: Job) -> int:
    estimate = session.get(Estimate, job.estimate_id) if job.estimate_id else None
    if estimate is None:
        return price_before_tax(job)
    lines = contract_lines(session, job)
    totals = estimate_totals(estimate, lines, {line.id for line in lines})
    return totals.subtotal_cents - totals.discount_cents


def revenue_before_tax(session: Session, job: Job) -> int:
    signed = signed_change_orders(session, job.id)
    return contract_before_tax(session, job) + sum(co.subtotal_cents for co in signed)


def invoice_revenue() -> sa.ColumnElement[int]:
    """An invoice's revenue before tax, less what was refunded or returned of it (a refund
    gives back price and tax alike, in proportion, to the nearest cent), as one SQL expression:
    the job's budget and the dashboard's margins count revenue by it. What was paid beyond the
    total and given back (two tabs, a card and a check) takes nothing off. A void invoice is
    none (its callers leave it out)."""
    before_tax = Invoice.total_cents - Invoice.tax_cents
    succeeded = (Payment.invoice_id == Invoice.id, Payment.status == PaymentStatus.SUCCEEDED)

    def summed(column) -> sa.ScalarSelect:
        return (
            select(sa.func.coalesce(sa.func.sum(column), 0))
            .where(*succeeded)
            .correlate(Invoice)
            .scalar_subquery()
        )

    paid, refunded = summed(Payment.amount_cents), summed(Payment.amount_refunded_cents)
    over = sa.case((paid > Invoice.total_cents, paid - Invoice.total_cents), else_=0)
    given = sa.case((refunded > over, refunded - over), else_=0)
    # Integer division on both engines (`//`), rounded half up: whole cents per invoice.
    given_back = (2 * given * before_tax + Invoice.total_cents) // (2 * Invoice.total_cents)
    return sa.case((Invoice.total_cents > 0, before_tax - given_back), else_=before_tax)


def invoiced_before_tax(session: Session, job_id: int) -> int:
    total = session.exec(
        select(sa.func.sum(invoice_revenue())).where(
            Invoice.job_id == job_id, Invoice.status != InvoiceStatus.VOID
        )
    ).one()
    return int(total or 0)


def job_budget(session: Session, job: Job) -> JobBudget:
    estimated = estimated_by_category(session, job)
    actual = actual_by_category(session, job.id)
    categories = [
        CategoryBudget(c.slug, c.label, estimated.get(c.slug, 0), actual.get(c.slug, 0))
        for c in COST_CATEGORIES
        if estimated.get(c.slug) or actual.get(c.slug)
    ]
    return JobBudget(
        revenue_cents=revenue_before_tax(session, job),
        invoiced_cents=invoiced_before_tax(session, job.id),
        sub_unpaid_cents=sub_unpaid_cents(session, job.id),
        categories=categories,
        ended=job.status in ENDED_JOB_STATUSES,
    )


def budget_view(budget: JobBudget) -> dict:
    """The budget with its derived figures, in cents (billing.shown puts them in words)."""

    def percent(cents: int, of: int) -> str:
        return f"{cents * 100 / of:.1f}%" if of else ""

    return {
        "categories": [
            {
                "label": c.label,
                "estimated_cents": c.estimated_cents,
                "actual_cents": c.actual_cents,
                "left_cents": c.estimated_cents - c.actual_cents,
                "over": c.over,
            }
            for c in budget.categories
        ],
        "estimated_cents": budget.estimated_cents,
        "actual_cents": budget.actual_cents,
        "revenue_cents": budget.revenue_cents,
        "invoiced_cents": budget.invoiced_cents,
        "margin_so_far_cents": budget.margin_so_far_cents,
        "margin_so_far_percent": percent(budget.margin_so_far_cents, budget.invoiced_cents),
        "margin_at_completion_cents": budget.margin_at_completion_cents,
        "margin_at_completion_percent": percent(
            budget.margin_at_completion_cents, budget.completion_revenue_cents
        ),
        "sub_unpaid_cents": budget.sub_unpaid_cents,
        "over_estimate": budget.over_estimate,
    }
