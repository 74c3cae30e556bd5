"""What the HTTP routes of invoices and estimates share: the signed-in user of a request, a
PDF download, the 404 page, and the page of a dynamic route (drawn in the browser)."""

import gzip

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


def pdf_response(pdf: bytes, filename: str) -> Response:
    headers = {**NO_STORE, "Content-Disposition": f'attachment; filename="{filename}"'}
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
