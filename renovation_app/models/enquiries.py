"""Enquiries sent through the contact form or the API."""

from datetime import datetime
from enum import StrEnum

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from renovation_app.models.base import utc_now


class EnquiryStatus(StrEnum):
    NEW = "new"
    REPLIED = "replied"
    ESTIMATE_SENT = "estimate_sent"
    WON = "won"
    LOST = "lost"
    SPAM = "spam"


class Enquiry(SQLModel, table=True):
    """A message sent through the contact form or POST /api/contact."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=100)
    email: str = Field(max_length=254)
    phone: str = Field(default="", max_length=40)
    service: str = Field(max_length=40)
    message: str = Field(max_length=5000)
    is_spam: bool = False
    status: EnquiryStatus = Field(default=EnquiryStatus.NEW, sa_type=sa.String(20), index=True)
    customer_id: int | None = Field(default=None, foreign_key="customer.id", index=True)
    source_ip_hash: str = Field(default="", max_length=64, index=True)
    created_at: datetime = Field(default_factory=utc_now, index=True)
