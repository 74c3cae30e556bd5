"""A signed change order amends its contract at once: the payment schedule's stages not yet
billed move as it says; a change with nothing left to move is billed on its own (a supplement
when the final invoice was sent), and a credit with nothing left to move comes off the job's
open invoices (a revision of each, e-mailed with its new balance) so that it is never asked
for; only what the owner has already paid beyond the new value stays owed back. The job's
value and completion date follow from the signed rows."""

from datetime import datetime

from sqlmodel import Session

from renovation_app.models import ChangeOrder, Invoice, Job, JobStage
from renovation_app.services.billing import format_usd
from renovation_app.services.billing.lines import ValidLine, valid_from_row
from renovation_app.services.invoicing.crediting import (
    CreditLine,
    credit_invoice,
    creditable_cents,
)
from renovation_app.services.jobs.billing import SERVICE, bill_change_order, billed_by
from renovation_app.services.jobs.records import (
    change_order_lines,
    job_invoices,
    job_stages,
    record_job_event,
)
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
            session,
            job,
            "invoiced",
            f"CO-{change_order.number}: invoice {invoice.number}, "
            f"{format_usd(invoice.total_cents)}",
        )
    else:
        left = _take_off_open_invoices(session, job, change_order, own, now)
        if left:
            record_job_event(
                session,
                job,
                "credit_due",
                f"CO-{change_order.number}: {format_usd(left)} more than is left to ask for; "
                "refund it from a paid invoice",
            )


def _credit_lines(
    session: Session, job: Job, change_order: ChangeOrder, amount: int
) -> list[CreditLine]:
    """The change order's own lines, with their tax, when the whole credit goes on one
    invoice; else one line of `amount` (a share of the credit, tax included)."""
    label = f"Credit: {job.number} / CO-{change_order.number}"
    if amount == -change_order.total_cents:
        return [
            CreditLine(
                valid_from_row(row, service=row.service or SERVICE, optional=False, label=label),
                row.tax_cents,
            )
            for row in change_order_lines(session, change_order.id)
        ]
    return [CreditLine(ValidLine(SERVICE, "", unit_price_cents=-amount, label=label), 0)]


def _take_off_open_invoices(
    session: Session, job: Job, change_order: ChangeOrder, own: JobStage, now: datetime
) -> int:
    """Take the credit `own` carries off the job's open invoices, the latest first; what is
    left (what the owner paid beyond the new value) is returned, to be refunded."""
    left = -own.amount_cents
    reason = f"Change order CO-{change_order.number} signed: a credit of {format_usd(left)}"
    last: Invoice | None = None
    for invoice in reversed(job_invoices(session, job.id, counting_only=True)):
        share = min(left, creditable_cents(session, invoice))
        lines = _credit_lines(session, job, change_order, share) if share else []
        if share and credit_invoice(session, invoice, lines, reason, change_order.author_id, now):
            left, last = left - share, invoice
            record_job_event(
                session,
                job,
                "credited",
                f"CO-{change_order.number}: {format_usd(share)} off invoice {invoice.number}, "
                f"now {format_usd(invoice.total_cents)}",
            )
        if not left:
            break
    if last is not None and not left:
        own.invoice_id = last.id  # the credit is billed: its stage is settled
        session.add(own)
    return left
