"""The QuickBooks Online accounting API (v3) through httpx: create and sparse-update records
with a `requestid`, read them, query them. Every failure is one of the exceptions below, so the
push queue can tell a refusal (QuickBooks' Fault, in its words) from throttling, an expired
token, and an outcome we cannot know (a timeout after QuickBooks may have taken the request).
"""

from dataclasses import dataclass
from datetime import timedelta
from decimal import ROUND_HALF_UP, Decimal

import httpx

from renovation_app.models import utc_now
from renovation_app.services.quickbooks.connection import MINOR_VERSION, Tokens, current_tokens
from renovation_app.services.retry_after import pause_asked
from renovation_app.settings import settings

# Documented Fault codes the queue acts on.
STALE_SYNC_TOKEN = "5010"
LONGEST_PAUSE = timedelta(hours=1)  # what QuickBooks may ask of a throttled push at most
DUPLICATE_NAME = "6240"


class NotConnected(Exception):
    """No company is connected (never, or disconnected): nothing is sent."""


class Throttled(Exception):
    """QuickBooks answered 429: too many requests; try again after a pause."""

    def __init__(self, retry_after: timedelta | None) -> None:
        super().__init__("QuickBooks is throttling our requests (429)")
        self.retry_after = retry_after


class Unauthorized(Exception):
    """QuickBooks answered 401 even after a refresh of the access token."""


class Uncertain(Exception):
    """The request may have been applied by QuickBooks but its answer never came (a timeout, a
    dropped connection, a 5xx): before any retry, QuickBooks is asked what it holds."""


class Unreachable(Exception):
    """QuickBooks could not be reached at all (nothing was sent): retried later."""


@dataclass
class QuickBooksFault(Exception):
    """QuickBooks refused the request: its HTTP status, error code and its own words."""

    status: int
    code: str
    message: str
    detail: str

    def __str__(self) -> str:
        return f"{self.message}: {self.detail} (QuickBooks error {self.code})"


def _fault_of(answer: httpx.Response) -> QuickBooksFault:
    try:
        body = answer.json()
    except ValueError:
        return QuickBooksFault(answer.status_code, "", f"HTTP {answer.status_code}", answer.text)
    fault = body.get("Fault") or body.get("fault") or {}
    errors = fault.get("Error") or fault.get("error") or [{}]
    first = errors[0]
    return QuickBooksFault(
        answer.status_code,
        str(first.get("code", "")),
        str(first.get("Message") or first.get("message") or ""),
        str(first.get("Detail") or first.get("detail") or ""),
    )


def _send(method: str, tokens: Tokens, path: str, params: dict, body: dict | None) -> dict:
    url = f"{settings.quickbooks_api_url}/v3/company/{tokens.realm_id}/{path}"
    headers = {"Authorization": f"Bearer {tokens.access_token}", "Accept": "application/json"}
    try:
        answer = httpx.request(
            method,
            url,
            params={**params, "minorversion": MINOR_VERSION},
            json=body,
            headers=headers,
            timeout=settings.quickbooks_timeout_seconds,
        )
    except httpx.ConnectError as error:
        raise Unreachable(f"QuickBooks could not be reached: {error}") from error
    except httpx.TransportError as error:  # sent, and then no answer: it may be there
        if method == "GET":
            raise Unreachable(f"QuickBooks did not answer: {error!r}") from error
        raise Uncertain(f"QuickBooks did not answer in time: {error!r}") from error
    if answer.status_code == 401:
        raise Unauthorized("QuickBooks refused the access token (401)")
    if answer.status_code == 429:
        raise Throttled(pause_asked(answer.headers.get("Retry-After"), utc_now(), LONGEST_PAUSE))
    if answer.status_code >= 500:
        if method == "GET":
            raise Unreachable(f"QuickBooks answered {answer.status_code}")
        raise Uncertain(f"QuickBooks answered {answer.status_code}: {answer.text[:200]}")
    if answer.status_code != 200:
        raise _fault_of(answer)
    return answer.json()


def call(method: str, path: str, params: dict | None = None, body: dict | None = None) -> dict:
    """One call with the live connection's token; on a 401 the token is refreshed and the call
    made once more (the same requestid: QuickBooks never applied the refused one)."""
    tokens = current_tokens()
    if tokens is None:
        raise NotConnected("QuickBooks is not connected")
    try:
        return _send(method, tokens, path, params or {}, body)
    except Unauthorized:
        tokens = current_tokens(rejected=tokens.access_token)
        if tokens is None:
            raise NotConnected("QuickBooks is not connected") from None
        return _send(method, tokens, path, params or {}, body)


def write(entity: str, body: dict, request_id: str, params: dict | None = None) -> dict:
    """Create (no Id) or sparse-update (Id and SyncToken) one record; `params` such as
    {"operation": "void"} void it. Returns the record as QuickBooks holds it now."""
    answer = call("POST", entity.lower(), {**(params or {}), "requestid": request_id}, body)
    return answer[entity]


def read(entity: str, record_id: str) -> dict:
    return call("GET", f"{entity.lower()}/{record_id}")[entity]


def query(entity: str, where: str) -> list[dict]:
    """`select * from <entity> where <where>`, e.g. where="DocNumber = '2026-0001'"."""
    answer = call("GET", "query", {"query": f"select * from {entity} where {where}"})
    return answer.get("QueryResponse", {}).get(entity, [])


def cents_of(amount: object) -> int:
    """QuickBooks' dollars (a JSON number) as integer cents, exactly."""
    return int((Decimal(str(amount or 0)) * 100).quantize(Decimal(1), ROUND_HALF_UP))


def quoted(value: str) -> str:
    """A value inside a query's quotes (QuickBooks escapes a quote with a backslash)."""
    return "'" + str(value).replace("\\", "\\\\").replace("'", "\\'") + "'"
