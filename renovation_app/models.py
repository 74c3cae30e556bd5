"""Database tables (SQLModel). Alembic migrations in alembic/ create and change them."""

from datetime import UTC, datetime
from enum import StrEnum

import sqlalchemy as sa
from sqlmodel import Field, SQLModel


def utc_now() -> datetime:
    return datetime.now(UTC)


class Role(StrEnum):
    STAFF = "staff"
    ADMIN = "admin"


class User(SQLModel, table=True):
    """A staff account, made by an admin (no open sign-up)."""

    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(index=True, unique=True, max_length=254)
    name: str = Field(max_length=100)
    password_hash: str
    role: Role = Field(default=Role.STAFF, sa_type=sa.String(10))
    active: bool = True
    created_at: datetime = Field(default_factory=utc_now)


class AuthSession(SQLModel, table=True):
    """A sign-in session; the browser holds the token, the server only its hash."""

    __tablename__ = "auth_session"

    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(index=True, unique=True, max_length=64)
    user_id: int = Field(foreign_key="user.id", index=True)
    created_at: datetime = Field(default_factory=utc_now)
    last_seen_at: datetime = Field(default_factory=utc_now)
    expires_at: datetime
    revoked_at: datetime | None = None


class LoginAttempt(SQLModel, table=True):
    """A failed login (or one being checked), kept to limit guessing per address and account."""

    __tablename__ = "login_attempt"

    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(index=True, max_length=254)
    client_hash: str = Field(default="", index=True, max_length=64)
    attempted_at: datetime = Field(default_factory=utc_now, index=True)


class ThrottleLock(SQLModel, table=True):
    """One row per limited key; updating it first serialises the check-and-record of that key
    (a row lock on PostgreSQL, the write lock on SQLite), so parallel requests cannot all pass."""

    __tablename__ = "throttle_lock"

    key: str = Field(primary_key=True, max_length=120)
    touched_at: datetime = Field(default_factory=utc_now)


class Enquiry(SQLModel, table=True):
    """A message sent through the contact form or POST /api/contact."""

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=100)
    email: str = Field(max_length=254)
    phone: str = Field(default="", max_length=40)
    service: str = Field(max_length=40)
    message: str = Field(max_length=5000)
    is_spam: bool = False
    source_ip_hash: str = Field(default="", max_length=64, index=True)
    created_at: datetime = Field(default_factory=utc_now, index=True)


class OutboxEmail(SQLModel, table=True):
    """Every e-mail is written here first, then delivered by the outbox worker."""

    __tablename__ = "outbox_email"

    id: int | None = Field(default=None, primary_key=True)
    to: str = Field(max_length=254)
    reply_to: str = Field(default="", max_length=254)
    subject: str = Field(max_length=200)
    html: str
    text: str
    kind: str = Field(max_length=40)  # e.g. enquiry_notification, enquiry_ack
    enquiry_id: int | None = Field(default=None, foreign_key="enquiry.id", index=True)
    status: str = Field(default="queued", max_length=10, index=True)  # queued|sending|sent|failed
    attempts: int = 0
    next_attempt_at: datetime = Field(default_factory=utc_now, index=True)
    claimed_until: datetime | None = None
    last_error: str = ""
    provider_id: str = ""
    created_at: datetime = Field(default_factory=utc_now)
    sent_at: datetime | None = None
