"""A subcontractor's HTTP route beside its pages:

GET /subcontractors/{id}/certificates/{cert}/file   staff only (the session cookie, checked
here): the certificate's file as it was uploaded, as a download.
"""

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from renovation_app.api.responses import NO_STORE, content_disposition, not_found, staff_only
from renovation_app.services import subcontractors
from renovation_app.services.fields import whole_number


@staff_only("download certificates")
async def insurance_file(request: Request) -> Response:
    sub_id = whole_number(request.path_params["id"])
    cert_id = whole_number(request.path_params["cert"])
    if sub_id is None or cert_id is None:
        return not_found()
    found = await run_in_threadpool(subcontractors.certificate_file, sub_id, cert_id)
    if found is None:
        return not_found()
    headers = {
        **NO_STORE,
        "Content-Disposition": content_disposition(found.filename),
        "X-Content-Type-Options": "nosniff",
    }
    return Response(found.content, media_type=found.content_type, headers=headers)
