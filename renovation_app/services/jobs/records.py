"""Reading and holding one job in a transaction, its parts, and writing its history."""

from sqlmodel import Session, select

from renovation_app.models import (
    ENDED_JOB_STATUSES,
    ChangeOrder,
    ChangeOrderLine,
    ChangeOrderStatus,
    EstimateLine,
    Invoice,
    InvoiceStatus,
    Job,
    JobEvent,
    JobStage,
    utc_now,
)
from renovation_app.services import audit
from renovation_app.services.errors import ActionRefused
from renovation_app.services.limits import lock_key

NUMBER_MAX = 20


def job_by_number(session: Session, number: object) -> Job | None:
    if not isinstance(number, str) or not number.strip() or len(number) > NUMBER_MAX:
        return None
    return session.exec(select(Job).where(Job.number == number.strip())).first()


def lock_job(session: Session, job: Job) -> Job:
    """Hold the job until the transaction ends (change orders made, signed and billed, and its
    invoices, never interleave), and read it again under the lock."""
    lock_key(session, f"job:{job.number}")
    session.refresh(job)
    return job


def open_job(session: Session, number: str) -> Job:
    """The job, held for this transaction; an ended job (closed, cancelled) is refused."""
    job = job_by_number(session, number)
    if job is None:
        raise ActionRefused(f"There is no job {str(number)[:20]}.")
    lock_job(session, job)
    if job.status in ENDED_JOB_STATUSES:
        raise ActionRefused(f"Job {job.number} is {job.status}: nothing can be added to it.")
    return job


def record_job_event(
    session: Session, job: Job, kind: str, detail: str = "", user_id: int | None = None
) -> None:
    """One history row of a job, and one audit row (by staff, or by the customer's link)."""
    session.add(
        JobEvent(job_id=job.id, kind=kind, at=utc_now(), user_id=user_id, detail=detail[:500])
    )
    audit.record(
        session,
        f"job.{kind}",
        user_id=user_id,
        actor="" if user_id else "customer link",
        record_kind="job",
        record_id=job.number,
        detail=detail,
    )


def job_stages(session: Session, job_id: int) -> list[JobStage]:
    return list(
        session.exec(select(JobStage).where(JobStage.job_id == job_id).order_by(JobStage.position))
    )


def job_invoices(session: Session, job_id: int, counting_only: bool = False) -> list[Invoice]:
    """The job's invoices in order; with `counting_only`, without the void ones."""
    query = select(Invoice).where(Invoice.job_id == job_id)
    if counting_only:
        query = query.where(Invoice.status != InvoiceStatus.VOID)
    return list(session.exec(query.order_by(Invoice.id)))


def change_orders(session: Session, job_id: int) -> list[ChangeOrder]:
    return list(
        session.exec(
            select(ChangeOrder).where(ChangeOrder.job_id == job_id).order_by(ChangeOrder.number)
        )
    )


def signed_change_orders(session: Session, job_id: int) -> list[ChangeOrder]:
    return [co for co in change_orders(session, job_id) if co.status == ChangeOrderStatus.SIGNED]


def change_order_lines(session: Session, change_order_id: int) -> list[ChangeOrderLine]:
    return list(
        session.exec(
            select(ChangeOrderLine)
            .where(ChangeOrderLine.change_order_id == change_order_id)
            .order_by(ChangeOrderLine.position)
        )
    )


def contract_lines(session: Session, job: Job) -> list[EstimateLine]:
    """The lines the owner signed in the contract (the optional ones they chose)."""
    if job.estimate_id is None:
        return []
    return list(
        session.exec(
            select(EstimateLine)
            .where(EstimateLine.estimate_id == job.estimate_id, EstimateLine.chosen)
            .order_by(EstimateLine.position)
        )
    )
