"""Client addresses, text rules, the websocket cookie swap and the production refusal."""

import hashlib
import os
import subprocess
import sys

import pytest

from renovation_app.api.middleware import session_ref_cookie_header
from renovation_app.services.enquiries import validate_enquiry
from renovation_app.services.errors import FormInvalid
from renovation_app.services.fields import has_refused_characters, is_blank
from renovation_app.services.limits import address_group, client_address, client_fingerprint
from renovation_app.services.staff import sessions
from tests.prod_server import ROOT
from tests.unit.test_enquiry_validation import VALID


def test_without_trusted_proxies_the_peer_is_the_client_whatever_the_header_says():
    assert client_address("10.0.0.5", "203.0.113.1", trusted_hops=0) == "10.0.0.5"


def test_behind_n_proxies_the_nth_forwarded_address_from_the_right_is_the_client():
    chain = "6.6.6.6, 203.0.113.7, 10.0.0.2"
    assert client_address("10.0.0.1", chain, trusted_hops=1) == "10.0.0.2"
    assert client_address("10.0.0.1", chain, trusted_hops=2) == "203.0.113.7"
    assert client_address("10.0.0.1", "", trusted_hops=1) == "10.0.0.1"


def test_ipv6_clients_count_per_64_and_ipv4_one_by_one():
    assert address_group("2001:db8:1:2::1") == address_group("2001:db8:1:2:ffff::9")
    assert address_group("2001:db8:1:2::1") != address_group("2001:db8:1:3::1")
    assert address_group("192.0.2.1") != address_group("192.0.2.2")
    assert address_group("::ffff:192.0.2.1") == "192.0.2.1"


def test_the_address_hash_is_keyed_with_the_secret(monkeypatch):
    from renovation_app.settings import settings

    before = client_fingerprint("192.0.2.1")
    assert before != hashlib.sha256(b"192.0.2.1").hexdigest()
    monkeypatch.setattr(settings, "secret_key", "another secret key of some length")
    assert client_fingerprint("192.0.2.1") != before


@pytest.mark.parametrize(
    "text",
    ["Eve\u202e", "Eve\r\nBcc: x@example.com", "Eve\x00", "Eve\u200b", "Eve\ud800"],
)
def test_control_and_format_characters_are_refused_in_single_line_fields(text):
    assert has_refused_characters(text)


def test_multi_line_fields_keep_line_breaks_and_tabs_only():
    assert not has_refused_characters("line one\r\nline two\tend", multiline=True)
    assert has_refused_characters("line one\u202e", multiline=True)


def test_a_name_of_only_invisible_characters_is_blank():
    assert is_blank("\u200b\u200b \u00a0") and not is_blank("Ana")


@pytest.mark.parametrize("name", ["Dana\u202eevil", "Dana\nBcc: x@example.com", "\u200b\u200b"])
def test_an_enquiry_with_such_a_name_is_refused_with_a_message(name):
    with pytest.raises(FormInvalid) as invalid:
        validate_enquiry({**VALID, "name": name})
    assert invalid.value.errors["name"]


def test_the_websocket_sees_the_tokens_hash_never_the_token():
    header = session_ref_cookie_header("theme=dark; staff_session=RAWTOKEN")
    assert "RAWTOKEN" not in header
    assert f"staff_session_ref={sessions.session_ref('RAWTOKEN')}" in header
    assert sessions.session_ref_from_cookies(header) == hashlib.sha256(b"RAWTOKEN").hexdigest()
    assert "theme=dark" in header


def test_a_browser_sent_session_hash_is_dropped():
    assert "staff_session_ref" not in session_ref_cookie_header("staff_session_ref=leaked-hash")


@pytest.mark.parametrize(
    "smuggled",
    [
        'x="1; staff_session_ref={ref}"',
        'x="1;staff_session_ref={ref}"; theme=dark',
        "x=1; staff_session_ref={ref}",
        'staff_session_ref="{ref}"',
        "staff_session_ref={ref}; staff_session_ref={ref}",
    ],
)
def test_a_session_reference_smuggled_in_a_cookie_signs_nobody_in(smuggled):
    """A leaked reference (a state file, Redis) or hash (a database copy) in any cookie shape:
    the websocket's rewritten header never carries it, and the guard's parser finds none."""
    token_hash = hashlib.sha256(b"an admin's token").hexdigest()
    for ref in (token_hash, sessions.session_ref("an admin's token")):
        header = smuggled.format(ref=ref)
        assert sessions.session_ref_from_cookies(session_ref_cookie_header(header)) == ""
        assert ref not in session_ref_cookie_header(header)


def test_a_database_hash_is_not_a_reference_without_the_secret_key():
    token_hash = hashlib.sha256(b"token").hexdigest()
    assert sessions.session_ref_from_cookies(f"staff_session_ref={token_hash}") == ""
    assert sessions.session_ref_from_cookies(f"staff_session_ref={token_hash}.{'0' * 64}") == ""
    assert sessions.session_ref_from_cookies(
        f"staff_session_ref={sessions.session_ref('token')}"
    ) == (token_hash)


def test_cookie_values_that_could_smuggle_a_pair_are_dropped():
    pairs = sessions.parse_cookie_header('a=1; b="2; c=3"; d=x=y; e=ok; f=back\\slash; g=s p')
    assert pairs == [("a", "1"), ("e", "ok")]


def _start_config(**env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", "import rxconfig"],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
    )


@pytest.mark.parametrize("secret", ["", "dev-only-change-me", "short-but-not-default"])
def test_production_refuses_to_start_with_a_weak_secret_key(secret):
    started = _start_config(SITE_URL="https://renovation.example", SECRET_KEY=secret)
    assert started.returncode != 0
    assert started.stderr.strip().count("\n") == 0 and "SECRET_KEY" in started.stderr


def test_production_starts_with_a_long_secret_key_and_local_http_with_the_default():
    assert _start_config(SITE_URL="https://renovation.example", SECRET_KEY="k" * 40).returncode == 0
    assert _start_config(SITE_URL="http://localhost:3000").returncode == 0


def test_start_up_refuses_a_staff_page_whose_state_is_not_guarded(monkeypatch):
    import reflex as rx

    from renovation_app import renovation_app as app_module
    from renovation_app.pages.registry import PAGES, Page
    from renovation_app.routes import ADD_INVOICE

    class UnguardedState(rx.State):
        @rx.event
        def load(self):
            pass

    app_module.check_staff_pages()  # the real pages pass
    unguarded = Page(ADD_INVOICE, rx.fragment, (UnguardedState.load,))
    monkeypatch.setattr(app_module, "PAGES", [*PAGES, unguarded])
    with pytest.raises(RuntimeError, match="UnguardedState must inherit StaffState"):
        app_module.check_staff_pages()


def test_a_staff_route_is_never_public():
    from renovation_app.routes import Route

    with pytest.raises(ValueError, match="never public"):
        Route("/staff-thing", "t", "d", public=True, staff=True)
