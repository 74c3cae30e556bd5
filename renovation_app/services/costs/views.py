"""A job's costs as its pages read them: the budget (estimated against actual by category, the
margins, what is owed to subcontractors) and every cost with its payment and waiver. Loaded
hourly rates are in the view only for admins."""

from dataclasses import dataclass, field

import sqlalchemy as sa
from sqlmodel import Session, select

from renovation_app.content.costs import COST_CATEGORY_LABELS, PAID_HOW
from renovation_app.db import db_session
from renovation_app.models import (
    ENDED_JOB_STATUSES,
    CostKind,
    Invoice,
    Job,
    JobCost,
    LienWaiver,
    Payment,
    PaymentStatus,
    Subcontractor,
    User,
)
from renovation_app.services import time_clock
from renovation_app.services.billing import long_date
from renovation_app.services.billing.form_lines import price_typed
from renovation_app.services.billing.money import format_usd
from renovation_app.services.billing.quantities import quantity_text
from renovation_app.services.costs.budget import budget_view, job_budget
from renovation_app.services.costs.paying import unspent_cents
from renovation_app.services.jobs.records import job_by_number
from renovation_app.services.lien_waivers import link_url_of
from renovation_app.services.staff import SignedInUser

SHOWN = 100  # the newest costs listed; the rest on asking
KIND_LABELS = {"purchase": "Purchase", "sub_bill": "Subcontractor bill", "labour": "Crew day"}


@dataclass(frozen=True)
class CostRow:
    id: int
    kind: str
    kind_label: str
    category_label: str
    day: str
    payee: str
    description: str
    amount: str
    tax: str
    total: str
    total_cents: int
    hours: str  # a crew day's hours, "" otherwise
    rate: str  # the loaded hourly rate: admins only, "" for everyone else
    paid: str  # "Paid Nov 20, 2026 by check 1042", "Due Dec 1, 2026", "Not paid"
    unpaid_bill: bool
    waiver: str  # "received", "outstanding", "" (not a paid sub bill)
    waiver_url: str  # the subcontractor's link while outstanding
    waiver_id: int
    receipt: bool
    credit: bool
    typed: dict[str, str] = field(default_factory=dict)  # its form's fields, to change it


@dataclass(frozen=True)
class Choice:
    value: int
    label: str


@dataclass(frozen=True)
class CostsPage:
    number: str
    title: str
    open: bool
    budget: dict  # budget.budget_view
    rows: list[CostRow] = field(default_factory=list)
    subcontractors: list[Choice] = field(default_factory=list)
    workers: list[Choice] = field(default_factory=list)
    payments: list[Choice] = field(default_factory=list)  # this job's payments received
    older: int = 0  # costs older than the ones listed ("Show all")
    # Admins: the clocked time no approved week has priced yet, [[person, hours], ...].
    waiting_time: list[list[str]] = field(default_factory=list)


def _paid_words(cost: JobCost) -> str:
    if cost.paid_on is None:
        return f"Due {long_date(cost.due_on)}" if cost.due_on else "Not paid"
    how = PAID_HOW.get(cost.paid_how, cost.paid_how)
    reference = f" {cost.paid_reference}" if cost.paid_reference else ""
    return f"Paid {long_date(cost.paid_on)} ({how}{reference})"


def _row(session: Session, cost: JobCost, waiver: LienWaiver | None, admin: bool) -> CostRow:
    outstanding = waiver is not None and waiver.signature_id is None
    # A crew day's amount over its hours is the person's rate: for admins only.
    hidden = cost.kind == CostKind.LABOUR and not admin
    return CostRow(
        id=cost.id,
        kind=str(cost.kind),
        kind_label=KIND_LABELS[cost.kind],
        category_label=COST_CATEGORY_LABELS.get(cost.category, cost.category),
        day=long_date(cost.incurred_on),
        payee=cost.payee,
        description=cost.description,
        amount="" if hidden else format_usd(cost.amount_cents),
        tax=format_usd(cost.tax_cents),
        total="" if hidden else format_usd(cost.total_cents),
        total_cents=0 if hidden else cost.total_cents,
        hours=quantity_text(cost.hours_milli) if cost.kind == CostKind.LABOUR else "",
        rate=format_usd(cost.hourly_cost_cents) + "/h" if admin and cost.hourly_cost_cents else "",
        paid=_paid_words(cost),
        unpaid_bill=cost.kind == CostKind.SUB_BILL and cost.paid_on is None,
        waiver="" if waiver is None else ("outstanding" if outstanding else "received"),
        waiver_url=link_url_of(session, waiver) if outstanding else "",
        waiver_id=waiver.id if waiver else 0,
        receipt=bool(cost.receipt_sha256),
        credit=cost.credit,
        typed=typed_fields(cost),
    )


def typed_fields(cost: JobCost) -> dict[str, str]:
    """A cost as its form types it (amounts as positive words; a credit is its tick)."""
    return {
        "category": cost.category,
        "incurred_on": cost.incurred_on.isoformat(),
        "payee": cost.payee,
        "description": cost.description,
        "amount": "" if cost.kind == CostKind.LABOUR else price_typed(abs(cost.amount_cents)),
        "tax": price_typed(abs(cost.tax_cents)),
        "subcontractor_id": str(cost.subcontractor_id or ""),
        "due_on": cost.due_on.isoformat() if cost.due_on else "",
        "worker_id": str(cost.worker_id or ""),
        "hours": quantity_text(cost.hours_milli) if cost.hours_milli else "",
        "paid_how": cost.paid_how or "card",
    }


def _choices(session: Session, job: Job, admin: bool) -> dict:
    subs = session.exec(
        select(Subcontractor).where(Subcontractor.active).order_by(Subcontractor.company)
    ).all()
    users = session.exec(select(User).where(User.active).order_by(User.name)).all()
    payments = session.exec(
        select(Payment, Invoice.number)
        .join(Invoice, Invoice.id == Payment.invoice_id)
        .where(
            Invoice.job_id == job.id,
            Payment.status == PaymentStatus.SUCCEEDED,
            Payment.voided_at.is_(None),
        )
        .order_by(Payment.id)
    ).all()

    def worker(user: User) -> str:
        rate = f" ({format_usd(user.hourly_cost_cents)}/h)" if admin else ""
        return (user.name or user.email) + (rate if user.hourly_cost_cents else " (no rate set)")

    return {
        "subcontractors": [
            Choice(s.id, f"{s.company} ({s.trade})" if s.trade else s.company) for s in subs
        ],
        "workers": [Choice(u.id, worker(u)) for u in users],
        "payments": [
            Choice(
                p.id,
                f"{format_usd(left)} left of {format_usd(p.amount_cents)} on {number} ({p.method})",
            )
            for p, number in payments
            if (left := unspent_cents(session, p)) > 0
        ],
    }


def job_costs(session: Session, job: Job, admin: bool, shown: int | None = SHOWN) -> CostsPage:
    """The job's costs page: the newest `shown` costs (None: all of them; a job of ten years
    has thousands), with the budget of all of them."""
    counted = (JobCost.job_id == job.id, JobCost.deleted_at.is_(None))
    costs = session.exec(
        select(JobCost)
        .where(*counted)
        .order_by(JobCost.incurred_on.desc(), JobCost.id.desc())
        .limit(shown)
    ).all()
    total = session.exec(select(sa.func.count()).select_from(JobCost).where(*counted)).one()
    waivers = {
        w.cost_id: w
        for w in session.exec(
            select(LienWaiver).where(LienWaiver.cost_id.in_([c.id for c in costs] or [0]))
        ).all()
    }
    rows = [_row(session, cost, waivers.get(cost.id), admin) for cost in costs]
    return CostsPage(
        number=job.number,
        title=job.title,
        open=job.status not in ENDED_JOB_STATUSES,
        budget=budget_view(job_budget(session, job)),
        rows=rows,
        older=total - len(rows),
        waiting_time=time_clock.waiting_time(session, job.id) if admin else [],
        **_choices(session, job, admin),
    )


def get_job_costs(number: str, user: SignedInUser, show_all: bool = False) -> CostsPage | None:
    with db_session() as session:
        job = job_by_number(session, number)
        if job is None:
            return None
        page = job_costs(session, job, user.is_admin, None if show_all else SHOWN)
        session.commit()  # a waiver link made at first need
        return page


def get_budget(number: str) -> dict | None:
    """The job page's costs card: the budget of the job, or None when there is no such job."""
    with db_session() as session:
        job = job_by_number(session, number)
        return budget_view(job_budget(session, job)) if job else None
