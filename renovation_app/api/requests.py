"""What every state-changing API route checks first: origin, size, JSON, the client address."""

import json
from collections.abc import Mapping
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from renovation_app.services.fields import whole_number
from renovation_app.services.limits import client_address_from_headers
from renovation_app.settings import settings

MAX_JSON_BYTES = 64 * 1024
MAX_JSON_DEPTH = 10


class Refused(Exception):
    """The request is answered with `response` before any work is done."""

    def __init__(self, response: JSONResponse) -> None:
        self.response = response


def _refuse(status: int, field: str, message: str) -> Refused:
    return Refused(JSONResponse({"errors": {field: message}}, status_code=status))


def check_same_origin(request: Request) -> None:
    """403 for a browser request from another site (a cross-site form or fetch).

    Requests without an Origin header (curl, server-to-server) carry no cookies of a visitor
    and are not a cross-site request forgery."""
    origin = request.headers.get("origin")
    if origin is not None and origin not in settings.allowed_origins():
        raise _refuse(403, "origin", "Requests from other sites are not accepted.")
    if request.headers.get("sec-fetch-site") == "cross-site":
        raise _refuse(403, "origin", "Requests from other sites are not accepted.")


def declared_size(headers: Mapping[str, str]) -> int:
    """The body's size as its Content-Length says (0 when there is none or it is no number):
    a body declared too large is refused unread; the bytes are still counted as they come."""
    return whole_number(headers.get("content-length", ""), maximum=10**15) or 0


def _depth(value: Any, level: int = 1) -> int:
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level)
    return level


def _has_lone_surrogate(value: Any) -> bool:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(_has_lone_surrogate(k) or _has_lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_lone_surrogate(v) for v in value)
    return False


async def read_json_object(request: Request, max_bytes: int = MAX_JSON_BYTES) -> dict:
    """The body as a JSON object, or Refused with 415 / 413 / 422 (never a 500)."""
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type != "application/json":
        raise _refuse(415, "body", "Send the request as JSON (Content-Type: application/json).")
    if declared_size(request.headers) > max_bytes:
        raise _refuse(413, "body", f"The request is larger than {max_bytes // 1024} KiB.")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > max_bytes:
            raise _refuse(413, "body", f"The request is larger than {max_bytes // 1024} KiB.")
    try:
        payload = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _refuse(422, "body", "Send a JSON object.") from None
    if not isinstance(payload, dict):
        raise _refuse(422, "body", "Send a JSON object.")
    if _depth(payload) > MAX_JSON_DEPTH or _has_lone_surrogate(payload):
        raise _refuse(422, "body", "The JSON holds values we cannot accept.")
    return payload


async def posted_json(request: Request) -> dict:
    """A JSON object posted by this site's own pages (same origin), or Refused."""
    check_same_origin(request)
    return await read_json_object(request)


def honeypot_of(payload: dict) -> str:
    """The hidden "website" field a person leaves empty and a bot fills in."""
    value = payload.get("website")
    return value if isinstance(value, str) else ""


def client_of(request: Request) -> str:
    """The client's address, derived as for the pages (services.clients)."""
    peer = request.client.host if request.client else ""
    return client_address_from_headers(request.headers, peer)


async def read_body(request: Request, max_bytes: int) -> bytes | None:
    """The raw body (a signed webhook is verified over its exact bytes); None past max_bytes."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > max_bytes:
            return None
    return body
