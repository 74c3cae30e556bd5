"""A build step for a fast first paint on every prerendered page (see PERFORMANCE.md).

The pages are prerendered HTML, so their content shows before any JavaScript runs. React Router
still lists every module of the route in <head> as `<link rel="modulepreload">`: ~180 KB of
gzipped JavaScript fetched at once, competing with the first paint and the largest image.
Lighthouse measured it (LCP 2.3-2.8 s with them): dropping them took LCP to about 1 s, but made the first
answered event a second later (the modules then load one import level at a time), and asking
for them at low priority kept LCP at 2.4 s. So they are held back here (`data-module`, inert)
and site.js turns them into real preloads right after the first frame is painted: all at once
(bench/first_event.py measures how soon the page answers: about 0.4 s later than with the
preloads in <head>, under Lighthouse's throttling; see the README's benchmark section).
"""

import os
from pathlib import Path

from reflex.plugins import Plugin

_MODULE_PRELOAD = '<link rel="modulepreload" href='


def with_module_preloads_held_back(html: str) -> str:
    return html.replace(_MODULE_PRELOAD, "<link data-module href=")


class FirstPaintPlugin(Plugin):
    """Runs after the production frontend build, before Reflex writes the .gz copies."""

    def post_build(self, **context) -> None:
        if os.environ.get("FIRST_PAINT_KEEP_PRELOADS"):  # bench.first_event compares both
            return
        static_dir: Path = context["static_dir"]
        for page in static_dir.rglob("*.html"):
            html = page.read_text(encoding="utf-8")
            lighter = with_module_preloads_held_back(html)
            if lighter != html:
                page.write_text(lighter, encoding="utf-8")
