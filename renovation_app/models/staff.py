"""Staff accounts and signing in: users, sessions, one-time links, two-step sign-in, audit."""

from datetime import datetime
from enum import StrEnum

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from renovation_app.models.base import utc_now


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
    last_sign_in_at: datetime | None = None
    # Two-step sign-in: the TOTP secret encrypted (services/staff/two_step.py), on from
    # totp_enabled_at; the last time step a code was accepted for (a code is used once).
    totp_secret: str = Field(default="", max_length=300)
    totp_enabled_at: datetime | None = None
    totp_last_step: int = 0
    # What an hour of this person's work costs the business, wages and burden ("loaded"):
    # prices a crew day on a job's costs. Admins only see and set it.
    hourly_cost_cents: int = 0
    # Overtime (1.5x beyond 40 hours a week) is not paid to an exempt employee; admins set it.
    overtime_exempt: bool = False
    # The person's own choice: the phone's location kept with each clock in and out.
    location_consent: bool = False


class LinkKind(StrEnum):
    INVITATION = "invitation"  # /welcome/<token>: set a name and password, 48 hours
    PASSWORD_RESET = "password_reset"  # /reset-password/<token>: a new password, 1 hour


class StaffLink(SQLModel, table=True):
    """A one-time link e-mailed to a person (invitation, password reset); the server keeps only
    the token's hash. Used, withdrawn or expired, it opens nothing."""

    __tablename__ = "staff_link"

    id: int | None = Field(default=None, primary_key=True)
    kind: LinkKind = Field(sa_type=sa.String(20))
    token_hash: str = Field(index=True, unique=True, max_length=64)
    email: str = Field(index=True, max_length=254)
    role: Role = Field(default=Role.STAFF, sa_type=sa.String(10))
    user_id: int | None = Field(default=None, foreign_key="user.id")  # a reset's account
    created_by: int | None = Field(default=None, foreign_key="user.id")
    created_at: datetime = Field(default_factory=utc_now)
    expires_at: datetime
    used_at: datetime | None = None
    withdrawn_at: datetime | None = None


class RecoveryCode(SQLModel, table=True):
    """One of ten single-use codes that stand in for the authenticator app (hash only)."""

    __tablename__ = "recovery_code"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="user.id", index=True)
    code_hash: str = Field(max_length=64)
    used_at: datetime | None = None


class PendingSignIn(SQLModel, table=True):
    """A first step passed (password or Google) by a user with two-step sign-in on: the browser
    holds the token in an HttpOnly cookie for five minutes while the person types the code."""

    __tablename__ = "pending_sign_in"

    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(index=True, unique=True, max_length=64)
    user_id: int = Field(foreign_key="user.id")
    method: str = Field(max_length=20)  # "password" or "google"
    created_at: datetime = Field(default_factory=utc_now)
    expires_at: datetime
    used_at: datetime | None = None


class GoogleSignIn(SQLModel, table=True):
    """A Google sign-in under way: the state (hashed; the browser's cookie holds it), the nonce
    and the PKCE verifier, used once by the callback."""

    __tablename__ = "google_sign_in"

    id: int | None = Field(default=None, primary_key=True)
    state_hash: str = Field(index=True, unique=True, max_length=64)
    nonce: str = Field(max_length=100)
    code_verifier: str = Field(max_length=200)
    created_at: datetime = Field(default_factory=utc_now)
    used_at: datetime | None = None


class AuditEvent(SQLModel, table=True):
    """One staff action that changed something, or a sign-in and its failures. Append-only: the
    database refuses UPDATE and DELETE on this table (triggers in the migration)."""

    __tablename__ = "audit_event"
    __table_args__ = (sa.Index("ix_audit_event_record", "record_kind", "record_id"),)

    id: int | None = Field(default=None, primary_key=True)
    at: datetime = Field(default_factory=utc_now, index=True)
    user_id: int | None = Field(default=None, foreign_key="user.id", index=True)
    actor: str = Field(default="", max_length=254)  # the e-mail given, for failed sign-ins too
    action: str = Field(max_length=40, index=True)
    record_kind: str = Field(default="", max_length=20)
    record_id: str = Field(default="", max_length=40)
    client_hash: str = Field(default="", max_length=64)
    detail: str = Field(default="", max_length=500)
    before: str = Field(default="", sa_type=sa.Text)
    after: str = Field(default="", sa_type=sa.Text)


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
