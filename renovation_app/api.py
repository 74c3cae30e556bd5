"""HTTP routes beside Reflex's event socket: health, contact, sitemap, robots."""

import logging

from sqlalchemy import text
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from renovation_app.db import get_engine
from renovation_app.routes import PRIVATE_PATH_PREFIXES, PUBLIC_ROUTES
from renovation_app.seo import absolute_url
from renovation_app.services.enquiries import (
    EnquiryInvalid,
    TooManyEnquiries,
    submit_enquiry,
    validate_enquiry,
)

log = logging.getLogger(__name__)

def _ping_database() -> None:
    with get_engine().connect() as connection:
        connection.execute(text("SELECT 1"))


async def health(_request: Request) -> JSONResponse:
    try:
        # in a thread: a slow database must not stall the event loop that serves the websocket
        await run_in_threadpool(_ping_database)
    except Exception as error:  # any database failure means "not healthy"
        log.warning("health check: database unreachable: %s", error)
        return JSONResponse({"status": "error", "db": "unreachable"}, status_code=503)
    return JSONResponse({"status": "ok", "db": "ok"})


async def contact(request: Request) -> JSONResponse:
    """POST /api/contact: the same validation and storage as the contact page."""
    try:
        payload = await request.json()
    except ValueError:
        return JSONResponse({"errors": {"body": "Send the enquiry as a JSON object."}}, 422)
    if not isinstance(payload, dict):
        return JSONResponse({"errors": {"body": "Send the enquiry as a JSON object."}}, 422)
    try:
        form = validate_enquiry(payload)
        honeypot = payload.get("website") if isinstance(payload.get("website"), str) else ""
        client_ip = request.client.host if request.client else "unknown"
        enquiry = await run_in_threadpool(submit_enquiry, form, client_ip, honeypot)
    except EnquiryInvalid as invalid:
        return JSONResponse({"errors": invalid.errors}, status_code=422)
    except TooManyEnquiries as limited:
        return JSONResponse({"errors": {"rate_limit": str(limited)}}, status_code=429)
    return JSONResponse({"id": enquiry.id, "status": "received"}, status_code=201)


def sitemap(_request: Request) -> Response:
    urls = "".join(f"<url><loc>{absolute_url(r.path)}</loc></url>" for r in PUBLIC_ROUTES)
    body = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{urls}</urlset>'
    )
    return Response(body, media_type="application/xml")


def robots(_request: Request) -> PlainTextResponse:
    disallowed = "".join(f"Disallow: {path}\n" for path in PRIVATE_PATH_PREFIXES)
    return PlainTextResponse(
        f"User-agent: *\n{disallowed}Allow: /\n\nSitemap: {absolute_url('/sitemap.xml')}\n"
    )


def create_api() -> Starlette:
    return Starlette(
        routes=[
            Route("/api/health", health, methods=["GET"]),
            Route("/api/contact", contact, methods=["POST"]),
            Route("/sitemap.xml", sitemap, methods=["GET"]),
            Route("/robots.txt", robots, methods=["GET"]),
        ]
    )
