"""The dashboard's margins over its twelve months: the jobs' revenue before tax (their invoices
not void, less what was refunded of them, by the New York day each was issued) less the jobs'
costs (those not deleted, with their tax, by their day), per month and per job's main service;
and the open jobs over their estimate (overruns.py).

Both sums are one GROUP BY (job, month) each, on the invoices' created_at and the job_cost
incurred_on indexes: a year of a busy office is a few thousand (job, month) rows, never the
costs themselves."""

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date

from sqlalchemy import case, func
from sqlmodel import Session, select

from renovation_app.content.invoice_options import INVOICE_OPTIONS
from renovation_app.content.invoice_options import OTHER_WORK as OTHER_SLUG
from renovation_app.models import EstimateLine, Invoice, InvoiceStatus, Job, JobCost
from renovation_app.services.billing import business_day_start, format_usd
from renovation_app.services.costs.budget import invoice_revenue
from renovation_app.services.dashboard.counting import MONTHS, last_months
from renovation_app.services.dashboard.overruns import OverRow, over_estimate

# The catalogue's services by slug, in the catalogue's order (which settles a tie).
CATALOGUE = {o.slug: o.label for o in INVOICE_OPTIONS if o.slug != OTHER_SLUG}
OTHER_WORK = next(o.label for o in INVOICE_OPTIONS if o.slug == OTHER_SLUG)
CHART_SERIES = ("Revenue", "Costs", "Margin")
IDS_PER_QUERY = 2000  # job ids bound in one IN (...): well under every engine's limit


@dataclass(frozen=True)
class MarginRow:
    label: str  # "Nov 26", a service, or the period's total
    jobs: int  # jobs with an invoice or a cost in it
    revenue: str
    costs: str
    margin: str
    percent: str  # the margin over revenue, "23.4%"; "" without revenue
    revenue_cents: int = 0
    margin_cents: int = 0


@dataclass
class Margins:
    by_month: list[MarginRow] = field(default_factory=list)
    by_service: list[MarginRow] = field(default_factory=list)
    total: MarginRow = field(default_factory=lambda: _margin_row("", 0, 0, 0))
    chart: list[dict] = field(default_factory=list)  # {"month", "Revenue", "Costs", "Margin"}
    over_estimate: list[OverRow] = field(default_factory=list)
    over_count: int = 0  # all the open jobs over, of which over_estimate lists the first


def percent(cents: int, of: int) -> str:
    return f"{cents * 100 / of:.1f}%" if of else ""


def _margin_row(label: str, jobs: int, revenue: int, costs: int) -> MarginRow:
    margin = revenue - costs
    return MarginRow(
        label,
        jobs,
        format_usd(revenue),
        format_usd(costs),
        format_usd(margin),
        percent(margin, revenue),
        revenue,
        margin,
    )


def _per_job_month(session: Session, months: list[date], ends: list[date]):
    """(revenue, costs) in cents by (job id, index of the month)."""
    sums: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    issued = case(
        *[(Invoice.created_at < business_day_start(end), k) for k, end in enumerate(ends)]
    ).label("month")
    for job_id, month, cents in session.exec(
        select(Invoice.job_id, issued, func.sum(invoice_revenue()))
        .where(
            Invoice.created_at >= business_day_start(months[0]),
            Invoice.created_at < business_day_start(ends[-1]),
            Invoice.job_id.is_not(None),
            Invoice.status != InvoiceStatus.VOID,
        )
        .group_by(Invoice.job_id, issued)
    ):
        sums[(job_id, month)][0] += int(cents or 0)
    incurred = case(*[(JobCost.incurred_on < end, k) for k, end in enumerate(ends)]).label("month")
    for job_id, month, cents in session.exec(
        select(JobCost.job_id, incurred, func.sum(JobCost.amount_cents + JobCost.tax_cents))
        .where(
            JobCost.incurred_on >= months[0],
            JobCost.incurred_on < ends[-1],
            JobCost.deleted_at.is_(None),
        )
        .group_by(JobCost.job_id, incurred)
    ):
        sums[(job_id, month)][1] += int(cents or 0)
    return sums


def main_services(session: Session, job_ids: list[int]) -> dict[int, str]:
    """Each job's main service: the catalogue service whose lines carry the largest share of
    its contract's chosen estimate lines (by price; a tie goes to the one first in the
    catalogue); a job without an estimate, or with free-text lines only, does "Other work"."""
    sums: dict[int, dict[str, int]] = defaultdict(dict)
    for start in range(0, len(job_ids), IDS_PER_QUERY):
        for job_id, service, cents in session.exec(
            select(Job.id, EstimateLine.service, func.sum(EstimateLine.price_cents))
            .join(EstimateLine, EstimateLine.estimate_id == Job.estimate_id)
            .where(EstimateLine.chosen, Job.id.in_(job_ids[start : start + IDS_PER_QUERY]))
            .group_by(Job.id, EstimateLine.service)
        ):
            if service in CATALOGUE and (cents or 0) > 0:
                sums[job_id][service] = int(cents)
    order = {slug: index for index, slug in enumerate(CATALOGUE)}
    main = {}
    for job_id in job_ids:
        services = sums.get(job_id)
        if not services:
            main[job_id] = OTHER_WORK
            continue
        slug = max(services, key=lambda s: (services[s], -order[s]))
        main[job_id] = CATALOGUE[slug]
    return main


def _by_service(session: Session, per_job: dict[int, list[int]]) -> list[MarginRow]:
    main = main_services(session, sorted(per_job))
    groups: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # jobs, revenue, costs
    for job_id, (revenue, costs) in per_job.items():
        group = groups[main[job_id]]
        group[0] += 1
        group[1] += revenue
        group[2] += costs
    rows = [_margin_row(label, *sums) for label, sums in groups.items()]
    return sorted(rows, key=lambda r: (r.label == OTHER_WORK, -r.revenue_cents, r.label))


def margins(session: Session, today: date) -> Margins:
    """The margins of the MONTHS months up to today's (New York), by month and by the jobs'
    main service, with their total; and the open jobs over their estimate."""
    months, ends = last_months(today)
    sums = _per_job_month(session, months, ends)
    per_month = [[set(), 0, 0] for _ in months]  # job ids, revenue, costs
    per_job: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for (job_id, month), (revenue, costs) in sums.items():
        per_month[month][0].add(job_id)
        per_month[month][1] += revenue
        per_month[month][2] += costs
        per_job[job_id][0] += revenue
        per_job[job_id][1] += costs
    by_month = [
        _margin_row(m.strftime("%b %y"), len(jobs), revenue, costs)
        for m, (jobs, revenue, costs) in zip(months, per_month, strict=True)
    ]
    revenue, costs = sum(r for r, _ in per_job.values()), sum(c for _, c in per_job.values())
    over, over_count = over_estimate(session)
    return Margins(
        by_month=by_month,
        by_service=_by_service(session, per_job),
        total=_margin_row(f"{MONTHS} months", len(per_job), revenue, costs),
        chart=[
            {
                "month": m.strftime("%b %y"),
                "Revenue": r / 100,
                "Costs": c / 100,
                "Margin": (r - c) / 100,
            }
            for m, (_, r, c) in zip(months, per_month, strict=True)
        ],
        over_estimate=over,
        over_count=over_count,
    )
