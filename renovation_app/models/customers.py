"""Customers with their e-mails, phones and job addresses."""

from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from renovation_app.models.base import utc_now


class Customer(SQLModel, table=True):
    """A person or business the company works for; e-mails, phones and job addresses in their
    own tables. A customer merged into another points at it."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=100)
    notes: str = Field(default="", max_length=2000)
    created_at: datetime = Field(default_factory=utc_now, index=True)
    merged_into_id: int | None = Field(default=None, foreign_key="customer.id")
    reminders_paused: bool = False
    # A bounced or complained e-mail: why, until staff fix the address and send again.
    mail_problem: str = Field(default="", max_length=300)
    # A text that failed or was undelivered: why, until staff check the mobile number.
    text_problem: str = Field(default="", max_length=300)


class CustomerContact(SQLModel, table=True):
    """An e-mail or phone of a customer; each belongs to one customer at most."""

    __tablename__ = "customer_contact"
    __table_args__ = (sa.UniqueConstraint("kind", "value", name="uq_customer_contact_kind_value"),)

    id: int | None = Field(default=None, primary_key=True)
    customer_id: int = Field(foreign_key="customer.id", index=True)
    kind: str = Field(max_length=10)  # "email" (lower-case) or "phone" (formatted)
    value: str = Field(max_length=254)


class CustomerAddress(SQLModel, table=True):
    """A job address of a customer, with its borough."""

    __tablename__ = "customer_address"

    id: int | None = Field(default=None, primary_key=True)
    customer_id: int = Field(foreign_key="customer.id", index=True)
    address: str = Field(max_length=500)
    borough: str = Field(default="", max_length=40)
