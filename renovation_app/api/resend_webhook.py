"""POST /api/resend/webhook: Resend's signed delivery events (delivered, bounced ...)."""

import logging

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse

from renovation_app.api.requests import read_body
from renovation_app.services.delivery import (
    WEBHOOK_MAX_BYTES,
    SignatureInvalid,
    handle_delivery_webhook,
)

log = logging.getLogger(__name__)


async def resend_webhook(request: Request) -> JSONResponse:
    body = await read_body(request, WEBHOOK_MAX_BYTES)
    if body is None:
        return JSONResponse({"error": "too large"}, status_code=413)
    try:
        outcome = await run_in_threadpool(handle_delivery_webhook, body, dict(request.headers))
    except SignatureInvalid as refused:
        log.warning("resend webhook: %s", refused)
        return JSONResponse({"error": "signature"}, status_code=400)
    return JSONResponse({"received": True, "outcome": outcome})
