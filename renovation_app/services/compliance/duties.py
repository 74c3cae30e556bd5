"""A job's New York duties read together: its deposits' escrow deadlines, the owner's escrow
notice and the lien deadline (for the job page), the jobs that have such a duty now (for the
dashboard and the office's reminders)."""

from dataclasses import dataclass
from datetime import date, timedelta

from sqlmodel import Session, select

from renovation_app.content.compliance import LIEN_MONTHS_OTHER, ST124_JOB_FLAG
from renovation_app.content.tax import CAPITAL_IMPROVEMENT
from renovation_app.db import db_session
from renovation_app.models import (
    Appointment,
    AppointmentKind,
    Job,
    JobNote,
    JobStatus,
)
from renovation_app.services.billing import business_today
from renovation_app.services.compliance.documents import (
    ST124_FILE,
    JobDocument,
    job_documents,
    job_subcontractors,
)
from renovation_app.services.compliance.escrow import (
    FINISHED,
    EscrowNotice,
    EscrowRow,
    escrow_notice,
    escrow_rows,
)
from renovation_app.services.compliance.lead_safe import LeadSafeView, lead_safe_view
from renovation_app.services.compliance.liens import LienDeadline, lien_deadline
from renovation_app.services.jobs.money import job_money
from renovation_app.services.jobs.records import (
    contract_lines,
    job_by_number,
    job_invoices,
    signed_change_orders,
)
from renovation_app.services.schedule.times import day_span
from renovation_app.services.staff import SignedInUser


@dataclass(frozen=True)
class JobDuties:
    escrow: list[EscrowRow]
    notice: EscrowNotice
    lien: LienDeadline | None
    property_type: str  # "" until set
    documents: list[JobDocument]  # the signed ST-124, the pamphlet's receipt, lead-safe record
    # Who may be given the ST-124 (a subcontractor with a bill on the job): [id, company].
    subcontractors: list[list]
    st124_flag: str  # capital improvement work billed untaxed with no signed ST-124 on file
    lead_safe: LeadSafeView | None  # the record of lead-safe work of a home built before 1978


def owed_cents(session: Session, job: Job) -> int:
    invoices = job_invoices(session, job.id)
    return job_money(session, job, signed_change_orders(session, job.id), invoices).owed_cents


def job_duties(
    session: Session, job: Job, today: date, user: SignedInUser | None = None
) -> JobDuties:
    escrow = escrow_rows(session, job, today) if job.status != JobStatus.CANCELLED else []
    lien = None
    if job.status != JobStatus.CANCELLED:
        lien = lien_deadline(session, job, owed_cents(session, job), today)
    documents = job_documents(session, job)
    subs = []
    if any(document.name == ST124_FILE for document in documents):
        subs = [[sub.id, sub.company] for sub in job_subcontractors(session, job)]
    return JobDuties(
        escrow=escrow,
        notice=escrow_notice(session, job, today, escrow),
        lien=lien,
        property_type=job.property_type,
        documents=documents,
        subcontractors=subs,
        st124_flag=st124_flag(session, job, documents),
        lead_safe=lead_safe_view(session, job, user),
    )


def st124_flag(session: Session, job: Job, documents: list[JobDocument]) -> str:
    """Words when the job's invoices bill capital improvement work untaxed with no signed
    ST-124 on file (a job made by hand, or a contract signed on paper)."""
    if any(document.name == ST124_FILE for document in documents):
        return ""
    capital = job.tax_category == CAPITAL_IMPROVEMENT.slug or any(
        line.chosen and line.tax_category == CAPITAL_IMPROVEMENT.slug
        for line in contract_lines(session, job)
    )
    return ST124_JOB_FLAG if capital else ""


def get_job_duties(number: str, user: SignedInUser | None = None) -> JobDuties | None:
    """The job's duties as `user` sees them (whether they may sign the lead-safe record)."""
    with db_session() as session:
        job = job_by_number(session, number)
        return job_duties(session, job, business_today(), user) if job else None


def open_jobs(session: Session) -> list[Job]:
    """Jobs still before substantial completion: their deposits are owed to escrow."""
    unfinished = [s for s in JobStatus if s not in FINISHED]
    return list(session.exec(select(Job).where(Job.status.in_(unfinished)).order_by(Job.id)))


def recently_worked_jobs(session: Session, today: date) -> list[Job]:
    """Jobs (not cancelled) with work recorded within the longest lien period: only they can
    have a lien deadline still to come."""
    since = today - timedelta(days=31 * LIEN_MONTHS_OTHER + 1)
    by_schedule = select(Appointment.job_id).where(
        Appointment.kind == AppointmentKind.WORK_DAY,
        Appointment.starts_at >= day_span(since)[0],
        Appointment.job_id.is_not(None),
    )
    by_log = select(JobNote.job_id).where(JobNote.day >= since, JobNote.deleted_at.is_(None))
    ids = set(session.exec(by_schedule)) | set(session.exec(by_log))
    if not ids:
        return []
    return list(
        session.exec(
            select(Job).where(Job.id.in_(ids), Job.status != JobStatus.CANCELLED).order_by(Job.id)
        )
    )
