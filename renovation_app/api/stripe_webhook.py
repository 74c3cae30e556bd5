"""POST /api/stripe/webhook: Stripe's signed events (the source of truth for payments)."""

import logging

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse

from renovation_app.api.requests import read_body
from renovation_app.services.payments import WEBHOOK_MAX_BYTES, handle_webhook

log = logging.getLogger(__name__)


async def stripe_webhook(request: Request) -> JSONResponse:
    body = await read_body(request, WEBHOOK_MAX_BYTES)
    if body is None:
        return JSONResponse({"error": "too large"}, status_code=413)
    try:
        outcome = await run_in_threadpool(
            handle_webhook, body, request.headers.get("stripe-signature")
        )
    except ValueError as refused:
        log.warning("stripe webhook: %s", refused)
        return JSONResponse({"error": "signature"}, status_code=400)
    return JSONResponse({"received": True, "outcome": outcome})
