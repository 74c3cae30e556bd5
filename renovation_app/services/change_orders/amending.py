"""A signed change order amends its contract at once: the payment schedule's stages not yet
billed move as it says, a change with nothing left to move is billed on its own (a supplement
when the final invoice was sent: a sent invoice is never changed) or, for a credit, stays owed
back to the owner; the job's value and completion date follow from the signed rows."""

from datetime import datetime

from sqlmodel import Session

from renovation_app.models import ChangeOrder, Job, JobStage
from renovation_app.services.billing import format_usd
from renovation_app.services.jobs.billing import bill_change_order, billed_by
from renovation_app.services.jobs.records import job_stages, record_job_event
from renovation_app.services.jobs.schedule import PlannedStage, apply_change


def amend_contract(session: Session, job: Job, change_order: ChangeOrder, now: datetime) -> None:
    """Apply a change order just signed, in the signature's transaction (the job is held)."""
    rows = job_stages(session, job.id)
    planned = [
        PlannedStage(
            row.kind, row.label, row.amount_cents, billed_by(session, row) is not None, row.id
        )
        for row in rows
    ]
    label = f"Change order CO-{change_order.number}"
    change = apply_change(planned, change_order.total_cents, change_order.payment, label)
    for row, stage in zip(rows, change.stages, strict=True):
        if row.amount_cents != stage.amount_cents:
            row.amount_cents = stage.amount_cents
            session.add(row)
    if change.own_stage is None:
        return
    own = JobStage(
        job_id=job.id,
        position=len(rows),
        kind=change.own_stage.kind,
        label=change.own_stage.label,
        amount_cents=change.own_stage.amount_cents,
    )
    session.add(own)
    session.flush()
    if own.amount_cents > 0:
        invoice = bill_change_order(session, job, change_order, own, now)
        record_job_event(
            session, job, "invoiced",
            f"CO-{change_order.number}: invoice {invoice.number}, "
            f"{format_usd(invoice.total_cents)}",
        )  # fmt: skip
    else:
        record_job_event(
            session, job, "credit_due",
            f"CO-{change_order.number}: {format_usd(-own.amount_cents)} more than is left to "
            "bill; refund it, or it comes off what the owner still owes",
        )  # fmt: skip
