"""From an accepted estimate to invoices, in one click each: the deposit invoice (the deposit
required, with its due date), then the final invoice: the signed lines (optional ones as the
customer chose) less every deposit invoice issued, paid or not, with the contract's discount."""

from datetime import datetime, timedelta

from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import Estimate, EstimateStatus, Invoice, InvoiceStatus, utc_now
from renovation_app.services import invoicing
from renovation_app.services.billing import business_today, format_usd
from renovation_app.services.billing.lines import ValidLine, valid_from_row
from renovation_app.services.errors import ActionRefused
from renovation_app.services.estimates.records import (
    estimate_lines,
    latest_revision,
    lock_estimate,
    record_estimate_event,
)
from renovation_app.services.estimates.views import label_of
from renovation_app.services.invoicing import ValidInvoice
from renovation_app.services.mail import wake_outbox_worker
from renovation_app.services.staff import SignedInUser

DEPOSIT, FINAL = "deposit", "final"
FINAL_DUE_DAYS = 14
SERVICE = "estimate"  # the invoice line's service for a free-text estimate line


def billed_invoices(session: Session, estimate_id: int, part: str = "") -> list[Invoice]:
    """The estimate's invoices that still count (void ones do not): of one part, or all."""
    query = select(Invoice).where(
        Invoice.estimate_id == estimate_id, Invoice.status != InvoiceStatus.VOID
    )
    if part:
        query = query.where(Invoice.estimate_part == part)
    return list(session.exec(query.order_by(Invoice.id)))


def _accepted(session: Session, number: str) -> Estimate:
    estimate = latest_revision(session, number)
    if estimate is None:
        raise ActionRefused(f"There is no estimate {number}.")
    lock_estimate(session, estimate)  # two clicks, two tabs: one invoice
    if estimate.status != EstimateStatus.ACCEPTED:
        raise ActionRefused(
            f"Estimate {label_of(estimate)} is {estimate.status}: only an accepted estimate "
            "is invoiced."
        )
    return estimate


def _valid(
    estimate: Estimate, lines: tuple[ValidLine, ...], due, discount_cents: int = 0
) -> ValidInvoice:
    return ValidInvoice(
        name=estimate.customer_name,
        email=estimate.customer_email,
        phone=estimate.customer_phone,
        address=estimate.customer_address,
        note=f"For contract {label_of(estimate)}, signed by {estimate.signer_name}.",
        due_date=due,
        lines=lines,
        tax_area=estimate.tax_area,
        tax_rate=estimate.tax_rate,
        discount_cents=discount_cents,
    )


def _finish(
    session: Session, estimate: Estimate, invoice: Invoice, user: SignedInUser, part: str
) -> Invoice:
    record_estimate_event(
        session,
        estimate.id,
        f"{part}_invoice",
        f"invoice {invoice.number}, {format_usd(invoice.total_cents)}",
        user.id,
    )
    session.commit()
    session.refresh(invoice)
    wake_outbox_worker()
    return invoice


def create_deposit_invoice(number: str, user: SignedInUser, now: datetime | None = None) -> Invoice:
    now = now or utc_now()
    with db_session() as session:
        estimate = _accepted(session, number)
        if estimate.accepted_deposit_cents <= 0:
            raise ActionRefused(f"Estimate {label_of(estimate)} asks no deposit.")
        if existing := billed_invoices(session, estimate.id, DEPOSIT):
            raise ActionRefused(f"The deposit is already billed on invoice {existing[0].number}.")
        if billed_invoices(session, estimate.id, FINAL):
            raise ActionRefused("The final invoice is already made.")
        today = business_today(now)
        due = max(estimate.deposit_due_date or today, today)
        total = format_usd(estimate.accepted_total_cents)
        line = ValidLine(
            service=SERVICE,
            description=f"Deposit on contract {label_of(estimate)} (total {total})",
            unit_price_cents=estimate.accepted_deposit_cents,
            label="Deposit",
        )
        invoice = invoicing.add_invoice(
            session, _valid(estimate, (line,), due), user.id, now, estimate.id, DEPOSIT
        )
        return _finish(session, estimate, invoice, user, DEPOSIT)


def _final_lines(session: Session, estimate: Estimate) -> tuple[ValidLine, ...]:
    """The signed lines (the optional ones the customer chose) as they were signed, each named
    by its words, less every deposit invoice issued."""
    lines = [
        valid_from_row(
            line,
            service=line.service or SERVICE,
            description="",
            optional=False,
            label=line.description[:100],
        )  # fmt: skip
        for line in estimate_lines(session, estimate.id)
        if line.chosen
    ]
    for deposit in billed_invoices(session, estimate.id, DEPOSIT):
        lines.append(
            ValidLine(
                SERVICE,
                f"Invoice {deposit.number}",
                unit_price_cents=-deposit.total_cents,
                label="Less deposit",
            )  # fmt: skip
        )
    return tuple(lines)


def create_final_invoice(number: str, user: SignedInUser, now: datetime | None = None) -> Invoice:
    now = now or utc_now()
    with db_session() as session:
        estimate = _accepted(session, number)
        lines = _final_lines(session, estimate)
        # The contract's discount stays a discount on the invoice (before any tax).
        valid = _valid(
            estimate, lines, business_today(now) + timedelta(days=FINAL_DUE_DAYS),
            estimate.discount_cents,
        )  # fmt: skip
        if valid.total_cents <= 0:
            raise ActionRefused("Nothing is left to bill: the deposit invoices cover the total.")
        invoice = invoicing.add_invoice(session, valid, user.id, now, estimate.id, FINAL)
        estimate.status = EstimateStatus.INVOICED
        session.add(estimate)
        return _finish(session, estimate, invoice, user, FINAL)
