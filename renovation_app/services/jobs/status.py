"""Moving a job along: scheduled, in progress, substantially complete (the money it holds in
escrow is released: admins only, as on an invoice), closed when nothing is owed either way,
or cancelled once nothing paid on it is held (its unpaid invoices are voided with it)."""

from datetime import datetime

from sqlmodel import Session

from renovation_app.db import db_session
from renovation_app.models import (
    OPEN_CHANGE_ORDER_STATUSES,
    ChangeOrderStatus,
    Invoice,
    Job,
    JobStatus,
    utc_now,
)
from renovation_app.services.billing import (
    REVISABLE_STATUSES,
    business_today,
    format_usd,
    long_date,
    record_event,
)
from renovation_app.services.billing.records import lock_invoice
from renovation_app.services.errors import ActionRefused
from renovation_app.services.invoicing.voiding import close_invoice
from renovation_app.services.jobs.creating import job_for_estimate
from renovation_app.services.jobs.money import job_money
from renovation_app.services.jobs.records import (
    change_orders,
    job_invoices,
    lock_job,
    open_job,
    record_job_event,
    signed_change_orders,
)
from renovation_app.services.jobs.views import STATUS_LABELS, next_statuses
from renovation_app.services.payments import stop_open_intents
from renovation_app.services.payments.ledger import kept_cents, payments_and_refunds
from renovation_app.services.staff import SignedInUser


def _withdraw_open_change_orders(session, job, now: datetime) -> None:
    """A closed or cancelled job takes no more signatures."""
    for co in change_orders(session, job.id):
        if co.status in OPEN_CHANGE_ORDER_STATUSES:
            co.status, co.answered_at = ChangeOrderStatus.WITHDRAWN, now
            session.add(co)


def cancel_with_contract(session: Session, estimate_id: int, now: datetime) -> None:
    """The owner cancelled the contract (within three business days): its job is cancelled, in
    the cancellation's transaction."""
    job = job_for_estimate(session, estimate_id)
    if job is None:
        return
    lock_job(session, job)
    job.status, job.closed_at = JobStatus.CANCELLED, now  # its project links' 90 days start
    session.add(job)
    _withdraw_open_change_orders(session, job, now)
    record_job_event(session, job, "status", "Cancelled: the owner cancelled the contract")


def _check_settled(session: Session, job: Job, invoices: list[Invoice]) -> None:
    """A job closes once nothing is owed either way and no invoice still asks for money. A
    credit billed beyond the value after it was paid is no work left: once refunded, it
    closes."""
    money = job_money(session, job, signed_change_orders(session, job.id), invoices)
    if money.credit_due_cents:
        raise ActionRefused(
            f"{format_usd(money.credit_due_cents)} is owed back to the owner: refund it "
            "from a paid invoice before closing the job."
        )
    if money.owed_cents:
        billed = max(money.value_cents - max(money.unbilled_cents, 0) - money.paid_cents, 0)
        raise ActionRefused(
            f"Job {job.number} still has {format_usd(money.owed_cents)} to be paid "
            f"({format_usd(billed)} invoiced, {format_usd(max(money.unbilled_cents, 0))} not "
            "billed yet): close it once it is paid."
        )
    asking = [i.number for i in invoices if i.status in REVISABLE_STATUSES]
    if asking:
        raise ActionRefused(
            f"Invoice {', '.join(asking)} still asks for money the owner no longer owes: void "
            "it (or revise it) before closing the job."
        )


def _void_what_asks_for_money(
    session: Session, job: Job, invoices: list[Invoice], user: SignedInUser, now: datetime
) -> None:
    """A job is cancelled once every payment on it was given back: its invoices that still ask
    for money are voided with it (their open card payments stopped first); one that holds
    money, or has money under way, keeps the job open."""
    for invoice in invoices:
        lock_invoice(session, invoice.id)
        session.refresh(invoice)
        payments, _ = payments_and_refunds(session, invoice.id)
        held = sum(kept_cents(p) for p in payments)
        if held:
            raise ActionRefused(
                f"{format_usd(held)} paid on invoice {invoice.number} is still held: refund it "
                "(or record it as returned), then cancel the job."
            )
    asking = [i for i in invoices if i.status in REVISABLE_STATUSES]
    if asking and not user.is_admin:
        raise ActionRefused(
            "Only an admin can cancel a job with invoices: they are voided with it."
        )
    for invoice in asking:
        try:
            stop_open_intents(session, invoice.id, "cancel the job")
        except ActionRefused:
            session.rollback()
            raise
        close_invoice(session, invoice, f"Job {job.number} cancelled", user.id, now)


def set_job_status(
    number: str, status: str, user: SignedInUser, now: datetime | None = None
) -> None:
    now = now or utc_now()
    with db_session() as session:
        job = open_job(session, number)
        if status not in next_statuses(job.status):
            raise ActionRefused(
                f"Job {job.number} is {STATUS_LABELS[job.status].lower()}: it cannot move there."
            )
        new = JobStatus(status)
        invoices = job_invoices(session, job.id, counting_only=True)
        if new == JobStatus.SUBSTANTIALLY_COMPLETE:
            if not user.is_admin:
                raise ActionRefused("Only an admin can mark the work substantially complete.")
            today = business_today(now)
            job.substantially_complete_on = today
            for invoice in invoices:  # the money they hold in escrow is released
                if invoice.work_completed_on is None:
                    lock_invoice(session, invoice.id)
                    invoice.work_completed_on = today
                    session.add(invoice)
                    words = f"Work substantially complete on {long_date(today)}: escrow released"
                    record_event(
                        session, invoice.id, "work_completed", words, user_id=user.id, at=now
                    )
        elif new == JobStatus.CLOSED:
            _check_settled(session, job, invoices)
        elif new == JobStatus.CANCELLED:
            _void_what_asks_for_money(session, job, invoices, user, now)
        if new in (JobStatus.CLOSED, JobStatus.CANCELLED):
            job.closed_at = now  # ended: its project links' 90 days start (links.lifetimes)
            _withdraw_open_change_orders(session, job, now)
        job.status = new
        session.add(job)
        record_job_event(session, job, "status", f"Now {STATUS_LABELS[new].lower()}", user.id)
        session.commit()
