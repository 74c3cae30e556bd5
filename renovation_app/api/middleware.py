"""ASGI middleware around the whole app (pages, API and websocket).

1. Security headers on every HTTP response (nosniff, referrer, permissions, HSTS; the CSP on
   every response that can be a document: pages, API answers, SVG).
2. The websocket never sees the raw session token. Reflex keeps each connection's request
   headers in its state (persisted to .states/ or Redis), so the `staff_session` cookie of the
   websocket handshake is swapped here for a reference: the token's SHA-256 (the hash the
   database keeps) signed with SECRET_KEY. A browser-sent `staff_session_ref`, and any cookie
   whose value could smuggle one past a parser, is dropped (services/staff/sessions.py parses
   cookies for this and for the guard alike), so a leaked hash cannot be replayed.
3. Every page answers at its canonical path, the one links, the sitemap and `<link
   rel=canonical>` use: `/about` is served as it is (Starlette would answer 307 to `/about/`),
   and `/about/` answers 308 to `/about`.
4. An unknown path answers 404 with the prerendered 404 page (first_paint.py has it built), so
   its text shows before any JavaScript runs; Reflex would send the bare SPA shell. Paths of
   the dynamic pages (`/pay/<token>`, `/invoices/<number>`) keep the shell: the browser draws
   those routes, and hydrating another route's HTML there would not match.
5. A form the browser submits itself, before the app's scripts run, posts to its page
   (components/forms.py); that post answers 303 See Other back to the page, without the body
   being read or logged, so the person lands on the page again, now live. (Static files would
   answer 405.)
The guards that refuse a request before it is read (an odd address, an upload) are in
guards.py.
"""

import functools
import os
import re
from urllib.parse import quote

from reflex.constants import Dirs
from reflex.utils.exec import get_routes_manifest_router
from reflex.utils.prerequisites import get_web_dir
from starlette.datastructures import URL, Headers, MutableHeaders
from starlette.responses import RedirectResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from renovation_app.api.csp import content_security_policy
from renovation_app.first_paint import NOT_FOUND_PAGE
from renovation_app.routes import ALL_ROUTES, NOT_FOUND
from renovation_app.services.staff.sessions import (
    SESSION_COOKIE,
    SESSION_REF_COOKIE,
    parse_cookie_header,
    session_ref,
)
from renovation_app.settings import settings

EVENT_PATH = "/_event"


def session_ref_cookie_header(cookie_header: str) -> str:
    """The Cookie header with the session token replaced by its signed reference; every
    browser-sent reference and every pair the shared parser refuses is dropped."""
    pairs = parse_cookie_header(cookie_header)
    kept = [
        f"{name}={value}"
        for name, value in pairs
        if name not in (SESSION_COOKIE, SESSION_REF_COOKIE)
    ]
    tokens = [value for name, value in pairs if name == SESSION_COOKIE and value]
    if len(tokens) == 1:
        kept.append(f"{SESSION_REF_COOKIE}={session_ref(tokens[0])}")
    return "; ".join(kept)


def _without_raw_session(scope: Scope) -> Scope:
    headers = []
    for name, value in scope["headers"]:
        if name == b"cookie":
            value = session_ref_cookie_header(value.decode("latin-1")).encode("latin-1")
            if not value:
                continue
        headers.append((name, value))
    return {**scope, "headers": headers}


# Only a document (or a worker) obeys a Content-Security-Policy. Scripts, styles, fonts and
# raster images never become one, and the policy (2 KB of script hashes) on each of the 10-15
# files of a first visit was 25 KB more to download before the page could answer.
NEVER_A_DOCUMENT = (
    "text/javascript",
    "application/javascript",
    "text/css",
    "font/",
    "image/webp",
    "image/png",
    "image/jpeg",
)


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
                content_type = response_headers.get("content-type", "")
                for name, value in security_headers(path).items():
                    if name == "Content-Security-Policy" and content_type.startswith(
                        NEVER_A_DOCUMENT
                    ):
                        continue
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


@functools.cache
def _page_router():
    return get_routes_manifest_router()


def _is_routed_page(path: str) -> bool:
    """Whether the browser's router has a page for `path`, other than the 404 page."""
    router = _page_router()
    return router is not None and router(path) not in (None, "404")


# The compressed copies the build writes (rxconfig's frontend_compression_formats), best first.
_SIDECARS = (("br", ".br"), ("gzip", ".gz"))


@functools.cache
def _not_found_page(suffix: str = "") -> bytes | None:
    """The prerendered 404 page as built (read once: the build does not change while serving)."""
    page = os.path.join(_built_pages_dir(), NOT_FOUND_PAGE, "index.html")
    try:
        with open(page + suffix, "rb") as built:
            return built.read()
    except OSError:
        return None


def _accepted_encodings(scope: Scope) -> set[str]:
    header = Headers(scope=scope).get("accept-encoding", "")
    return {
        token.split(";")[0].strip()
        for token in header.split(",")
        if not token.replace(" ", "").endswith(";q=0")
    }


def _not_found_page_messages(scope: Scope) -> list[Message] | None:
    """The prerendered 404 page as a 404 response (compressed when the client takes it)."""
    headers = {"content-type": "text/html; charset=utf-8", "cache-control": "no-cache"}
    headers["vary"] = "Accept-Encoding"
    accepted = _accepted_encodings(scope)
    encoding, body = None, _not_found_page()
    for sidecar_encoding, suffix in _SIDECARS:
        if sidecar_encoding in accepted and (compressed := _not_found_page(suffix)) is not None:
            encoding, body = sidecar_encoding, compressed
            break
    if body is None:
        return None  # the dev server and unbuilt checkouts keep Reflex's own answer
    if encoding:
        headers["content-encoding"] = encoding
    headers["content-length"] = str(len(body))
    raw_headers = [(name.encode(), value.encode()) for name, value in headers.items()]
    return [
        {"type": "http.response.start", "status": 404, "headers": raw_headers},
        {"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body},
    ]


class NotFoundPageMiddleware:
    """An unknown path answers 404 with the prerendered 404 page instead of the bare SPA shell."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        if path.strip("/") == NOT_FOUND_PAGE and (messages := _not_found_page_messages(scope)):
            for message in messages:  # /404 itself is the 404 page, with its status
                await send(message)
            return
        replaced = False

        async def send_prerendered_page(message: Message) -> None:
            nonlocal replaced
            if message["type"] == "http.response.start" and message["status"] == 404:
                content_type = Headers(raw=message["headers"]).get("content-type", "")
                if content_type.startswith("text/html") and not _is_routed_page(path):
                    if messages := _not_found_page_messages(scope):
                        replaced = True
                        for page_message in messages:
                            await send(page_message)
                        return
            if not replaced:  # once the page is sent, the shell's body is dropped
                await send(message)

        await self.app(scope, receive, send_prerendered_page)


@functools.cache
def _page_path_pattern() -> re.Pattern[str]:
    """Every page path of the route table ("/pay/[token]" matches "/pay/<anything>")."""
    paths = [
        "/".join("[^/]+" if part.startswith("[") else re.escape(part) for part in r.path.split("/"))
        for r in ALL_ROUTES
        if r is not NOT_FOUND
    ]
    return re.compile("|".join(paths))


def page_path(path: str) -> str | None:
    """The canonical path of the page at `path` ("/login/" -> "/login"), None for anything
    that is not a page (the API, Reflex's own endpoints, files)."""
    canonical = path.rstrip("/") or "/"
    return canonical if _page_path_pattern().fullmatch(canonical) else None


class FormPostMiddleware:
    """A native form post to a page answers 303 to the page; its body is never read."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        target = page_path(scope["path"])
        if target is None:
            await self.app(scope, receive, send)
            return
        query = scope.get("query_string", b"").decode("latin-1")
        location = quote(target) + (f"?{query}" if query else "")
        headers = [
            (b"location", location.encode("latin-1")),
            (b"cache-control", b"no-store"),
            (b"content-length", b"0"),
        ]
        await send({"type": "http.response.start", "status": 303, "headers": headers})
        await send({"type": "http.response.body", "body": b""})
