"""Two-step sign-in: a time-based one-time code (RFC 6238, pyotp) from an authenticator app,
or one of ten single-use recovery codes.

The secret is stored encrypted (Fernet, key from FIELD_ENCRYPTION_KEY or derived from
SECRET_KEY). A code is accepted once: the time step it belongs to is remembered, and a code of
that step or an earlier one is refused. Wrong codes count as failed sign-ins (auth.py), so they
are throttled with the passwords.
"""

import base64
import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

import pyotp
import segno
from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from sqlalchemy import update
from sqlmodel import Session, func, select

from renovation_app.content import BUSINESS
from renovation_app.db import db_session
from renovation_app.models import AuthSession, PendingSignIn, RateHit, RecoveryCode, User, utc_now
from renovation_app.services import audit
from renovation_app.services.errors import ActionRefused
from renovation_app.services.limits import allow, lock_key
from renovation_app.services.staff.passwords import PASSWORD_MAX, verify_password
from renovation_app.settings import settings

RECOVERY_CODE_COUNT = 10
# Codes of the step before and after now are accepted too (phones' clocks drift).
VALID_WINDOW = 1
# Wrong codes for a sensitive action (a refund) allowed per account in the window.
CODE_FAILURES = 5
CODE_FAILURE_WINDOW = timedelta(minutes=15)

CODE_WRONG_MESSAGE = "That code is not correct or was already used."
TOO_MANY_CODES_MESSAGE = "Too many wrong codes. Please wait 15 minutes and try again."
TOO_MANY_PASSWORDS_MESSAGE = "Too many tries. Please wait 15 minutes and try again."
# Password checks before setting two-step sign-in up, per account in the window.
REAUTH_ATTEMPTS = 5
NEEDS_TWO_STEP_MESSAGE = (
    "Turn on two-step sign-in first (Account, in the staff menu): admins need it to refund, "
    "manage staff or change settings."
)


def _fernet() -> Fernet:
    source = (settings.field_encryption_key or settings.secret_key).encode()
    key = HKDF(
        algorithm=hashes.SHA256(), length=32, salt=None, info=b"renovation field encryption"
    ).derive(source)
    return Fernet(base64.urlsafe_b64encode(key))


def encrypt(value: str) -> str:
    return _fernet().encrypt(value.encode()).decode()


def decrypt(value: str) -> str:
    try:
        return _fernet().decrypt(value.encode()).decode()
    except InvalidToken:
        return ""  # a changed key: the person sets two-step sign-in up again


def _hash_code(code: str) -> str:
    return hashlib.sha256(_clean(code).encode()).hexdigest()


def _clean(code: str) -> str:
    return "".join(ch for ch in str(code).lower() if ch.isalnum())[:20]


# --- setting it up ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    secret: str  # shown as text, for typing into the app by hand
    qr_svg: str  # a data: URI of the QR code of the otpauth:// link


def begin_setup(user_id: int, password: str, now: datetime | None = None) -> Setup:
    """A new secret for a user who has no two-step sign-in yet (kept until confirmed). The
    password is asked again: a session alone (a stolen cookie) cannot tie the account to
    someone else's authenticator. Wrong passwords here are limited per account."""
    now = now or utc_now()
    secret = pyotp.random_base32()
    with db_session() as session:
        user = session.get(User, user_id)
        if user is None or user.totp_enabled_at is not None:
            raise ActionRefused("Two-step sign-in is already on for this account.")
        if not allow(session, f"reauth:{user_id}", REAUTH_ATTEMPTS, CODE_FAILURE_WINDOW, now):
            session.commit()
            raise ActionRefused(TOO_MANY_PASSWORDS_MESSAGE)
        if not verify_password(password[:PASSWORD_MAX], user.password_hash):
            session.commit()  # the attempt counts
            raise ActionRefused("That is not your password.")
        user.totp_secret = encrypt(secret)
        session.add(user)
        session.commit()
        uri = pyotp.TOTP(secret).provisioning_uri(name=user.email, issuer_name=BUSINESS.name)
    qr = segno.make(uri, error="m").svg_data_uri(scale=5, border=2)
    return Setup(secret=secret, qr_svg=qr)


def _step_of(user: User, code: str, now: datetime) -> int | None:
    """The time step a right, unused TOTP code belongs to; None for any other code."""
    secret = decrypt(user.totp_secret) if user.totp_secret else ""
    code = _clean(code)
    if not secret or len(code) != 6:
        return None
    totp = pyotp.TOTP(secret)
    current = totp.timecode(now)
    for step in range(current - VALID_WINDOW, current + VALID_WINDOW + 1):
        if step > user.totp_last_step and secrets.compare_digest(totp.generate_otp(step), code):
            return step
    return None


def confirm_setup(
    user_id: int, code: str, keep_token_hash: str = "", now: datetime | None = None
) -> list[str]:
    """Turn two-step sign-in on once the app shows a right code; returns the ten recovery
    codes (shown once: only their hashes are kept). Every other session of the account, and
    any sign-in waiting for a code, ends: they began without the second step."""
    now = now or utc_now()
    with db_session() as session:
        lock_key(session, f"two-step:{user_id}", now)
        user = session.get(User, user_id)
        if user is None or user.totp_enabled_at is not None or not user.totp_secret:
            raise ActionRefused("Start the set-up again: there is no code waiting to be checked.")
        step = _step_of(user, code, now)
        if step is None:
            raise ActionRefused(CODE_WRONG_MESSAGE)
        user.totp_enabled_at, user.totp_last_step = now, step
        session.add(user)
        session.exec(
            update(AuthSession)
            .where(
                AuthSession.user_id == user_id,
                AuthSession.revoked_at.is_(None),
                AuthSession.token_hash != keep_token_hash,
            )
            .values(revoked_at=now)
        )
        session.exec(
            update(PendingSignIn)
            .where(PendingSignIn.user_id == user_id, PendingSignIn.used_at.is_(None))
            .values(used_at=now)
        )
        codes = _new_recovery_codes(session, user_id, now)
        audit.record(
            session, "two_step.on", user_id=user_id, record_kind="user", record_id=user.email
        )
        session.commit()
    return codes


def _spend_recovery_codes(session: Session, user_id: int, now: datetime) -> None:
    """Every unused recovery code of the user stops working (new codes, or two-step off)."""
    session.exec(
        update(RecoveryCode)
        .where(RecoveryCode.user_id == user_id, RecoveryCode.used_at.is_(None))
        .values(used_at=now)
    )


def _new_recovery_codes(session: Session, user_id: int, now: datetime) -> list[str]:
    _spend_recovery_codes(session, user_id, now)
    codes = [f"{secrets.token_hex(3)}-{secrets.token_hex(3)}" for _ in range(RECOVERY_CODE_COUNT)]
    session.add_all(RecoveryCode(user_id=user_id, code_hash=_hash_code(c)) for c in codes)
    return codes


def turn_off(user_id: int, code: str, now: datetime | None = None) -> None:
    """Two-step sign-in off, with a right code (a stolen session alone cannot do it)."""
    now = now or utc_now()
    with db_session() as session:
        lock_key(session, f"two-step:{user_id}", now)
        user = session.get(User, user_id)
        if user is None or user.totp_enabled_at is None:
            raise ActionRefused("Two-step sign-in is not on.")
        _spend_code(session, user, code, "turn two-step sign-in off", now)
        user.totp_secret, user.totp_enabled_at = "", None
        session.add(user)
        _spend_recovery_codes(session, user_id, now)
        audit.record(
            session, "two_step.off", user_id=user_id, record_kind="user", record_id=user.email
        )
        session.commit()


# --- using it -----------------------------------------------------------------------------------


def is_on(user: User) -> bool:
    return user.totp_enabled_at is not None


def use_code(session: Session, user: User, code: str, now: datetime | None = None) -> bool:
    """Check a code for `user` in the caller's transaction, marking it used when right: a TOTP
    code's step is remembered, a recovery code is spent. The caller holds the user's lock."""
    now = now or utc_now()
    step = _step_of(user, code, now)
    if step is not None:
        user.totp_last_step = step
        session.add(user)
        return True
    recovery = session.exec(
        select(RecoveryCode).where(
            RecoveryCode.user_id == user.id,
            RecoveryCode.code_hash == _hash_code(code),
            RecoveryCode.used_at.is_(None),
        )
    ).first()
    if recovery is None:
        return False
    recovery.used_at = now
    session.add(recovery)
    return True


def recovery_codes_left(user_id: int) -> int:
    with db_session() as session:
        return len(
            session.exec(
                select(RecoveryCode.id).where(
                    RecoveryCode.user_id == user_id, RecoveryCode.used_at.is_(None)
                )
            ).all()
        )


def _spend_code(session: Session, user: User, code: str, action: str, now: datetime) -> None:
    """Check and spend a code for a sensitive action under the user's lock. Wrong codes are
    counted per account (5 in 15 minutes, as sign-ins) and audited; past the limit even a
    right code is refused, so a stolen session cannot guess its way through."""
    if not code.strip():
        raise ActionRefused(f"Enter the code from your authenticator app to {action}.")
    key = f"code:{user.id}"
    since = now - CODE_FAILURE_WINDOW
    failures = session.exec(
        select(func.count()).select_from(RateHit).where(RateHit.key == key, RateHit.at > since)
    ).one()
    if failures >= CODE_FAILURES:
        raise ActionRefused(TOO_MANY_CODES_MESSAGE)
    if not use_code(session, user, code, now):
        session.add(RateHit(key=key, at=now))
        audit.record(session, "two_step.failed", user_id=user.id, detail=action)
        session.commit()
        raise ActionRefused(CODE_WRONG_MESSAGE)


def confirm_with_code(user_id: int, code: str, action: str, now: datetime | None = None) -> None:
    """For an admin's sensitive action (a refund): two-step sign-in must be on and `code`
    right, checked on the server before the action. The code is spent even if the action then
    fails; wrong codes are limited like sign-ins. Raises ActionRefused."""
    now = now or utc_now()
    with db_session() as session:
        lock_key(session, f"two-step:{user_id}", now)
        user = session.get(User, user_id)
        if user is None or not is_on(user):
            raise ActionRefused(NEEDS_TWO_STEP_MESSAGE)
        _spend_code(session, user, code, action, now)
        session.commit()


def require_two_step(session: Session, user_id: int) -> None:
    """Admins manage staff only with two-step sign-in on. Raises ActionRefused."""
    user = session.get(User, user_id)
    if user is None or not is_on(user):
        raise ActionRefused(NEEDS_TWO_STEP_MESSAGE)
