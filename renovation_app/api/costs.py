"""A job's cost files beside its pages, and the lien waiver's link:

GET /jobs/{number}/costs/{id}/receipt          staff only: a receipt (a PDF is downloaded)
GET /jobs/{number}/costs/waivers/{id}/pdf      staff only: a lien waiver
GET /lien-waiver/{token}/pdf                   the subcontractor's copy (the unguessable token)
GET /lien-waiver/{token}                       the subcontractor's page for a known link, else 404
"""

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from renovation_app.api.responses import (
    NO_STORE,
    app_page,
    content_disposition,
    not_found,
    pdf_response,
    staff_only,
)
from renovation_app.services import costs, lien_waivers
from renovation_app.services.fields import whole_number


@staff_only("see receipts")
async def receipt_file(request: Request) -> Response:
    number, cost_id = request.path_params["number"], whole_number(request.path_params["id"])
    found = await run_in_threadpool(costs.receipt_of, number, cost_id)
    if found is None:
        return not_found()
    content, content_type, name = found
    # A PDF (kept as it came) is only ever downloaded; a photo was drawn again as a plain JPEG.
    disposition = "attachment" if content_type == "application/pdf" else "inline"
    headers = {
        **NO_STORE,
        "Content-Disposition": content_disposition(name, disposition),
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
    }
    return Response(content, media_type=content_type, headers=headers)


@staff_only("download lien waivers")
async def staff_waiver_pdf(request: Request) -> Response:
    number, waiver_id = request.path_params["number"], whole_number(request.path_params["id"])
    return pdf_response(await run_in_threadpool(lien_waivers.waiver_pdf, "", number, waiver_id))


async def waiver_link_pdf(request: Request) -> Response:
    return pdf_response(
        await run_in_threadpool(lien_waivers.waiver_pdf, request.path_params["token"])
    )


async def waiver_page(request: Request) -> Response:
    found = await run_in_threadpool(lien_waivers.read_waiver_link, request.path_params["token"])
    return app_page(found is not None)
