"""ASGI guards that refuse a request before any route or handler reads it.

1. An address holding a control character answers 400 (`AddressGuard`, around the API).
2. Reflex's upload route reads the whole body before any handler (and so the staff guard)
   runs: an upload from another site, without a staff session or larger than any upload field
   takes is refused here before its body is read, and its bytes are counted as they come
   (`UploadGuard`, around the whole app).
"""

from urllib.parse import unquote_plus

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from renovation_app.api.requests import Refused, check_same_origin, declared_size
from renovation_app.api.responses import NO_STORE, sign_in_first, signed_in_user
from renovation_app.services import files
from renovation_app.services.costs import MAX_RECEIPT_BYTES
from renovation_app.services.subcontractors import MAX_CERTIFICATE_BYTES


def _has_control_character(text: str) -> bool:
    return any(ord(c) < 0x20 or ord(c) == 0x7F for c in text)


class AddressGuard:
    """An address holding a control character (a NUL: `%00`) answers 400 before any route reads
    it: no record is named so, and PostgreSQL refuses a NUL in a text it is asked to compare."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            query = unquote_plus(scope.get("query_string", b"").decode("latin-1"))
            if _has_control_character(scope["path"]) or _has_control_character(query):
                await PlainTextResponse("Bad request", status_code=400)(scope, receive, send)
                return
        await self.app(scope, receive, send)


# Reflex's upload route (reflex.constants.Endpoint.UPLOAD): receipts, insurance certificates
# and paper scans. Job photos have a route of their own (api/photos.py).
UPLOAD_PATH = "/_upload"
# The largest file an upload field takes, and room for the multipart form around it.
UPLOAD_MAX_BYTES = max(MAX_RECEIPT_BYTES, MAX_CERTIFICATE_BYTES, files.MAX_BYTES) + 64 * 1024


def upload_too_large() -> Response:
    megabytes = UPLOAD_MAX_BYTES // (1024 * 1024)
    message = f"Files are at most {megabytes} MB: please choose a smaller file or a photo of it."
    return JSONResponse({"error": message}, 413, headers=NO_STORE)


async def upload_refusal(request: Request) -> Response | None:
    """Why an upload is refused from its headers alone (403, 401, 413), or None."""
    try:
        check_same_origin(request)
    except Refused as refused:
        return refused.response
    if await signed_in_user(request) is None:
        return sign_in_first("upload files")
    if declared_size(request.headers) > UPLOAD_MAX_BYTES:
        return upload_too_large()
    return None


async def read_at_most(app: ASGIApp, scope: Scope, receive: Receive, send: Send) -> None:
    """Run the app on at most UPLOAD_MAX_BYTES of body, whatever the Content-Length said or
    however the body is chunked: past that the app is told the client left (it stops reading)
    and the client is answered 413."""
    received, cut, started = 0, False, False

    async def counted() -> Message:
        nonlocal received, cut
        if cut:
            return {"type": "http.disconnect"}
        message = await receive()
        if message["type"] == "http.request":
            received += len(message.get("body", b""))
            cut = received > UPLOAD_MAX_BYTES
        return {"type": "http.disconnect"} if cut else message

    async def unless_cut(message: Message) -> None:
        nonlocal started
        if cut and not started:
            return  # the app's answer to a body it never got whole
        started = started or message["type"] == "http.response.start"
        await send(message)

    try:
        await app(scope, counted, unless_cut)
    except Exception:
        if not cut:
            raise
    if cut and not started:
        await upload_too_large()(scope, receive, send)


class UploadGuard:
    """Uploads through Reflex's route: refused before their body is read, counted as read."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] != UPLOAD_PATH or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        refusal = await upload_refusal(Request(scope))
        if refusal is not None:
            await refusal(scope, receive, send)
            return
        await read_at_most(self.app, scope, receive, send)
