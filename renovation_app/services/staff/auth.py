"""Signing in: the e-mail and password (and two-step code) check, the failed-sign-in limit, and
recording a sign-in that passed."""

from datetime import datetime, timedelta

from sqlalchemy import delete
from sqlmodel import Session, func, select

from renovation_app.db import db_session
from renovation_app.models import LoginAttempt, User, utc_now
from renovation_app.services import audit
from renovation_app.services.limits import client_fingerprint, lock_key
from renovation_app.services.staff.passwords import (
    PASSWORD_MAX,
    password_context,
    verify_password,
)
from renovation_app.services.staff.sessions import (
    SignedInUser,
    mark_pending_used,
    pending_user,
    signed_in_user,
)
from renovation_app.services.staff.two_step import CODE_WRONG_MESSAGE, is_on, use_code
from renovation_app.services.staff.users import normalise_email, user_by_email

__all__ = [
    "ACCOUNT_ATTEMPTS",
    "ADDRESS_ATTEMPTS",
    "CODE_NEEDED_MESSAGE",
    "LOCKED_OUT_MESSAGE",
    "LOCKOUT_WINDOW",
    "LOGIN_FAILED_MESSAGE",
    "PENDING_EXPIRED_MESSAGE",
    "CodeNeeded",
    "LockedOut",
    "LoginFailed",
    "authenticate",
    "finish_pending_sign_in",
    "record_sign_in",
]

# Failed sign-ins allowed in the window: per client address, and from all addresses per account
# (higher, so one stranger cannot lock a real staff member out).
ADDRESS_ATTEMPTS = 5
ACCOUNT_ATTEMPTS = 20
LOCKOUT_WINDOW = timedelta(minutes=15)

LOGIN_FAILED_MESSAGE = "The e-mail address or password is not correct."
LOCKED_OUT_MESSAGE = "Too many failed sign-in attempts. Please wait 15 minutes and try again."
CODE_NEEDED_MESSAGE = "Enter the 6-digit code from your authenticator app, or a recovery code."
PENDING_EXPIRED_MESSAGE = "The sign-in took too long. Please start again."
# Verified when the e-mail is unknown, so that answer takes as long as a wrong password.
_DUMMY_HASH = password_context.hash("not-a-real-password-0")


class LoginFailed(Exception):
    """Wrong e-mail or password; the message never says which."""


class LockedOut(Exception):
    """Too many recent failures from this address or for this account."""


class CodeNeeded(Exception):
    """The password was right and the account has two-step sign-in: ask for the code."""


def _count_failures(session: Session, *conditions) -> int:
    return session.exec(select(func.count()).select_from(LoginAttempt).where(*conditions)).one()


def _reserve_attempt(email: str, client_hash: str, now: datetime) -> int:
    """Count recent failures and record this attempt as one, atomically per address.

    The attempt is written before the (slow) password check and deleted again if the password
    is right, so parallel guesses from one address cannot all pass the limit.
    """
    window_start = now - LOCKOUT_WINDOW
    with db_session() as session:
        lock_key(session, f"login:{client_hash}", now)
        recent = LoginAttempt.attempted_at > window_start
        if (
            _count_failures(session, LoginAttempt.client_hash == client_hash, recent)
            >= ADDRESS_ATTEMPTS
            or _count_failures(session, LoginAttempt.email == email, recent) >= ACCOUNT_ATTEMPTS
        ):
            session.commit()
            raise LockedOut(LOCKED_OUT_MESSAGE)
        session.exec(delete(LoginAttempt).where(LoginAttempt.attempted_at <= window_start))
        attempt = LoginAttempt(email=email, client_hash=client_hash, attempted_at=now)
        session.add(attempt)
        session.commit()
        return attempt.id


def _failed(session: Session, email: str, why: str, message: str):
    # Whoever typed it is not known to be the account's owner: the address is the record.
    audit.record(
        session, "sign_in.failed", actor=email, record_kind="user", record_id=email, detail=why
    )
    session.commit()
    return LoginFailed(message)


def _signed_in(
    session: Session, user: User, attempt_id: int, method: str, now: datetime
) -> SignedInUser:
    """A sign-in passed: its attempt is no failure, the time is kept, the audit log says how."""
    session.exec(delete(LoginAttempt).where(LoginAttempt.id == attempt_id))
    user.last_sign_in_at = now
    session.add(user)
    audit.record(session, "sign_in", user_id=user.id, actor=user.email, detail=method)
    session.commit()
    return signed_in_user(user)


def authenticate(
    email: str, password: str, client_address: str, now: datetime | None = None, code: str = ""
) -> SignedInUser:
    """Check e-mail and password, and the code of an account with two-step sign-in.
    Raises LockedOut, LoginFailed or CodeNeeded (the password was right; no code given)."""
    now = now or utc_now()
    email = normalise_email(email)[:254]
    attempt_id = _reserve_attempt(email, client_fingerprint(client_address), now)
    with db_session() as session:
        user = user_by_email(session, email)
        valid = verify_password(
            password[:PASSWORD_MAX], user.password_hash if user else _DUMMY_HASH
        )
        if not (user and user.active and valid):
            raise _failed(session, email, "wrong e-mail or password", LOGIN_FAILED_MESSAGE)
        if is_on(user):
            if not code.strip():
                session.exec(delete(LoginAttempt).where(LoginAttempt.id == attempt_id))
                session.commit()
                raise CodeNeeded(CODE_NEEDED_MESSAGE)
            lock_key(session, f"two-step:{user.id}", now)
            session.refresh(user)
            if not use_code(session, user, code, now):
                raise _failed(session, email, "wrong code", CODE_WRONG_MESSAGE)
        method = "password and code" if is_on(user) else "password"
        return _signed_in(session, user, attempt_id, method, now)


def finish_pending_sign_in(
    token: str, code: str, client_address: str, now: datetime | None = None
) -> SignedInUser:
    """The second step of a sign-in that began with Google: the code for the pending token.
    Wrong codes count against the same limits as passwords."""
    now = now or utc_now()
    with db_session() as session:
        user = pending_user(session, token, now)
        if user is None or not user.active:
            raise LoginFailed(PENDING_EXPIRED_MESSAGE)
        email = user.email
    attempt_id = _reserve_attempt(email, client_fingerprint(client_address), now)
    with db_session() as session:
        lock_key(session, f"two-step:{user.id}", now)
        user = pending_user(session, token, now)
        if user is None or not user.active:
            raise LoginFailed(PENDING_EXPIRED_MESSAGE)
        if not use_code(session, user, code, now):
            raise _failed(session, email, "wrong code", CODE_WRONG_MESSAGE)
        mark_pending_used(session, token, now)
        return _signed_in(session, user, attempt_id, "google and code", now)


def record_sign_in(user_id: int, method: str, now: datetime | None = None) -> SignedInUser:
    """A sign-in that needed no password or code here (Google, an accepted invitation)."""
    now = now or utc_now()
    with db_session() as session:
        user = session.get(User, user_id)
        user.last_sign_in_at = now
        session.add(user)
        audit.record(session, "sign_in", user_id=user.id, actor=user.email, detail=method)
        session.commit()
        return signed_in_user(user)
