"""A credit taken off a sent invoice that is not paid in full: the credit's lines are added to
the invoice as a revision (the same number and pay link, a lower balance, the reason and the
invoice before and after in its history, the new PDF e-mailed), so what the owner no longer
owes is never asked for. The invoice's other lines and sums stay exactly as they were: the
credit's lines carry their own tax, as the document that granted them computed it."""

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session

from renovation_app.models import Invoice, InvoiceLine
from renovation_app.services.billing import (
    REVISABLE_STATUSES,
    lines_of,
    lock_invoice,
    stages_of,
    view_of,
)
from renovation_app.services.billing.lines import ValidLine, line_columns
from renovation_app.services.errors import ActionRefused
from renovation_app.services.invoicing.revising import record_revision
from renovation_app.services.invoicing.saving import queue_invoice_email
from renovation_app.services.invoicing.validation import invoice_words
from renovation_app.services.invoicing.voiding import close_invoice
from renovation_app.services.payments import stop_open_intents
from renovation_app.services.payments.ledger import paid_cents, settle_invoice


@dataclass(frozen=True)
class CreditLine:
    line: ValidLine  # a negative price
    tax_cents: int  # its tax (negative or 0)

    @property
    def total_cents(self) -> int:
        return self.line.price_cents + self.tax_cents


def creditable_cents(session: Session, invoice: Invoice) -> int:
    """How much of a credit the invoice can take: its balance, when it is sent, not paid in
    full and due in one payment (a schedule's stages would no longer add up); else 0."""
    if invoice.status not in REVISABLE_STATUSES or stages_of(session, invoice.id):
        return 0
    return max(invoice.total_cents - paid_cents(session, invoice.id), 0)


def add_credit_lines(session: Session, invoice: Invoice, credit: list[CreditLine]) -> None:
    """The credit's lines after the invoice's own, and its sums lowered by exactly theirs."""
    position = len(lines_of(session, invoice.id))
    for offset, item in enumerate(credit, start=1):
        label, description = invoice_words(item.line)
        columns = line_columns(position + offset, item.line, item.tax_cents)
        session.add(
            InvoiceLine(
                invoice_id=invoice.id, label=label, **{**columns, "description": description}
            )
        )
    invoice.subtotal_cents += sum(c.line.price_cents for c in credit)
    invoice.tax_cents += sum(c.tax_cents for c in credit)
    invoice.total_cents += sum(c.total_cents for c in credit)
    invoice.revision += 1
    session.add(invoice)
    session.flush()


def credit_invoice(
    session: Session,
    invoice: Invoice,
    credit: list[CreditLine],
    reason: str,
    user_id: int,
    now: datetime,
) -> bool:
    """Add `credit` to the invoice (at most its balance: see creditable_cents), in the caller's
    transaction. False, with nothing changed, when it cannot take it now: paid meanwhile, or a
    payment on it is under way (the credit is then owed back, as for a paid invoice)."""
    lock_invoice(session, invoice.id)  # no payment starts or is recorded meanwhile
    session.refresh(invoice)
    amount = -sum(c.total_cents for c in credit)
    if not 0 < amount <= creditable_cents(session, invoice):
        return False
    try:
        stop_open_intents(session, invoice.id, "take the credit off it")  # they ask the old sum
    except ActionRefused:
        return False
    before = view_of(session, invoice)
    add_credit_lines(session, invoice, credit)
    if invoice.total_cents == 0:  # nothing left to ask: it is void, not a bill for $0
        close_invoice(session, invoice, reason, user_id, now)
    else:
        settle_invoice(session, invoice, now)
    after = record_revision(session, invoice, before, reason, user_id, now)
    queue_invoice_email(session, invoice, user_id, now, revised_because=reason, view=after)
    return True
