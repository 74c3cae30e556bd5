"""The staff session in a real browser: HttpOnly, never in Reflex's state, nothing private
sent to a signed-out tab; security headers and origins of the served app."""

import base64
import hashlib
import os
import re
import socket
import time
import uuid
from urllib.parse import urlsplit

import httpx
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.conftest import PROD_STACK, open_page
from tests.e2e.test_staff_sign_in import new_user, sign_in


def signed_in(page: Page, site) -> str:
    sign_in(page, new_user(site))
    expect(page).to_have_url(re.compile(r"/dashboard$"))
    page.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached")
    return next(c["value"] for c in page.context.cookies() if c["name"] == "staff_session")


def test_page_scripts_cannot_read_the_session_cookie(page: Page, site):
    signed_in(page, site)
    cookie = next(c for c in page.context.cookies() if c["name"] == "staff_session")
    assert cookie["httpOnly"] is True and cookie["sameSite"] == "Lax"
    assert "staff_session" not in page.evaluate("document.cookie")


def stored_reflex_state(site) -> bytes:
    """Everything Reflex has persisted: its .states/ files, or Redis on the production stack."""
    if not PROD_STACK:
        return b"".join(p.read_bytes() for p in site.states_dir.rglob("*") if p.is_file())
    import redis

    client = redis.Redis.from_url(PROD_STACK["redis"])
    values = []
    for key in client.scan_iter():
        kind = client.type(key)
        if kind == b"string":
            values.append(client.get(key) or b"")
        elif kind == b"hash":
            values.extend(client.hgetall(key).values())
    return b"".join(values)


def test_reflex_state_on_disk_holds_the_tokens_hash_never_the_token(page: Page, site):
    token = signed_in(page, site)
    open_page(page, "/enquiries")
    expect(page.locator("h2", has_text="Contact enquiries")).to_be_visible()
    token_hash = hashlib.sha256(token.encode()).hexdigest().encode()
    stored = b""
    for _ in range(40):  # Reflex writes its state a moment after each event
        stored = stored_reflex_state(site)
        if token_hash in stored:
            break
        time.sleep(0.5)
    assert token_hash in stored  # the websocket's headers are kept, with the hash only
    assert token.encode() not in stored


def test_a_signed_out_tab_reloading_receives_no_enquiry_data(
    page: Page, context: BrowserContext, site
):
    customer = f"Private Customer {uuid.uuid4().hex[:6]}"
    answer = httpx.post(
        f"{site.url}/api/contact",
        json={
            "name": customer,
            "email": "p@example.com",
            "phone": "",
            "service": "other",
            "message": "Please call me back",
        },
    )
    assert answer.status_code == 201
    signed_in(page, site)
    open_page(page, "/enquiries")
    expect(page.get_by_test_id("enquiry").first).to_contain_text(customer)

    other_tab = context.new_page()
    other_tab.goto("/signout")
    expect(other_tab).to_have_url(f"{site.url}/")

    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    page.reload()
    page.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached")
    expect(page.get_by_test_id("login-form")).to_be_visible()
    assert frames, "the reload must have talked to the server"
    assert not any(customer in frame for frame in frames)


def test_every_response_carries_the_security_headers(site):
    for path in ("/", "/contact/", "/api/health"):
        headers = httpx.get(f"{site.url}{path}").headers
        policy = headers["content-security-policy"]
        assert (
            "frame-ancestors 'none'" in policy
            and "'unsafe-inline'" not in policy.split("style-src")[0]
        )
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "strict-origin-when-cross-origin"
        assert "camera=()" in headers["permissions-policy"]
        assert "strict-transport-security" not in headers  # http here; https adds it


def test_scripts_and_styles_carry_no_policy_only_the_other_headers(site):
    """A policy applies only where a response becomes a document; the pages' scripts and styles
    never do, so they go without its 2 KB (an SVG could be opened as a document and keeps it)."""
    html = httpx.get(f"{site.url}/contact").text
    assets = re.findall(r'href="(/assets/[^"]+\.(?:js|css))"', html)
    assert any(a.endswith(".js") for a in assets) and any(a.endswith(".css") for a in assets)
    for asset in assets:
        headers = httpx.get(f"{site.url}{asset}").headers
        assert "content-security-policy" not in headers, asset
        assert headers["x-content-type-options"] == "nosniff"
    svg = httpx.get(f"{site.url}/favicon.svg").headers
    assert "frame-ancestors 'none'" in svg["content-security-policy"]


def test_pages_run_under_the_policy_without_violations(page: Page, site):
    violations: list[str] = []
    page.on(
        "console",
        lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
    )
    for path in ("/", "/contact", "/gallery/kitchen-remodeling", "/login"):
        open_page(page, path)
    assert violations == []


def websocket_handshake_status(site, origin: str) -> int:
    """The status line of a raw websocket upgrade to Reflex's event endpoint."""
    url = urlsplit(site.url)
    request = (
        "GET /_event/?EIO=4&transport=websocket HTTP/1.1\r\n"
        f"Host: {url.netloc}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\n"
        f"Sec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n\r\n"
    )
    with socket.create_connection((url.hostname, url.port), timeout=10) as connection:
        connection.sendall(request.encode())
        return int(connection.recv(1024).split(b" ", 2)[1])


def test_the_websocket_refuses_other_sites(site):
    assert websocket_handshake_status(site, "https://evil.example") >= 400
    assert websocket_handshake_status(site, site.url) == 101
