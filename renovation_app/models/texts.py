"""Texts: a mobile number's consent to texts, texts received, and the photos they carried.
Texts we send are rows of the one outbox (`OutboxEmail` with channel "text")."""

from datetime import datetime
from enum import StrEnum

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from renovation_app.models.base import utc_now


class ConsentSource(StrEnum):
    """Where a yes or no to texts came from."""

    CONTACT_FORM = "contact_form"
    BOOKING = "booking"
    ESTIMATE = "estimate"  # ticked when signing the estimate
    OFFICE = "office"  # the office noting the customer's word (audited)
    STOP = "stop"  # the customer texted STOP (or STOPALL, UNSUBSCRIBE ...)
    START = "start"  # the customer texted START or UNSTOP


class TextConsent(SQLModel, table=True):
    """One yes or no of a mobile number to texts about visits and jobs; never changed, the
    latest row of a number is its consent."""

    __tablename__ = "text_consent"

    id: int | None = Field(default=None, primary_key=True)
    phone: str = Field(max_length=16, index=True)  # E.164: +17185550142
    customer_id: int | None = Field(default=None, foreign_key="customer.id", index=True)
    consented: bool
    source: str = Field(max_length=20)  # a ConsentSource
    recorded_by: int | None = Field(default=None, foreign_key="user.id")  # the office's person
    recorded_at: datetime = Field(default_factory=utc_now)


class InboundText(SQLModel, table=True):
    """A text a customer (or anybody) sent to the business's number, kept by Twilio's sid."""

    __tablename__ = "inbound_text"

    id: int | None = Field(default=None, primary_key=True)
    message_sid: str = Field(max_length=40, unique=True)  # a replayed webhook adds nothing
    from_phone: str = Field(max_length=20, index=True)
    body: str = Field(max_length=1600)
    # STOP, START, HELP (the word Twilio and the carriers act on), or "" for a plain reply.
    keyword: str = Field(default="", max_length=10)
    received_at: datetime = Field(default_factory=utc_now, index=True)
    # The one customer with this mobile number; None when none or several have it (kept for
    # the office, never attached by a guess).
    customer_id: int | None = Field(default=None, foreign_key="customer.id", index=True)
    job_id: int | None = Field(default=None, foreign_key="job.id", index=True)
    read_at: datetime | None = None
    read_by: int | None = Field(default=None, foreign_key="user.id")


class InboundTextMedia(SQLModel, table=True):
    """A photo an MMS carried, kept in the files storage as an internal file of the job."""

    __tablename__ = "inbound_text_media"
    __table_args__ = (sa.Index("ix_inbound_text_media_text", "inbound_text_id"),)

    id: int | None = Field(default=None, primary_key=True)
    inbound_text_id: int = Field(foreign_key="inbound_text.id")
    job_id: int | None = Field(default=None, foreign_key="job.id")
    file_key: str = Field(default="", max_length=100)  # the stored file's name ("" not kept)
    content_type: str = Field(max_length=100)
    twilio_url: str = Field(max_length=500)
