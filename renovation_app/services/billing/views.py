"""An invoice as plain values for pages, PDFs and e-mails: what an invoice and, later, an
estimate share. Dates are New York dates; amounts are integer cents with their "$" text."""

from dataclasses import dataclass, replace
from datetime import date, datetime, time

from renovation_app.content.business import BUSINESS_TIMEZONE
from renovation_app.content.tax import (
    CAPITAL_IMPROVEMENT,
    CAPITAL_IMPROVEMENT_NOTE,
    TAX_AREAS,
    rate_text,
)
from renovation_app.models import Estimate, Invoice, InvoiceLine, InvoiceStatus, Job, utc_now
from renovation_app.services.billing.lines import shown_words
from renovation_app.services.billing.money import format_percent, format_usd
from renovation_app.services.billing.quantities import MILLI, quantity_text
from renovation_app.services.billing.schedule import Stage

STATUS_LABELS = {status: status.value.replace("_", " ").capitalize() for status in InvoiceStatus}
# Statuses that allow voiding; who may void is checked by invoicing.void_invoice.
VOIDABLE_STATUSES = (InvoiceStatus.DRAFT, InvoiceStatus.SENT)
# Sent and not settled: payment reminders go out (services.reminders).
REMINDABLE_STATUSES = (InvoiceStatus.SENT, InvoiceStatus.PARTIALLY_PAID)
# Statuses that allow a revision (sent, not paid in full); invoicing.revise_invoice checks who.
REVISABLE_STATUSES = (InvoiceStatus.SENT, InvoiceStatus.PARTIALLY_PAID)


def business_today(now: datetime | None = None) -> date:
    """Today's date in New York."""
    return (now or utc_now()).astimezone(BUSINESS_TIMEZONE).date()


def business_day_start(day: date) -> datetime:
    """Midnight in New York at the start of `day` (an aware time, to compare stored times)."""
    return datetime.combine(day, time.min, BUSINESS_TIMEZONE)


@dataclass(frozen=True)
class ContractCustomerView:
    """Whose an estimate or a job is, as their staff pages show it and link to the customer."""

    customer_id: int  # 0 when the record has no customer
    customer_name: str
    customer_email: str
    customer_phone: str


def contract_customer(record: Estimate | Job) -> dict:
    """The fields of ContractCustomerView, from an estimate or a job."""
    return {
        "customer_id": record.customer_id or 0,
        "customer_name": record.customer_name,
        "customer_email": record.customer_email,
        "customer_phone": record.customer_phone,
    }


@dataclass(frozen=True)
class InvoiceLineView:
    position: int
    service: str  # slug
    label: str
    description: str
    price_cents: int
    tax_category: str = ""  # a content/tax.py category slug
    tax_note: str = ""  # "Taxed" or "ST-124, no tax"
    quantity_note: str = ""  # "120 sq ft x $12.50"; "" for one at its price
    quantity: str = "1"  # "2.5"
    unit: str = ""


@dataclass(frozen=True)
class SumRow:
    """A row between the lines and the total: subtotal, discount, sales tax."""

    key: str  # "subtotal", "discount", "tax"
    label: str
    amount_cents: int  # a discount's is negative


@dataclass(frozen=True)
class RevisionView:
    revision: int
    reason: str
    before: str
    after: str
    who: str
    when_display: str


@dataclass(frozen=True)
class StageView:
    label: str
    amount_cents: int
    percent: str  # "30%", or "" for a stage given as an amount
    due_date: str  # "December 15, 2026"


@dataclass(frozen=True)
class InvoiceEventView:
    kind: str  # an InvoiceEventKind value
    when: str  # ISO 8601, UTC
    when_display: str  # "Nov 23, 2026, 9:41 AM" New York time
    who: str  # the staff member's name, "Customer" for a view of the pay page, or ""
    detail: str


@dataclass(frozen=True)
class EmailView:
    """An e-mail about an invoice or an estimate, as staff see it (mail.emails_about)."""

    id: int
    to: str
    subject: str
    status: str  # queued, sending, sent, logged or failed
    delivery: str  # the status in plain words, with the reason of a failure
    queued_at: str  # ISO 8601, UTC
    sent_at: str  # ISO 8601, UTC, or ""


@dataclass(frozen=True)
class InvoiceView:
    """An invoice as plain values, for pages, the PDF and the e-mail."""

    id: int
    number: str
    status: str  # an InvoiceStatus value
    status_label: str  # "Sent", "Partially paid"
    customer_name: str
    customer_email: str
    customer_phone: str
    customer_address: str
    note: str
    location: str
    currency: str
    subtotal_cents: int
    total_cents: int
    tax_cents: int
    tax_label: str  # "Sales tax 8.875% (New York City)"
    discount_cents: int
    # Subtotal, discount and tax above the total, when there is a discount or tax: the same
    # rows on the pages, the PDF and the e-mail.
    sum_rows: tuple[SumRow, ...]
    revision: int  # 1, then 2 after the first revision
    issue_date: str  # ISO "2026-11-23" (New York date of creation)
    issue_date_display: str  # "November 23, 2026"
    due_date: str
    due_date_display: str
    created_at: str  # ISO 8601 date-times (UTC); "" when not set
    sent_at: str
    paid_at: str
    voided_at: str
    void_reason: str
    work_completed: str  # "November 24, 2026" once substantially complete, else ""
    # What staff must look at ("" when nothing): money after a void, a dispute, a failed refund.
    attention: str
    author_id: int
    author_name: str  # "" in the customer's view
    pay_url: str  # the customer's pay link (services/links)
    is_void: bool
    # Its status allows voiding (draft or sent); who may void is checked by void_invoice.
    can_be_voided: bool
    can_be_revised: bool
    can_be_reminded: bool  # sent and not settled: payment reminders apply
    lines: tuple[InvoiceLineView, ...]
    stages: tuple[StageView, ...] = ()  # the payment schedule; () for one payment
    events: tuple[InvoiceEventView, ...] = ()  # oldest first; () in the customer's view
    emails: tuple[EmailView, ...] = ()  # oldest first; () in the customer's view
    revisions: tuple[RevisionView, ...] = ()  # newest first; () in the customer's view
    # Why its capital improvement lines carry no sales tax (content/tax.py); "" without any.
    tax_exemption: str = ""


def tax_label(area_slug: str, rate: int) -> str:
    """ "Sales tax 8.875% (New York City)"."""
    area = next((a.label for a in TAX_AREAS if a.slug == area_slug), area_slug)
    return f"Sales tax {rate_text(rate)} ({area})"


def sum_rows(invoice: Invoice) -> tuple[SumRow, ...]:
    if not (invoice.tax_cents or invoice.discount_cents):
        return ()
    rows = [SumRow("subtotal", "Subtotal", invoice.subtotal_cents)]
    if invoice.discount_cents:
        rows.append(SumRow("discount", "Discount", -invoice.discount_cents))
    if invoice.tax_cents:
        label = tax_label(invoice.tax_area, invoice.tax_rate)
        rows.append(SumRow("tax", label, invoice.tax_cents))
    return tuple(rows)


def quantity_note(line: InvoiceLine) -> str:
    """ "120 sq ft x $12.50"; "" for a line of one at its price."""
    if line.quantity_milli == MILLI and not line.unit:
        return ""
    amount = f"{quantity_text(line.quantity_milli)} {line.unit}".strip()
    return f"{amount} x {format_usd(line.unit_price_cents)}"


def long_date(value: date) -> str:
    return f"{value:%B} {value.day}, {value.year}"


def when_display(value: datetime) -> str:
    """ "Nov 23, 2026, 9:41 AM", New York time."""
    local = value.astimezone(BUSINESS_TIMEZONE)
    hour = local.hour % 12 or 12
    return f"{local:%b} {local.day}, {local.year}, {hour}:{local:%M %p}"


def iso(value: datetime | None) -> str:
    return value.isoformat() if value else ""


def needs_attention(invoice: Invoice) -> str:
    """What staff must look at on an invoice: an e-mail that did not arrive, then money
    matters (payments.ledger); "" when nothing."""
    return " ".join(p for p in (invoice.mail_problem, invoice.attention) if p)


def line_view(line: InvoiceLine) -> InvoiceLineView:
    return InvoiceLineView(
        position=line.position,
        service=line.service,
        label=line.label,
        description=shown_words(line),
        price_cents=line.price_cents,
        tax_category=line.tax_category,
        tax_note="Taxed" if line.tax_cents else "ST-124, no tax",
        quantity_note=quantity_note(line),
        quantity=quantity_text(line.quantity_milli),
        unit=line.unit,
    )


def stage_view(stage: Stage) -> StageView:
    return StageView(
        label=stage.label,
        amount_cents=stage.amount_cents,
        percent=format_percent(stage.percent_bp) if stage.percent_bp else "",
        due_date=long_date(stage.due_date),
    )


def invoice_view(
    invoice: Invoice,
    lines: list[InvoiceLine],
    pay_url: str,
    stages: tuple[Stage, ...] = (),
    author_name: str = "",
    events: tuple[InvoiceEventView, ...] = (),
    emails: tuple[EmailView, ...] = (),
    revisions: tuple[RevisionView, ...] = (),
) -> InvoiceView:
    issued = business_today(invoice.created_at)
    status = InvoiceStatus(invoice.status)
    return InvoiceView(
        id=invoice.id,
        number=invoice.number,
        status=status.value,
        status_label=STATUS_LABELS[status],
        customer_name=invoice.customer_name,
        customer_email=invoice.customer_email,
        customer_phone=invoice.customer_phone,
        customer_address=invoice.customer_address,
        note=invoice.note,
        location=invoice.location,
        currency=invoice.currency,
        subtotal_cents=invoice.subtotal_cents,
        total_cents=invoice.total_cents,
        tax_cents=invoice.tax_cents,
        tax_label=tax_label(invoice.tax_area, invoice.tax_rate),
        discount_cents=invoice.discount_cents,
        sum_rows=sum_rows(invoice),
        revision=invoice.revision,
        issue_date=issued.isoformat(),
        issue_date_display=long_date(issued),
        due_date=invoice.due_date.isoformat(),
        due_date_display=long_date(invoice.due_date),
        created_at=iso(invoice.created_at),
        sent_at=iso(invoice.sent_at),
        paid_at=iso(invoice.paid_at),
        voided_at=iso(invoice.voided_at),
        void_reason=invoice.void_reason,
        work_completed=long_date(invoice.work_completed_on) if invoice.work_completed_on else "",
        attention=needs_attention(invoice),
        author_id=invoice.author_id,
        author_name=author_name,
        pay_url=pay_url,
        is_void=status == InvoiceStatus.VOID,
        can_be_voided=status in VOIDABLE_STATUSES,
        can_be_revised=status in REVISABLE_STATUSES,
        can_be_reminded=status in REMINDABLE_STATUSES,
        lines=tuple(line_view(line) for line in sorted(lines, key=lambda line: line.position)),
        stages=tuple(stage_view(stage) for stage in stages),
        events=events,
        emails=emails,
        revisions=revisions,
        tax_exemption=tax_exemption(lines),
    )


def tax_exemption(lines: list[InvoiceLine]) -> str:
    """Why no sales tax is charged on an invoice's capital improvement lines, "" without any."""
    capital = any(line.tax_category == CAPITAL_IMPROVEMENT.slug for line in lines)
    return CAPITAL_IMPROVEMENT_NOTE if capital else ""


def customer_view(view: InvoiceView) -> InvoiceView:
    """What a pay link shows (the page and its PDF): the invoice without the customer's
    e-mail and phone, staff names, history or e-mails, since anyone holding the link sees it."""
    return replace(
        view,
        customer_email="",
        customer_phone="",
        author_name="",
        events=(),
        emails=(),
        revisions=(),
    )
