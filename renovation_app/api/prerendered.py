"""The prerendered pages as built, and the slots the server writes into them (the pay page's
first paint, the project page, the gallery and service pages' published pictures)."""

import functools
import re

from renovation_app.api.responses import BUILD_DIR


@functools.cache
def built_page(page: str) -> str | None:
    """A prerendered page ("pay/first-paint") as built; read once, since the build does not
    change while serving. None without a build (the development server)."""
    try:
        return (BUILD_DIR / page / "index.html").read_text(encoding="utf-8")
    except OSError:
        return None


@functools.cache
def _slot(slot_id: str) -> re.Pattern:
    return re.compile(rf'(<div[^>]*\bid="{slot_id}"[^>]*>)(</div>)')


def fill_slot(page: str, slot_id: str, html: str) -> str:
    """The page with `html` inside its empty <div id="slot_id">."""
    return _slot(slot_id).sub(lambda m: m.group(1) + html + m.group(2), page, count=1)
