"""Responsive gallery and hero pictures, read from the manifest scripts/build_images.py writes."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from renovation_app.content import BUSINESS
from renovation_app.content.galleries import gallery_by_slug

ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"
MANIFEST_PATH = ASSETS_DIR / "img" / "manifest.json"
# The variant used for src (and for the width/height attributes).
SRC_WIDTH = 800

_BUILD_HINT = (
    "run `make` (or `.venv/bin/python scripts/build_images.py`) to build the site's images"
)


class ImagesNotBuiltError(RuntimeError):
    """The image manifest is missing or does not match the galleries in the content."""


@dataclass(frozen=True)
class Picture:
    src: str  # URL of the 800w variant
    srcset: str  # "/img/x/01-480.webp 480w, /img/x/01-800.webp 800w, /img/x/01-1200.webp 1200w"
    width: int  # of the src variant
    height: int
    alt: str
    thumb: str  # URL of the 400x300 crop
    thumb_width: int
    thumb_height: int
    full: str  # URL of the largest variant


def url(asset_path: str) -> str:
    """Files under assets/ are served from the site root."""
    return "/" + asset_path.lstrip("/")


@cache
def _manifest() -> dict[str, Any]:
    try:
        text = MANIFEST_PATH.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ImagesNotBuiltError(f"{MANIFEST_PATH} is missing: {_BUILD_HINT}.") from None
    try:
        return json.loads(text)
    except ValueError as exc:
        raise ImagesNotBuiltError(
            f"{MANIFEST_PATH} is unreadable ({exc}): {_BUILD_HINT}."
        ) from None


def _picture(entry: dict[str, Any], alt: str) -> Picture:
    variants = sorted(entry["variants"], key=lambda v: (v["width"], v.get("target", 0)))
    main = next((v for v in variants if v.get("target") == SRC_WIDTH), variants[len(variants) // 2])
    seen: set[int] = set()
    srcset = []
    for v in variants:  # a small photo can give the same width twice: list it once
        if v["width"] not in seen:
            seen.add(v["width"])
            srcset.append(f"{url(v['path'])} {v['width']}w")
    thumb = entry["thumb"]
    return Picture(
        src=url(main["path"]),
        srcset=", ".join(srcset),
        width=main["width"],
        height=main["height"],
        alt=alt,
        thumb=url(thumb["path"]),
        thumb_width=thumb["width"],
        thumb_height=thumb["height"],
        full=url(variants[-1]["path"]),
    )


@cache
def gallery_pictures(slug: str) -> tuple[Picture, ...]:
    """Every picture of a gallery set, in order."""
    gallery = gallery_by_slug(slug)
    if gallery is None:
        raise KeyError(f"no gallery with slug {slug!r}")
    entries = _manifest().get("galleries", {}).get(slug, [])
    count = gallery.image_count
    if len(entries) != count:
        raise ImagesNotBuiltError(
            f"{MANIFEST_PATH} lists {len(entries)} images for {slug!r}, the gallery has {count}: "
            f"{_BUILD_HINT}."
        )
    subject = gallery.alt_subject.capitalize()
    return tuple(
        _picture(entry, f"{subject} by {BUSINESS.name}, photo {n} of {count}")
        for n, entry in enumerate(entries, start=1)
    )


def gallery_picture(slug: str, index: int) -> Picture:
    """Picture `index` (1-based) of a gallery set."""
    pictures = gallery_pictures(slug)
    if not 1 <= index <= len(pictures):
        raise IndexError(f"gallery {slug!r} has pictures 1..{len(pictures)}, not {index}")
    return pictures[index - 1]


@cache
def hero_picture() -> Picture:
    """The home page's hero picture."""
    entry = _manifest().get("hero")
    if entry is None:
        raise ImagesNotBuiltError(f"{MANIFEST_PATH} has no hero entry: {_BUILD_HINT}.")
    gallery = gallery_by_slug(entry["gallery"])
    subject = gallery.alt_subject.capitalize() if gallery else "Renovation work"
    return _picture(entry, f"{subject} by {BUSINESS.name}")
