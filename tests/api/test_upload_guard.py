"""Uploads through Reflex's upload route (receipts, certificates, paper scans) are refused
before their body is read: from another site (403), without a staff session (401), larger
than any upload field takes (413, the bytes counted as they come, whatever the
Content-Length said); a staff member's upload from this site goes through whole."""

import asyncio

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from renovation_app.api.guards import UPLOAD_MAX_BYTES, UPLOAD_PATH, UploadGuard
from renovation_app.services.staff import sessions
from renovation_app.settings import settings

SITE = "http://testserver"
MB = 1024 * 1024
CHUNK = 64 * 1024


@pytest.fixture(autouse=True)
def site(monkeypatch):
    monkeypatch.setattr(settings, "site_url", SITE)


@pytest.fixture
def session_cookie(staff) -> str:
    return f"{sessions.SESSION_COOKIE}={sessions.start_session(staff.id)}"


async def reflex_upload(request: Request) -> JSONResponse:
    """What Reflex's buffered upload does first: read the whole multipart form."""
    form = await request.form()
    sizes = {name: len(await part.read()) for name, part in form.multi_items()}
    return JSONResponse({"sizes": sizes})


def guarded_app():
    return UploadGuard(Starlette(routes=[Route(UPLOAD_PATH, reflex_upload, methods=["POST"])]))


class Sender:
    """A client sending `total` bytes in chunks; `delivered` counts what the server read."""

    def __init__(self, total: int = 0, body: bytes = b"") -> None:
        self.body, self.total, self.delivered = body, total or len(body), 0

    async def receive(self) -> dict:
        if self.delivered >= self.total:
            await asyncio.sleep(3600)  # a client waiting for its answer
        start, self.delivered = self.delivered, min(self.delivered + CHUNK, self.total)
        chunk = self.body[start : self.delivered] or b"x" * (self.delivered - start)
        return {"type": "http.request", "body": chunk, "more_body": self.delivered < self.total}


def upload(sender: Sender, headers: dict[str, str]) -> tuple[int, dict]:
    scope = {
        "type": "http",
        "method": "POST",
        "path": UPLOAD_PATH,
        "raw_path": UPLOAD_PATH.encode(),
        "query_string": b"",
        "root_path": "",
        "scheme": "http",
        "http_version": "1.1",
        "server": ("testserver", 80),
        "client": ("127.0.0.1", 5000),
        "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()],
    }
    sent = []

    async def send(message: dict) -> None:
        sent.append(message)

    async def run() -> None:
        await asyncio.wait_for(guarded_app()(scope, sender.receive, send), 30)

    asyncio.run(run())
    [start] = [m for m in sent if m["type"] == "http.response.start"]
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], httpx.Response(200, content=body).json()


def multipart(content: bytes) -> tuple[bytes, dict[str, str]]:
    request = httpx.Request("POST", SITE + UPLOAD_PATH, files={"files": ("scan.pdf", content)})
    return request.read(), dict(request.headers)


def test_100_mb_without_a_session_is_refused_before_1_mb_is_read(clean_db):
    sender = Sender(total=100 * MB)
    headers = {
        "origin": SITE,
        "content-length": str(100 * MB),
        "content-type": "multipart/form-data; boundary=x",
    }
    status, answer = upload(sender, headers)
    assert status == 401 and "Sign in" in answer["error"]
    assert sender.delivered < MB


def test_an_upload_from_another_site_is_refused_unread(session_cookie):
    body, headers = multipart(b"%PDF-1.7 a small scan")
    sender = Sender(body=body)
    headers = {**headers, "origin": "https://evil.example", "cookie": session_cookie}
    status, _ = upload(sender, headers)
    assert status == 403 and sender.delivered == 0


@pytest.mark.parametrize("declared", ["1000", None])
def test_a_body_past_the_limit_is_cut_whatever_its_length_said(session_cookie, declared):
    body, headers = multipart(b"x" * (UPLOAD_MAX_BYTES + 5 * MB))
    headers = {**headers, "origin": SITE, "cookie": session_cookie}
    headers.pop("content-length")
    if declared:
        headers["content-length"] = declared  # a length that lies
    sender = Sender(body=body)
    status, answer = upload(sender, headers)
    assert status == 413 and "15 MB" in answer["error"]
    assert sender.delivered <= UPLOAD_MAX_BYTES + CHUNK


def test_a_declared_length_past_the_limit_is_refused_unread(session_cookie):
    body, headers = multipart(b"x" * 100)
    headers = {**headers, "origin": SITE, "cookie": session_cookie}
    headers["content-length"] = str(UPLOAD_MAX_BYTES + 1)
    sender = Sender(body=body)
    assert upload(sender, headers)[0] == 413 and sender.delivered == 0


def test_a_staff_members_upload_from_this_site_goes_through_whole(session_cookie):
    scan = b"%PDF-1.7 " + b"s" * (14 * MB)  # a receipt near its 15 MB limit
    body, headers = multipart(scan)
    status, answer = upload(
        Sender(body=body), {**headers, "origin": SITE, "cookie": session_cookie}
    )
    assert status == 200 and answer == {"sizes": {"files": len(scan)}}


def test_the_app_checks_uploads_inside_the_security_headers():
    from renovation_app import renovation_app as app_module
    from renovation_app.api.middleware import SecurityMiddleware

    transformers = list(app_module.app.api_transformer)
    assert transformers.index(UploadGuard) < transformers.index(SecurityMiddleware)
