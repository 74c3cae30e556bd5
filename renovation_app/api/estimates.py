"""The estimate's HTTP routes beside its pages:

GET /estimates/{number}/pdf   staff only (the session cookie, checked here on the server)
GET /estimate/{token}/pdf     the customer's copy (the unguessable token is the capability)
GET /estimate/{token}         the customer's page for a known link, else a 404
"""

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response

from renovation_app.api.csp import BUILD_DIR
from renovation_app.api.invoices import NO_STORE, not_found
from renovation_app.services import estimates
from renovation_app.services.staff import auth


def _pdf(found: tuple[str, bytes] | None) -> Response:
    if found is None:
        return not_found()
    name, pdf = found
    headers = {**NO_STORE, "Content-Disposition": f'attachment; filename="{name}"'}
    return Response(pdf, media_type="application/pdf", headers=headers)


async def staff_estimate_pdf(request: Request) -> Response:
    token = request.cookies.get(auth.SESSION_COOKIE, "")
    if await run_in_threadpool(auth.user_for_token, token) is None:
        return JSONResponse({"error": "Sign in to download estimates."}, 401, headers=NO_STORE)
    number = request.path_params["number"]
    return _pdf(await run_in_threadpool(estimates.staff_estimate_pdf, number))


async def customer_estimate_pdf(request: Request) -> Response:
    token = request.path_params["token"]
    return _pdf(await run_in_threadpool(estimates.customer_estimate_pdf, token))


async def estimate_page(request: Request) -> Response:
    found = await run_in_threadpool(estimates.read_link, request.path_params["token"])
    page = BUILD_DIR / "__spa-fallback.html"  # dynamic routes are drawn in the browser
    if found is None or not page.exists():
        return not_found()
    return FileResponse(page, headers=NO_STORE)
