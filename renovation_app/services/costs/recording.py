"""Adding, changing and deleting a job's costs. Every change is an audit row; a cost of a
closed or cancelled job changes only by an admin with a reason. A deleted cost is kept, marked
with who, when and why (the audit log has its columns); it counts nowhere. A receipt is stored before its cost row: a
failed upload leaves no half-made cost."""

from collections.abc import Mapping
from dataclasses import asdict, replace
from datetime import date

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import ENDED_JOB_STATUSES, CostKind, Job, JobCost, LienWaiver, utc_now
from renovation_app.services import audit
from renovation_app.services.billing.money import format_usd
from renovation_app.services.costs.entry import (
    CostEntry,
    labour_cost,
    labour_entry,
    purchase_entry,
    sub_bill_entry,
)
from renovation_app.services.costs.receipts import StoredReceipt, store_receipt
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import form_token_key, reason_text
from renovation_app.services.jobs.records import job_by_number, lock_job
from renovation_app.services.staff import SignedInUser

NO_JOB = "This job does not exist."
NO_COST = "This cost is not one of this job's."


def read_entry(session: Session, kind: str, raw: Mapping, today: date | None = None) -> CostEntry:
    if kind == CostKind.PURCHASE:
        return purchase_entry(raw, today)
    if kind == CostKind.SUB_BILL:
        return sub_bill_entry(session, raw, today)
    if kind == CostKind.LABOUR:
        return labour_entry(session, raw, today)
    raise ActionRefused("Please choose a purchase, a subcontractor's bill or a crew day.")


def ended_job_reason(job: Job, user: SignedInUser, reason: object) -> str:
    """ "" on an open job; on a closed or cancelled one, the admin's reason (else refused)."""
    if job.status not in ENDED_JOB_STATUSES:
        return ""
    if not user.is_admin:
        raise ActionRefused(
            f"Job {job.number} is {job.status}: only an admin can change its costs."
        )
    return reason_text(
        reason, f"Job {job.number} is {job.status}: please give the reason for this change.", 300
    )


def open_job_locked(session: Session, number: str) -> Job:
    job = job_by_number(session, number)
    if job is None:
        raise ActionRefused(NO_JOB)
    return lock_job(session, job)


def _summary(cost: JobCost) -> dict:
    return {
        "kind": str(cost.kind),
        "category": cost.category,
        "day": cost.incurred_on.isoformat(),
        "payee": cost.payee,
        "amount": format_usd(cost.amount_cents),
        "tax": format_usd(cost.tax_cents),
        "hours_milli": cost.hours_milli,
    }


def _audit(session, action: str, job: Job, cost: JobCost, user, detail: str, before=None):
    audit.record(
        session,
        f"cost.{action}",
        user_id=user.id,
        record_kind="job_cost",
        record_id=cost.id,
        detail=f"{job.number}: {detail}"[:500],
        before=before,
        after=_summary(cost) if action != "deleted" else None,
    )


def add_cost(
    number: str,
    kind: str,
    raw: Mapping,
    user: SignedInUser,
    receipt: tuple[bytes, str] | None = None,
    form_token: object = "",
    reason: object = "",
) -> int:
    """Add one cost to the job; returns its id. A double click (the same form token) adds one."""
    stored: StoredReceipt | None = None
    if receipt is not None and receipt[0]:
        if kind != CostKind.PURCHASE:
            raise ActionRefused("Only a purchase takes a receipt.")
        stored = store_receipt(*receipt)
    key = form_token_key(user.id, form_token, "cost") or None
    with db_session() as session:
        job = open_job_locked(session, number)
        why = ended_job_reason(job, user, reason)
        if key and (done := session.exec(select(JobCost).where(JobCost.form_token == key)).first()):
            return done.id
        entry = read_entry(session, kind, raw)
        cost = JobCost(**asdict(entry), job_id=job.id, author_id=user.id, form_token=key)
        if stored is not None:
            cost.receipt_sha256, cost.receipt_name = stored.sha256, stored.name
            cost.receipt_type = stored.content_type
        session.add(cost)
        try:
            session.flush()
        except IntegrityError:  # the same form, saved by a second request a moment before
            session.rollback()
            return session.exec(select(JobCost).where(JobCost.form_token == key)).one().id
        _audit(
            session, "added", job, cost, user, f"{cost.payee} {format_usd(cost.total_cents)} {why}"
        )
        session.commit()
        return cost.id


def cost_of(session: Session, job: Job, cost_id: object) -> JobCost:
    cost = session.get(JobCost, cost_id) if isinstance(cost_id, int) else None
    if cost is None or cost.job_id != job.id or cost.deleted_at is not None:
        raise ActionRefused(NO_COST)
    return cost


def _waiver_of(session: Session, cost: JobCost) -> LienWaiver | None:
    return session.exec(select(LienWaiver).where(LienWaiver.cost_id == cost.id)).first()


def _paid_bill_entry(cost: JobCost, entry: CostEntry) -> CostEntry:
    """A paid bill's new words keep its payment: its waiver names the subcontractor, the amount
    and the day paid, so none of them changes (and the bill's day stays on or before it)."""
    if entry.amount_cents + entry.tax_cents != cost.total_cents:
        raise ActionRefused(
            f"This bill was paid ({format_usd(cost.total_cents)}) and its lien waiver is "
            "for that amount: its amount cannot change."
        )
    if entry.subcontractor_id != cost.subcontractor_id:
        raise ActionRefused(
            "This bill was paid and its lien waiver names its subcontractor: the subcontractor "
            "cannot change."
        )
    if entry.incurred_on > cost.paid_on:
        raise ActionRefused("The bill's day cannot be after the day it was paid.")
    return replace(
        entry, paid_on=cost.paid_on, paid_how=cost.paid_how, paid_reference=cost.paid_reference
    )


def edit_cost(
    number: str, cost_id: int, raw: Mapping, user: SignedInUser, reason: object = ""
) -> None:
    """Change a cost's words, day and amounts (as checked for its kind). A paid sub bill keeps
    its amount: its payment and waiver are for exactly that amount. A crew day of the same
    person keeps the hourly cost it was entered at."""
    with db_session() as session:
        job = open_job_locked(session, number)
        why = ended_job_reason(job, user, reason)
        cost = cost_of(session, job, cost_id)
        before = _summary(cost)
        entry = read_entry(session, cost.kind, raw)
        if cost.kind == CostKind.SUB_BILL and cost.paid_on is not None:
            entry = _paid_bill_entry(cost, entry)
        if cost.kind == CostKind.LABOUR and entry.worker_id == cost.worker_id:
            entry = replace(  # the day keeps the rate it was entered at
                entry,
                hourly_cost_cents=cost.hourly_cost_cents,
                amount_cents=labour_cost(entry.hours_milli, cost.hourly_cost_cents),
            )
        for name, value in asdict(entry).items():
            setattr(cost, name, value)
        cost.updated_at = utc_now()
        session.add(cost)
        _audit(session, "changed", job, cost, user, why or "changed", before=before)
        session.commit()


def delete_cost(number: str, cost_id: int, user: SignedInUser, reason: object = "") -> None:
    """Mark a cost deleted. A paid sub bill stays: its payment happened and its waiver names it
    (a mistake in it is put right by a vendor's credit)."""
    with db_session() as session:
        job = open_job_locked(session, number)
        why = ended_job_reason(job, user, reason)
        cost = cost_of(session, job, cost_id)
        if _waiver_of(session, cost) is not None:
            raise ActionRefused(
                "This bill is paid and has its lien waiver: it cannot be deleted. Record a "
                "vendor's credit to put a mistake right."
            )
        before = _summary(cost)
        cost.deleted_at, cost.deleted_reason = utc_now(), why
        session.add(cost)
        _audit(session, "deleted", job, cost, user, why or "deleted", before=before)
        session.commit()
