"""ASGI middleware around the whole app (pages, API and websocket).

1. Security headers on every HTTP response (CSP, nosniff, referrer, permissions, HSTS).
2. The websocket never sees the raw session token. Reflex keeps each connection's request
   headers in its state (persisted to .states/ or Redis), so the `staff_session` cookie of the
   websocket handshake is swapped here for the SHA-256 of its token: the same hash the database
   keeps. A browser-sent `staff_session_ref` is dropped, so a leaked hash cannot be replayed.
"""

import hashlib
from http.cookies import CookieError, SimpleCookie

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from renovation_app.api.csp import content_security_policy
from renovation_app.services.auth import SESSION_COOKIE, SESSION_REF_COOKIE
from renovation_app.settings import settings

EVENT_PATH = "/_event"


def session_ref_cookie_header(cookie_header: str) -> str:
    """The Cookie header with the session token replaced by its hash."""
    jar = SimpleCookie()
    try:
        jar.load(cookie_header)
    except CookieError:
        return ""
    pairs = [
        f"{name}={morsel.value}"
        for name, morsel in jar.items()
        if name not in (SESSION_COOKIE, SESSION_REF_COOKIE)
    ]
    if token := jar.get(SESSION_COOKIE):
        if token.value:
            pairs.append(f"{SESSION_REF_COOKIE}={hashlib.sha256(token.value.encode()).hexdigest()}")
    return "; ".join(pairs)


def _without_raw_session(scope: Scope) -> Scope:
    headers = []
    for name, value in scope["headers"]:
        if name == b"cookie":
            value = session_ref_cookie_header(value.decode("latin-1")).encode("latin-1")
            if not value:
                continue
        headers.append((name, value))
    return {**scope, "headers": headers}


def security_headers(path: str) -> dict[str, str]:
    headers = {
        "Content-Security-Policy": content_security_policy(path),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "Permissions-Policy": "camera=(), microphone=(), geolocation=(), usb=(), payment=(self)",
        "X-Frame-Options": "DENY",
    }
    if settings.is_https:
        headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains"
    return headers


class SecurityMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if scope["path"].startswith(EVENT_PATH):
            scope = _without_raw_session(scope)
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        path = scope["path"]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                response_headers = MutableHeaders(scope=message)
                for name, value in security_headers(path).items():
                    if name not in response_headers:
                        response_headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)
