"""The schedule: appointments (estimate visits, a job's work days, other appointments) with the
people on them, the windows booked online, each person's calendar feed and the notices sent to
customers. Times are UTC instants; New York is the business's zone for everything shown."""

from datetime import datetime
from enum import StrEnum

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from renovation_app.models.base import utc_now


class AppointmentKind(StrEnum):
    ESTIMATE_VISIT = "estimate_visit"  # we come to see the work and price it
    WORK_DAY = "work_day"  # a day (or part of one) of a job's work
    OTHER = "other"  # an inspection, a delivery, the office's own


class AppointmentStatus(StrEnum):
    SCHEDULED = "scheduled"
    CANCELLED = "cancelled"


class Appointment(SQLModel, table=True):
    """One appointment: from `starts_at` to `ends_at` (UTC; shown in New York time). Moving it
    adds one to `version`: a notice sent for an older version is for a time that no longer
    holds."""

    __table_args__ = (sa.Index("ix_appointment_span", "starts_at", "ends_at"),)

    id: int | None = Field(default=None, primary_key=True)
    kind: AppointmentKind = Field(sa_type=sa.String(20))
    status: AppointmentStatus = Field(default=AppointmentStatus.SCHEDULED, sa_type=sa.String(12))
    title: str = Field(max_length=100)
    starts_at: datetime
    ends_at: datetime
    job_id: int | None = Field(default=None, foreign_key="job.id", index=True)
    customer_id: int | None = Field(default=None, foreign_key="customer.id", index=True)
    enquiry_id: int | None = Field(default=None, foreign_key="enquiry.id")
    # Who to tell ("We arrive Tuesday between 8 and 9 am"), and where.
    contact_name: str = Field(default="", max_length=100)
    contact_email: str = Field(default="", max_length=254)
    contact_phone: str = Field(default="", max_length=40)
    address: str = Field(default="", max_length=500)
    notes: str = Field(default="", max_length=2000)
    version: int = 1
    booked_online: bool = False  # by a visitor from the website
    created_by: int | None = Field(default=None, foreign_key="user.id")
    created_at: datetime = Field(default_factory=utc_now)
    updated_at: datetime | None = None
    cancelled_at: datetime | None = None


class AppointmentPerson(SQLModel, table=True):
    """A person on an appointment: a staff member or a subcontractor."""

    __tablename__ = "appointment_person"
    __table_args__ = (
        sa.UniqueConstraint("appointment_id", "user_id", name="uq_appointment_user"),
        sa.UniqueConstraint("appointment_id", "subcontractor_id", name="uq_appointment_sub"),
        sa.Index("ix_appointment_person_user", "user_id", "appointment_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    appointment_id: int = Field(foreign_key="appointment.id", index=True)
    user_id: int | None = Field(default=None, foreign_key="user.id")
    subcontractor_id: int | None = Field(default=None, foreign_key="subcontractor.id", index=True)


class VisitWindow(SQLModel, table=True):
    """A two-hour window booked online: its start is unique, so of 50 visitors booking the same
    window at once exactly one gets it (the database refuses the others). Freed when its visit
    is cancelled or moved."""

    __tablename__ = "visit_window"

    starts_at: datetime = Field(primary_key=True)
    appointment_id: int = Field(foreign_key="appointment.id", unique=True)


class CalendarFeed(SQLModel, table=True):
    """A person's private calendar feed (iCalendar, for their phone): only the token's SHA-256
    is kept; resetting it revokes the old one."""

    __tablename__ = "calendar_feed"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="user.id", index=True)
    token_hash: str = Field(unique=True, max_length=64)
    created_at: datetime = Field(default_factory=utc_now)
    revoked_at: datetime | None = None


class AppointmentNotice(SQLModel, table=True):
    """The customer's e-mail before an appointment, once per appointment and version: unique,
    so two workers never send it twice; a move makes a new version and so a new notice."""

    __tablename__ = "appointment_notice"
    __table_args__ = (
        sa.UniqueConstraint("appointment_id", "version", name="uq_appointment_notice"),
    )

    id: int | None = Field(default=None, primary_key=True)
    appointment_id: int = Field(foreign_key="appointment.id")
    version: int
    outbox_id: int | None = Field(default=None, foreign_key="outbox_email.id")
    created_at: datetime = Field(default_factory=utc_now)
