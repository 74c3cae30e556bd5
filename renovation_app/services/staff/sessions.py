"""Sign-in sessions: the signed-in user a session stands for, the session cookie and its signed
reference on the websocket, starting, looking up and revoking sessions, and sign-ins waiting
for a two-step code."""

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import update
from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import AuthSession, PendingSignIn, Role, User, utc_now
from renovation_app.services.staff.feeds import end_feeds
from renovation_app.services.staff.passwords import hash_token
from renovation_app.services.staff.two_step import is_on
from renovation_app.settings import settings

# The browser holds the session token in this HttpOnly cookie (set by api/session.py). The
# websocket sees only the token's hash, under SESSION_REF_COOKIE (see api/middleware.py).
SESSION_COOKIE = "staff_session"
SESSION_REF_COOKIE = "staff_session_ref"

IDLE_TIMEOUT = timedelta(hours=8)
ABSOLUTE_TIMEOUT = timedelta(days=7)
# Only refresh last_seen_at this often, so page views do not all write to the database.
TOUCH_INTERVAL = timedelta(minutes=1)
# How long a sign-in that passed Google waits for the two-step code.
PENDING_WINDOW = timedelta(minutes=5)


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


def signed_in_user(user: User) -> SignedInUser:
    return SignedInUser(user.id, user.email, user.name, Role(user.role), is_on(user))


def aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; every stored time is UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


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


# --- sessions -------------------------------------------------------------------------------


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


def revoke_all_sessions(session: Session, user_id: int) -> None:
    """End every session of a user (new password, deactivated account)."""
    session.exec(
        update(AuthSession)
        .where(AuthSession.user_id == user_id, AuthSession.revoked_at.is_(None))
        .values(revoked_at=utc_now())
    )


def revoke_access(session: Session, user_id: int) -> None:
    """A deactivated account: every session and every calendar feed of it ends at once."""
    revoke_all_sessions(session, user_id)
    end_feeds(session, user_id)


# --- sign-ins waiting for a two-step code ----------------------------------------------------


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


def pending_user(session: Session, token: str, now: datetime) -> User | None:
    """The user of a live pending sign-in (not used, not expired), or None."""
    pending = session.exec(
        select(PendingSignIn).where(PendingSignIn.token_hash == hash_token(token))
    ).first()
    if pending is None or pending.used_at is not None or aware(pending.expires_at) <= now:
        return None
    return session.get(User, pending.user_id)


def mark_pending_used(session: Session, token: str, now: datetime) -> None:
    """The pending sign-in of `token` cannot be finished again."""
    session.exec(
        update(PendingSignIn)
        .where(PendingSignIn.token_hash == hash_token(token))
        .values(used_at=now)
    )
