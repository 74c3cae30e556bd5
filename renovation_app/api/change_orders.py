"""A change order's HTTP routes beside its pages:

GET /jobs/{number}/change-orders/{co}/pdf   staff only (the session cookie, checked here)
GET /change-order/{token}/pdf               the owner's copy (the unguessable token)
GET /change-order/{token}                   the owner's page for a known link, else a 404
"""

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from renovation_app.api.responses import app_page, pdf_response, staff_only
from renovation_app.services import change_orders


@staff_only("download change orders")
async def staff_change_order_pdf(request: Request) -> Response:
    number, co = request.path_params["number"], request.path_params["co"]
    return pdf_response(await run_in_threadpool(change_orders.change_order_pdf, "", number, co))


async def customer_change_order_pdf(request: Request) -> Response:
    token = request.path_params["token"]
    return pdf_response(await run_in_threadpool(change_orders.change_order_pdf, token))


async def change_order_page(request: Request) -> Response:
    found = await run_in_threadpool(change_orders.read_link, request.path_params["token"])
    return app_page(found is not None)
