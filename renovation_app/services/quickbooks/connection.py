"""The business's QuickBooks company: connecting it (OAuth 2.0 through Intuit's `intuit-oauth`),
its tokens encrypted at rest, refreshing them, disconnecting, and when to reconnect.

Intuit's access tokens last an hour; refresh tokens about 100 days, and every refresh may hand
back a new refresh token (the old one then stops working), so the new one is stored at once.
The admin is warned two weeks before the refresh token runs out.
"""

import hashlib
import hmac
import logging
import secrets
import time
from dataclasses import dataclass
from datetime import datetime, timedelta

import httpx
from intuitlib.client import AuthClient
from intuitlib.enums import Scopes
from intuitlib.exceptions import AuthClientError
from sqlalchemy import update
from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import QuickBooksConnection, QuickBooksSync, SyncState, utc_now
from renovation_app.services import audit
from renovation_app.services.errors import ActionRefused
from renovation_app.services.limits import lock_key
from renovation_app.services.staff.sessions import SignedInUser
from renovation_app.services.staff.two_step import decrypt, encrypt, require_two_step
from renovation_app.settings import settings

log = logging.getLogger(__name__)

CALLBACK_PATH = "/api/quickbooks/callback"
STATE_SECONDS = 600  # the admin has ten minutes at Intuit's consent page
RENEW_WARNING = timedelta(days=14)
# Refresh the access token this long before it ends, so a push never starts on a dying token.
ACCESS_MARGIN = timedelta(minutes=5)
HTTP_TIMEOUT = 20
MINOR_VERSION = 75  # the accounting API's minor version every call asks for
OFF_WORDS = "QuickBooks is not set up: QUICKBOOKS_CLIENT_ID and QUICKBOOKS_CLIENT_SECRET are empty."


class QuickBooksAuthFailed(Exception):
    """Intuit refused a token request (a revoked or expired refresh token): reconnect."""


class IntuitUnreachable(ActionRefused):
    """Intuit's OAuth service could not be reached (its discovery document, a token call)."""


class _TimedAuthClient(AuthClient):
    """intuit-oauth's client with a timeout on every request (it sets none)."""

    def request(self, *args, **kwargs):
        kwargs.setdefault("timeout", HTTP_TIMEOUT)
        return super().request(*args, **kwargs)


def redirect_uri() -> str:
    return settings.quickbooks_redirect_uri or settings.url(CALLBACK_PATH)


def auth_client(**tokens) -> AuthClient:
    """Intuit's OAuth client for this app; its endpoints come from the discovery document of
    the environment (or QUICKBOOKS_DISCOVERY_URL: the tests' fake)."""
    if not settings.quickbooks_on:
        raise ActionRefused(OFF_WORDS)
    try:
        return _TimedAuthClient(
            settings.quickbooks_client_id,
            settings.quickbooks_client_secret,
            redirect_uri(),
            settings.quickbooks_discovery_url or settings.quickbooks_environment,
            **tokens,
        )
    except (AuthClientError, OSError) as error:  # requests' errors are OSErrors
        raise IntuitUnreachable("Intuit could not be reached: please try again shortly.") from error


def _admin_with_two_step(user: SignedInUser) -> None:
    if not user.is_admin:
        raise ActionRefused("Only an admin connects or disconnects QuickBooks.")
    with db_session() as session:
        require_two_step(session, user.id)


# --- connecting -----------------------------------------------------------------------------


def _state_signature(session_key: str, user_id: int, nonce: str, issued: int) -> str:
    message = f"quickbooks-connect|{session_key}|{user_id}|{nonce}|{issued}".encode()
    return hmac.new(settings.secret_key.encode(), message, hashlib.sha256).hexdigest()


def connect_state(session_key: str, user_id: int, now: float | None = None) -> str:
    """The OAuth `state`: tied to the admin's own session (`session_key`, its token's hash),
    so a callback carrying it works only in that session, and only for ten minutes."""
    nonce, issued = secrets.token_urlsafe(16), int(now or time.time())
    return f"{nonce}.{issued}.{_state_signature(session_key, user_id, nonce, issued)}"


def _ascii_digits(text: str) -> bool:
    """Digits as QuickBooks and int() mean them (not ², ①, ١): an id or a time in seconds."""
    return text.isascii() and text.isdigit() and len(text) <= 20


def state_is_valid(state: str, session_key: str, user_id: int, now: float | None = None) -> bool:
    nonce, _, rest = state.partition(".")
    issued_text, _, signature = rest.partition(".")
    if not (nonce and _ascii_digits(issued_text) and signature and session_key):
        return False
    expected = _state_signature(session_key, user_id, nonce, int(issued_text))
    fresh = 0 <= (now or time.time()) - int(issued_text) <= STATE_SECONDS
    return fresh and hmac.compare_digest(signature, expected)


def authorize_url(user: SignedInUser, session_key: str) -> str:
    """Where an admin goes to connect the company: Intuit's consent page for the accounting
    scope, with a state only this session can bring back."""
    _admin_with_two_step(user)
    state = connect_state(session_key, user.id)
    return auth_client().get_authorization_url([Scopes.ACCOUNTING], state_token=state)


def _expiries(client: AuthClient, now: datetime) -> tuple[datetime, datetime]:
    access = now + timedelta(seconds=int(client.expires_in or 3600))
    refresh = now + timedelta(seconds=int(client.x_refresh_token_expires_in or 8_640_000))
    return access, refresh


def finish_connect(
    user: SignedInUser, session_key: str, params: dict[str, str], now: datetime | None = None
) -> QuickBooksConnection:
    """Intuit's redirect back (`code`, `state`, `realmId`): the state must be this session's,
    the code is exchanged for tokens, which are kept encrypted; a company connected before is
    disconnected (one company at a time)."""
    _admin_with_two_step(user)
    if not state_is_valid(params.get("state", ""), session_key, user.id):
        raise ActionRefused("This QuickBooks answer is not for this sign-in: please connect again.")
    code, realm_id = params.get("code", ""), params.get("realmId", "")
    if not code or not _ascii_digits(realm_id):
        raise ActionRefused(f"QuickBooks did not connect: {params.get('error') or 'no code'}.")
    client = auth_client()
    try:
        client.get_bearer_token(code, realm_id=realm_id)
    except AuthClientError as error:
        raise ActionRefused(f"QuickBooks refused the connection: {error.content}") from error
    except OSError as error:
        raise IntuitUnreachable("Intuit could not be reached: please connect again.") from error
    now = now or utc_now()
    access_at, refresh_at = _expiries(client, now)
    row = QuickBooksConnection(
        realm_id=realm_id,
        company_name=_company_name(realm_id, client.access_token),
        access_token=encrypt(client.access_token),
        refresh_token=encrypt(client.refresh_token),
        access_expires_at=access_at,
        refresh_expires_at=refresh_at,
        connected_by=user.id,
        connected_at=now,
    )
    with db_session() as session:
        lock_key(session, "quickbooks:connection", now)
        _forget_another_company(session, realm_id, now)
        for earlier in _live_rows(session):
            earlier.disconnected_at = now
            session.add(earlier)
        session.add(row)
        audit.record(session, "quickbooks.connected", user_id=user.id, detail=realm_id)
        session.commit()
        session.refresh(row)
    return row


def _forget_another_company(session: Session, realm_id: str, now: datetime) -> None:
    """Connecting another company than the last one: the QuickBooks ids we hold are that
    company's, so every record queued before is pushed again, afresh, to the new one."""
    previous = session.exec(
        select(QuickBooksConnection.realm_id).order_by(QuickBooksConnection.id.desc())
    ).first()
    if previous is None or previous == realm_id:
        return
    session.execute(
        update(QuickBooksSync).values(
            quickbooks_id="",
            sync_token="",
            pushed_version=0,
            version=QuickBooksSync.version + 1,
            state=SyncState.WAITING,
            uncertain=False,
            attempts=0,
            last_error="",
            next_try_at=now,
            claimed_by="",
            claimed_until=None,
        )
    )


def _company_name(realm_id: str, access_token: str) -> str:
    """The company's name as QuickBooks says it (CompanyInfo), for the settings page; "" when
    it cannot be read (the realm id is shown instead)."""
    url = f"{settings.quickbooks_api_url}/v3/company/{realm_id}/companyinfo/{realm_id}"
    try:
        answer = httpx.get(
            url,
            params={"minorversion": MINOR_VERSION},
            headers={"Authorization": f"Bearer {access_token}", "Accept": "application/json"},
            timeout=HTTP_TIMEOUT,
        )
        return str(answer.json()["CompanyInfo"]["CompanyName"])[:200]
    except (httpx.HTTPError, KeyError, ValueError):
        log.warning("quickbooks: could not read the company's name", exc_info=True)
        return ""


# --- the live connection and its tokens -----------------------------------------------------


def _live_rows(session: Session) -> list[QuickBooksConnection]:
    return list(
        session.exec(
            select(QuickBooksConnection).where(QuickBooksConnection.disconnected_at.is_(None))
        )
    )


def live_connection(session: Session) -> QuickBooksConnection | None:
    """The connected company, or None (QuickBooks off, never connected or disconnected)."""
    if not settings.quickbooks_on:
        return None
    rows = _live_rows(session)
    return rows[-1] if rows else None


def is_connected(session: Session) -> bool:
    return live_connection(session) is not None


@dataclass(frozen=True)
class Tokens:
    realm_id: str
    access_token: str


def _usable(row: QuickBooksConnection, rejected: str, now: datetime) -> Tokens | None:
    access = decrypt(row.access_token)
    if access and access != rejected and row.access_expires_at - ACCESS_MARGIN > now:
        return Tokens(row.realm_id, access)
    return None


def current_tokens(rejected: str = "", now: datetime | None = None) -> Tokens | None:
    """The live connection's access token, refreshed first when it ends within five minutes or
    is the one QuickBooks just `rejected` (a 401). Refreshing is done under a lock, once for all
    workers: Intuit's new refresh token replaces the old one, which then stops working."""
    now = now or utc_now()
    with db_session() as session:
        row = live_connection(session)
        tokens = _usable(row, rejected, now) if row else None
        if row is None or tokens is not None:
            return tokens
        session.rollback()
        lock_key(session, "quickbooks:connection", now)
        row = live_connection(session)
        if row is None:
            return None
        session.refresh(row)
        tokens = _usable(row, rejected, now)  # another worker may have refreshed meanwhile
        if tokens is None:
            try:
                _refresh(session, row, now)
            except QuickBooksAuthFailed as failed:  # the settings page says so until reconnected
                row.problem = str(failed)[:500]
                session.add(row)
                session.commit()
                raise
            tokens = Tokens(row.realm_id, decrypt(row.access_token))
        session.commit()
        return tokens


def _refresh(session: Session, row: QuickBooksConnection, now: datetime) -> None:
    client = auth_client(refresh_token=decrypt(row.refresh_token), realm_id=row.realm_id)
    try:
        client.refresh()
    except AuthClientError as error:
        raise QuickBooksAuthFailed(
            f"QuickBooks refused to refresh the connection ({error.status_code}): an admin "
            "must connect QuickBooks again."
        ) from error
    row.access_expires_at, row.refresh_expires_at = _expiries(client, now)
    row.access_token = encrypt(client.access_token)
    row.refresh_token = encrypt(client.refresh_token)  # rotated by Intuit
    row.problem = ""
    session.add(row)


def disconnect(user: SignedInUser, now: datetime | None = None) -> bool:
    """Revoke the tokens at Intuit and mark the connection ended; nothing is pushed after.
    The connection ends here even when Intuit cannot be reached (the admin can also remove
    the app in QuickBooks). False when nothing was connected."""
    _admin_with_two_step(user)
    now = now or utc_now()
    with db_session() as session:
        lock_key(session, "quickbooks:connection", now)
        row = live_connection(session)
        if row is None:
            return False
        row.disconnected_at = now
        session.add(row)
        audit.record(session, "quickbooks.disconnected", user_id=user.id, detail=row.realm_id)
        session.commit()
        refresh_token = decrypt(row.refresh_token)
    try:
        auth_client().revoke(token=refresh_token)
    except (AuthClientError, OSError):
        log.warning("quickbooks: revoking the tokens failed; the connection is ended here")
    return True


@dataclass(frozen=True)
class ConnectionView:
    """What the settings page shows of the connection."""

    connected: bool
    company_name: str = ""
    realm_id: str = ""
    connected_at: datetime | None = None
    renew_by: datetime | None = None  # when the refresh token runs out: reconnect before
    renew_warning: str = ""  # "" until two weeks before that
    problem: str = ""  # why nothing reaches QuickBooks now (connect again), "" when fine


def connection_view(now: datetime | None = None) -> ConnectionView:
    with db_session() as session:
        return connection_view_in(session, now or utc_now())


def connection_view_in(session: Session, now: datetime) -> ConnectionView:
    """The connection as its page and the dashboard say it, read in the caller's session."""
    row = live_connection(session)
    if row is None:
        return ConnectionView(connected=False)
    warning = ""
    if row.refresh_expires_at - RENEW_WARNING <= now:
        warning = (
            f"QuickBooks must be connected again by {row.refresh_expires_at:%B %-d, %Y}, or "
            "nothing more reaches it: press Connect QuickBooks."
        )
    return ConnectionView(
        connected=True,
        company_name=row.company_name or f"Company {row.realm_id}",
        realm_id=row.realm_id,
        connected_at=row.connected_at,
        renew_by=row.refresh_expires_at,
        renew_warning=warning,
        problem=row.problem,
    )
