"""New York's duties of a job's weeks: a deposit's record of reaching the escrow account (Lien
Law §71-a). The other duties are derived from rows kept elsewhere: the owner's escrow notice and
the office's reminders are Reminder rows (sent once), the ST-124 and the lead pamphlet's receipt
are Signature rows of the estimate."""

from datetime import date, datetime
from enum import StrEnum

from sqlmodel import Field, SQLModel

from renovation_app.models.base import utc_now


class PropertyType(StrEnum):
    """What the lien deadline is counted by (Lien Law §10): 4 months for a single-family
    home, 8 months for any other building."""

    UNKNOWN = ""
    SINGLE_FAMILY = "single_family"
    OTHER = "other"


class EscrowDeposit(SQLModel, table=True):
    """A payment received before substantial completion, recorded as deposited in the escrow
    account: the day and the account. One record per payment (a second tab records nothing)."""

    __tablename__ = "escrow_deposit"

    id: int | None = Field(default=None, primary_key=True)
    payment_id: int = Field(foreign_key="payment.id", unique=True)
    job_id: int = Field(foreign_key="job.id", index=True)
    deposited_on: date
    account: str = Field(max_length=200)  # "Example Bank, account ending 1234"
    recorded_by: int = Field(foreign_key="user.id")
    recorded_at: datetime = Field(default_factory=utc_now)
