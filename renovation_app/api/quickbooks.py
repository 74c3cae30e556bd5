"""GET /api/quickbooks/connect sends a signed-in admin to Intuit's consent page; GET
/api/quickbooks/callback comes back from it (the state must be this session's); POST
/api/quickbooks/webhook takes Intuit's signed notifications (payments recorded in QuickBooks).
The settings and sync pages call the services directly."""

import logging

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from renovation_app import routes
from renovation_app.api.requests import client_of, read_body
from renovation_app.api.responses import NO_STORE, sign_in_first, signed_in_user
from renovation_app.services import audit, payments, quickbooks
from renovation_app.services.errors import ActionRefused
from renovation_app.services.staff import sessions
from renovation_app.services.staff.passwords import hash_token

log = logging.getLogger(__name__)

SETTINGS_PATH = routes.QUICKBOOKS.path  # the admin's page shows the outcome


def _session_key(request: Request) -> str:
    """The admin's session, as the hash of its cookie: the OAuth state is tied to it."""
    token = request.cookies.get(sessions.SESSION_COOKIE, "")
    return hash_token(token) if token else ""


def _refused(refused: ActionRefused) -> JSONResponse:
    status = 503 if isinstance(refused, quickbooks.IntuitUnreachable) else 403
    return JSONResponse({"error": str(refused)}, status, headers=NO_STORE)


async def quickbooks_connect(request: Request) -> Response:
    user = await signed_in_user(request)
    if user is None:
        return sign_in_first("connect QuickBooks")
    try:
        url = await run_in_threadpool(quickbooks.authorize_url, user, _session_key(request))
    except ActionRefused as refused:
        return _refused(refused)
    return RedirectResponse(url, status_code=303, headers=NO_STORE)


async def quickbooks_callback(request: Request) -> Response:
    user = await signed_in_user(request)
    if user is None:
        return sign_in_first("connect QuickBooks")
    audit.acting_client(client_of(request))
    params = dict(request.query_params)
    try:
        await run_in_threadpool(quickbooks.finish_connect, user, _session_key(request), params)
    except ActionRefused as refused:
        return _refused(refused)
    return RedirectResponse(f"{SETTINGS_PATH}?connected=1", status_code=303, headers=NO_STORE)


async def quickbooks_webhook(request: Request) -> Response:
    body = await read_body(request, quickbooks.WEBHOOK_MAX_BYTES)
    if body is None:
        return JSONResponse({"error": "too large"}, status_code=413)
    signature = request.headers.get(quickbooks.SIGNATURE_HEADER, "")
    try:
        recorded = await run_in_threadpool(payments.record_quickbooks_payments, body, signature)
    except quickbooks.WebhookForged as forged:
        log.warning("quickbooks webhook refused: %s", forged)
        return JSONResponse({"error": "signature"}, status_code=403)
    except Exception:  # QuickBooks could not be read: Intuit sends it again (and catch-up reads it)
        log.exception("quickbooks webhook: the payments could not be read")
        return JSONResponse({"error": "try again"}, status_code=503)
    return JSONResponse({"received": True, "recorded": recorded})
