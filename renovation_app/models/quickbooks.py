"""QuickBooks Online: the connected company (tokens encrypted), what our records map to there,
the push queue (one row per record pushed) and the payments that came back from it."""

from datetime import datetime
from enum import StrEnum

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from renovation_app.models.base import utc_now


class QuickBooksConnection(SQLModel, table=True):
    """One connection of the business's QuickBooks company; the live one has no
    `disconnected_at`. Tokens are Fernet-encrypted (services/staff/two_step.encrypt)."""

    __tablename__ = "quickbooks_connection"

    id: int | None = Field(default=None, primary_key=True)
    realm_id: str = Field(max_length=40, index=True)  # QuickBooks' company id
    company_name: str = Field(default="", max_length=200)
    access_token: str = Field(sa_type=sa.Text)  # encrypted
    refresh_token: str = Field(sa_type=sa.Text)  # encrypted
    access_expires_at: datetime
    # Intuit's refresh tokens last 100 days and rotate on refresh: the admin reconnects by then.
    refresh_expires_at: datetime
    connected_by: int = Field(foreign_key="user.id")
    connected_at: datetime = Field(default_factory=utc_now)
    disconnected_at: datetime | None = None
    # Payments changed in QuickBooks were read (change data capture) up to here: what a missed
    # webhook told is caught up from this moment on.
    changes_read_at: datetime | None = None
    # Why nothing reaches QuickBooks now (Intuit refused to refresh the tokens), "" when fine.
    problem: str = Field(default="", max_length=500)


class QuickBooksMapping(SQLModel, table=True):
    """What one of our things is in QuickBooks, chosen once by an admin: the income item of a
    service or tax category, the deposit account of card and check payments, the card fees
    account. `what` is a key such as "item:kitchenRemodelling" or "account:deposit:card"."""

    __tablename__ = "quickbooks_mapping"

    id: int | None = Field(default=None, primary_key=True)
    what: str = Field(max_length=80, unique=True)
    quickbooks_id: str = Field(max_length=40)
    quickbooks_name: str = Field(default="", max_length=200)
    updated_by: int | None = Field(default=None, foreign_key="user.id")
    updated_at: datetime = Field(default_factory=utc_now)


class SyncState(StrEnum):
    WAITING = "waiting"  # a version not yet in QuickBooks (queued, or backing off)
    PUSHING = "pushing"  # claimed by a worker until claimed_until
    IN_QUICKBOOKS = "in_quickbooks"
    NEEDS_ATTENTION = "needs_attention"  # QuickBooks refused it: its words in last_error


class QuickBooksSync(SQLModel, table=True):
    """One of our records (customer, job, invoice, payment, refund) and its QuickBooks twin.
    `version` grows with every change worth pushing; `pushed_version` is the one QuickBooks
    holds. A push is sent with requestid kind-id-version, so a retry of the same version is the
    same request to QuickBooks."""

    __tablename__ = "quickbooks_sync"
    __table_args__ = (
        sa.UniqueConstraint("record_kind", "record_id", name="uq_quickbooks_sync_record"),
        sa.Index("ix_quickbooks_sync_due", "state", "next_try_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    record_kind: str = Field(max_length=20)
    record_id: int
    version: int = 1
    pushed_version: int = 0
    # What the version was made from: a change that leaves it as it was pushes nothing.
    fingerprint: str = Field(default="", max_length=64)
    quickbooks_id: str = Field(default="", max_length=40)
    sync_token: str = Field(default="", max_length=20)
    state: str = Field(default=SyncState.WAITING, max_length=20)
    last_error: str = Field(default="", max_length=1000)  # in QuickBooks' words
    attempts: int = 0
    next_try_at: datetime = Field(default_factory=utc_now)
    claimed_by: str = Field(default="", max_length=40)
    claimed_until: datetime | None = None
    # Set when a push may have reached QuickBooks without its answer reaching us: the next
    # try asks QuickBooks first.
    uncertain: bool = False
    pushed_at: datetime | None = None
    created_at: datetime = Field(default_factory=utc_now)


class QuickBooksPayment(SQLModel, table=True):
    """A payment the bookkeeper recorded in QuickBooks against one of our invoices, recorded
    here once: QuickBooks' id is unique, so a repeated webhook records nothing more."""

    __tablename__ = "quickbooks_payment"
    __table_args__ = (
        sa.UniqueConstraint("realm_id", "quickbooks_id", name="uq_quickbooks_payment_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    realm_id: str = Field(max_length=40)
    quickbooks_id: str = Field(max_length=40)
    invoice_id: int | None = Field(default=None, foreign_key="invoice.id", index=True)
    payment_id: int | None = Field(default=None, foreign_key="payment.id")
    amount_cents: int = 0
    # "" when recorded; else why not (not one of our invoices, more than the balance ...).
    problem: str = Field(default="", max_length=500)
    received_at: datetime = Field(default_factory=utc_now)
