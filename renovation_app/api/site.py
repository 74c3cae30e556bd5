"""Site-wide HTTP routes: health, sitemap, robots, the site search's index."""

import logging
from xml.sax.saxutils import escape

from sqlalchemy import text
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response

from renovation_app.content import GALLERIES
from renovation_app.db import get_engine
from renovation_app.media import gallery_pictures
from renovation_app.path_policies import PRIVATE_PATH_PREFIXES
from renovation_app.routes import PUBLIC_ROUTES
from renovation_app.seo import absolute_url
from renovation_app.services import photos
from renovation_app.services.site_search import search_index

log = logging.getLogger(__name__)
GALLERY_BY_PATH = {g.url: g for g in GALLERIES}


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


def _image_entries(path: str) -> str:
    """A gallery page's pictures (the site's own and those published from finished jobs) as the
    sitemap's image entries: each picture's largest size."""
    gallery = GALLERY_BY_PATH.get(path)
    if gallery is None:
        return ""
    published = [p.full for p in photos.published_pictures(gallery.slug)]
    pictures = published + [p.full for p in gallery_pictures(gallery.slug)]
    return "".join(
        f"<image:image><image:loc>{escape(absolute_url(url))}</image:loc></image:image>"
        for url in pictures
    )


def _sitemap() -> str:
    urls = "".join(
        f"<url><loc>{absolute_url(r.path)}</loc>{_image_entries(r.path)}</url>"
        for r in PUBLIC_ROUTES
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        'xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">'
        f"{urls}</urlset>"
    )


async def sitemap(_request: Request) -> Response:
    return Response(await run_in_threadpool(_sitemap), media_type="application/xml")


def robots(_request: Request) -> PlainTextResponse:
    disallowed = "".join(f"Disallow: {path}\n" for path in PRIVATE_PATH_PREFIXES)
    return PlainTextResponse(
        f"User-agent: *\n{disallowed}Allow: /\n\nSitemap: {absolute_url('/sitemap.xml')}\n"
    )


def site_search_index(_request: Request) -> JSONResponse:
    # The content changes only with a deploy: the later pages of a visit search without asking.
    return JSONResponse(search_index(), headers={"Cache-Control": "public, max-age=3600"})
