"""Invoices: lines, payment stages, drafts, revisions, history events and numbering."""

from datetime import date, datetime
from enum import StrEnum

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from renovation_app.models.base import utc_now
from renovation_app.models.documents import DocumentLine


class InvoiceStatus(StrEnum):
    DRAFT = "draft"
    SENT = "sent"  # saved and e-mailed to the customer, waiting for payment
    PAID = "paid"
    VOID = "void"  # cancelled by staff; its pay link no longer works
    PARTIALLY_PAID = "partially_paid"
    REFUNDED = "refunded"
    PARTIALLY_REFUNDED = "partially_refunded"


class InvoiceEventKind(StrEnum):
    CREATED = "created"
    EMAILED = "emailed"
    DELIVERED = "delivered"
    VIEWED = "viewed"  # the customer opened the pay page (at most once a day)
    PAID = "paid"
    VOIDED = "voided"
    REFUNDED = "refunded"
    PAYMENT_FAILED = "payment_failed"
    PAYMENT_PROCESSING = "payment_processing"  # a bank debit started; settles days later
    PAYMENT_VOIDED = "payment_voided"  # a recorded check, transfer or cash payment taken back
    WORK_COMPLETED = "work_completed"  # substantially complete: escrowed money is released
    REVISED = "revised"  # changed after it was sent (an InvoiceRevision holds before/after)
    REMINDED = "reminded"  # a payment reminder was queued (its e-mail shows its delivery)
    REMINDERS = "reminders"  # the reminder schedule was changed, paused or resumed
    # Something staff must look at: money after a void, a dispute, a failed refund, a payment
    # that does not match what was asked.
    ATTENTION = "attention"


# An invoice staff must look at (a mail problem or a ledger note): the condition of the partial
# index ix_invoice_flagged, which a query must repeat word for word for the index to serve it.
INVOICE_FLAGGED = "attention != '' OR mail_problem != ''"


class Invoice(SQLModel, table=True):
    """An invoice to a customer; amounts are integer cents computed by the server."""

    # For the list's sorts and the dashboard at an office's size (bench/office_scale.py): the
    # invoices flagged for staff are few, so their index holds only them.
    __table_args__ = (
        sa.Index("ix_invoice_total", "total_cents", "created_at", "id"),
        sa.Index("ix_invoice_status_due", "status", "due_date"),
        # The list's search reads these columns for every invoice: a narrow copy to scan.
        sa.Index("ix_invoice_search", "customer_name", "customer_email", "number", "created_at"),
        sa.Index("ix_invoice_customer_name_lower", sa.func.lower(sa.column("customer_name"))),
        sa.Index(
            "ix_invoice_flagged",
            "due_date",
            sqlite_where=sa.text(INVOICE_FLAGGED),
            postgresql_where=sa.text(INVOICE_FLAGGED),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    number: str = Field(unique=True, index=True, max_length=20)  # "2026-0001", gap-free per year
    year: int = Field(index=True)
    customer_name: str = Field(max_length=100)
    customer_email: str = Field(max_length=254)
    customer_phone: str = Field(default="", max_length=40)
    customer_address: str = Field(default="", max_length=500)
    note: str = Field(default="", max_length=2000)
    status: InvoiceStatus = Field(default=InvoiceStatus.DRAFT, sa_type=sa.String(20), index=True)
    subtotal_cents: int
    # Sales tax: where the work is done (a content/tax.py area), its rate then (thousandths
    # of a percent) and the tax of the taxed lines; total = subtotal + tax.
    tax_area: str = Field(default="nyc", max_length=20)
    tax_rate: int = 0
    tax_cents: int = 0
    total_cents: int
    currency: str = Field(default="usd", max_length=3)
    due_date: date
    # The form's idempotency token: a double click on Submit saves one invoice.
    form_token: str | None = Field(default=None, unique=True, max_length=64)
    location: str = Field(default="", max_length=40, index=True)  # borough, for the list filter
    customer_id: int | None = Field(default=None, foreign_key="customer.id", index=True)
    created_at: datetime = Field(default_factory=utc_now, index=True)
    sent_at: datetime | None = None
    paid_at: datetime | None = None
    voided_at: datetime | None = None
    void_reason: str = Field(default="", max_length=500)
    # When it became paid in full, refunded or void: its pay link expires a while after.
    settled_at: datetime | None = None
    # What staff must look at, in words ("" when nothing): recomputed from the payments,
    # refunds and disputes whenever one of them changes.
    attention: str = Field(default="", max_length=500)
    author_id: int = Field(foreign_key="user.id", index=True)
    # The SHA-256 of the API request that made it, so a reused Idempotency-Key with another
    # body is refused.
    request_hash: str = Field(default="", max_length=64)
    # The accepted estimate it bills, and which part: "deposit" or "final" ("" otherwise).
    estimate_id: int | None = Field(default=None, foreign_key="estimate.id", index=True)
    estimate_part: str = Field(default="", max_length=10)
    # The job it bills (None for an invoice on its own).
    job_id: int | None = Field(default=None, foreign_key="job.id", index=True)
    # The day the work was substantially complete: money received before it is held in
    # escrow (General Business Law §771, the contract's notice); None while work goes on.
    work_completed_on: date | None = Field(default=None, index=True)
    # Taken off the lines' subtotal before tax (its taxed share lowers the tax; see
    # invoicing/validation.py), and how often the invoice was revised after it was sent.
    discount_cents: int = 0
    revision: int = 1
    # Days from the due date (or each stage's) to remind on, e.g. "-3,0,7,14"; "" = settings.
    reminder_days: str = Field(default="", max_length=60)
    reminders_paused: bool = False
    # A bounced or complained invoice e-mail: why, until staff fix the address and send again.
    mail_problem: str = Field(default="", max_length=300)


class InvoiceStage(SQLModel, table=True):
    """One payment of an invoice's schedule: a deposit or a stage of the work, due on a date.
    The stages' amounts add up to the invoice's total exactly."""

    __tablename__ = "invoice_stage"

    id: int | None = Field(default=None, primary_key=True)
    invoice_id: int = Field(foreign_key="invoice.id", index=True)
    position: int
    label: str = Field(max_length=100)  # what the stage pays for: "Deposit", "Rough-in done"
    percent_bp: int = 0  # as typed: 30% -> 3000; 0 for a stage given as an amount
    amount_cents: int
    due_date: date


class InvoiceLine(DocumentLine, table=True):
    """One line of an invoice (models/documents.py has its columns), with its label: the
    catalogue service's name or a free line's first words, for lists and e-mails."""

    __tablename__ = "invoice_line"
    # The list's service filter and its choices read this index alone.
    __table_args__ = (sa.Index("ix_invoice_line_service", "service", "invoice_id"),)

    invoice_id: int = Field(foreign_key="invoice.id", index=True)
    label: str = Field(max_length=100)


class InvoiceDraft(SQLModel, table=True):
    """An invoice being written: what the form holds, saved as typed (it need not be valid
    yet). It has no number; "Send" checks it, numbers and e-mails the invoice, and deletes it."""

    __tablename__ = "invoice_draft"

    id: int | None = Field(default=None, primary_key=True)
    # The SHA-256 of the author and the form's token: a double click saves one draft.
    form_token: str = Field(unique=True, max_length=64)
    author_id: int = Field(foreign_key="user.id", index=True)
    customer_name: str = Field(default="", max_length=100)  # for the list
    total_cents: int = 0  # as typed when saved, for the list; the invoice's is computed again
    form: str = Field(default="{}", sa_type=sa.Text)  # the form's fields as JSON
    created_at: datetime = Field(default_factory=utc_now)
    updated_at: datetime = Field(default_factory=utc_now, index=True)


class InvoiceRevision(SQLModel, table=True):
    """A change to a sent invoice: why, who, when, and the invoice before and after (lines,
    discount, tax, total, schedule and due date in words)."""

    __tablename__ = "invoice_revision"

    id: int | None = Field(default=None, primary_key=True)
    invoice_id: int = Field(foreign_key="invoice.id", index=True)
    revision: int  # 2 for the first change
    reason: str = Field(max_length=500)
    before: str = Field(sa_type=sa.Text)
    after: str = Field(sa_type=sa.Text)
    user_id: int = Field(foreign_key="user.id")
    at: datetime = Field(default_factory=utc_now)


class InvoiceEvent(SQLModel, table=True):
    """The history of an invoice: created, e-mailed, viewed, paid, voided ..."""

    __tablename__ = "invoice_event"

    id: int | None = Field(default=None, primary_key=True)
    invoice_id: int = Field(foreign_key="invoice.id", index=True)
    kind: InvoiceEventKind = Field(sa_type=sa.String(20))
    at: datetime = Field(default_factory=utc_now)
    user_id: int | None = Field(default=None, foreign_key="user.id")
    detail: str = Field(default="", max_length=500)


class InvoiceCounter(SQLModel, table=True):
    """The last invoice number given out in a year; incremented in the invoice's transaction."""

    __tablename__ = "invoice_counter"

    year: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    last_number: int = 0
