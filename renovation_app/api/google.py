"""GET /api/google/start sends the browser to Google; GET /api/google/callback comes back from
it (services/staff/google.py checks everything). A person with two-step sign-in goes on to
/login?step=code with a pending cookie; a refusal goes back to /login?google=<reason>."""

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from renovation_app import routes
from renovation_app.api.requests import client_of
from renovation_app.api.session import PENDING_COOKIE, set_cookie
from renovation_app.db import db_session
from renovation_app.services import audit
from renovation_app.services.staff import auth, google, sessions


def _to_login(reason: str) -> RedirectResponse:
    response = RedirectResponse(f"{routes.LOGIN.path}?google={reason}", status_code=303)
    set_cookie(response, google.STATE_COOKIE, "", 0)
    return response


async def google_start(_request: Request) -> Response:
    if not google.google_enabled():
        return _to_login("off")
    try:
        url, state = await run_in_threadpool(google.start_sign_in)
    except google.GoogleRefused as refused:
        return _to_login(google.refusal_key(refused))
    response = RedirectResponse(url, status_code=303)
    # Lax, not Strict: the cookie must come back on Google's redirect to the callback.
    set_cookie(response, google.STATE_COOKIE, state, int(google.SIGN_IN_WINDOW.total_seconds()))
    return response


def _record_refusal(refused: Exception) -> None:
    with db_session() as session:
        audit.record(session, "sign_in.failed", detail=f"Google: {refused}")
        session.commit()


async def google_callback(request: Request) -> Response:
    audit.acting_client(client_of(request))
    state_cookie = request.cookies.get(google.STATE_COOKIE, "")
    try:
        user = await run_in_threadpool(
            google.finish_sign_in, dict(request.query_params), state_cookie
        )
    except google.GoogleRefused as refused:
        await run_in_threadpool(_record_refusal, refused)
        return _to_login(google.refusal_key(refused))
    if user.two_step:
        pending = await run_in_threadpool(sessions.start_pending_sign_in, user.id, "google")
        response = RedirectResponse(f"{routes.LOGIN.path}?step=code", status_code=303)
        set_cookie(response, PENDING_COOKIE, pending, int(sessions.PENDING_WINDOW.total_seconds()))
    else:
        await run_in_threadpool(auth.record_sign_in, user.id, "google")
        token = await run_in_threadpool(
            sessions.start_session, user.id, request.cookies.get(sessions.SESSION_COOKIE, "")
        )
        response = RedirectResponse(f"{routes.DASHBOARD.path}?signed_in=1", status_code=303)
        set_cookie(
            response, sessions.SESSION_COOKIE, token, int(sessions.ABSOLUTE_TIMEOUT.total_seconds())
        )
    set_cookie(response, google.STATE_COOKIE, "", 0)
    return response
