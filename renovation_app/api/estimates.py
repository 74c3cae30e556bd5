"""The estimate's HTTP routes beside its pages:

GET /estimates/{number}/pdf   staff only (the session cookie, checked here on the server)
GET /estimate/{token}/pdf     the customer's copy (the unguessable token is the capability)
GET /estimate/{token}         the customer's page for a known link, else a 404
"""

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from renovation_app.api.responses import app_page, pdf_response, staff_only
from renovation_app.services import estimates


@staff_only("download estimates")
async def staff_estimate_pdf(request: Request) -> Response:
    number = request.path_params["number"]
    return pdf_response(await run_in_threadpool(estimates.staff_estimate_pdf, number))


async def customer_estimate_pdf(request: Request) -> Response:
    token = request.path_params["token"]
    return pdf_response(await run_in_threadpool(estimates.customer_estimate_pdf, token))


async def estimate_page(request: Request) -> Response:
    found = await run_in_threadpool(estimates.read_link, request.path_params["token"])
    return app_page(found is not None)
