"""Placeholder photos: stand-in pictures drawn with Pillow until real photos are put in photos/.

scripts/build_images.py calls render_placeholder(slug, n) for each gallery slot that has no real
photo in photos/{slug}/ yet; a gallery whose photos are all there never uses this package. Each
gallery has its own small perspective scene (SCENES, one module per gallery; a gallery without one
gets the floor scene), and the same slug and n always give the same picture.

After changing a drawing, bump PLACEHOLDER_VERSION in scripts/build_images.py so the placeholders
cached in .cache/placeholder-photos/ are drawn again.
"""

from __future__ import annotations

import random

from PIL import Image

from .bathroom import scene_bathroom
from .floor import scene_floor
from .framing import scene_framing
from .furniture import scene_furniture
from .kitchen import scene_kitchen
from .pavers import scene_pavers
from .roofing import scene_roofing
from .screen_enclosure import scene_screen

__all__ = ["SCENES", "render_placeholder"]

SCENES = {
    "kitchen-remodeling": scene_kitchen,
    "bathroom-remodeling": scene_bathroom,
    "furniture-renovation": scene_furniture,
    "pavers-walkways": scene_pavers,
    "screen-enclosure": scene_screen,
    "floor-tile": scene_floor,
    "framing-pictures": scene_framing,
    "roofing": scene_roofing,
}


def render_placeholder(slug: str, n: int) -> Image.Image:
    """Draw placeholder photo n of a gallery: the same slug and n always give the same picture."""
    rng = random.Random(f"{slug}-{n}")
    scene = SCENES.get(slug, scene_floor)
    return scene(rng)
