"""Google sign-in for staff: OpenID Connect's authorization code flow with PKCE.

start_sign_in() stores a random state, nonce and PKCE verifier and returns Google's consent URL.
finish_sign_in() takes Google's answer at our callback: it uses the stored sign-in once, trades
the code for an ID token, verifies the token and returns the staff member it names. Only
people with an active account get in, or, when GOOGLE_ALLOWED_DOMAIN is set, anyone with a
verified address of that domain (their staff account is made on first sign-in).
"""

import hmac
import secrets
import warnings
from collections.abc import Mapping
from datetime import datetime, timedelta

import httpx
from authlib.deprecate import AuthlibDeprecationWarning
from authlib.oidc.core import CodeIDToken
from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import KeySet
from sqlalchemy import delete, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import GoogleSignIn, Role, User, utc_now
from renovation_app.services import audit
from renovation_app.services.staff.passwords import hash_token, password_context
from renovation_app.services.staff.sessions import SignedInUser, signed_in_user
from renovation_app.services.staff.users import normalise_email
from renovation_app.settings import settings

with warnings.catch_warnings():
    # Authlib 1.9 prefers the new httpx2 package and warns that its httpx fallback (what we
    # have) is deprecated; the fallback works, so keep that warning out of the logs.
    warnings.simplefilter("ignore", AuthlibDeprecationWarning)
    from authlib.integrations.httpx_client import OAuth2Client, OAuthError

CALLBACK_PATH = "/api/google/callback"
STATE_COOKIE = "google_sign_in"
SIGN_IN_WINDOW = timedelta(minutes=10)
TIMEOUT_SECONDS = 10
# Clock difference allowed between Google and us when checking the ID token's times.
LEEWAY_SECONDS = 60

NOT_SET_UP = "Google sign-in is not set up here. Please sign in with your password."
UNREACHABLE = "Google could not be reached. Please try again or sign in with your password."
CANCELLED = "The Google sign-in was cancelled. Please try again."
INVALID = "The Google sign-in could not be checked. Please try again."
EXPIRED = "The Google sign-in took too long or was already used. Please try again."
NOT_VERIFIED = "Google has not verified this e-mail address."
NO_ACCOUNT = (
    "This Google account has no staff account here. Ask an administrator for an invitation."
)

# A refusal travels back to /login as ?google=<key>: a fixed word, never text from the address.
REFUSALS = {
    "off": NOT_SET_UP,
    "unreachable": UNREACHABLE,
    "cancelled": CANCELLED,
    "invalid": INVALID,
    "expired": EXPIRED,
    "unverified": NOT_VERIFIED,
    "no-account": NO_ACCOUNT,
}


def refusal_key(refused: Exception) -> str:
    return next((key for key, text in REFUSALS.items() if text == str(refused)), "invalid")


def refusal_message(key: str) -> str:
    """The message of a refusal key; "" for anything else."""
    return REFUSALS.get(key, "")


# The provider's discovery document, per URL (it changes rarely; tests use several fakes).
_discovery: dict[str, dict] = {}


class GoogleRefused(Exception):
    """The sign-in did not succeed; str() is the message to show the person."""


def google_enabled() -> bool:
    return bool(settings.google_client_id)


def start_sign_in(now: datetime | None = None) -> tuple[str, str]:
    """Google's consent URL and the state, which the caller puts in the STATE_COOKIE."""
    now = now or utc_now()
    authorization_endpoint = _discovery_document()["authorization_endpoint"]
    state, nonce, code_verifier = (secrets.token_urlsafe(32) for _ in range(3))
    with _client() as client:
        url, _ = client.create_authorization_url(
            authorization_endpoint, state=state, nonce=nonce, code_verifier=code_verifier
        )
    with db_session() as session:
        # Sign-ins older than the window can only be refused: clear them out.
        session.exec(delete(GoogleSignIn).where(GoogleSignIn.created_at < now - SIGN_IN_WINDOW))
        session.add(
            GoogleSignIn(
                state_hash=hash_token(state),
                nonce=nonce,
                code_verifier=code_verifier,
                created_at=now,
            )
        )
        session.commit()
    return url, state


def finish_sign_in(
    params: Mapping[str, str], state_cookie: str, now: datetime | None = None
) -> SignedInUser:
    """Check Google's answer at CALLBACK_PATH (its query parameters and the browser's state
    cookie) and return the staff member it names. Raises GoogleRefused. An account with
    two-step sign-in comes back with two_step set: the code is the caller's next step."""
    now = now or utc_now()
    if params.get("error"):  # e.g. access_denied: the person said no on Google's page
        raise GoogleRefused(CANCELLED)
    state, code = params.get("state") or "", params.get("code") or ""
    # The state ties the answer to this browser: another site cannot finish a sign-in for it.
    if not (state and code and hmac.compare_digest(state.encode(), state_cookie.encode())):
        raise GoogleRefused(INVALID)
    nonce, code_verifier = _use_sign_in(state, now)
    discovery = _discovery_document()
    try:
        with _client() as client:
            token = client.fetch_token(
                discovery["token_endpoint"], code=code, code_verifier=code_verifier
            )
    except httpx.HTTPError as error:
        raise GoogleRefused(UNREACHABLE) from error
    except (OAuthError, ValueError) as error:  # code refused, or an answer that is no token
        raise GoogleRefused(INVALID) from error
    claims = _verified_claims(token, nonce, discovery, now)
    if claims.get("email_verified") is not True:
        raise GoogleRefused(NOT_VERIFIED)
    email = normalise_email(claims.get("email") or "")
    if "@" not in email:
        raise GoogleRefused(INVALID)
    return _staff_member(email, claims)


def _use_sign_in(state: str, now: datetime) -> tuple[str, str]:
    """Mark the stored sign-in used, in one UPDATE before Google is asked anything, so a
    replayed or parallel callback finds it used. Returns its nonce and PKCE verifier."""
    state_hash = hash_token(state)
    with db_session() as session:
        claimed = session.exec(
            update(GoogleSignIn)
            .where(
                GoogleSignIn.state_hash == state_hash,
                GoogleSignIn.used_at.is_(None),
                GoogleSignIn.created_at >= now - SIGN_IN_WINDOW,
            )
            .values(used_at=now)
        )
        if claimed.rowcount != 1:
            raise GoogleRefused(EXPIRED)
        sign_in = session.exec(
            select(GoogleSignIn).where(GoogleSignIn.state_hash == state_hash)
        ).one()
        session.commit()
        return sign_in.nonce, sign_in.code_verifier


def _verified_claims(token: dict, nonce: str, discovery: dict, now: datetime) -> CodeIDToken:
    """The ID token's claims, once its signature (a key of the provider's JWKS), issuer,
    audience, times and nonce are checked."""
    keys = _get_json(discovery["jwks_uri"])
    client_id = settings.google_client_id
    try:
        decoded = jwt.decode(
            token.get("id_token") or "", KeySet.import_key_set(keys), algorithms=["RS256"]
        )
        claims = CodeIDToken(
            decoded.claims,
            decoded.header,
            # Authlib's IDToken checks nonce, azp and at_hash itself, but iss and aud only
            # when told what they must be.
            options={
                "iss": {"essential": True, "value": discovery["issuer"]},
                "aud": {"essential": True, "value": client_id},
            },
            params={
                "nonce": nonce,
                "client_id": client_id,
                "access_token": token.get("access_token"),
            },
        )
        claims.validate(now=int(now.timestamp()), leeway=LEEWAY_SECONDS)
    except (JoseError, KeyError, ValueError, TypeError) as error:
        raise GoogleRefused(INVALID) from error
    return claims


def _staff_member(email: str, claims: Mapping) -> SignedInUser:
    """The active account of the e-mail; made first when its domain is the allowed one."""
    with db_session() as session:
        user = session.exec(select(User).where(User.email == email)).first()
        if user is None and _in_allowed_domain(email, claims.get("hd")):
            user = User(
                email=email,
                name=(claims.get("name") or "").strip()[:100] or email[:100],
                # Nobody knows this password: the account signs in with Google (or a reset).
                password_hash=password_context.hash(secrets.token_urlsafe(32)),
                role=Role.STAFF,
            )
            session.add(user)
            try:
                session.flush()
                audit.record(
                    session,
                    "staff.joined",
                    user_id=user.id,
                    actor=email,
                    record_kind="user",
                    record_id=email,
                    detail="signed in with Google from the allowed domain",
                )
                session.commit()
            except IntegrityError:  # a parallel first sign-in made it
                session.rollback()
                user = session.exec(select(User).where(User.email == email)).first()
        if user is None or not user.active:
            raise GoogleRefused(NO_ACCOUNT)
        return signed_in_user(user)  # .two_step: the caller still asks for the code


def _in_allowed_domain(email: str, hosted_domain: str | None) -> bool:
    domain = settings.google_allowed_domain.strip().lower().removeprefix("@")
    if not domain or not email.endswith("@" + domain):
        return False
    # hd: the Google Workspace domain that manages the account. Without it the account is a
    # personal one that merely uses the address (an ex-employee's, an alias), which Google's
    # email_verified says nothing about: only the domain's own accounts get in.
    return hosted_domain == domain


def _client() -> OAuth2Client:
    return OAuth2Client(
        client_id=settings.google_client_id,
        client_secret=settings.google_client_secret,
        scope="openid email profile",
        redirect_uri=settings.url(CALLBACK_PATH),
        code_challenge_method="S256",
        timeout=TIMEOUT_SECONDS,
    )


def _discovery_document() -> dict:
    if not google_enabled():
        raise GoogleRefused(NOT_SET_UP)
    url = settings.google_discovery_url
    if url not in _discovery:
        document = _get_json(url)
        needed = ("issuer", "authorization_endpoint", "token_endpoint", "jwks_uri")
        if not all(isinstance(document.get(key), str) for key in needed):
            raise GoogleRefused(UNREACHABLE)
        _discovery[url] = document
    return _discovery[url]


def _get_json(url: str) -> dict:
    try:
        response = httpx.get(url, timeout=TIMEOUT_SECONDS)
        response.raise_for_status()
        document = response.json()
    except (httpx.HTTPError, ValueError) as error:
        raise GoogleRefused(UNREACHABLE) from error
    if not isinstance(document, dict):
        raise GoogleRefused(UNREACHABLE)
    return document
