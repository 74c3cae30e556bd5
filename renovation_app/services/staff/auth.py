"""Staff accounts, password hashing, sign-in sessions and the failed-login limit."""

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from passlib.context import CryptContext
from sqlalchemy import delete, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, func, select

from renovation_app.db import db_session
from renovation_app.models import AuthSession, LoginAttempt, PendingSignIn, Role, User, utc_now
from renovation_app.services import audit
from renovation_app.services.limits import client_fingerprint, lock_key
from renovation_app.services.staff import two_step
from renovation_app.settings import settings

password_context = CryptContext(schemes=["argon2"], deprecated="auto")

# The browser holds the session token in this HttpOnly cookie (set by api/session.py). The
# websocket sees only the token's hash, under SESSION_REF_COOKIE (see api/middleware.py).
SESSION_COOKIE = "staff_session"
SESSION_REF_COOKIE = "staff_session_ref"

PASSWORD_MIN = 8
PASSWORD_MAX = 128
IDLE_TIMEOUT = timedelta(hours=8)
ABSOLUTE_TIMEOUT = timedelta(days=7)
# Failed sign-ins allowed in the window: per client address, and from all addresses per account
# (higher, so one stranger cannot lock a real staff member out).
ADDRESS_ATTEMPTS = 5
ACCOUNT_ATTEMPTS = 20
LOCKOUT_WINDOW = timedelta(minutes=15)
# Only refresh last_seen_at this often, so page views do not all write to the database.
TOUCH_INTERVAL = timedelta(minutes=1)

LOGIN_FAILED_MESSAGE = "The e-mail address or password is not correct."
LOCKED_OUT_MESSAGE = "Too many failed sign-in attempts. Please wait 15 minutes and try again."
CODE_NEEDED_MESSAGE = "Enter the 6-digit code from your authenticator app, or a recovery code."
PENDING_EXPIRED_MESSAGE = "The sign-in took too long. Please start again."
# How long a sign-in that passed Google waits for the two-step code.
PENDING_WINDOW = timedelta(minutes=5)
# Verified when the e-mail is unknown, so that answer takes as long as a wrong password.
_DUMMY_HASH = password_context.hash("not-a-real-password-0")


class AccountError(ValueError):
    """A user-management request that cannot be done (bad input, duplicate, unknown)."""


class LoginFailed(Exception):
    """Wrong e-mail or password; the message never says which."""


class LockedOut(Exception):
    """Too many recent failures from this address or for this account."""


class CodeNeeded(Exception):
    """The password was right and the account has two-step sign-in: ask for the code."""


@dataclass(frozen=True)
class SignedInUser:
    id: int
    email: str
    name: str
    role: Role
    two_step: bool = False

    @property
    def is_admin(self) -> bool:
        return self.role == Role.ADMIN


def normalise_email(email: str) -> str:
    return email.strip().lower()


def check_password_rules(password: str) -> None:
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise AccountError(f"Passwords must be {PASSWORD_MIN} to {PASSWORD_MAX} characters long.")


def hash_password(password: str) -> str:
    check_password_rules(password)
    return password_context.hash(password)


def verify_password(password: str, password_hash: str) -> bool:
    return password_context.verify(password, password_hash)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


# --- the session's reference on the websocket ------------------------------------------------

_COOKIE_NAME = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_COOKIE_VALUE = re.compile(r"[!#$%&'()*+\-./0-9:<>?@A-Z\[\]^_`a-z{|}~]*")


def parse_cookie_header(header: str) -> list[tuple[str, str]]:
    """The (name, value) pairs of a Cookie header, the one parser the middleware and the guard
    share. A pair whose value carries a quote, `;`, `=`, `,`, a backslash or a space is dropped:
    a parser that unquotes such a value would turn it into cookies of its own."""
    pairs = []
    for part in header.split(";"):
        name, sep, value = part.strip().partition("=")
        if sep and _COOKIE_NAME.fullmatch(name) and _COOKIE_VALUE.fullmatch(value):
            pairs.append((name, value))
    return pairs


def _ref_signature(token_hash: str) -> str:
    return hmac.new(settings.secret_key.encode(), token_hash.encode(), hashlib.sha256).hexdigest()


def session_ref(token: str) -> str:
    """What the websocket carries in place of the session token: its hash, signed with
    SECRET_KEY, so a hash read from the database cannot be turned into a reference."""
    token_hash = hash_token(token)
    return f"{token_hash}.{_ref_signature(token_hash)}"


def token_hash_from_ref(ref: str) -> str:
    """The token hash of a reference made by session_ref(), or "" for anything else."""
    token_hash, _, signature = ref.partition(".")
    if not token_hash or not hmac.compare_digest(signature, _ref_signature(token_hash)):
        return ""
    return token_hash


def session_ref_from_cookies(header: str) -> str:
    """The one session reference in a Cookie header the middleware rewrote; "" if there is
    none or more than one."""
    refs = [value for name, value in parse_cookie_header(header) if name == SESSION_REF_COOKIE]
    return token_hash_from_ref(refs[0]) if len(refs) == 1 else ""


# --- accounts -------------------------------------------------------------------------------


def create_user(
    email: str, name: str, password: str, admin: bool = False, by: str = "command line"
) -> User:
    """An account made outside the site (`by`: the command line, or the first admin from the
    settings); the audit log says so."""
    email = normalise_email(email)
    if "@" not in email or len(email) > 254:
        raise AccountError("Please give a valid e-mail address.")
    if not name.strip() or len(name) > 100:
        raise AccountError("Please give a name of 1 to 100 characters.")
    user = User(
        email=email,
        name=name.strip(),
        password_hash=hash_password(password),
        role=Role.ADMIN if admin else Role.STAFF,
    )
    with db_session() as session:
        session.add(user)
        audit.record(
            session,
            "staff.created",
            actor=by,
            record_kind="user",
            record_id=email,
            detail=f"as {user.role}",
        )
        try:
            session.commit()
        except IntegrityError as duplicate:
            raise AccountError(f"A user with the e-mail {email} already exists.") from duplicate
    return user


def _user_by_email(session: Session, email: str) -> User | None:
    return session.exec(select(User).where(User.email == normalise_email(email))).first()


def set_password(email: str, password: str) -> None:
    """A new password; every session of the account ends."""
    with db_session() as session:
        user = _user_by_email(session, email)
        if user is None:
            raise AccountError(f"No user with the e-mail {email}.")
        user.password_hash = hash_password(password)
        session.add(user)
        revoke_all_sessions(session, user.id)
        audit.record(
            session, "password.set", actor="command line", record_kind="user", record_id=user.email
        )
        session.commit()


def deactivate_user(email: str) -> None:
    """Turn the account off and end every session it has."""
    with db_session() as session:
        user = _user_by_email(session, email)
        if user is None:
            raise AccountError(f"No user with the e-mail {email}.")
        user.active = False
        session.add(user)
        revoke_all_sessions(session, user.id)
        audit.record(
            session,
            "staff.deactivated",
            actor="command line",
            record_kind="user",
            record_id=user.email,
        )
        session.commit()


def revoke_all_sessions(session: Session, user_id: int) -> None:
    """End every session of a user (new password, deactivated account)."""
    session.exec(
        update(AuthSession)
        .where(AuthSession.user_id == user_id, AuthSession.revoked_at.is_(None))
        .values(revoked_at=utc_now())
    )


def list_users() -> list[User]:
    with db_session() as session:
        return list(session.exec(select(User).order_by(User.email)))


def ensure_first_admin(email: str, password: str) -> User | None:
    """Create the first admin from ADMIN_EMAIL/ADMIN_PASSWORD when there is no user yet."""
    if not email or not password:
        return None
    with db_session() as session:
        if session.exec(select(func.count()).select_from(User)).one() > 0:
            return None
    try:
        return create_user(email, "Administrator", password, admin=True, by="ADMIN_EMAIL setting")
    except AccountError:  # another worker created it first
        return None


# --- signing in -----------------------------------------------------------------------------


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


def signed_in_user(user: User) -> SignedInUser:
    return SignedInUser(user.id, user.email, user.name, Role(user.role), two_step.is_on(user))


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
        user = _user_by_email(session, email)
        valid = verify_password(
            password[:PASSWORD_MAX], user.password_hash if user else _DUMMY_HASH
        )
        if not (user and user.active and valid):
            raise _failed(session, email, "wrong e-mail or password", LOGIN_FAILED_MESSAGE)
        if two_step.is_on(user):
            if not code.strip():
                session.exec(delete(LoginAttempt).where(LoginAttempt.id == attempt_id))
                session.commit()
                raise CodeNeeded(CODE_NEEDED_MESSAGE)
            lock_key(session, f"two-step:{user.id}", now)
            session.refresh(user)
            if not two_step.use_code(session, user, code, now):
                raise _failed(session, email, "wrong code", two_step.CODE_WRONG_MESSAGE)
        method = "password and code" if two_step.is_on(user) else "password"
        return _signed_in(session, user, attempt_id, method, now)


def start_pending_sign_in(user_id: int, method: str, now: datetime | None = None) -> str:
    """A first step passed (Google) by someone with two-step sign-in: the token, for an
    HttpOnly cookie, lets them give the code within PENDING_WINDOW."""
    now = now or utc_now()
    token = secrets.token_urlsafe(32)
    with db_session() as session:
        session.add(
            PendingSignIn(
                token_hash=hash_token(token),
                user_id=user_id,
                method=method,
                created_at=now,
                expires_at=now + PENDING_WINDOW,
            )
        )
        session.commit()
    return token


def _pending_user(session: Session, token: str, now: datetime) -> User | None:
    """The user of a live pending sign-in (not used, not expired), or None."""
    pending = session.exec(
        select(PendingSignIn).where(PendingSignIn.token_hash == hash_token(token))
    ).first()
    if pending is None or pending.used_at is not None or aware(pending.expires_at) <= now:
        return None
    return session.get(User, pending.user_id)


def finish_pending_sign_in(
    token: str, code: str, client_address: str, now: datetime | None = None
) -> SignedInUser:
    """The second step of a sign-in that began with Google: the code for the pending token.
    Wrong codes count against the same limits as passwords."""
    now = now or utc_now()
    with db_session() as session:
        user = _pending_user(session, token, now)
        if user is None or not user.active:
            raise LoginFailed(PENDING_EXPIRED_MESSAGE)
        email = user.email
    attempt_id = _reserve_attempt(email, client_fingerprint(client_address), now)
    with db_session() as session:
        lock_key(session, f"two-step:{user.id}", now)
        user = _pending_user(session, token, now)
        if user is None or not user.active:
            raise LoginFailed(PENDING_EXPIRED_MESSAGE)
        if not two_step.use_code(session, user, code, now):
            raise _failed(session, email, "wrong code", two_step.CODE_WRONG_MESSAGE)
        session.exec(
            update(PendingSignIn)
            .where(PendingSignIn.token_hash == hash_token(token))
            .values(used_at=now)
        )
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


def start_session(user_id: int, replaces_token: str = "", now: datetime | None = None) -> str:
    """Create a session and return its token (the only copy; the database keeps a hash).
    The browser's previous session, if any, ends: one browser, one session."""
    now = now or utc_now()
    token = secrets.token_urlsafe(32)  # 256 bits
    with db_session() as session:
        if replaces_token:
            _revoke(session, hash_token(replaces_token), now)
        session.add(
            AuthSession(
                token_hash=hash_token(token),
                user_id=user_id,
                created_at=now,
                last_seen_at=now,
                expires_at=now + ABSOLUTE_TIMEOUT,
            )
        )
        session.commit()
    return token


def user_for_token(token: str, now: datetime | None = None) -> SignedInUser | None:
    """The signed-in user of a session token, or None if it is unknown, expired or revoked."""
    return user_for_token_hash(hash_token(token), now) if token else None


def user_for_token_hash(token_hash: str, now: datetime | None = None) -> SignedInUser | None:
    """As user_for_token, from the token's hash: what the websocket carries (see security.py)."""
    if not token_hash:
        return None
    now = now or utc_now()
    with db_session() as session:
        auth_session = session.exec(
            select(AuthSession).where(AuthSession.token_hash == token_hash)
        ).first()
        if (
            auth_session is None
            or auth_session.revoked_at is not None
            or now >= aware(auth_session.expires_at)
            or now - aware(auth_session.last_seen_at) >= IDLE_TIMEOUT
        ):
            return None
        user = session.get(User, auth_session.user_id)
        if user is None or not user.active:
            return None
        if now - aware(auth_session.last_seen_at) >= TOUCH_INTERVAL:
            auth_session.last_seen_at = now
            session.add(auth_session)
            session.commit()
        return signed_in_user(user)


def aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; every stored time is UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _revoke(session: Session, token_hash: str, now: datetime) -> None:
    session.exec(
        update(AuthSession)
        .where(AuthSession.token_hash == token_hash, AuthSession.revoked_at.is_(None))
        .values(revoked_at=now)
    )


def revoke_session(token: str, now: datetime | None = None) -> None:
    if token:
        revoke_session_hash(hash_token(token), now)


def revoke_session_hash(token_hash: str, now: datetime | None = None) -> None:
    if not token_hash:
        return
    with db_session() as session:
        _revoke(session, token_hash, now or utc_now())
        session.commit()
