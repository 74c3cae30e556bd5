"""A job as its staff page reads it: the contract, the money (in cents; billing.shown puts it
in words), the payment schedule, the change orders, the invoices and the history."""

from dataclasses import dataclass, field
from datetime import timedelta

from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import (
    ENDED_JOB_STATUSES,
    OPEN_CHANGE_ORDER_STATUSES,
    ChangeOrder,
    ChangeOrderStatus,
    Estimate,
    Invoice,
    InvoiceStatus,
    Job,
    JobEvent,
    JobStatus,
    Signature,
    User,
)
from renovation_app.services.billing import STATUS_LABELS as INVOICE_STATUS_LABELS
from renovation_app.services.billing import business_today, long_date, when_display
from renovation_app.services.billing.views import ContractCustomerView, contract_customer
from renovation_app.services.change_orders.records import link_url_of, past_its_day
from renovation_app.services.change_orders.views import METHOD_WORDS
from renovation_app.services.change_orders.views import STATUS_LABELS as CO_LABELS
from renovation_app.services.jobs.billing import billed_by
from renovation_app.services.jobs.money import job_money
from renovation_app.services.jobs.records import (
    change_orders,
    job_by_number,
    job_invoices,
    job_stages,
)

STATUS_LABELS = {status: status.value.replace("_", " ").capitalize() for status in JobStatus}
MONEY_FIGURES = (
    "contract",
    "changes",
    "value",
    "invoiced",
    "paid",
    "owed",
    "unbilled",
    "held",
    "credit_due",
)
PART_LABELS = {
    "deposit": "Deposit",
    "progress": "Progress",
    "change": "Change order",
    "final": "Final",
}


@dataclass(frozen=True)
class StageView:
    id: int
    label: str
    kind: str
    amount_cents: int
    invoice_number: str  # "" while not billed
    invoice_status: str
    can_bill: bool


@dataclass(frozen=True)
class ChangeOrderRow:
    number: int
    label: str
    reason: str
    total_cents: int
    days: int
    status: str
    status_label: str
    waiting: bool  # the owner may still sign it
    link_url: str
    signed_words: str  # "Signed by Ann Lee (drawn signature), Nov 27, 2026, 3:12 PM"
    invoice_number: str


@dataclass(frozen=True)
class JobInvoiceRow:
    number: str
    part: str
    total_cents: int
    status_label: str


@dataclass(frozen=True)
class JobEventView:
    when: str
    who: str
    detail: str
    kind: str


@dataclass(frozen=True)
class JobView(ContractCustomerView):
    number: str
    title: str
    status: str
    status_label: str
    address: str
    estimate_number: str
    signed_words: str  # "Signed by Ann Lee on Nov 27, 2026, 3:12 PM"
    start: str
    completion: str  # as amended by the signed change orders ("" when none was given)
    completion_signed: str
    days_added: int
    contract_cents: int
    changes_cents: int
    value_cents: int
    invoiced_cents: int
    paid_cents: int
    owed_cents: int
    unbilled_cents: int
    held_cents: int
    credit_due_cents: int
    open: bool  # not closed or cancelled: change orders and invoices may be added
    next_statuses: list[str] = field(default_factory=list)
    stages: list[StageView] = field(default_factory=list)
    change_orders: list[ChangeOrderRow] = field(default_factory=list)
    invoices: list[JobInvoiceRow] = field(default_factory=list)
    events: list[JobEventView] = field(default_factory=list)
    id: int = 0


FLOW = [
    JobStatus.SIGNED,
    JobStatus.SCHEDULED,
    JobStatus.IN_PROGRESS,
    JobStatus.SUBSTANTIALLY_COMPLETE,
    JobStatus.CLOSED,
]


def next_statuses(status: JobStatus) -> list[str]:
    """Where staff may move a job: forward along the flow, or cancelled while not ended."""
    if status in ENDED_JOB_STATUSES:
        return []
    later = [str(s) for s in FLOW[FLOW.index(status) + 1 :]]
    return [*later, str(JobStatus.CANCELLED)]


def _signed_words(session: Session, signature_id: int | None) -> str:
    signature = session.get(Signature, signature_id) if signature_id else None
    if signature is None:
        return ""
    when = (
        long_date(business_today(signature.signed_at))
        if signature.method == "paper"
        else when_display(signature.signed_at)
    )
    return f"Signed by {signature.signer_name} ({METHOD_WORDS[signature.method]}), {when}"


def _change_order_rows(session: Session, orders: list[ChangeOrder]) -> list[ChangeOrderRow]:
    rows = []
    today = business_today()
    for co in orders:
        expired = past_its_day(co, today)
        status = ChangeOrderStatus.EXPIRED if expired else co.status
        waiting = co.status in OPEN_CHANGE_ORDER_STATUSES and not expired
        invoice = session.get(Invoice, co.invoice_id) if co.invoice_id else None
        if invoice is not None and invoice.status == InvoiceStatus.VOID:
            invoice = None  # billed again with the job's next invoices
        rows.append(
            ChangeOrderRow(
                number=co.number,
                label=f"CO-{co.number}",
                reason=co.reason,
                total_cents=co.total_cents,
                days=co.days,
                status=str(status),
                status_label=CO_LABELS[str(status)],
                waiting=waiting,
                link_url=link_url_of(session, co) if waiting else "",
                signed_words=_signed_words(session, co.signature_id),
                invoice_number=invoice.number if invoice else "",
            )
        )
    return rows


def _stage_view(session: Session, stage, is_open: bool) -> StageView:
    billed = billed_by(session, stage)
    return StageView(
        id=stage.id,
        label=stage.label,
        kind=str(stage.kind),
        amount_cents=stage.amount_cents,
        invoice_number=billed.number if billed else "",
        invoice_status=INVOICE_STATUS_LABELS[billed.status] if billed else "",
        can_bill=is_open and billed is None and (stage.amount_cents > 0 or stage.kind == "final"),
    )


def _by_whom(kind: str) -> str:
    """Who did what no member of staff did."""
    return "the customer, by text" if kind == "text_received" else "the owner's link"


def _events(session: Session, job_id: int) -> list[JobEventView]:
    rows = session.exec(
        select(JobEvent, User.email)
        .join(User, User.id == JobEvent.user_id, isouter=True)
        .where(JobEvent.job_id == job_id)
        .order_by(JobEvent.at.desc(), JobEvent.id.desc())
    ).all()
    return [
        JobEventView(
            when_display(event.at), email or _by_whom(event.kind), event.detail, event.kind
        )
        for event, email in rows
    ]


def _contract_words(estimate: Estimate | None) -> str:
    if estimate is None or estimate.accepted_at is None:
        return ""
    return f"Signed by {estimate.signer_name} on {when_display(estimate.accepted_at)}"


def _invoice_row(invoice: Invoice) -> JobInvoiceRow:
    return JobInvoiceRow(
        invoice.number,
        PART_LABELS.get(invoice.estimate_part, "Invoice"),
        invoice.total_cents,
        INVOICE_STATUS_LABELS[invoice.status],
    )


def job_view(session: Session, job: Job) -> JobView:
    estimate = session.get(Estimate, job.estimate_id) if job.estimate_id else None
    invoices = job_invoices(session, job.id)
    orders = change_orders(session, job.id)
    signed = [co for co in orders if co.status == ChangeOrderStatus.SIGNED]
    money = job_money(session, job, signed, invoices)
    days = sum(co.days for co in signed)
    is_open = job.status not in ENDED_JOB_STATUSES
    completion = job.completion_date + timedelta(days=days) if job.completion_date else None
    return JobView(
        id=job.id,
        number=job.number,
        title=job.title,
        status=str(job.status),
        status_label=STATUS_LABELS[job.status],
        **contract_customer(job),
        address=job.address,
        estimate_number=estimate.number if estimate else "",
        signed_words=_contract_words(estimate),
        start=long_date(job.start_date) if job.start_date else "",
        completion=long_date(completion) if completion else "",
        completion_signed=long_date(job.completion_date) if job.completion_date else "",
        days_added=days,
        **{f"{name}_cents": getattr(money, f"{name}_cents") for name in MONEY_FIGURES},
        open=is_open,
        next_statuses=next_statuses(job.status),
        stages=[_stage_view(session, stage, is_open) for stage in job_stages(session, job.id)],
        change_orders=_change_order_rows(session, orders),
        invoices=[_invoice_row(invoice) for invoice in invoices],
        events=_events(session, job.id),
    )


def get_job(number: str) -> JobView | None:
    with db_session() as session:
        job = job_by_number(session, number)
        if job is None:
            return None
        view = job_view(session, job)
        session.commit()  # a change order link made at first need (links.link_token)
        return view
