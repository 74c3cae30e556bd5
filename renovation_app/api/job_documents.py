"""A job's New York papers for staff:

GET /jobs/{number}/documents/{name}.pdf   the signed ST-124, the lead pamphlet's receipt, the
                                         record of lead-safe work (the session, checked here)
"""

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from renovation_app.api.responses import pdf_response, staff_only
from renovation_app.services import compliance


@staff_only("download a job's papers")
async def job_document_pdf(request: Request) -> Response:
    number, name = request.path_params["number"], request.path_params["name"]
    return pdf_response(await run_in_threadpool(compliance.document_pdf, number, name))
