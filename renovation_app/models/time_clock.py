"""The crew's time clock: each tap a phone sent (kept as sent), the time entries the taps make
(one person on one job from clock in to clock out, less breaks) and each person's week as the
office approved it. Times are UTC instants; weeks and days are New York's. Kept at least six
years (New York Labor Law §195(4)): nothing here is ever deleted."""

from datetime import date, datetime
from enum import StrEnum

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from renovation_app.models.base import utc_now


class TapAction(StrEnum):
    CLOCK_IN = "clock_in"
    BREAK_START = "break_start"
    BREAK_END = "break_end"
    CLOCK_OUT = "clock_out"


class TimeTap(SQLModel, table=True):
    """One tap as the phone sent it, under the key the phone gave it: a tap sent twice (two
    clicks, a replayed offline queue) is found by its key and done once."""

    __tablename__ = "time_tap"
    __table_args__ = (sa.Index("ix_time_tap_person", "user_id", "received_at"),)

    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=64, unique=True)
    user_id: int = Field(foreign_key="user.id")
    action: TapAction = Field(sa_type=sa.String(12))
    job_id: int | None = Field(default=None, foreign_key="job.id")
    tapped_at: datetime  # the phone's clock when the person tapped
    received_at: datetime = Field(default_factory=utc_now)
    entry_id: int | None = Field(default=None, foreign_key="time_entry.id")
    refused: str = Field(default="", max_length=300)  # why nothing was done, in words


class TimeEntry(SQLModel, table=True):
    """One person's time on one job: worked = ended - started - breaks. One open entry (no end)
    per person, and no two entries of a person overlap (services/time_clock checks it under the
    person's lock). The office's correction keeps the first values in `original_*`."""

    __tablename__ = "time_entry"
    __table_args__ = (
        sa.Index("ix_time_entry_person_start", "user_id", "started_at"),
        sa.Index("ix_time_entry_job_start", "job_id", "started_at"),
        sa.Index(
            "ux_time_entry_open",
            "user_id",
            unique=True,
            sqlite_where=sa.text("ended_at IS NULL"),
            postgresql_where=sa.text("ended_at IS NULL"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="user.id")
    job_id: int = Field(foreign_key="job.id")
    started_at: datetime
    ended_at: datetime | None = None
    break_seconds: int = 0  # the breaks ended so far
    break_started_at: datetime | None = None  # on a break now
    # Tapped without a connection and sent later: the phone's time was taken.
    started_late: bool = False
    ended_late: bool = False
    off_schedule: bool = False  # the person was not on the schedule at this job that day
    # Where the phone was, only for a person who consented (their account's setting).
    in_latitude: float | None = None
    in_longitude: float | None = None
    in_accuracy_m: float | None = None
    out_latitude: float | None = None
    out_longitude: float | None = None
    out_accuracy_m: float | None = None
    # The office's changes: the entry as the clock made it, then who changed it, when, why.
    original_started_at: datetime | None = None
    original_ended_at: datetime | None = None
    original_break_seconds: int | None = None
    corrected_by: int | None = Field(default=None, foreign_key="user.id")
    corrected_at: datetime | None = None
    correction_reason: str = Field(default="", max_length=300)
    added_by: int | None = Field(default=None, foreign_key="user.id")  # typed in by the office
    # The approved week that priced this time on the job's costs; None while waiting.
    timesheet_week_id: int | None = Field(default=None, foreign_key="timesheet_week.id")
    created_at: datetime = Field(default_factory=utc_now)


class TimesheetWeek(SQLModel, table=True):
    """A person's week (Monday, New York) once an admin approved it; a change to one of its
    entries afterwards reopens it (approved_at cleared, the reason kept)."""

    __tablename__ = "timesheet_week"
    __table_args__ = (sa.UniqueConstraint("user_id", "week_start", name="uq_timesheet_week"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="user.id")
    week_start: date = Field(index=True)
    approved_at: datetime | None = None
    approved_by: int | None = Field(default=None, foreign_key="user.id")
    reopened_at: datetime | None = None
    reopened_reason: str = Field(default="", max_length=300)
