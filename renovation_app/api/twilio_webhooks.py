"""POST /api/twilio/inbound and /api/twilio/status: Twilio's signed, form-encoded webhooks."""

import logging
from urllib.parse import parse_qsl

from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from renovation_app.api.requests import read_body
from renovation_app.services.texts import (
    WEBHOOK_MAX_BYTES,
    SignatureInvalid,
    handle_inbound,
    handle_status,
    keep_text_media,
)

log = logging.getLogger(__name__)
TWIML = "application/xml"


async def _form(request: Request) -> dict[str, str] | Response:
    body = await read_body(request, WEBHOOK_MAX_BYTES)
    if body is None:
        return JSONResponse({"error": "too large"}, status_code=413)
    try:
        return dict(parse_qsl(body.decode("utf-8"), keep_blank_values=True))
    except (UnicodeDecodeError, ValueError):
        return JSONResponse({"error": "not a form"}, status_code=400)


async def _handled(request: Request, handler) -> tuple[str | None, Response | None]:
    form = await _form(request)
    if isinstance(form, Response):
        return None, form
    signature = request.headers.get("x-twilio-signature", "")
    try:
        return await run_in_threadpool(handler, form, signature), None
    except SignatureInvalid as refused:
        log.warning("twilio webhook %s: %s", request.url.path, refused)
        return None, JSONResponse({"error": "signature"}, status_code=403)
    except ValueError:
        return None, JSONResponse({"error": "not a message"}, status_code=400)


async def twilio_inbound(request: Request) -> Response:
    answer, refused = await _handled(request, handle_inbound)
    # An MMS's photos are fetched after Twilio has its answer (it waits 15 s at most).
    return refused or Response(answer, media_type=TWIML, background=BackgroundTask(keep_text_media))


async def twilio_status(request: Request) -> Response:
    outcome, refused = await _handled(request, handle_status)
    return refused or JSONResponse({"received": True, "outcome": outcome})
