"""Invoice PDFs and the customer's pay page address, over plain HTTP.

GET /invoices/{number}/pdf   staff only (the session cookie, checked here on the server)
GET /pay/{token}/pdf         the customer's copy (the unguessable token is the capability)
GET /pay/{token}             404 with the site's 404 page for an unknown or void token,
                             otherwise the page itself (its data loads over the websocket)
"""

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response

from renovation_app.api.csp import BUILD_DIR
from renovation_app.services import auth, invoices

NO_STORE = {"Cache-Control": "no-store", "X-Robots-Tag": "noindex"}


def _pdf(pdf: bytes, number: str) -> Response:
    return Response(
        pdf,
        media_type="application/pdf",
        headers={**NO_STORE, "Content-Disposition": f'attachment; filename="invoice-{number}.pdf"'},
    )


def _not_found() -> Response:
    page = BUILD_DIR / "404.html"
    if page.exists():
        return FileResponse(page, status_code=404, headers=NO_STORE)
    return JSONResponse({"error": "Not found."}, status_code=404, headers=NO_STORE)


async def staff_invoice_pdf(request: Request) -> Response:
    token = request.cookies.get(auth.SESSION_COOKIE, "")
    if await run_in_threadpool(auth.user_for_token, token) is None:
        return JSONResponse({"error": "Sign in to download invoices."}, 401, headers=NO_STORE)
    number = request.path_params["number"]
    pdf = await run_in_threadpool(invoices.invoice_pdf, number)
    return _not_found() if pdf is None else _pdf(pdf, number)


async def customer_invoice_pdf(request: Request) -> Response:
    token = request.path_params["token"]
    invoice = await run_in_threadpool(invoices.invoice_for_pay_token, token)
    pdf = await run_in_threadpool(invoices.pay_token_pdf, token) if invoice else None
    return _not_found() if pdf is None else _pdf(pdf, invoice.number)


async def pay_page(request: Request) -> Response:
    invoice = await run_in_threadpool(invoices.invoice_for_pay_token, request.path_params["token"])
    page = BUILD_DIR / "__spa-fallback.html"  # dynamic routes are drawn in the browser
    if invoice is None or not page.exists():
        return _not_found()
    return FileResponse(page, headers=NO_STORE)
