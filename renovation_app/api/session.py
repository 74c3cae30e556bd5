"""POST /api/session signs in, DELETE /api/session signs out: the only places that set the
staff session cookie, so it can be HttpOnly (page scripts never see it)."""

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from renovation_app.api.requests import Refused, check_same_origin, client_of, read_json_object
from renovation_app.services.staff import auth
from renovation_app.settings import settings


def _set_cookie(response: Response, token: str, max_age: int) -> None:
    response.set_cookie(
        auth.SESSION_COOKIE,
        token,
        max_age=max_age,
        path="/",
        httponly=True,
        samesite="lax",
        secure=settings.is_https,
    )


async def sign_in(request: Request) -> JSONResponse:
    try:
        check_same_origin(request)
        payload = await read_json_object(request)
    except Refused as refused:
        return refused.response
    email, password = payload.get("email"), payload.get("password")
    if not isinstance(email, str) or not isinstance(password, str):
        return JSONResponse({"error": auth.LOGIN_FAILED_MESSAGE}, status_code=401)
    try:
        user = await run_in_threadpool(auth.authenticate, email, password, client_of(request))
        token = await run_in_threadpool(
            auth.start_session, user.id, request.cookies.get(auth.SESSION_COOKIE, "")
        )
    except auth.LockedOut as refused:
        retry = str(int(auth.LOCKOUT_WINDOW.total_seconds()))
        return JSONResponse(
            {"error": str(refused)}, status_code=429, headers={"Retry-After": retry}
        )
    except auth.LoginFailed as refused:
        return JSONResponse({"error": str(refused)}, status_code=401)
    response = JSONResponse({"name": user.name})
    _set_cookie(response, token, int(auth.ABSOLUTE_TIMEOUT.total_seconds()))
    return response


async def sign_out(request: Request) -> Response:
    try:
        check_same_origin(request)
    except Refused as refused:
        return refused.response
    await run_in_threadpool(auth.revoke_session, request.cookies.get(auth.SESSION_COOKIE, ""))
    response = Response(status_code=204)
    _set_cookie(response, "", 0)
    return response
