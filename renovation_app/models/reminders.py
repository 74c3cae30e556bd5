"""The reminder schedule of invoices and estimates, one row per step sent."""

from datetime import date, datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from renovation_app.models.base import utc_now


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
