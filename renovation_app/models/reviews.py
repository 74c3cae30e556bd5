"""The one review request of a job, and whether its link through our site was opened."""

from datetime import datetime

from sqlmodel import Field, SQLModel

from renovation_app.models.base import utc_now


class ReviewRequest(SQLModel, table=True):
    """Asked once per job (the unique job_id), after its final payment, by text or e-mail."""

    __tablename__ = "review_request"

    id: int | None = Field(default=None, primary_key=True)
    job_id: int = Field(foreign_key="job.id", unique=True)
    customer_id: int | None = Field(default=None, foreign_key="customer.id", index=True)
    channel: str = Field(max_length=5)  # "text" or "email", as the outbox row
    outbox_id: int | None = Field(default=None, foreign_key="outbox_email.id")
    # The SHA-256 of the link's token (/review/<token>): the token itself is never stored.
    token_hash: str = Field(max_length=64, unique=True)
    created_at: datetime = Field(default_factory=utc_now, index=True)
    opened_at: datetime | None = None  # the first time the link was followed
    open_count: int = 0
