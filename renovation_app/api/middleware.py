"""ASGI middleware around the whole app (pages, API and websocket).

1. Security headers on every HTTP response (CSP, nosniff, referrer, permissions, HSTS).
2. The websocket never sees the raw session token. Reflex keeps each connection's request
   headers in its state (persisted to .states/ or Redis), so the `staff_session` cookie of the
   websocket handshake is swapped here for the SHA-256 of its token: the same hash the database
   keeps. A browser-sent `staff_session_ref` is dropped, so a leaked hash cannot be replayed.
3. Every page answers at its canonical path, the one links, the sitemap and `<link
   rel=canonical>` use: `/about` is served as it is (Starlette would answer 307 to `/about/`),
   and `/about/` answers 308 to `/about`.
"""

import functools
import hashlib
import os
from http.cookies import CookieError, SimpleCookie

from reflex.constants import Dirs
from reflex.utils.prerequisites import get_web_dir
from starlette.datastructures import URL, MutableHeaders
from starlette.responses import RedirectResponse
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


@functools.cache
def _built_pages_dir() -> str:
    return str(get_web_dir() / Dirs.STATIC)


@functools.lru_cache(maxsize=1024)
def _is_built_page(path: str) -> bool:
    """Whether the production build has a prerendered page for `path` (e.g. "/about")."""
    if ".." in path or "\\" in path or "//" in path:
        return False
    return os.path.isfile(os.path.join(_built_pages_dir(), path.strip("/"), "index.html"))


class CanonicalPathMiddleware:
    """Pages at their canonical path (no trailing slash), with no redirect on the way."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD") or path == "/":
            await self.app(scope, receive, send)
            return
        if path.endswith("/") and _is_built_page(path):
            url = URL(scope=scope).replace(path=path.rstrip("/"))
            await RedirectResponse(str(url), status_code=308)(scope, receive, send)
            return
        if _is_built_page(path):
            # Starlette's static files serve `about/index.html` only when asked for `about/`.
            scope = {**scope, "path": path + "/", "raw_path": (path + "/").encode()}
        await self.app(scope, receive, send)
