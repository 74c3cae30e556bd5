"""The one-time links of staff accounts, over HTTP like signing in:
POST /api/welcome (an invitation: name and password, then signed in),
POST /api/password-reset (a new password from a reset link),
POST /api/forgot-password (ask for a reset link; the same answer for every address)."""

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse

from renovation_app.api.requests import Refused, client_of, posted_json
from renovation_app.api.session import signed_in_response
from renovation_app.services import audit
from renovation_app.services.errors import ActionRefused
from renovation_app.services.staff import accounts


async def _fields(request: Request, *names: str) -> list[str]:
    payload = await posted_json(request)
    values = [payload.get(name) or "" for name in names]
    if not all(isinstance(value, str) for value in values):
        raise Refused(JSONResponse({"error": "Please fill in the form."}, status_code=422))
    audit.acting_client(client_of(request))
    return values


async def accept_invitation(request: Request) -> JSONResponse:
    try:
        token, name, password = await _fields(request, "token", "name", "password")
        user = await run_in_threadpool(accounts.accept_invitation, token, name, password)
    except Refused as refused:
        return refused.response
    except ActionRefused as refused:
        return JSONResponse({"error": refused.message}, status_code=422)
    return await signed_in_response(request, user)


async def reset_password(request: Request) -> JSONResponse:
    try:
        token, password = await _fields(request, "token", "password")
        await run_in_threadpool(accounts.reset_password, token, password)
    except Refused as refused:
        return refused.response
    except ActionRefused as refused:
        return JSONResponse({"error": refused.message}, status_code=422)
    return JSONResponse({"message": "Your password is set. Please sign in with it."})


async def forgot_password(request: Request) -> JSONResponse:
    try:
        (email,) = await _fields(request, "email")
    except Refused as refused:
        return refused.response
    allowed = await run_in_threadpool(
        accounts.request_password_reset, email[:254], client_of(request)
    )
    if not allowed:
        return JSONResponse(
            {"error": "Too many requests. Please wait 15 minutes and try again."},
            status_code=429,
            headers={"Retry-After": str(int(accounts.RESET_WINDOW.total_seconds()))},
        )
    return JSONResponse({"message": accounts.RESET_REQUESTED_MESSAGE})
