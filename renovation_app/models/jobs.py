"""Jobs: the work of a signed contract (or of small work agreed without one), its payment
schedule, its change orders (signed amendments of the contract) and its history."""

from datetime import date, datetime
from enum import StrEnum

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from renovation_app.models.base import utc_now
from renovation_app.models.documents import DocumentLine


class JobStatus(StrEnum):
    SIGNED = "signed"  # the contract is signed; no work day set yet
    SCHEDULED = "scheduled"
    IN_PROGRESS = "in_progress"
    SUBSTANTIALLY_COMPLETE = "substantially_complete"  # escrowed money is released
    CLOSED = "closed"
    CANCELLED = "cancelled"


# A job in one of these takes no change order and no signature on one.
ENDED_JOB_STATUSES = (JobStatus.CLOSED, JobStatus.CANCELLED)


class Job(SQLModel, table=True):
    """The work of one contract. Its contract value is the accepted estimate's total (or, for a
    job made by hand, the price agreed) plus every signed change order: derived, not stored."""

    __table_args__ = (sa.Index("ix_job_status_created", "status", "created_at"),)

    id: int | None = Field(default=None, primary_key=True)
    number: str = Field(unique=True, max_length=20)  # "J-2026-0001"
    year: int
    customer_id: int | None = Field(default=None, foreign_key="customer.id", index=True)
    # The accepted estimate (the signed contract); None for a job made by hand.
    estimate_id: int | None = Field(default=None, foreign_key="estimate.id", unique=True)
    title: str = Field(max_length=100)  # what the work is: "Kitchen remodel"
    customer_name: str = Field(max_length=100)
    customer_email: str = Field(max_length=254)
    customer_phone: str = Field(default="", max_length=40)
    address: str = Field(default="", max_length=500)  # where the work is done
    location: str = Field(default="", max_length=40)
    status: JobStatus = Field(default=JobStatus.SIGNED, sa_type=sa.String(30))
    contract_cents: int  # the signed contract's total, before any change order
    # Sales tax of change orders' lines: the contract's area and its rate then.
    tax_area: str = Field(default="nyc", max_length=20)
    tax_rate: int = 0
    # A job made by hand (small work, no estimate): its work's sales tax category; "" else.
    tax_category: str = Field(default="", max_length=30)
    start_date: date | None = None
    completion_date: date | None = None  # as signed; change orders move it by their days
    substantially_complete_on: date | None = None
    # From the estimate (or set on the job): before 1978 the work is lead-safe work; the
    # property type counts the lien deadline (models/compliance.py PropertyType).
    year_built: int | None = None
    property_type: str = Field(default="", max_length=20)
    form_token: str | None = Field(default=None, unique=True, max_length=64)
    author_id: int = Field(foreign_key="user.id")
    created_at: datetime = Field(default_factory=utc_now, index=True)
    closed_at: datetime | None = None  # when it was closed or cancelled


class JobStageKind(StrEnum):
    DEPOSIT = "deposit"
    PROGRESS = "progress"  # a stage of the work: "Rough-in done"
    CHANGE = "change"  # a change order billed on its own
    FINAL = "final"  # the rest: billed by the final invoice


class JobStage(SQLModel, table=True):
    """One payment of a job's schedule. The stages add up to the contract value exactly; a
    signed change order raises or lowers the stages not yet billed. A billed stage points at
    its invoice and never changes again."""

    __tablename__ = "job_stage"

    id: int | None = Field(default=None, primary_key=True)
    job_id: int = Field(foreign_key="job.id", index=True)
    position: int
    kind: JobStageKind = Field(sa_type=sa.String(10))
    label: str = Field(max_length=100)
    amount_cents: int
    invoice_id: int | None = Field(default=None, foreign_key="invoice.id", index=True)


class JobEvent(SQLModel, table=True):
    """The history of a job: made, status changed, change order sent, signed, invoiced ..."""

    __tablename__ = "job_event"

    id: int | None = Field(default=None, primary_key=True)
    job_id: int = Field(foreign_key="job.id", index=True)
    kind: str = Field(max_length=30)
    at: datetime = Field(default_factory=utc_now)
    user_id: int | None = Field(default=None, foreign_key="user.id")
    detail: str = Field(default="", max_length=500)


class JobCounter(SQLModel, table=True):
    """The last job number given out in a year."""

    __tablename__ = "job_counter"

    year: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    last_number: int = 0


class ChangeOrderStatus(StrEnum):
    SENT = "sent"  # e-mailed with its link, waiting for the owner's signature
    VIEWED = "viewed"
    SIGNED = "signed"  # an amendment of the contract, locked
    DECLINED = "declined"
    WITHDRAWN = "withdrawn"  # taken back by the office before it was signed
    EXPIRED = "expired"


# A change order the owner may still sign or decline.
OPEN_CHANGE_ORDER_STATUSES = (ChangeOrderStatus.SENT, ChangeOrderStatus.VIEWED)


class ChangeOrderPayment(StrEnum):
    NEXT = "next"  # added to (or taken off) the next payment not yet billed
    OWN = "own"  # billed on its own invoice as soon as it is signed
    SPREAD = "spread"  # spread over the stages not yet billed, in proportion


class ChangeOrder(SQLModel, table=True):
    """A signed amendment of a job's contract (General Business Law §771(1)): lines added or
    taken out (credits), tax as each line's category says, days added to the completion date,
    the reason, and how it is paid. Only a signature approves it; unsigned, it changes nothing."""

    __tablename__ = "change_order"
    __table_args__ = (sa.UniqueConstraint("job_id", "number", name="uq_change_order_number"),)

    id: int | None = Field(default=None, primary_key=True)
    job_id: int = Field(foreign_key="job.id", index=True)
    number: int  # CO-1, CO-2 ... on its job
    reason: str = Field(max_length=1000)
    days: int = 0  # added to the completion date (negative: earlier)
    payment: ChangeOrderPayment = Field(sa_type=sa.String(10))
    status: ChangeOrderStatus = Field(default=ChangeOrderStatus.SENT, sa_type=sa.String(20))
    subtotal_cents: int
    tax_cents: int = 0
    total_cents: int  # the price change with tax; negative for a credit
    valid_until: date  # the owner signs by then, or it expires
    form_token: str | None = Field(default=None, unique=True, max_length=64)
    author_id: int = Field(foreign_key="user.id")
    created_at: datetime = Field(default_factory=utc_now)
    viewed_at: datetime | None = None
    answered_at: datetime | None = None  # signed, declined or withdrawn
    decline_reason: str = Field(default="", max_length=500)
    signature_id: int | None = Field(default=None, foreign_key="signature.id")
    # The invoice it made when signed (its own, or a supplement after the final invoice).
    invoice_id: int | None = Field(default=None, foreign_key="invoice.id")


class ChangeOrderLine(DocumentLine, table=True):
    """One line of a change order (models/documents.py has its columns); a credit's unit price
    is negative. A line taking out a line of the contract names it."""

    __tablename__ = "change_order_line"

    change_order_id: int = Field(foreign_key="change_order.id", index=True)
    removes: str = Field(default="", max_length=40)  # "estimate_line:12", "" for new work
