"""The e-mail outbox: messages, their attachments and delivery webhooks."""

from datetime import datetime
from enum import StrEnum
from uuid import uuid4

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from renovation_app.models.base import utc_now


class OutboxStatus(StrEnum):
    QUEUED = "queued"  # waiting for its first try or for its backoff to pass
    SENDING = "sending"  # claimed by a worker (until claimed_until)
    SENT = "sent"  # accepted by the provider
    LOGGED = "logged"  # no mail service configured: written to the log only, never sent
    FAILED = "failed"  # refused for good, or out of attempts
    CANCELLED = "cancelled"  # withdrawn before it was sent (a reminder for a paid invoice)


class Delivery(StrEnum):
    """What the provider reported after it accepted a message (Resend's delivery webhooks)."""

    DELIVERED = "delivered"
    DELAYED = "delayed"
    BOUNCED = "bounced"
    COMPLAINED = "complained"  # the recipient marked it as spam


class Channel(StrEnum):
    """How an outbox message goes: one queue, one worker loop, two channels."""

    EMAIL = "email"
    TEXT = "text"  # `to` is an E.164 number, `text` the body; subject and html are empty


class OutboxEmail(SQLModel, table=True):
    """Every e-mail and text is written here first, then delivered by the outbox worker."""

    __tablename__ = "outbox_email"
    __table_args__ = (sa.Index("ix_outbox_email_about", "about_kind", "about_id"),)

    id: int | None = Field(default=None, primary_key=True)
    channel: str = Field(
        default=Channel.EMAIL, max_length=5, sa_column_kwargs={"server_default": "email"}
    )
    to: str = Field(max_length=254)
    reply_to: str = Field(default="", max_length=254)
    subject: str = Field(max_length=200)
    html: str
    text: str
    kind: str = Field(max_length=40)  # e.g. enquiry_notification, enquiry_ack
    # What the message is about, e.g. ("enquiry", 12) or ("invoice", 7).
    about_kind: str = Field(max_length=20)
    about_id: int | None = None
    # Sent to the provider with every try, so a repeated try never sends the mail twice.
    idempotency_key: str = Field(
        default_factory=lambda: str(uuid4()), max_length=36, unique=True, index=True
    )
    status: OutboxStatus = Field(default=OutboxStatus.QUEUED, sa_type=sa.String(10), index=True)
    attempts: int = 0
    next_attempt_at: datetime = Field(default_factory=utc_now, index=True)
    # The claim of the worker sending it; its result is only written while the claim is held.
    claimed_until: datetime | None = None
    claim_token: str = Field(default="", max_length=36)
    # When a worker first claimed it: a text has no idempotency key at Twilio, so a later try
    # first looks for a message to the same number since then (an answer lost on the way).
    first_claimed_at: datetime | None = None
    customer_id: int | None = Field(default=None, foreign_key="customer.id", index=True)
    last_error: str = ""
    provider_id: str = Field(default="", index=True)
    created_at: datetime = Field(default_factory=utc_now)
    sent_at: datetime | None = None
    # The provider's last word on delivery ("" until one comes), when and why.
    delivery: str = Field(default="", max_length=12)
    delivery_at: datetime | None = None
    delivery_detail: str = Field(default="", max_length=300)


class EmailDeliveryEvent(SQLModel, table=True):
    """One delivery webhook, kept by its message id so a replay changes nothing."""

    __tablename__ = "email_delivery_event"

    id: str = Field(primary_key=True, max_length=100)  # the webhook's svix-id
    type: str = Field(max_length=40)  # "email.bounced" ...
    provider_id: str = Field(default="", max_length=100, index=True)
    occurred_at: datetime | None = None  # as the provider says
    received_at: datetime = Field(default_factory=utc_now)


class OutboxAttachment(SQLModel, table=True):
    """A file sent with an outbox e-mail (e.g. an invoice PDF)."""

    __tablename__ = "outbox_attachment"

    id: int | None = Field(default=None, primary_key=True)
    email_id: int = Field(foreign_key="outbox_email.id", index=True)
    filename: str = Field(max_length=200)
    content_type: str = Field(max_length=100)
    content: bytes = Field(sa_type=sa.LargeBinary)
