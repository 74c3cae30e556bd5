"""What a job costs: purchases (materials and the like, with their receipt), subcontractors'
bills and crew days; the subcontractors with their insurance certificates; and the lien waiver
each paid sub bill asks for (Lien Law §34: valid only when given with or after the payment)."""

from datetime import date, datetime
from enum import StrEnum

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from renovation_app.models.base import utc_now


class CostKind(StrEnum):
    PURCHASE = "purchase"  # materials, permits, equipment hire, a dumpster...: a receipt
    SUB_BILL = "sub_bill"  # a subcontractor's bill: due, then paid
    LABOUR = "labour"  # one person's hours on one day at their loaded hourly cost


class JobCost(SQLModel, table=True):
    """One cost of one job, in cents: `amount_cents` before tax and `tax_cents` on it (a vendor
    credit, marked as such, is the only negative). Paid when `paid_on` is set: a purchase and a
    crew day on their day, a sub bill when the office records its payment. Deleted costs stay
    (deleted_at, with the reason) so the trust books of any day can be read again."""

    __tablename__ = "job_cost"
    __table_args__ = (
        sa.Index("ix_job_cost_job_day", "job_id", "incurred_on"),
        sa.Index("ix_job_cost_day", "incurred_on"),
        # The costs that count, by job and category, with their amounts: the budget's and the
        # dashboard's sums read this index alone.
        sa.Index(
            "ix_job_cost_counted",
            "job_id",
            "category",
            "amount_cents",
            "tax_cents",
            sqlite_where=sa.text("deleted_at IS NULL"),
            postgresql_where=sa.text("deleted_at IS NULL"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    job_id: int = Field(foreign_key="job.id")
    kind: CostKind = Field(sa_type=sa.String(10))
    category: str = Field(max_length=20)  # content/costs.py
    incurred_on: date  # the receipt's day, the bill's day, the day worked
    payee: str = Field(max_length=100)  # the vendor, the subcontractor, the person
    description: str = Field(default="", max_length=300)
    amount_cents: int
    tax_cents: int = 0
    credit: bool = False  # a vendor's credit: the one cost whose amount is negative
    subcontractor_id: int | None = Field(default=None, foreign_key="subcontractor.id", index=True)
    # Labour: whose hours (a staff account), how many (thousandths) at what loaded cost.
    worker_id: int | None = Field(default=None, foreign_key="user.id")
    hours_milli: int = 0
    hourly_cost_cents: int = 0  # the person's loaded rate then; admins only see it
    # Labour from an approved timesheet (its week); None for a crew day typed by the office.
    timesheet_week_id: int | None = Field(default=None, foreign_key="timesheet_week.id", index=True)
    due_on: date | None = None  # a sub bill's due date
    paid_on: date | None = Field(default=None, index=True)
    paid_how: str = Field(default="", max_length=20)  # content/costs.PAID_HOW
    paid_reference: str = Field(default="", max_length=100)  # a check number
    # The owner's payment (of this job only) this cost was paid from, when the office says so.
    funded_by_payment_id: int | None = Field(default=None, foreign_key="payment.id")
    # Paid while the subcontractor's insurance had lapsed: the lapse confirmed, in words.
    lapse_confirmed: str = Field(default="", max_length=300)
    receipt_sha256: str = Field(default="", max_length=64)
    receipt_name: str = Field(default="", max_length=200)
    receipt_type: str = Field(default="", max_length=60)
    author_id: int = Field(foreign_key="user.id")
    # The form's one-time key (services.fields.form_token_key): a double click adds one cost.
    form_token: str | None = Field(default=None, unique=True, max_length=64)
    created_at: datetime = Field(default_factory=utc_now)
    updated_at: datetime | None = None
    deleted_at: datetime | None = None
    deleted_reason: str = Field(default="", max_length=300)

    @property
    def total_cents(self) -> int:
        return self.amount_cents + self.tax_cents


class Subcontractor(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    company: str = Field(max_length=100, index=True)
    contact_name: str = Field(default="", max_length=100)
    email: str = Field(default="", max_length=254)
    phone: str = Field(default="", max_length=40)
    trade: str = Field(default="", max_length=60)  # "Plumbing", "Electrical"
    licence_number: str = Field(default="", max_length=40)
    active: bool = True
    created_at: datetime = Field(default_factory=utc_now)


class InsuranceCertificate(SQLModel, table=True):
    """A subcontractor's certificate of insurance (general liability or workers' compensation):
    its expiry and the uploaded file. The newest of each kind is the one in force."""

    __tablename__ = "insurance_certificate"

    id: int | None = Field(default=None, primary_key=True)
    subcontractor_id: int = Field(foreign_key="subcontractor.id", index=True)
    kind: str = Field(max_length=20)  # content/costs.CERTIFICATE_KINDS
    expires_on: date = Field(index=True)
    file_sha256: str = Field(default="", max_length=64)
    file_name: str = Field(default="", max_length=200)
    file_type: str = Field(default="", max_length=60)
    uploaded_by: int = Field(foreign_key="user.id")
    uploaded_at: datetime = Field(default_factory=utc_now)
    warned_at: datetime | None = None  # the office was told it lapses soon (once)


class LienWaiver(SQLModel, table=True):
    """The waiver a subcontractor gives for one paid bill, for exactly its amount and payment
    day. Made when the payment is recorded (never before: §34); received when signed at its
    link or uploaded signed (its Signature, kind "lien_waiver")."""

    __tablename__ = "lien_waiver"

    id: int | None = Field(default=None, primary_key=True)
    cost_id: int = Field(foreign_key="job_cost.id", unique=True)
    job_id: int = Field(foreign_key="job.id", index=True)
    subcontractor_id: int = Field(foreign_key="subcontractor.id")
    amount_cents: int
    paid_on: date
    created_at: datetime = Field(default_factory=utc_now)
    signature_id: int | None = Field(default=None, foreign_key="signature.id")
