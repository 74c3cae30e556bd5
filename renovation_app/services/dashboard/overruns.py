"""Open jobs whose costs run over their estimate, for the dashboard: budget.job_budget's
estimated, actual and revenue for many jobs at once, from a few grouped queries.

job_budget reads one job in about ten queries; the dashboard asks about every open job, so
here each figure is one GROUP BY over all of them (the costs by job and category on the
job_cost (job_id, incurred_on) index), and the rules are budget.py's, written in SQL:
a line's estimated cost is quantity x unit cost rounded half up, negative when its price is
(a credit, or a line taken out); revenue is the contract's chosen lines less its discount
(at most the work) plus the signed change orders, before tax."""

from collections import defaultdict
from dataclasses import dataclass, field

import sqlalchemy as sa
from sqlalchemy import case, func
from sqlmodel import Session, select

from renovation_app.content.costs import COST_CATEGORIES
from renovation_app.models import (
    ENDED_JOB_STATUSES,
    ChangeOrder,
    ChangeOrderLine,
    ChangeOrderStatus,
    Estimate,
    EstimateLine,
    Job,
    JobCost,
    JobStatus,
)
from renovation_app.routes import job_costs_path
from renovation_app.services.billing import format_usd
from renovation_app.services.billing.quantities import MILLI
from renovation_app.services.costs.budget import CategoryBudget, CategoryTotals
from renovation_app.services.jobs.small_work import price_before_tax

OVER_ROWS = 50
# Named rather than "not ended", so the job (status, created_at) index finds them.
OPEN_JOB_STATUSES = tuple(status for status in JobStatus if status not in ENDED_JOB_STATUSES)


@dataclass(frozen=True)
class GroupedBudget(CategoryTotals):
    """One job's budget.JobBudget figures that the dashboard needs."""

    job_id: int
    number: str
    title: str
    revenue_cents: int  # the contract value now, before sales tax
    categories: list[CategoryBudget] = field(default_factory=list)

    @property
    def over_revenue(self) -> bool:
        return self.actual_cents > self.revenue_cents


@dataclass(frozen=True)
class OverRow:
    """An open job whose costs run over: in a category, or past the contract before tax."""

    number: str
    title: str
    link: str  # its costs page
    estimated: str
    actual: str
    over: str  # by how much: the larger of the categories' excess and the excess on revenue
    words: str  # "Materials $1,200.00 over; costs $500.00 over the contract before tax"
    over_cents: int


def line_cost_sql(line) -> sa.ColumnElement:
    """budget.line_cost in SQL: sign(unit cost) x round-half-up(quantity x |unit cost| / 1000),
    negated when the line's price is negative. In BIGINT: thousandths x cents overflow 32 bits.
    Quantities are above 0, so the integer division of a positive number is the floor."""
    quantity = sa.cast(line.quantity_milli, sa.BigInteger)
    rounded = (quantity * func.abs(line.unit_cost_cents) + MILLI // 2) // MILLI
    negative = (line.unit_cost_cents < 0) != (line.price_cents < 0)
    return case((negative, -rounded), else_=rounded)


def _jobs(session: Session, chosen) -> dict[int, tuple]:
    """(number, title, has an estimate, the estimate's discount, the job itself when made by
    hand) by job id."""
    found = {}
    for row in session.exec(
        select(
            Job.id,
            Job.number,
            Job.title,
            Job.contract_cents,
            Job.tax_category,
            Job.tax_rate,
            Estimate.id,
            Estimate.discount_cents,
        )
        .outerjoin(Estimate, Estimate.id == Job.estimate_id)
        .where(Job.id.in_(chosen))
    ):
        job_id, number, title, contract, tax_category, tax_rate, estimate_id, discount = row
        by_hand = None
        if estimate_id is None:  # priced from its total (budget.contract_before_tax)
            by_hand = Job(contract_cents=contract, tax_category=tax_category, tax_rate=tax_rate)
        found[job_id] = (number, title, estimate_id is not None, discount or 0, by_hand)
    return found


def _contract_lines(session: Session, chosen, estimated: dict) -> dict[int, list]:
    """Adds the contract lines' estimated cost by job and category into `estimated`; returns
    each job's [sum of the lines' prices, sum of the positive ones]."""
    line = EstimateLine
    prices: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for job_id, category, cost, price, work in session.exec(
        select(
            Job.id,
            line.cost_category,
            func.sum(line_cost_sql(line)),
            func.sum(line.price_cents),
            func.sum(case((line.price_cents > 0, line.price_cents), else_=0)),
        )
        .join(line, line.estimate_id == Job.estimate_id)
        .where(line.chosen, Job.id.in_(chosen))
        .group_by(Job.id, line.cost_category)
    ):
        estimated[job_id][category] += int(cost or 0)
        prices[job_id][0] += int(price or 0)
        prices[job_id][1] += int(work or 0)
    return prices


def _change_orders(session: Session, chosen, estimated: dict) -> dict[int, int]:
    """Adds the signed change orders' lines' estimated cost into `estimated`; returns each
    job's signed change orders' subtotal (before tax)."""
    signed = (ChangeOrder.job_id.in_(chosen), ChangeOrder.status == ChangeOrderStatus.SIGNED)
    line = ChangeOrderLine
    for job_id, category, cost in session.exec(
        select(ChangeOrder.job_id, line.cost_category, func.sum(line_cost_sql(line)))
        .join(line, line.change_order_id == ChangeOrder.id)
        .where(*signed)
        .group_by(ChangeOrder.job_id, line.cost_category)
    ):
        estimated[job_id][category] += int(cost or 0)
    subtotals = session.exec(
        select(ChangeOrder.job_id, func.sum(ChangeOrder.subtotal_cents))
        .where(*signed)
        .group_by(ChangeOrder.job_id)
    )
    return {job_id: int(cents or 0) for job_id, cents in subtotals}


def _actual(session: Session, chosen) -> dict[int, dict[str, int]]:
    """The costs that count (not deleted), with their tax, by job and category."""
    actual: dict[int, dict[str, int]] = defaultdict(dict)
    for job_id, category, cents in session.exec(
        select(JobCost.job_id, JobCost.category, func.sum(JobCost.amount_cents + JobCost.tax_cents))
        .where(JobCost.job_id.in_(chosen), JobCost.deleted_at.is_(None))
        .group_by(JobCost.job_id, JobCost.category)
    ):
        actual[job_id][category] = int(cents or 0)
    return actual


def grouped_budgets(session: Session, *job_conditions) -> dict[int, GroupedBudget]:
    """The budgets of the jobs that meet `job_conditions` (on Job), by job id: the categories
    and revenue that budget.job_budget gives for each, from five queries in all."""
    # The jobs as a subquery each query starts from: on job_cost, SQLite then looks up each
    # job's costs by its index (4 ms) instead of reading all of them in job order (70 ms).
    chosen = select(Job.id).where(*job_conditions)
    jobs = _jobs(session, chosen)
    estimated: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    prices = _contract_lines(session, chosen, estimated)
    changes = _change_orders(session, chosen, estimated)
    actual = _actual(session, chosen)
    budgets = {}
    for job_id, (number, title, has_estimate, discount, by_hand) in jobs.items():
        if has_estimate:
            total, work = prices.get(job_id, (0, 0))
            contract = total - min(max(discount, 0), work)  # billing.totals.document_totals
        else:
            contract = price_before_tax(by_hand)
        mine, spent = estimated.get(job_id, {}), actual.get(job_id, {})
        categories = [
            CategoryBudget(c.slug, c.label, mine.get(c.slug, 0), spent.get(c.slug, 0))
            for c in COST_CATEGORIES
            if mine.get(c.slug) or spent.get(c.slug)
        ]
        revenue = contract + changes.get(job_id, 0)
        budgets[job_id] = GroupedBudget(job_id, number, title, revenue, categories)
    return budgets


def _over_row(budget: GroupedBudget) -> OverRow:
    over = [c for c in budget.categories if c.over]
    excess = sum(c.actual_cents - c.estimated_cents for c in over)
    past_revenue = budget.actual_cents - budget.revenue_cents
    words = [f"{c.label} {format_usd(c.actual_cents - c.estimated_cents)} over" for c in over]
    if budget.over_revenue:
        words.append(f"costs {format_usd(past_revenue)} over the contract before tax")
    by = max(excess, past_revenue)
    sentence = "; ".join(words)
    return OverRow(
        budget.number,
        budget.title,
        job_costs_path(budget.number),
        format_usd(budget.estimated_cents),
        format_usd(budget.actual_cents),
        format_usd(by),
        sentence[:1].upper() + sentence[1:],
        by,
    )


def over_estimate(session: Session) -> tuple[list[OverRow], int]:
    """The open jobs (not closed or cancelled) with a category over its estimate or costs past
    their revenue before tax, most over first (at most OVER_ROWS), and how many there are."""
    budgets = grouped_budgets(session, Job.status.in_(OPEN_JOB_STATUSES))
    over = [_over_row(b) for b in budgets.values() if b.over_estimate or b.over_revenue]
    over.sort(key=lambda row: (-row.over_cents, row.number))
    return over[:OVER_ROWS], len(over)
