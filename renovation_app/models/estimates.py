"""Estimates (proposals, then signed contracts): lines, history events and numbering."""

from datetime import date, datetime
from enum import StrEnum

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from renovation_app.models.base import utc_now
from renovation_app.models.documents import DocumentLine


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
    # Sales tax: where the work is done (a content/tax.py area) and its rate then (thousandths
    # of a percent); the taxed lines carry their tax.
    tax_area: str = Field(default="nyc", max_length=20)
    tax_rate: int = 0
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
    # New York's duties of the job: the language the sale was negotiated in (the notice of
    # cancellation is given in it too), the year the home was built (before 1978: lead-safe
    # work) and the property type (the lien deadline); copied to the job when signed.
    language: str = Field(default="en", max_length=5)
    year_built: int | None = None
    property_type: str = Field(default="", max_length=20)
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


class EstimateLine(DocumentLine, table=True):
    """One line of an estimate (models/documents.py has its columns)."""

    __tablename__ = "estimate_line"

    estimate_id: int = Field(foreign_key="estimate.id", index=True)


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
