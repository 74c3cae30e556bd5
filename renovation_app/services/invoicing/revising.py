"""Revising a sent invoice that is not paid in full: the same number and pay link, new lines
and amounts, the reason and the invoice before and after in its history, and the new PDF
e-mailed. A paid invoice is corrected by a refund instead; money under way blocks a revision."""

from collections.abc import Mapping
from datetime import datetime

from sqlmodel import Session

from renovation_app.db import db_session
from renovation_app.models import Invoice, InvoiceRevision, InvoiceStatus, utc_now
from renovation_app.services.billing import (
    REVISABLE_STATUSES,
    InvoiceView,
    business_today,
    by_number,
    contract_room_cents,
    format_usd,
    lines_of,
    locked_for_change,
    record_event,
    stages_of,
    view_of,
)
from renovation_app.services.billing.form_lines import price_typed, typed_from_row
from renovation_app.services.billing.money import format_percent
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import reason_text
from renovation_app.services.invoicing.queries import staff_view
from renovation_app.services.invoicing.saving import (
    fill_invoice,
    queue_invoice_email,
    write_lines_and_stages,
)
from renovation_app.services.invoicing.validation import ValidInvoice, validate_invoice
from renovation_app.services.mail import wake_outbox_worker
from renovation_app.services.payments import stop_open_intents
from renovation_app.services.payments.ledger import paid_cents, settle_invoice
from renovation_app.services.staff import SignedInUser

REASON_MAX = 500


def summary_text(view: InvoiceView) -> str:
    """The invoice in words, for its history: customer, lines, sums, total, schedule, due."""
    rows = [f"{view.customer_name} <{view.customer_email}>"]
    for line in view.lines:
        notes = ", ".join(
            n for n in (line.quantity_note, line.tax_note if view.tax_cents else "") if n
        )
        price = format_usd(line.price_cents)
        rows.append(f"{line.label}: {price}" + (f" ({notes})" if notes else ""))
    rows += [f"{row.label}: {format_usd(row.amount_cents)}" for row in view.sum_rows]
    rows.append(f"Total: {format_usd(view.total_cents)}, due {view.due_date_display}")
    rows += [f"{s.label}: {format_usd(s.amount_cents)}, due {s.due_date}" for s in view.stages]
    return "\n".join(rows)


def _check(session: Session, invoice: Invoice, user: SignedInUser, valid: ValidInvoice) -> None:
    if not (user.is_admin or user.id == invoice.author_id):
        raise ActionRefused(
            "Only an administrator or the person who wrote an invoice can revise it."
        )
    if invoice.status not in REVISABLE_STATUSES:
        if invoice.status == InvoiceStatus.VOID:
            raise ActionRefused(f"Invoice {invoice.number} is void: it cannot be revised.")
        raise ActionRefused(
            f"Invoice {invoice.number} is {invoice.status.replace('_', ' ')}: a paid invoice is "
            "not edited. Correct it with a refund or a credit note."
        )
    room = contract_room_cents(session, invoice)
    if room is not None and valid.total_cents > room:
        raise ActionRefused(
            f"The invoices of a contract bill at most its accepted total together: "
            f"{format_usd(room)} is left for this invoice. A change of the work needs a "
            "change of the contract."
        )
    paid = paid_cents(session, invoice.id)
    if valid.total_cents < paid:
        raise ActionRefused(
            f"The new total {format_usd(valid.total_cents)} is less than the {format_usd(paid)} "
            "already paid: refund the difference instead."
        )


def record_revision(
    session: Session,
    invoice: Invoice,
    before: InvoiceView,
    reason: str,
    user_id: int,
    now: datetime,
) -> InvoiceView:
    """A sent invoice's change (its revision number already counted): the revision and its
    history event, with the invoice before and after; returns the after."""
    after = view_of(session, invoice)
    session.add(
        InvoiceRevision(
            invoice_id=invoice.id,
            revision=invoice.revision,
            reason=reason[:REASON_MAX],
            before=summary_text(before),
            after=summary_text(after),
            user_id=user_id,
            at=now,
        )
    )
    record_event(
        session,
        invoice.id,
        "revised",
        f"Revision {invoice.revision}: {reason} (total {format_usd(before.total_cents)} -> "
        f"{format_usd(after.total_cents)})",
        user_id=user_id,
        at=now,
        before={"invoice": summary_text(before)},
        after={"invoice": summary_text(after)},
    )
    return after


def revise_invoice(
    number: str,
    raw: Mapping[str, object],
    reason: str,
    user: SignedInUser,
    now: datetime | None = None,
) -> InvoiceView:
    """Change a sent invoice to the form's `raw` fields (checked as a new invoice's, with
    dates back to its issue date) in one transaction under its lock: open card payments (for
    the old amount) are cancelled first, so the pay link then charges the new balance."""
    now = now or utc_now()
    text = reason_text(
        reason, "Please say why the invoice changes (the customer sees it).", REASON_MAX
    )
    with db_session() as session:
        # No payment starts or is recorded meanwhile, nor another invoice of its contract.
        invoice = locked_for_change(session, number)
        # Dates may go back to the day it was issued (a deposit already due keeps its date).
        issued = business_today(invoice.created_at)
        valid = validate_invoice(raw, today=min(issued, business_today(now)))
        _check(session, invoice, user, valid)
        try:
            stop_open_intents(session, invoice.id, "revise it")
        except ActionRefused:
            session.rollback()
            raise
        before = view_of(session, invoice)
        fill_invoice(session, invoice, valid)
        invoice.revision += 1
        session.add(invoice)
        write_lines_and_stages(session, invoice.id, valid)
        session.flush()
        settle_invoice(session, invoice, now)  # a new total can make what was paid enough
        after = record_revision(session, invoice, before, text, user.id, now)
        queue_invoice_email(session, invoice, user.id, now, revised_because=text, view=after)
        session.commit()
        view = staff_view(session, invoice)
    wake_outbox_worker()
    return view


def free_words(line) -> str:
    return "" if line.service else line.label


def revision_form(number: str) -> dict | None:
    """A sent invoice as the invoice form's fields (the same shape a draft keeps), to revise
    it; None when there is no such invoice."""
    with db_session() as session:
        invoice = by_number(session, number)
        if invoice is None:
            return None
        lines = lines_of(session, invoice.id)
        stages = stages_of(session, invoice.id)
    return {
        "name": invoice.customer_name,
        "email": invoice.customer_email,
        "phone": invoice.customer_phone,
        "address": invoice.customer_address,
        "note": invoice.note,
        "due_date": "" if stages else invoice.due_date.isoformat(),
        "tax_area": invoice.tax_area,
        "discount": price_typed(invoice.discount_cents),
        "lines": [
            # A free line's words are its label, or its description when they were long.
            {**typed_from_row(line), "description": line.description or free_words(line)}
            for line in lines
        ],
        "schedule": [
            {
                "label": stage.label,
                "amount": format_percent(stage.percent_bp)
                if stage.percent_bp
                else price_typed(stage.amount_cents),
                "due_date": stage.due_date.isoformat(),
            }
            for stage in stages
        ],
    }
