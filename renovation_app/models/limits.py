"""Rate limits: counted hits and the per-key locks that serialise their checks."""

from datetime import datetime

from sqlmodel import Field, SQLModel

from renovation_app.models.base import utc_now


class ThrottleLock(SQLModel, table=True):
    """One row per limited key; updating it first serialises the check-and-record of that key
    (a row lock on PostgreSQL, the write lock on SQLite), so parallel requests cannot all pass."""

    __tablename__ = "throttle_lock"

    key: str = Field(primary_key=True, max_length=120)
    touched_at: datetime = Field(default_factory=utc_now)


class RateHit(SQLModel, table=True):
    """One use of a limited action (e.g. "Pay now" on a pay link), counted per key."""

    __tablename__ = "rate_hit"

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(index=True, max_length=120)
    at: datetime = Field(default_factory=utc_now, index=True)
