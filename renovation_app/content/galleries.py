"""The photo galleries of past work: one set per service plus framing and roofing."""

from .types import GallerySet

GALLERIES: tuple[GallerySet, ...] = (
    GallerySet(
        slug="kitchen-remodeling",
        title="Kitchen Remodeling",
        description=(
            "Kitchens we have remodeled across the city, from compact galley kitchens to "
            "open-plan family spaces."
        ),
        image_count=8,
        alt_subject="kitchen remodel",
    ),
    GallerySet(
        slug="bathroom-remodeling",
        title="Bathroom Remodeling",
        description=(
            "Bathroom remodels large and small, with new showers, tubs, vanities, tile and "
            "lighting."
        ),
        image_count=17,
        alt_subject="bathroom remodel",
    ),
    GallerySet(
        slug="furniture-renovation",
        title="Furniture Renovation",
        description=(
            "Tables, chairs, dressers and built-ins we have repaired, refinished and brought "
            "back into everyday use."
        ),
        image_count=12,
        alt_subject="furniture renovation",
    ),
    GallerySet(
        slug="pavers-walkways",
        title="Pavers & Walkways",
        description=(
            "Patios, front walks and garden paths laid in concrete pavers, brick and natural stone."
        ),
        image_count=4,
        alt_subject="paver walkway",
    ),
    GallerySet(
        slug="screen-enclosure",
        title="Screen Enclosure",
        description=(
            "Screened porches and deck enclosures that keep insects out while letting in "
            "light and air."
        ),
        image_count=6,
        alt_subject="screen enclosure",
    ),
    GallerySet(
        slug="floor-tile",
        title="Floor and Tile",
        description=(
            "Tile, stone and wood floors, backsplashes and shower walls from projects "
            "throughout New York City."
        ),
        image_count=34,
        alt_subject="floor and tile work",
    ),
    GallerySet(
        slug="framing-pictures",
        title="Framing Pictures",
        description=(
            "Wood framing for new walls, partitions, additions and structural repairs, "
            "photographed before the walls were closed up."
        ),
        image_count=48,
        alt_subject="wall framing",
    ),
    GallerySet(
        slug="roofing",
        title="Roofing",
        description=(
            "Roof repairs and replacements on row houses and detached homes, including flat "
            "roofs, shingles and flashing."
        ),
        image_count=16,
        alt_subject="roofing work",
    ),
)

GALLERY_SLUGS: tuple[str, ...] = tuple(g.slug for g in GALLERIES)

_GALLERIES_BY_SLUG: dict[str, GallerySet] = {g.slug: g for g in GALLERIES}


def gallery_by_slug(slug: str) -> GallerySet | None:
    """Return the gallery set with this slug, or None when there is none."""
    return _GALLERIES_BY_SLUG.get(slug)
