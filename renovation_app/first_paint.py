"""A build step for a fast first paint on every prerendered page (see PERFORMANCE.md).

The pages are prerendered HTML, so their content shows before any JavaScript runs. React Router
still lists every module of the route in <head> as `<link rel="modulepreload">`: ~180 KB of
gzipped JavaScript fetched at once, competing with the first paint and the largest image.
Lighthouse measured it (LCP 2.3-2.8 s with them): dropping them took LCP to about 1 s, but made the first
answered event a second later (the modules then load one import level at a time), and asking
for them at low priority kept LCP at 2.4 s. So they are held back here (`data-module`, inert)
and site.js turns them into real preloads, all at once, as soon as the first contentful paint is
on screen (bench/first_event.py measures how soon the page answers; see the README's benchmark
section). site.js is loaded `async`, so it is listening before the paint; a deferred script
runs only once the whole document is parsed, up to 0.4 s after the paint on a slow phone.
(An inline script at the top of <head> would listen sooner still, but React's hydration of
<head> then failed on it and rendered every page again.) Without the preloads the modules
still load, one import level at a time.

React Router prerenders only paths without parameters, so Reflex's 404 page (the `*` route)
had no HTML of its own: an unknown path got the bare SPA shell and its text waited for the
JavaScript (Lighthouse 96, LCP 2.7 s). The build also prerenders it at /404, which the
NotFoundPageMiddleware (api/middleware.py) sends for unknown paths.
"""

import os
from pathlib import Path

from reflex.plugins import Plugin

_MODULE_PRELOAD = '<link rel="modulepreload" href='
NOT_FOUND_PAGE = "404"  # prerendered at /404, matched by the `*` route
# The pay page's frame (header, footer, an empty slot), prerendered once: the server fills the
# slot with the invoice of the link asked for (api/pay_first_paint.py).
PAY_FRAME_PAGE = "pay/first-paint"
FIRST_PAINT_SLOT = "pay-first-paint"
# The project page's frame likewise: the server writes the whole page into its slot, and the
# page never replaces it (api/first_paint_pages.py).
PROJECT_FRAME_PAGE = "project/first-paint"
PROJECT_SLOT = "project-first-paint"
# Where the server writes a gallery's (and a service's) pictures published from finished jobs
# into the prerendered page.
PUBLISHED_SLOT = "published-pictures"
PUBLISHED_MORE_SLOT = "published-more"  # those past the first screenfuls (gallery_grid.py)
_PRERENDER_ALL = '"prerender": true'


def with_extra_pages_prerendered(react_router_config: str) -> str:
    """React Router's config with the 404 page and the pay and project pages' frames among the
    prerendered paths."""
    every_static_path_and_404 = (
        f'"prerender": ({{getStaticPaths}}) => '
        f'[...getStaticPaths(), "/{NOT_FOUND_PAGE}", "/{PAY_FRAME_PAGE}", "/{PROJECT_FRAME_PAGE}"]'
    )
    return react_router_config.replace(_PRERENDER_ALL, every_static_path_and_404)


def with_module_preloads_held_back(html: str) -> str:
    return html.replace(_MODULE_PRELOAD, "<link data-module href=")


class FirstPaintPlugin(Plugin):
    """Prerenders the 404 page too; after the production build (before Reflex writes the .gz
    copies) holds the module preloads back."""

    def pre_compile(self, **context) -> None:
        context["add_modify_task"]("react-router.config.js", with_extra_pages_prerendered)

    def post_build(self, **context) -> None:
        if os.environ.get("FIRST_PAINT_KEEP_PRELOADS"):  # bench.first_event compares both
            return
        static_dir: Path = context["static_dir"]
        for page in static_dir.rglob("*.html"):
            html = page.read_text(encoding="utf-8")
            lighter = with_module_preloads_held_back(html)
            if lighter != html:
                page.write_text(lighter, encoding="utf-8")
