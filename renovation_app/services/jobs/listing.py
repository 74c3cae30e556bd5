"""The job list for staff: newest first, searched by number, title, customer or address,
filtered by status, a page at a time; each job's value with its signed change orders."""

from dataclasses import dataclass

from sqlmodel import func, select

from renovation_app.db import db_session
from renovation_app.models import (
    OPEN_CHANGE_ORDER_STATUSES,
    ChangeOrder,
    ChangeOrderStatus,
    Job,
    JobStatus,
)
from renovation_app.services.billing import long_date
from renovation_app.services.billing.views import business_today
from renovation_app.services.jobs.views import STATUS_LABELS
from renovation_app.services.paging import page_of, words_in


@dataclass(frozen=True)
class JobRow:
    number: str
    title: str
    customer: str
    address: str
    status: str
    status_label: str
    value_cents: int
    waiting: int  # change orders waiting for the owner's signature
    created: str


@dataclass(frozen=True)
class JobListPage:
    rows: list[JobRow]
    total_count: int
    page: int
    page_count: int


def list_jobs(search: str = "", status: str = "", page: int = 1) -> JobListPage:
    query = select(Job).where(
        words_in(search, Job.number, Job.title, Job.customer_name, Job.address)
    )
    if status in JobStatus.__members__.values():
        query = query.where(Job.status == status)
    with db_session() as session:
        found = page_of(session, query, page, Job.created_at.desc(), Job.id.desc())
        jobs = found.rows
        ids = [job.id for job in jobs] or [0]
        signed, waiting = {}, {}
        # One query for the page's jobs: the signed changes' totals, and how many still wait
        # for a signature (sent or viewed, before their sign-by day).
        is_signed = ChangeOrder.status == ChangeOrderStatus.SIGNED
        waits = ChangeOrder.status.in_(OPEN_CHANGE_ORDER_STATUSES) & (
            ChangeOrder.valid_until >= business_today()
        )
        for job_id, signed_row, total, n in session.exec(
            select(ChangeOrder.job_id, is_signed, func.sum(ChangeOrder.total_cents), func.count())
            .where(ChangeOrder.job_id.in_(ids), is_signed | waits)
            .group_by(ChangeOrder.job_id, is_signed)
        ):
            if signed_row:
                signed[job_id] = total
            else:
                waiting[job_id] = n
        rows = [
            JobRow(
                number=job.number,
                title=job.title,
                customer=job.customer_name,
                address=job.address,
                status=str(job.status),
                status_label=STATUS_LABELS[job.status],
                value_cents=job.contract_cents + signed.get(job.id, 0),
                waiting=waiting.get(job.id, 0),
                created=long_date(business_today(job.created_at)),
            )
            for job in jobs
        ]
    return JobListPage(rows, found.total_count, found.page, found.page_count)
