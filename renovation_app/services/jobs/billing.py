"""Billing a job's schedule, one stage at a time: the deposit and each progress payment as
its own invoice, a change order billed on its own (or as a supplement after the final
invoice), and the final invoice, which bills exactly what is left: the contract's lines and
every signed change order's, less every invoice of the job before it."""

from datetime import datetime, timedelta

from sqlmodel import Session

from renovation_app.db import db_session
from renovation_app.models import (
    ChangeOrder,
    Estimate,
    EstimateStatus,
    Invoice,
    InvoiceStatus,
    Job,
    JobStage,
    JobStageKind,
    utc_now,
)
from renovation_app.services import invoicing
from renovation_app.services.billing import business_today, format_usd
from renovation_app.services.billing.lines import ValidLine, valid_from_row
from renovation_app.services.errors import ActionRefused
from renovation_app.services.invoicing import ValidInvoice
from renovation_app.services.jobs.lead_safe import confirm_final_invoice, lead_safe_attachments
from renovation_app.services.jobs.records import (
    change_order_lines,
    contract_lines,
    job_invoices,
    job_stages,
    open_job,
    record_job_event,
    signed_change_orders,
)
from renovation_app.services.jobs.small_work import price_before_tax
from renovation_app.services.mail import wake_outbox_worker
from renovation_app.services.quickbooks import queue_invoice_sync
from renovation_app.services.staff import SignedInUser

DUE_DAYS = 14
SERVICE = "estimate"  # the invoice line's service for a line without a catalogue service
CREDIT_LABELS = {
    "deposit": "Less deposit",
    "progress": "Less progress payment",
    "change": "Less change order",
}


def billed_by(session: Session, stage: JobStage) -> Invoice | None:
    """The invoice that bills the stage; None while it is not billed, or its invoice is void
    (then the stage is billed again)."""
    invoice = session.get(Invoice, stage.invoice_id) if stage.invoice_id else None
    return invoice if invoice is not None and invoice.status != InvoiceStatus.VOID else None


def _valid(job: Job, note: str, lines, due, discount: int = 0, discounted=None) -> ValidInvoice:
    return ValidInvoice(
        name=job.customer_name,
        email=job.customer_email,
        phone=job.customer_phone,
        address=job.address,
        note=note,
        due_date=due,
        lines=tuple(lines),
        tax_area=job.tax_area,
        tax_rate=job.tax_rate,
        discount_cents=discount,
        discounted_lines=discounted,
    )


def _add(
    session: Session, job: Job, valid: ValidInvoice, author_id: int, now: datetime, part: str
) -> Invoice:
    # The final invoice carries the record of lead-safe work of a home built before 1978.
    documents = lead_safe_attachments(session, job) if part == "final" else ()
    invoice = invoicing.add_invoice(
        session, valid, author_id, now, job.estimate_id, part, documents=documents
    )
    invoice.job_id = job.id
    # Billed after the work was substantially complete: nothing of it is held in escrow.
    invoice.work_completed_on = job.substantially_complete_on
    session.add(invoice)
    session.flush()
    queue_invoice_sync(session, invoice)  # to QuickBooks (as the job's invoice), when connected
    return invoice


def _deposit_due(session: Session, job: Job, today):
    estimate = session.get(Estimate, job.estimate_id) if job.estimate_id else None
    return max(estimate.deposit_due_date or today, today) if estimate else today


def _bill_one(
    session: Session, job: Job, stage: JobStage, author_id: int, now: datetime
) -> Invoice:
    today = business_today(now)
    due = _deposit_due(session, job, today) if stage.kind == JobStageKind.DEPOSIT else today
    line = ValidLine(
        service=SERVICE,
        description=f"{stage.label}: payment on job {job.number}",
        unit_price_cents=stage.amount_cents,
        label=stage.label,
    )
    note = f"Payment on job {job.number} ({job.title})."
    invoice = _add(session, job, _valid(job, note, [line], due), author_id, now, str(stage.kind))
    stage.invoice_id = invoice.id
    session.add(stage)
    return invoice


def _change_lines(session: Session, change_order: ChangeOrder, job: Job) -> list[ValidLine]:
    label = f"{job.number} / CO-{change_order.number}"
    return [
        valid_from_row(line, service=line.service or SERVICE, optional=False, label=label)
        for line in change_order_lines(session, change_order.id)
    ]


def bill_change_order(
    session: Session, job: Job, change_order: ChangeOrder, stage: JobStage, now: datetime
) -> Invoice:
    """A signed change order billed on its own, with its own lines and tax (its own invoice,
    or a supplement after the final invoice: a sent invoice is never changed)."""
    note = f"Change order {job.number} / CO-{change_order.number}, signed: {change_order.reason}"
    due = business_today(now) + timedelta(days=DUE_DAYS)
    valid = _valid(job, note[:2000], _change_lines(session, change_order, job), due)
    invoice = _add(session, job, valid, change_order.author_id, now, "change")
    stage.invoice_id, change_order.invoice_id = invoice.id, invoice.id
    session.add_all([stage, change_order])
    return invoice


def _final_lines(session: Session, job: Job) -> tuple[list[ValidLine], int]:
    """The contract's lines as signed, then every signed change order's, then each earlier
    invoice of the job as a credit; and how many lines the contract's discount covers."""
    lines = [
        valid_from_row(
            line,
            service=line.service or SERVICE,
            description="",
            optional=False,
            label=line.description[:100],
        )
        for line in contract_lines(session, job)
    ]
    discounted = len(lines)
    for change_order in signed_change_orders(session, job.id):
        lines += _change_lines(session, change_order, job)
    for invoice in job_invoices(session, job.id, counting_only=True):
        lines.append(
            ValidLine(
                SERVICE,
                f"Invoice {invoice.number}",
                unit_price_cents=-invoice.total_cents,
                label=CREDIT_LABELS.get(invoice.estimate_part, "Less invoice"),
            )
        )
    return lines, discounted


def _final(session: Session, job: Job, user: SignedInUser, now: datetime) -> Invoice:
    estimate = session.get(Estimate, job.estimate_id) if job.estimate_id else None
    lines, discounted = _final_lines(session, job)
    if estimate is None:  # a job made by hand: its work at its price and tax
        work = ValidLine(
            SERVICE,
            job.title,
            unit_price_cents=price_before_tax(job),
            tax_category=job.tax_category,
            label=job.title,
        )
        lines, discounted = [work, *lines], 1
    due = business_today(now) + timedelta(days=DUE_DAYS)
    note = f"Final invoice of job {job.number} ({job.title})."
    discount = estimate.discount_cents if estimate else 0
    valid = _valid(job, note, lines, due, discount, discounted)
    if valid.total_cents <= 0:
        raise ActionRefused(
            "Nothing is left to bill: the invoices so far cover the contract as amended"
            + (f" by {format_usd(-valid.total_cents)}" if valid.total_cents else "")
            + ". What was paid beyond it is refunded from a paid invoice."
        )
    invoice = _add(session, job, valid, user.id, now, "final")
    for stage in job_stages(session, job.id):
        if billed_by(session, stage) is None:
            stage.invoice_id = invoice.id
            session.add(stage)
    if estimate is not None and estimate.status == EstimateStatus.ACCEPTED:
        estimate.status = EstimateStatus.INVOICED
        session.add(estimate)
    return invoice


def bill_stage(
    number: str,
    stage_id: int,
    user: SignedInUser,
    now: datetime | None = None,
    confirmed: object = "",
) -> Invoice:
    """Bill one stage of the job's schedule (the final stage: the final invoice, which waits
    with LeadSafeNeedsConfirming while its record of lead-safe work misses something, until
    `confirmed` repeats those words). Two clicks, two tabs: one invoice."""
    now = now or utc_now()
    with db_session() as session:
        job = open_job(session, number)
        stage = session.get(JobStage, stage_id) if isinstance(stage_id, int) else None
        if stage is None or stage.job_id != job.id:
            raise ActionRefused("That payment is not part of this job's schedule.")
        if (billed := billed_by(session, stage)) is not None:
            raise ActionRefused(f"{stage.label} is already billed on invoice {billed.number}.")
        if stage.kind == JobStageKind.FINAL:
            warning = confirm_final_invoice(session, job, confirmed)
            invoice = _final(session, job, user, now)
            if warning:
                detail = f"Final invoice {invoice.number} made anyway: {warning}"
                record_job_event(session, job, "lead_safe_confirmed", detail, user.id)
        elif stage.amount_cents <= 0:
            raise ActionRefused(f"{stage.label} has nothing to bill.")
        else:
            invoice = _bill_one(session, job, stage, user.id, now)
        record_job_event(
            session,
            job,
            "invoiced",
            f"{stage.label}: invoice {invoice.number}, {format_usd(invoice.total_cents)}",
            user.id,
        )
        session.commit()
        session.refresh(invoice)
    wake_outbox_worker()
    return invoice
