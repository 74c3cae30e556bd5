"""Google sign-in (OpenID Connect) against the fake provider: the real Authlib client gets a
code, trades it with its PKCE verifier and the ID token is verified. A bad signature, nonce,
audience, issuer or expiry, an unverified or unknown address, an inactive account, a foreign
state, a replay, a slow or cancelled sign-in are each refused, and make no account."""

import base64
import hashlib
from datetime import timedelta
from urllib.parse import parse_qsl, urlsplit

import httpx
import pytest
from sqlmodel import func, select

from renovation_app.db import db_session
from renovation_app.models import GoogleSignIn, Role, User, utc_now
from renovation_app.services.staff import google, passwords, sessions, users
from renovation_app.settings import settings
from tests.factories import staff_user
from tests.fakes.oidc_server import FakeOIDC, split_redirect

PASSWORD = "correct horse battery"


@pytest.fixture
def fake(monkeypatch, clean_db):
    fake = FakeOIDC().start()
    monkeypatch.setattr(settings, "google_client_id", fake.client_id)
    monkeypatch.setattr(settings, "google_client_secret", fake.client_secret)
    monkeypatch.setattr(settings, "google_discovery_url", fake.discovery_url)
    monkeypatch.setattr(settings, "google_allowed_domain", "")
    monkeypatch.setattr(google, "_discovery", {})  # each test fetches its own fake's document
    yield fake
    fake.stop()


@pytest.fixture
def staff(clean_db) -> User:
    return staff_user(name="Sam Staff", email="Staff@Example.com", password=PASSWORD)


def authorize(now=None) -> tuple[dict, str]:
    """What a browser does: open Google's page (the fake approves at once) and come back to
    our callback. Returns the callback's query parameters and the state for the cookie."""
    url, state = google.start_sign_in(now=now)
    answer = httpx.get(url, follow_redirects=False)
    assert answer.status_code == 302
    callback, params = split_redirect(answer.headers["location"])
    assert callback == settings.url(google.CALLBACK_PATH)
    return params, state


def sign_in(now=None) -> sessions.SignedInUser:
    params, state = authorize()
    return google.finish_sign_in(params, state, now=now)


def refused(message: str, now=None) -> None:
    with pytest.raises(google.GoogleRefused) as refusal:
        sign_in(now=now)
    assert str(refusal.value) == message


def user_count() -> int:
    with db_session() as session:
        return session.exec(select(func.count()).select_from(User)).one()


def test_google_sign_in_is_off_without_a_client_id(monkeypatch):
    monkeypatch.setattr(settings, "google_client_id", "")
    assert not google.google_enabled()
    with pytest.raises(google.GoogleRefused, match="not set up"):
        google.start_sign_in()
    monkeypatch.setattr(settings, "google_client_id", "id.apps.googleusercontent.com")
    assert google.google_enabled()


def test_the_consent_url_asks_for_openid_with_state_nonce_and_pkce(fake):
    url, state = google.start_sign_in()
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query))
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == f"{fake.url}/authorize"
    assert query["response_type"] == "code" and query["client_id"] == fake.client_id
    assert query["scope"] == "openid email profile"
    assert query["redirect_uri"] == settings.url("/api/google/callback")
    assert query["state"] == state and query["code_challenge_method"] == "S256"
    with db_session() as session:
        stored = session.exec(select(GoogleSignIn)).one()
    # Only the state's hash is stored; the nonce and the verifier's challenge went to Google.
    assert stored.state_hash == passwords.hash_token(state) and state not in stored.state_hash
    assert query["nonce"] == stored.nonce
    challenge = base64.urlsafe_b64encode(hashlib.sha256(stored.code_verifier.encode()).digest())
    assert query["code_challenge"] == challenge.rstrip(b"=").decode()


def test_an_active_staff_member_signs_in_with_google(fake, staff):
    fake.email = "STAFF@example.com"
    signed_in = sign_in()
    assert (signed_in.id, signed_in.email, signed_in.role) == (
        staff.id,
        "staff@example.com",
        Role.STAFF,
    )
    # The code was traded with the PKCE verifier and the client secret (HTTP Basic).
    [request] = fake.token_requests
    with db_session() as session:
        stored = session.exec(select(GoogleSignIn)).one()
    assert request["form"]["code_verifier"] == stored.code_verifier
    assert stored.used_at is not None
    basic = base64.b64encode(f"{fake.client_id}:{fake.client_secret}".encode()).decode()
    assert request["authorization"] == f"Basic {basic}"


def test_an_account_with_two_step_sign_in_still_needs_its_code(fake, staff):
    with db_session() as session:
        user = session.get(User, staff.id)
        user.totp_enabled_at = utc_now()
        session.add(user)
        session.commit()
    assert sign_in().two_step


def test_the_discovery_document_is_fetched_once(fake, staff):
    sign_in()
    sign_in()
    assert fake.requests.count("GET /.well-known/openid-configuration") == 1
    assert fake.requests.count("GET /jwks") == 2


@pytest.mark.parametrize(
    "knob, value",
    [
        ("tamper", True),  # signature no longer matches the provider's key
        ("wrong_nonce", True),  # a token minted for another sign-in
        ("audience", "someone-else.apps.googleusercontent.com"),  # a token for another app
        ("issuer_override", "https://evil.example.com"),  # a token naming another issuer
        ("expired", True),
    ],
)
def test_an_id_token_that_fails_a_check_is_refused(fake, staff, knob, value):
    setattr(fake, knob, value)
    refused(google.INVALID)
    assert len(fake.token_requests) == 1  # the code was traded; the token was the problem


def test_an_address_google_has_not_verified_is_refused(fake, staff):
    fake.email_verified = False
    refused(google.NOT_VERIFIED)


def test_an_unknown_address_is_refused_and_gets_no_account(fake, staff):
    fake.email = "stranger@example.com"
    refused(google.NO_ACCOUNT)
    assert user_count() == 1


def test_an_inactive_account_is_refused(fake, staff):
    users.deactivate_user(staff.email)
    refused(google.NO_ACCOUNT)


def test_the_allowed_domain_makes_a_staff_account_on_first_sign_in(fake, monkeypatch):
    monkeypatch.setattr(settings, "google_allowed_domain", "example.com")
    fake.email, fake.name, fake.hd = "New.Person@example.com", "New Person", "example.com"
    signed_in = sign_in()
    assert (signed_in.email, signed_in.name, signed_in.role) == (
        "new.person@example.com",
        "New Person",
        Role.STAFF,
    )
    with db_session() as session:
        user = session.exec(select(User)).one()
    assert user.active and user.password_hash.startswith("$argon2id$")
    assert sign_in().id == signed_in.id  # the second time, the same account

    # Another domain, a look-alike one, a Workspace (hd) of another domain, or a personal
    # Google account that only uses an address of the domain (no hd) is still refused.
    for email, hd in [
        ("someone@other.org", None),
        ("someone@notexample.com", None),
        ("someone@example.com", "other.org"),
        ("former.employee@example.com", None),
    ]:
        fake.email, fake.hd = email, hd
        refused(google.NO_ACCOUNT)
    assert user_count() == 1


def test_the_allowed_domain_does_not_reopen_an_inactive_account(fake, monkeypatch, staff):
    monkeypatch.setattr(settings, "google_allowed_domain", "example.com")
    users.deactivate_user(staff.email)
    refused(google.NO_ACCOUNT)
    assert user_count() == 1


@pytest.mark.parametrize("cookie", ["another-browsers-state", ""])
def test_a_state_that_is_not_this_browsers_is_refused(fake, staff, cookie):
    params, _ = authorize()
    with pytest.raises(google.GoogleRefused) as refusal:
        google.finish_sign_in(params, cookie)
    assert str(refusal.value) == google.INVALID
    assert fake.token_requests == []


def test_a_callback_used_twice_is_refused_the_second_time(fake, staff):
    params, state = authorize()
    google.finish_sign_in(params, state)
    with pytest.raises(google.GoogleRefused) as replay:
        google.finish_sign_in(params, state)
    assert str(replay.value) == google.EXPIRED
    assert len(fake.token_requests) == 1  # refused before asking Google


def test_a_sign_in_older_than_ten_minutes_is_refused(fake, staff):
    params, state = authorize(now=utc_now() - timedelta(minutes=11))
    with pytest.raises(google.GoogleRefused) as refusal:
        google.finish_sign_in(params, state)
    assert str(refusal.value) == google.EXPIRED
    assert fake.token_requests == []

    params, state = authorize(now=utc_now() - timedelta(minutes=9))
    assert google.finish_sign_in(params, state).id == staff.id


def test_a_sign_in_cancelled_on_googles_page_is_refused(fake, staff):
    fake.deny = True
    params, state = authorize()
    assert params["error"] == "access_denied" and "code" not in params
    with pytest.raises(google.GoogleRefused) as refusal:
        google.finish_sign_in(params, state)
    assert str(refusal.value) == google.CANCELLED


def test_an_unreachable_provider_is_a_clear_refusal(fake):
    fake.stop()
    with pytest.raises(google.GoogleRefused) as refusal:
        google.start_sign_in()
    assert str(refusal.value) == google.UNREACHABLE
