"""Reading and holding one invoice in a transaction, and writing its history."""

from datetime import datetime

from sqlmodel import Session, func, select

from renovation_app.models import (
    CustomerLinkKind,
    Estimate,
    Invoice,
    InvoiceEvent,
    InvoiceEventKind,
    InvoiceLine,
    InvoiceStage,
    InvoiceStatus,
    utc_now,
)
from renovation_app.services import audit, links
from renovation_app.services.billing.schedule import Stage
from renovation_app.services.billing.views import InvoiceView, invoice_view
from renovation_app.services.errors import ActionRefused
from renovation_app.services.limits import lock_key


def lines_of(session: Session, invoice_id: int) -> list[InvoiceLine]:
    return list(
        session.exec(
            select(InvoiceLine)
            .where(InvoiceLine.invoice_id == invoice_id)
            .order_by(InvoiceLine.position)
        )
    )


def stage_rows_of(session: Session, invoice_id: int) -> list[InvoiceStage]:
    return list(
        session.exec(
            select(InvoiceStage)
            .where(InvoiceStage.invoice_id == invoice_id)
            .order_by(InvoiceStage.position)
        )
    )


def stages_of(session: Session, invoice_id: int) -> tuple[Stage, ...]:
    """An invoice's payment schedule, in order; () for an invoice due in one payment."""
    rows = stage_rows_of(session, invoice_id)
    return tuple(Stage(r.label, r.percent_bp, r.amount_cents, r.due_date) for r in rows)


def by_number(session: Session, number: str) -> Invoice | None:
    if not isinstance(number, str) or not number.strip() or len(number) > 20:
        return None
    return session.exec(select(Invoice).where(Invoice.number == number.strip())).first()


def lock_invoice(session: Session, invoice_id: int) -> None:
    """Hold the invoice until the transaction ends: voiding, starting a card payment, a refund
    and recording what Stripe reports never interleave on one invoice."""
    lock_key(session, f"invoice:{invoice_id}")


def locked_invoice(session: Session, number: str) -> Invoice:
    """The invoice of this number, held (lock_invoice) and read again under the lock; raises
    ActionRefused when there is none."""
    invoice = by_number(session, number)
    if invoice is None:
        raise ActionRefused(f"There is no invoice {number}.")
    lock_invoice(session, invoice.id)
    session.refresh(invoice)
    return invoice


def locked_for_change(session: Session, number: str) -> Invoice:
    """locked_invoice for a change of its total: an invoice billed from a contract holds the
    contract first (as billing and cancelling it do), so its invoices change one at a time."""
    invoice = by_number(session, number)
    if invoice is not None and invoice.estimate_id is not None:
        estimate = session.get(Estimate, invoice.estimate_id)
        lock_key(session, f"estimate:{estimate.number}")
    return locked_invoice(session, number)


def contract_room_cents(session: Session, invoice: Invoice) -> int | None:
    """What this invoice may bill at most: the contract's accepted total less what its other
    invoices (void ones aside) bill, so together they never pass the contract. None for an
    invoice billed from no contract."""
    if invoice.estimate_id is None:
        return None
    contract = session.get(Estimate, invoice.estimate_id)
    others = session.exec(
        select(func.coalesce(func.sum(Invoice.total_cents), 0)).where(
            Invoice.estimate_id == invoice.estimate_id,
            Invoice.id != invoice.id,
            Invoice.status != InvoiceStatus.VOID,
        )
    ).one()
    return max(contract.accepted_total_cents - others, 0)


def record_event(
    session: Session,
    invoice_id: int,
    kind: str,
    detail: str = "",
    user_id: int | None = None,
    at: datetime | None = None,
    before: dict | None = None,
    after: dict | None = None,
) -> None:
    """One history row of an invoice (kind: an InvoiceEventKind value): every change of an
    invoice, by staff, the customer or Stripe, is written through here. A change by staff is
    also one audit row (with `before` and `after` where something was changed)."""
    session.add(
        InvoiceEvent(
            invoice_id=invoice_id,
            kind=InvoiceEventKind(kind),
            at=at or utc_now(),
            user_id=user_id,
            detail=detail[:500],
        )
    )
    if user_id is not None:
        invoice = session.get(Invoice, invoice_id)
        audit.record(
            session,
            f"invoice.{kind}",
            user_id=user_id,
            record_kind="invoice",
            record_id=invoice.number if invoice and invoice.number else invoice_id,
            detail=detail,
            before=before,
            after=after,
        )


def view_of(session: Session, invoice: Invoice, pay_url: str | None = None, **extra) -> InvoiceView:
    """An invoice with its lines and payment schedule as plain values (`extra`: the staff
    view's author name, events and e-mails). `pay_url`: the link the customer came by; else
    the invoice's current pay link, made again for e-mails and staff pages (a link issued at
    first need is added to the caller's transaction, see links.link_token)."""
    if pay_url is None:
        pay_url = links.current_link_url(session, CustomerLinkKind.PAY, invoice.id)
    return invoice_view(
        invoice,
        lines_of(session, invoice.id),
        pay_url,
        stages_of(session, invoice.id),
        **extra,
    )
