"""POST /api/session signs in, DELETE /api/session signs out: with the invitation and Google
routes, the only places that set the staff session cookie, so it can be HttpOnly (page scripts
never see it).

A sign-in of an account with two-step sign-in takes the code in the same request (the form asks
for it when the answer says `code_needed`); after Google, the code comes with the pending
cookie the callback set instead of a password.
"""

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from renovation_app.api.requests import Refused, check_same_origin, client_of, posted_json
from renovation_app.services import audit
from renovation_app.services.staff import auth, sessions
from renovation_app.settings import settings

PENDING_COOKIE = "staff_pending_sign_in"


def set_cookie(response: Response, name: str, value: str, max_age: int) -> None:
    """An HttpOnly, same-site cookie of the staff area (secure on https)."""
    response.set_cookie(
        name,
        value,
        max_age=max_age,
        path="/",
        httponly=True,
        samesite="lax",
        secure=settings.is_https,
    )


async def signed_in_response(request: Request, user: sessions.SignedInUser) -> JSONResponse:
    """A new session for `user` (the browser's previous one ends) in an HttpOnly cookie."""
    token = await run_in_threadpool(
        sessions.start_session, user.id, request.cookies.get(sessions.SESSION_COOKIE, "")
    )
    response = JSONResponse({"name": user.name})
    set_cookie(
        response, sessions.SESSION_COOKIE, token, int(sessions.ABSOLUTE_TIMEOUT.total_seconds())
    )
    set_cookie(response, PENDING_COOKIE, "", 0)
    return response


async def sign_in(request: Request) -> JSONResponse:
    try:
        payload = await posted_json(request)
    except Refused as refused:
        return refused.response
    email, password = payload.get("email") or "", payload.get("password") or ""
    code = payload.get("code") or ""
    if not all(isinstance(value, str) for value in (email, password, code)):
        return JSONResponse({"error": auth.LOGIN_FAILED_MESSAGE}, status_code=401)
    client = client_of(request)
    audit.acting_client(client)
    pending = request.cookies.get(PENDING_COOKIE, "")
    try:
        if not email and pending:
            user = await run_in_threadpool(auth.finish_pending_sign_in, pending, code, client)
        else:
            user = await run_in_threadpool(auth.authenticate, email, password, client, None, code)
    except auth.LockedOut as refused:
        retry = str(int(auth.LOCKOUT_WINDOW.total_seconds()))
        return JSONResponse(
            {"error": str(refused)}, status_code=429, headers={"Retry-After": retry}
        )
    except auth.CodeNeeded as needed:
        return JSONResponse({"error": str(needed), "code_needed": True}, status_code=401)
    except auth.LoginFailed as refused:
        return JSONResponse({"error": str(refused)}, status_code=401)
    return await signed_in_response(request, user)


async def sign_out(request: Request) -> Response:
    try:
        check_same_origin(request)
    except Refused as refused:
        return refused.response
    await run_in_threadpool(
        sessions.revoke_session, request.cookies.get(sessions.SESSION_COOKIE, "")
    )
    response = Response(status_code=204)
    set_cookie(response, sessions.SESSION_COOKIE, "", 0)
    return response
