"""Invoice PDFs and the customer's pay page address, over plain HTTP.

GET /invoices/{number}/pdf   staff only (the session cookie, checked here on the server)
GET /pay/{token}/pdf         the customer's copy (the unguessable token is the capability)
POST /api/invoices           staff only: validate, number, save and e-mail (as the form)
GET /pay/{token}             404 with the site's 404 page for an unknown or void token,
                             otherwise the page itself (its data loads over the websocket)
"""

import hashlib
import json

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from renovation_app.api.pay_first_paint import first_paint_page
from renovation_app.api.requests import Refused, check_same_origin, read_json_object
from renovation_app.api.responses import (
    NO_STORE,
    app_page,
    compressed_html,
    not_found,
    pdf_response,
    signed_in_user,
    staff_only,
)
from renovation_app.services import invoicing
from renovation_app.services.billing import render_invoice_pdf
from renovation_app.services.errors import FormInvalid


@staff_only("download invoices")
async def staff_invoice_pdf(request: Request) -> Response:
    return pdf_response(
        await run_in_threadpool(invoicing.invoice_pdf, request.path_params["number"])
    )


async def customer_invoice_pdf(request: Request) -> Response:
    token = request.path_params["token"]
    invoice = await run_in_threadpool(invoicing.invoice_for_pay_token, token)
    if invoice is None:
        return not_found()
    pdf = await run_in_threadpool(render_invoice_pdf, invoice)
    return pdf_response((f"invoice-{invoice.number}.pdf", pdf))


async def pay_page(request: Request) -> Response:
    """The page for a known link: open (with the invoice in the first paint), or void or
    expired (the page says so)."""
    found, html = await run_in_threadpool(first_paint_page, request.path_params["token"])
    if found and html is not None:
        return compressed_html(request, html)
    return app_page(found)


async def create_invoice(request: Request) -> Response:
    """POST /api/invoices: the same validation and saving as the invoice form, for a signed-in
    staff member (session cookie). `Idempotency-Key` makes a retried request save one invoice."""
    try:
        check_same_origin(request)
        user = await signed_in_user(request)
        if user is None:
            return JSONResponse({"error": "Sign in first."}, 401, headers=NO_STORE)
        payload = await read_json_object(request)
    except Refused as refused:
        return refused.response
    key = request.headers.get("idempotency-key", "").strip()
    # The key is the user's own (create_invoice keeps tokens per author); the body's hash
    # tells a retry of the same request from a reuse of the key for another one.
    token = "api:" + hashlib.sha256(key.encode()).hexdigest()[:40] if key else ""
    body_hash = hashlib.sha256(
        json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()
    ).hexdigest()
    try:
        valid = invoicing.validate_invoice(payload)
        invoice = await run_in_threadpool(
            invoicing.create_invoice, valid, user.id, token, None, body_hash
        )
    except FormInvalid as invalid:
        return JSONResponse({"errors": invalid.errors}, status_code=422)
    except invoicing.IdempotencyConflict as conflict:
        return JSONResponse({"error": str(conflict)}, status_code=422, headers=NO_STORE)
    view = await run_in_threadpool(invoicing.get_invoice, invoice.number)
    return JSONResponse(
        {
            "number": view.number,
            "total_cents": view.total_cents,
            "status": view.status,
            "pay_url": view.pay_url,
        },
        status_code=201,
    )
