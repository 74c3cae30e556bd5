"""An estimate as plain values for the staff pages, the customer's page, the PDF and e-mails."""

from dataclasses import dataclass
from datetime import datetime

from renovation_app.content import BUSINESS
from renovation_app.content.languages import ENGLISH
from renovation_app.content.tax import DEFAULT_TAX_CATEGORY
from renovation_app.models import (
    DepositKind,
    Estimate,
    EstimateLine,
    EstimateStatus,
    InvoiceStatus,
    utc_now,
)
from renovation_app.services.billing import STATUS_LABELS as INVOICE_STATUS_LABELS
from renovation_app.services.billing import EmailView, long_date, when_display
from renovation_app.services.billing.lines import shown_words
from renovation_app.services.billing.money import format_percent
from renovation_app.services.billing.quantities import quantity_text
from renovation_app.services.billing.totals import is_taxed
from renovation_app.services.billing.views import ContractCustomerView, contract_customer
from renovation_app.services.estimates.certificates import ToSign, to_sign
from renovation_app.services.estimates.deadlines import (
    cancellation_days,
    cancellation_deadline,
    cancellation_open,
)
from renovation_app.services.estimates.totals import EstimateTotals, counted, estimate_totals
from renovation_app.services.languages import cancellation_notices, signing_words

STATUS_LABELS = {status: status.value.capitalize() for status in EstimateStatus}
VOID_LABEL = INVOICE_STATUS_LABELS[InvoiceStatus.VOID]
# The customer may still accept or decline.
OPEN_STATUSES = (EstimateStatus.SENT, EstimateStatus.VIEWED)
REVISABLE_STATUSES = (
    EstimateStatus.SENT,
    EstimateStatus.VIEWED,
    EstimateStatus.DECLINED,
    EstimateStatus.EXPIRED,
)


@dataclass(frozen=True)
class EstimateLineView:
    id: int
    service: str  # a catalogue slug, or ""
    description: str
    quantity: str  # "2.5"
    unit: str
    unit_price_cents: int
    amount_cents: int
    optional: bool
    included: bool  # counted in the totals shown beside it
    taxed: bool = False
    tax_category: str = DEFAULT_TAX_CATEGORY


@dataclass(frozen=True)
class EstimateEventView:
    kind: str
    when_display: str
    who: str
    detail: str


@dataclass(frozen=True)
class EstimateInvoiceView:
    number: str
    part: str  # "deposit" or "final"
    total_cents: int
    status: str
    attention: str = ""  # the invoice's "needs attention" note (e.g. money to give back)


@dataclass(frozen=True)
class EstimateView(ContractCustomerView):
    id: int
    number: str
    revision: int
    label: str  # "E-2026-0001", or "E-2026-0001 (revision 2)"
    status: str
    status_label: str
    customer_address: str
    note: str
    lines: tuple[EstimateLineView, ...]
    discount_cents: int
    tax_cents: int  # the sales tax of the taxed lines
    tax_area: str
    total_cents: int
    deposit_cents: int
    deposit_words: str  # "30% of the total" / "a fixed amount" / ""
    valid_until: str  # "December 24, 2026"
    start: str
    completion: str
    contingencies: str
    time_of_essence: bool
    progress_schedule: str
    link_url: str
    created: str
    accepted: str  # "Nov 24, 2026, 3:12 PM" or ""
    signer_name: str
    document_sha256: str
    declined: str
    decline_reason: str
    cancelled: str
    cancel_until: str  # the end of the cancellation period, in words, or ""
    can_cancel: bool  # the owner may still cancel (accepted, before the deadline)
    has_optional: bool
    events: tuple[EstimateEventView, ...] = ()
    invoices: tuple[EstimateInvoiceView, ...] = ()
    # Its e-mails with their delivery (a bounce shows here); () outside the staff page.
    emails: tuple[EmailView, ...] = ()
    job_number: str = ""  # the job of a signed contract (services/jobs)
    # What the owner signs with the contract (ST-124, the lead pamphlet's receipt).
    to_sign: tuple[ToSign, ...] = ()
    year_built: int | None = None
    # A sale made in Spanish, Russian or Chinese: the owner's right to cancel in that language
    # (then in English while the translation waits for the lawyer), and the signing page's
    # words in it; empty for a sale made in English.
    language: str = "en"
    notices: tuple[dict, ...] = ()
    signing: dict | None = None


def _deposit_words(estimate: Estimate) -> str:
    if estimate.deposit_kind == DepositKind.PERCENT:
        return f"{format_percent(estimate.deposit_value)} of the total"
    if estimate.deposit_kind == DepositKind.AMOUNT:
        return "a fixed amount"
    return ""


def label_of(estimate: Estimate) -> str:
    if estimate.revision == 1:
        return estimate.number
    return f"{estimate.number} (revision {estimate.revision})"


def shown_totals(estimate: Estimate, lines: list[EstimateLine], chosen: set[int] | None):
    """The totals for the customer's choice, or as signed (accepted lines), or with every
    optional line in (staff view of an open estimate)."""
    if chosen is None:
        signed = estimate.accepted_at is not None
        chosen = {line.id for line in lines if line.chosen or not signed}
    return estimate_totals(estimate, lines, chosen)


def _when(value: datetime | None) -> str:
    return when_display(value) if value else ""


def _cancel_until(estimate: Estimate) -> str:
    """The end of the owner's right to cancel, in words ("" before signing)."""
    return _when(cancellation_deadline(estimate.accepted_at)) if estimate.accepted_at else ""


def line_view(line: EstimateLine, counted_ids: set[int]) -> EstimateLineView:
    return EstimateLineView(
        id=line.id,
        service=line.service,
        description=shown_words(line),
        quantity=quantity_text(line.quantity_milli),
        unit=line.unit,
        unit_price_cents=line.unit_price_cents,
        amount_cents=line.price_cents,
        optional=line.optional,
        included=counted(line, counted_ids),
        taxed=is_taxed(line.tax_category),
        tax_category=line.tax_category,
    )


def estimate_view(
    estimate: Estimate,
    lines: list[EstimateLine],
    chosen: set[int] | None = None,
    events: tuple[EstimateEventView, ...] = (),
    invoices: tuple[EstimateInvoiceView, ...] = (),
    now: datetime | None = None,
    *,
    link_url: str,
    emails: tuple[EmailView, ...] = (),
) -> EstimateView:
    """`link_url`: the customer's link (the one they came by, or records.link_url_of)."""
    totals: EstimateTotals = shown_totals(estimate, lines, chosen)
    status = EstimateStatus(estimate.status)
    return EstimateView(
        id=estimate.id,
        number=estimate.number,
        revision=estimate.revision,
        label=label_of(estimate),
        status=status.value,
        status_label=STATUS_LABELS[status],
        **contract_customer(estimate),
        customer_address=estimate.customer_address,
        note=estimate.note,
        lines=tuple(line_view(line, set(totals.counted_line_ids)) for line in lines),
        discount_cents=totals.discount_cents,
        tax_cents=totals.tax_cents,
        tax_area=estimate.tax_area,
        total_cents=totals.total_cents,
        deposit_cents=totals.deposit_cents,
        deposit_words=_deposit_words(estimate),
        valid_until=long_date(estimate.valid_until),
        start=long_date(estimate.start_date) if estimate.start_date else "",
        completion=long_date(estimate.completion_date) if estimate.completion_date else "",
        contingencies=estimate.contingencies,
        time_of_essence=estimate.time_of_essence,
        progress_schedule=estimate.progress_schedule,
        link_url=link_url,
        created=_when(estimate.created_at),
        accepted=_when(estimate.accepted_at),
        signer_name=estimate.signer_name,
        document_sha256=estimate.document_sha256,
        declined=_when(estimate.declined_at),
        decline_reason=estimate.decline_reason,
        cancelled=_when(estimate.cancelled_at),
        cancel_until=_cancel_until(estimate),
        can_cancel=cancellation_open(estimate, now or utc_now()),
        has_optional=any(line.optional for line in lines),
        events=events,
        invoices=invoices,
        emails=emails,
        to_sign=to_sign(estimate, lines, set(totals.counted_line_ids)),
        year_built=estimate.year_built,
        **_in_language_of_sale(estimate),
    )


def _in_language_of_sale(estimate: Estimate) -> dict:
    if estimate.language == ENGLISH.code:
        return {}
    fields = {"contractor": BUSINESS.legal_name, "address": BUSINESS.address.one_line}
    signed = estimate.accepted_at
    notices = cancellation_notices(
        estimate.language, cancellation_days(signed) if signed else None, **fields
    )
    deadline = cancellation_deadline(signed) if signed else None
    return {
        "language": estimate.language,
        "notices": tuple({"language": n.language_name, "sections": n.sections} for n in notices),
        "signing": signing_words(estimate.language, deadline),
    }
