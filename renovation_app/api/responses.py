"""What the HTTP routes share: the signed-in user of a request and the routes for staff only,
a PDF download, the 404 page, and the page of a dynamic route (drawn in the browser)."""

import functools
import gzip
from collections.abc import Awaitable, Callable
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response

from renovation_app.api.csp import BUILD_DIR
from renovation_app.services.staff import SignedInUser, sessions

NO_STORE = {"Cache-Control": "no-store", "X-Robots-Tag": "noindex"}


async def signed_in_user(request: Request) -> SignedInUser | None:
    """The staff member whose session cookie came with the request, checked on the server."""
    token = request.cookies.get(sessions.SESSION_COOKIE, "")
    return await run_in_threadpool(sessions.user_for_token, token)


def sign_in_first(what: str) -> Response:
    return JSONResponse({"error": f"Sign in to {what}."}, 401, headers=NO_STORE)


Route = Callable[[Request], Awaitable[Response]]


def staff_only(what: str) -> Callable[[Route], Route]:
    """A route for signed-in staff: without a session it answers 401 "Sign in to <what>."
    (the session is checked here, on the server, before the route runs)."""

    def checked(route: Route) -> Route:
        @functools.wraps(route)
        async def with_session(request: Request) -> Response:
            if await signed_in_user(request) is None:
                return sign_in_first(what)
            return await route(request)

        return with_session

    return checked


def content_disposition(filename: str, disposition: str = "attachment") -> str:
    """The Content-Disposition of a file (RFC 6266): the name in printable ASCII, and a name
    that is not also whole as filename* in UTF-8, so no name can break the header's encoding."""
    plain = "".join(c if " " <= c <= "~" and c not in '"\\' else "_" for c in filename)
    header = f'{disposition}; filename="{plain}"'
    return header if plain == filename else f"{header}; filename*=UTF-8''{quote(filename, safe='')}"


def pdf_response(found: tuple[str, bytes] | None) -> Response:
    """A PDF (its file name and bytes, as a service finds them) as a download; 404 for None."""
    if found is None:
        return not_found()
    filename, pdf = found
    headers = {**NO_STORE, "Content-Disposition": content_disposition(filename)}
    return Response(pdf, media_type="application/pdf", headers=headers)


def not_found() -> Response:
    page = BUILD_DIR / "404.html"
    if page.exists():
        return FileResponse(page, status_code=404, headers=NO_STORE)
    return JSONResponse({"error": "Not found."}, status_code=404, headers=NO_STORE)


def app_page(found: bool) -> Response:
    """A dynamic route's page for a link that exists (its data loads over the websocket), the
    404 page for one that does not."""
    page = BUILD_DIR / "__spa-fallback.html"  # dynamic routes are drawn in the browser
    if not found or not page.exists():
        return not_found()
    return FileResponse(page, headers=NO_STORE)


def compressed_html(request: Request, html: str, headers: dict[str, str] = NO_STORE) -> Response:
    """A page made for this request (by default never cached nor indexed), gzipped when the
    browser takes it."""
    body = html.encode()
    headers = {**headers, "Vary": "Accept-Encoding"}
    if "gzip" in request.headers.get("accept-encoding", ""):
        body = gzip.compress(body, compresslevel=6)
        headers["Content-Encoding"] = "gzip"
    return Response(body, media_type="text/html; charset=utf-8", headers=headers)
