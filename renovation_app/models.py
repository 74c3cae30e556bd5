"""Database tables (SQLModel). Alembic migrations in alembic/ create and change them."""

from datetime import UTC, date, datetime
from enum import StrEnum
from uuid import uuid4

import sqlalchemy as sa
from sqlmodel import Field, SQLModel


def utc_now() -> datetime:
    return datetime.now(UTC)


class Role(StrEnum):
    STAFF = "staff"
    ADMIN = "admin"


class User(SQLModel, table=True):
    """A staff account, made by an admin (no open sign-up)."""

    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(index=True, unique=True, max_length=254)
    name: str = Field(max_length=100)
    password_hash: str
    role: Role = Field(default=Role.STAFF, sa_type=sa.String(10))
    active: bool = True
    created_at: datetime = Field(default_factory=utc_now)
    last_sign_in_at: datetime | None = None
    # Two-step sign-in: the TOTP secret encrypted (services/staff/two_step.py), on from
    # totp_enabled_at; the last time step a code was accepted for (a code is used once).
    totp_secret: str = Field(default="", max_length=300)
    totp_enabled_at: datetime | None = None
    totp_last_step: int = 0


class LinkKind(StrEnum):
    INVITATION = "invitation"  # /welcome/<token>: set a name and password, 48 hours
    PASSWORD_RESET = "password_reset"  # /reset-password/<token>: a new password, 1 hour


class StaffLink(SQLModel, table=True):
    """A one-time link e-mailed to a person (invitation, password reset); the server keeps only
    the token's hash. Used, withdrawn or expired, it opens nothing."""

    __tablename__ = "staff_link"

    id: int | None = Field(default=None, primary_key=True)
    kind: LinkKind = Field(sa_type=sa.String(20))
    token_hash: str = Field(index=True, unique=True, max_length=64)
    email: str = Field(index=True, max_length=254)
    role: Role = Field(default=Role.STAFF, sa_type=sa.String(10))
    user_id: int | None = Field(default=None, foreign_key="user.id")  # a reset's account
    created_by: int | None = Field(default=None, foreign_key="user.id")
    created_at: datetime = Field(default_factory=utc_now)
    expires_at: datetime
    used_at: datetime | None = None
    withdrawn_at: datetime | None = None


class RecoveryCode(SQLModel, table=True):
    """One of ten single-use codes that stand in for the authenticator app (hash only)."""

    __tablename__ = "recovery_code"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="user.id", index=True)
    code_hash: str = Field(max_length=64)
    used_at: datetime | None = None


class PendingSignIn(SQLModel, table=True):
    """A first step passed (password or Google) by a user with two-step sign-in on: the browser
    holds the token in an HttpOnly cookie for five minutes while the person types the code."""

    __tablename__ = "pending_sign_in"

    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(index=True, unique=True, max_length=64)
    user_id: int = Field(foreign_key="user.id")
    method: str = Field(max_length=20)  # "password" or "google"
    created_at: datetime = Field(default_factory=utc_now)
    expires_at: datetime
    used_at: datetime | None = None


class GoogleSignIn(SQLModel, table=True):
    """A Google sign-in under way: the state (hashed; the browser's cookie holds it), the nonce
    and the PKCE verifier, used once by the callback."""

    __tablename__ = "google_sign_in"

    id: int | None = Field(default=None, primary_key=True)
    state_hash: str = Field(index=True, unique=True, max_length=64)
    nonce: str = Field(max_length=100)
    code_verifier: str = Field(max_length=200)
    created_at: datetime = Field(default_factory=utc_now)
    used_at: datetime | None = None


class AuditEvent(SQLModel, table=True):
    """One staff action that changed something, or a sign-in and its failures. Append-only: the
    database refuses UPDATE and DELETE on this table (triggers in the migration)."""

    __tablename__ = "audit_event"
    __table_args__ = (sa.Index("ix_audit_event_record", "record_kind", "record_id"),)

    id: int | None = Field(default=None, primary_key=True)
    at: datetime = Field(default_factory=utc_now, index=True)
    user_id: int | None = Field(default=None, foreign_key="user.id", index=True)
    actor: str = Field(default="", max_length=254)  # the e-mail given, for failed sign-ins too
    action: str = Field(max_length=40, index=True)
    record_kind: str = Field(default="", max_length=20)
    record_id: str = Field(default="", max_length=40)
    client_hash: str = Field(default="", max_length=64)
    detail: str = Field(default="", max_length=500)
    before: str = Field(default="", sa_type=sa.Text)
    after: str = Field(default="", sa_type=sa.Text)


class AuthSession(SQLModel, table=True):
    """A sign-in session; the browser holds the token, the server only its hash."""

    __tablename__ = "auth_session"

    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(index=True, unique=True, max_length=64)
    user_id: int = Field(foreign_key="user.id", index=True)
    created_at: datetime = Field(default_factory=utc_now)
    last_seen_at: datetime = Field(default_factory=utc_now)
    expires_at: datetime
    revoked_at: datetime | None = None


class LoginAttempt(SQLModel, table=True):
    """A failed login (or one being checked), kept to limit guessing per address and account."""

    __tablename__ = "login_attempt"

    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(index=True, max_length=254)
    client_hash: str = Field(default="", index=True, max_length=64)
    attempted_at: datetime = Field(default_factory=utc_now, index=True)


class ThrottleLock(SQLModel, table=True):
    """One row per limited key; updating it first serialises the check-and-record of that key
    (a row lock on PostgreSQL, the write lock on SQLite), so parallel requests cannot all pass."""

    __tablename__ = "throttle_lock"

    key: str = Field(primary_key=True, max_length=120)
    touched_at: datetime = Field(default_factory=utc_now)


class EnquiryStatus(StrEnum):
    NEW = "new"
    REPLIED = "replied"
    ESTIMATE_SENT = "estimate_sent"
    WON = "won"
    LOST = "lost"
    SPAM = "spam"


class Customer(SQLModel, table=True):
    """A person or business the company works for; e-mails, phones and job addresses in their
    own tables. A customer merged into another points at it."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=100)
    notes: str = Field(default="", max_length=2000)
    created_at: datetime = Field(default_factory=utc_now, index=True)
    merged_into_id: int | None = Field(default=None, foreign_key="customer.id")
    reminders_paused: bool = False
    # A bounced or complained e-mail: why, until staff fix the address and send again.
    mail_problem: str = Field(default="", max_length=300)


class CustomerContact(SQLModel, table=True):
    """An e-mail or phone of a customer; each belongs to one customer at most."""

    __tablename__ = "customer_contact"
    __table_args__ = (sa.UniqueConstraint("kind", "value", name="uq_customer_contact_kind_value"),)

    id: int | None = Field(default=None, primary_key=True)
    customer_id: int = Field(foreign_key="customer.id", index=True)
    kind: str = Field(max_length=10)  # "email" (lower-case) or "phone" (formatted)
    value: str = Field(max_length=254)


class CustomerAddress(SQLModel, table=True):
    """A job address of a customer, with its borough."""

    __tablename__ = "customer_address"

    id: int | None = Field(default=None, primary_key=True)
    customer_id: int = Field(foreign_key="customer.id", index=True)
    address: str = Field(max_length=500)
    borough: str = Field(default="", max_length=40)


class Enquiry(SQLModel, table=True):
    """A message sent through the contact form or POST /api/contact."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=100)
    email: str = Field(max_length=254)
    phone: str = Field(default="", max_length=40)
    service: str = Field(max_length=40)
    message: str = Field(max_length=5000)
    is_spam: bool = False
    status: EnquiryStatus = Field(default=EnquiryStatus.NEW, sa_type=sa.String(20), index=True)
    customer_id: int | None = Field(default=None, foreign_key="customer.id", index=True)
    source_ip_hash: str = Field(default="", max_length=64, index=True)
    created_at: datetime = Field(default_factory=utc_now, index=True)


class OutboxStatus(StrEnum):
    QUEUED = "queued"  # waiting for its first try or for its backoff to pass
    SENDING = "sending"  # claimed by a worker (until claimed_until)
    SENT = "sent"  # accepted by the provider
    LOGGED = "logged"  # no mail service configured: written to the log only, never sent
    FAILED = "failed"  # refused for good, or out of attempts
    CANCELLED = "cancelled"  # withdrawn before it was sent (a reminder for a paid invoice)


class Delivery(StrEnum):
    """What the provider reported after it accepted a message (Resend's delivery webhooks)."""

    DELIVERED = "delivered"
    DELAYED = "delayed"
    BOUNCED = "bounced"
    COMPLAINED = "complained"  # the recipient marked it as spam


class OutboxEmail(SQLModel, table=True):
    """Every e-mail is written here first, then delivered by the outbox worker."""

    __tablename__ = "outbox_email"
    __table_args__ = (sa.Index("ix_outbox_email_about", "about_kind", "about_id"),)

    id: int | None = Field(default=None, primary_key=True)
    to: str = Field(max_length=254)
    reply_to: str = Field(default="", max_length=254)
    subject: str = Field(max_length=200)
    html: str
    text: str
    kind: str = Field(max_length=40)  # e.g. enquiry_notification, enquiry_ack
    # What the message is about, e.g. ("enquiry", 12) or ("invoice", 7).
    about_kind: str = Field(max_length=20)
    about_id: int | None = None
    # Sent to the provider with every try, so a repeated try never sends the mail twice.
    idempotency_key: str = Field(
        default_factory=lambda: str(uuid4()), max_length=36, unique=True, index=True
    )
    status: OutboxStatus = Field(default=OutboxStatus.QUEUED, sa_type=sa.String(10), index=True)
    attempts: int = 0
    next_attempt_at: datetime = Field(default_factory=utc_now, index=True)
    # The claim of the worker sending it; its result is only written while the claim is held.
    claimed_until: datetime | None = None
    claim_token: str = Field(default="", max_length=36)
    last_error: str = ""
    provider_id: str = Field(default="", index=True)
    created_at: datetime = Field(default_factory=utc_now)
    sent_at: datetime | None = None
    # The provider's last word on delivery ("" until one comes), when and why.
    delivery: str = Field(default="", max_length=12)
    delivery_at: datetime | None = None
    delivery_detail: str = Field(default="", max_length=300)


class EmailDeliveryEvent(SQLModel, table=True):
    """One delivery webhook, kept by its message id so a replay changes nothing."""

    __tablename__ = "email_delivery_event"

    id: str = Field(primary_key=True, max_length=100)  # the webhook's svix-id
    type: str = Field(max_length=40)  # "email.bounced" ...
    provider_id: str = Field(default="", max_length=100, index=True)
    occurred_at: datetime | None = None  # as the provider says
    received_at: datetime = Field(default_factory=utc_now)


class Reminder(SQLModel, table=True):
    """One step of the reminder schedule of an invoice or an estimate. The unique key makes
    each step go out at most once, ever, however many workers run the schedule."""

    __table_args__ = (sa.UniqueConstraint("about_kind", "about_id", "step"),)

    id: int | None = Field(default=None, primary_key=True)
    about_kind: str = Field(max_length=20)  # "invoice" or "estimate"
    about_id: int
    step: str = Field(max_length=30)  # "due-3", "due+7", "stage2+0", "expiry-3", "manual:..."
    due_on: date  # the day the step fell due
    email_id: int | None = Field(default=None, foreign_key="outbox_email.id")
    created_at: datetime = Field(default_factory=utc_now)
    user_id: int | None = Field(default=None, foreign_key="user.id")  # "Send reminder now"


class OutboxAttachment(SQLModel, table=True):
    """A file sent with an outbox e-mail (e.g. an invoice PDF)."""

    __tablename__ = "outbox_attachment"

    id: int | None = Field(default=None, primary_key=True)
    email_id: int = Field(foreign_key="outbox_email.id", index=True)
    filename: str = Field(max_length=200)
    content_type: str = Field(max_length=100)
    content: bytes = Field(sa_type=sa.LargeBinary)


# --- invoices --------------------------------------------------------------------------------


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


class InvoiceLine(SQLModel, table=True):
    """One line of an invoice: a catalogue service or free text, quantity x unit price."""

    __tablename__ = "invoice_line"
    # The list's service filter and its choices read this index alone.
    __table_args__ = (sa.Index("ix_invoice_line_service", "service", "invoice_id"),)

    id: int | None = Field(default=None, primary_key=True)
    invoice_id: int = Field(foreign_key="invoice.id", index=True)
    position: int
    service: str = Field(max_length=40)  # an INVOICE_OPTIONS slug, or "" for free text
    label: str = Field(max_length=100)  # the option's label, or a free line's first words
    description: str = Field(default="", max_length=500)
    quantity_milli: int = 1000  # thousandths: 2.5 -> 2500
    unit: str = Field(default="", max_length=20)  # "sq ft", "hours"; "" for a lump sum
    unit_price_cents: int = 0
    price_cents: int  # quantity x unit price, rounded half up
    # New York sales tax of the line (content/tax.py): its category and the tax in cents.
    tax_category: str = Field(default="capital_improvement", max_length=30)
    tax_cents: int = 0


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


class PaymentStatus(StrEnum):
    OPEN = "open"  # a PaymentIntent waiting for a card
    # A bank debit Stripe accepted and the bank has not yet settled (days): not counted as
    # paid; the invoice takes no other payment and cannot be voided meanwhile.
    PROCESSING = "processing"
    SUCCEEDED = "succeeded"
    FAILED = "failed"  # the last card was declined; the intent can still be paid
    CANCELED = "canceled"
    # Stripe took money that does not match what this site asked (amount or currency):
    # not counted as paid, shown to staff.
    REVIEW = "review"
    # A recorded check, transfer or cash payment an admin took back (entered by mistake, a
    # bounced check): not counted as paid.
    VOIDED = "voided"


class PaymentMethod(StrEnum):
    CARD = "card"  # through Stripe
    BANK_DEBIT = "bank_debit"  # a US bank account (ACH Direct Debit) through Stripe
    CHECK = "check"
    ZELLE = "zelle"
    BANK_TRANSFER = "bank_transfer"
    CASH = "cash"


# Payments taken through Stripe (refunded there, never voided here); a Stripe payment is
# made as CARD and becomes BANK_DEBIT once Stripe reports a us_bank_account on it.
STRIPE_METHODS = (PaymentMethod.CARD, PaymentMethod.BANK_DEBIT)

# Payments staff record by hand (the money reached the business outside Stripe).
RECORDED_METHODS = (
    PaymentMethod.CHECK,
    PaymentMethod.ZELLE,
    PaymentMethod.BANK_TRANSFER,
    PaymentMethod.CASH,
)


class Payment(SQLModel, table=True):
    """One payment of an invoice: a Stripe PaymentIntent (unique, so a replayed webhook or a
    browser report after the webhook changes nothing) or a check, transfer or cash payment
    recorded by staff (unique on the recording form's key, so a double click records one)."""

    id: int | None = Field(default=None, primary_key=True)
    invoice_id: int = Field(foreign_key="invoice.id", index=True)
    payment_intent_id: str | None = Field(default=None, unique=True, max_length=100)
    method: PaymentMethod = Field(default=PaymentMethod.CARD, sa_type=sa.String(20))
    # A recorded payment: the check number or transfer reference, the day the money came,
    # who recorded it and the form's one-time key; a void by an admin with its reason.
    reference: str = Field(default="", max_length=100)
    received_on: date | None = Field(default=None, index=True)
    recorded_by_id: int | None = Field(default=None, foreign_key="user.id")
    record_key: str | None = Field(default=None, unique=True, max_length=64)
    voided_at: datetime | None = None
    void_reason: str = Field(default="", max_length=500)
    charge_id: str = Field(default="", max_length=100)
    amount_cents: int
    amount_refunded_cents: int = 0
    currency: str = Field(default="usd", max_length=3)
    status: PaymentStatus = Field(default=PaymentStatus.OPEN, sa_type=sa.String(12), index=True)
    # A card's brand and last 4 digits; for a bank debit, the bank's name and the account's
    # last 4 digits.
    card_brand: str = Field(default="", max_length=20)
    card_last4: str = Field(default="", max_length=4)
    last_error: str = Field(default="", max_length=300)
    attempt: int = 1
    created_at: datetime = Field(default_factory=utc_now)
    succeeded_at: datetime | None = Field(default=None, index=True)
    # A chargeback: Stripe's dispute status ("needs_response", "won", "lost"...), "" if none.
    dispute_status: str = Field(default="", max_length=30)
    dispute_amount_cents: int = 0


class RefundStatus(StrEnum):
    REQUESTED = "requested"  # recorded here, Stripe not yet answered (retried with its key)
    PENDING = "pending"  # Stripe accepted it; the money is on its way back
    SUCCEEDED = "succeeded"
    FAILED = "failed"  # Stripe could not return the money
    CANCELED = "canceled"


# Refunds that hold part of a payment: what can still be refunded leaves them out.
ACTIVE_REFUND_STATUSES = (RefundStatus.REQUESTED, RefundStatus.PENDING, RefundStatus.SUCCEEDED)


class Refund(SQLModel, table=True):
    """A refund: written here before Stripe is asked (its id is the idempotency key), then
    Stripe's id and status; refunds made in Stripe's dashboard get a row from the webhook."""

    id: int | None = Field(default=None, primary_key=True)
    payment_id: int = Field(foreign_key="payment.id", index=True)
    stripe_refund_id: str | None = Field(default=None, unique=True, max_length=100)
    amount_cents: int
    reason: str = Field(default="", max_length=500)
    status: RefundStatus = Field(default=RefundStatus.REQUESTED, sa_type=sa.String(20))
    failure_reason: str = Field(default="", max_length=200)
    user_id: int | None = Field(default=None, foreign_key="user.id")
    created_at: datetime = Field(default_factory=utc_now)


class RateHit(SQLModel, table=True):
    """One use of a limited action (e.g. "Pay now" on a pay link), counted per key."""

    __tablename__ = "rate_hit"

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(index=True, max_length=120)
    at: datetime = Field(default_factory=utc_now, index=True)


class StripeEvent(SQLModel, table=True):
    """Every webhook event handled, by Stripe's id: a replay is recognised and changes nothing."""

    __tablename__ = "stripe_event"

    id: str = Field(primary_key=True, max_length=100)
    type: str = Field(max_length=60)
    received_at: datetime = Field(default_factory=utc_now)


# --- estimates -------------------------------------------------------------------------------


class EstimateStatus(StrEnum):
    DRAFT = "draft"  # being written; the customer has not seen it
    SENT = "sent"  # e-mailed with its link
    VIEWED = "viewed"  # the customer opened the link
    ACCEPTED = "accepted"  # signed: a contract, locked
    DECLINED = "declined"
    EXPIRED = "expired"  # past its valid-until date without a signature
    CANCELLED = "cancelled"  # the owner used the right to cancel
    INVOICED = "invoiced"  # the final invoice is made
    WITHDRAWN = "withdrawn"  # replaced by a newer revision


class DepositKind(StrEnum):
    NONE = "none"
    PERCENT = "percent"  # deposit_value in basis points (30% = 3000)
    AMOUNT = "amount"  # deposit_value in cents


class Estimate(SQLModel, table=True):
    """A priced proposal; once accepted, the signed contract. A change after sending makes a
    new revision (same number, revision + 1) with its own link; the older one is withdrawn."""

    __table_args__ = (
        sa.UniqueConstraint("number", "revision", name="uq_estimate_number_revision"),
    )

    id: int | None = Field(default=None, primary_key=True)
    number: str = Field(index=True, max_length=20)  # "E-2026-0001"
    revision: int = 1
    year: int = Field(index=True)
    customer_id: int | None = Field(default=None, foreign_key="customer.id", index=True)
    enquiry_id: int | None = Field(default=None, foreign_key="enquiry.id", index=True)
    customer_name: str = Field(max_length=100)
    customer_email: str = Field(max_length=254)
    customer_phone: str = Field(default="", max_length=40)
    customer_address: str = Field(default="", max_length=500)
    location: str = Field(default="", max_length=40)
    note: str = Field(default="", max_length=2000)
    status: EstimateStatus = Field(default=EstimateStatus.DRAFT, sa_type=sa.String(20), index=True)
    discount_cents: int = 0
    deposit_kind: DepositKind = Field(default=DepositKind.NONE, sa_type=sa.String(10))
    deposit_value: int = 0
    deposit_due_date: date | None = None
    valid_until: date
    start_date: date | None = None
    completion_date: date | None = None
    contingencies: str = Field(default="", max_length=1000)
    time_of_essence: bool = False
    # Progress payments tied to stages of the work, one per line: "Framing done: 40%".
    progress_schedule: str = Field(default="", max_length=2000)
    form_token: str | None = Field(default=None, unique=True, max_length=64)
    author_id: int = Field(foreign_key="user.id", index=True)
    created_at: datetime = Field(default_factory=utc_now, index=True)
    sent_at: datetime | None = None
    viewed_at: datetime | None = None
    # The signature: who, when, from where (hashed), and the SHA-256 of the exact document.
    accepted_at: datetime | None = None
    signer_name: str = Field(default="", max_length=100)
    signer_address_hash: str = Field(default="", max_length=64)
    document_sha256: str = Field(default="", max_length=64)
    signed_document: str = ""  # the accepted document as canonical JSON
    accepted_total_cents: int = 0
    accepted_deposit_cents: int = 0
    declined_at: datetime | None = None
    decline_reason: str = Field(default="", max_length=500)
    cancelled_at: datetime | None = None


class EstimateLine(SQLModel, table=True):
    """One line of an estimate: free text or a catalogue service, quantity x unit price."""

    __tablename__ = "estimate_line"

    id: int | None = Field(default=None, primary_key=True)
    estimate_id: int = Field(foreign_key="estimate.id", index=True)
    position: int
    service: str = Field(default="", max_length=40)  # a catalogue slug, or "" for free text
    description: str = Field(max_length=500)
    quantity_milli: int = 1000  # thousandths: 2.5 -> 2500
    unit: str = Field(default="", max_length=20)  # "sq ft", "hours", "" for a lump sum
    unit_price_cents: int
    optional: bool = False  # the customer may tick it in or out
    chosen: bool = True  # what the customer signed for (optional lines)
    tax_category: str = Field(default="", max_length=20)  # none yet


class EstimateEvent(SQLModel, table=True):
    """The history of an estimate: created, sent, viewed, accepted, declined, cancelled ..."""

    __tablename__ = "estimate_event"

    id: int | None = Field(default=None, primary_key=True)
    estimate_id: int = Field(foreign_key="estimate.id", index=True)
    kind: str = Field(max_length=20)
    at: datetime = Field(default_factory=utc_now)
    user_id: int | None = Field(default=None, foreign_key="user.id")
    detail: str = Field(default="", max_length=500)


class EstimateCounter(SQLModel, table=True):
    """The last estimate number given out in a year."""

    __tablename__ = "estimate_counter"

    year: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    last_number: int = 0


# --- customer links --------------------------------------------------------------------------


class CustomerLinkKind(StrEnum):
    PAY = "pay"  # /pay/<token>: an invoice
    ESTIMATE = "estimate"  # /estimate/<token>: an estimate, then its signed contract


class CustomerLink(SQLModel, table=True):
    """A link a customer opens without signing in, scoped to one record (services/links): the
    server keeps the token's SHA-256 and the salt that, with SECRET_KEY, makes the token again
    for e-mails and staff pages. A link moved from before (salt "") cannot be made again; its
    hash still opens its record. Revoked or expired, it opens nothing."""

    __tablename__ = "customer_link"
    __table_args__ = (sa.Index("ix_customer_link_record", "kind", "record_id"),)

    id: int | None = Field(default=None, primary_key=True)
    kind: CustomerLinkKind = Field(sa_type=sa.String(20))
    record_id: int  # the invoice's or estimate's id, as `kind` says
    token_hash: str = Field(index=True, unique=True, max_length=64)
    salt: str = Field(default="", max_length=64)
    created_at: datetime = Field(default_factory=utc_now)
    expires_at: datetime | None = None
    revoked_at: datetime | None = None
