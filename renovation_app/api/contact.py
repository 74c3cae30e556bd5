"""POST /api/contact: the same validation and storage as the contact page."""

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse

from renovation_app.api.requests import Refused, client_of, honeypot_of, posted_json
from renovation_app.services.enquiries import (
    TooManyEnquiries,
    submit_enquiry,
    validate_enquiry,
    wants_texts,
)
from renovation_app.services.errors import FormInvalid


async def contact(request: Request) -> JSONResponse:
    try:
        payload = await posted_json(request)
    except Refused as refused:
        return refused.response
    try:
        form = validate_enquiry(payload)
        texts_ok = wants_texts(payload, form.phone)
        enquiry = await run_in_threadpool(
            submit_enquiry, form, client_of(request), honeypot_of(payload), None, texts_ok
        )
    except FormInvalid as invalid:
        return JSONResponse({"errors": invalid.errors}, status_code=422)
    except TooManyEnquiries as limited:
        return JSONResponse(
            {"errors": {"rate_limit": str(limited)}},
            status_code=429,
            headers={"Retry-After": str(limited.retry_after)},
        )
    return JSONResponse({"id": enquiry.id, "status": "received"}, status_code=201)
