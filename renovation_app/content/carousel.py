"""The home page portfolio carousel: twelve captioned photos drawn from the galleries."""

from .types import CarouselItem

# image_index is 1-based and must stay within the gallery set's image_count.
HOME_CAROUSEL: tuple[CarouselItem, ...] = (
    CarouselItem(
        id=1,
        title="Park Slope galley kitchen",
        description=(
            "A narrow brownstone kitchen opened up with full-height cabinets, quartz "
            "counters and under-cabinet lighting."
        ),
        gallery_slug="kitchen-remodeling",
        image_index=1,
    ),
    CarouselItem(
        id=2,
        title="Bay Ridge shower conversion",
        description=(
            "A worn-out tub replaced with a walk-in shower, a frameless glass panel and a "
            "built-in niche."
        ),
        gallery_slug="bathroom-remodeling",
        image_index=3,
    ),
    CarouselItem(
        id=3,
        title="Herringbone entry floor",
        description=(
            "Porcelain tile set in a herringbone pattern to greet guests at the front door."
        ),
        gallery_slug="floor-tile",
        image_index=5,
    ),
    CarouselItem(
        id=4,
        title="Restored oak dining table",
        description=(
            "A water-stained tabletop stripped, repaired and refinished in its original warm tone."
        ),
        gallery_slug="furniture-renovation",
        image_index=2,
    ),
    CarouselItem(
        id=5,
        title="Brownstone interior framing",
        description="New partition walls framed square and plumb, ready for wiring and drywall.",
        gallery_slug="framing-pictures",
        image_index=4,
    ),
    CarouselItem(
        id=6,
        title="Backyard paver patio",
        description=(
            "A garden patio laid on a compacted, pitched base so rainwater drains away from "
            "the house."
        ),
        gallery_slug="pavers-walkways",
        image_index=1,
    ),
    CarouselItem(
        id=7,
        title="Row house roof replacement",
        description=(
            "An aging flat roof stripped to the deck and rebuilt with a new membrane and flashing."
        ),
        gallery_slug="roofing",
        image_index=2,
    ),
    CarouselItem(
        id=8,
        title="Crown Heights family kitchen",
        description=(
            "Shaker cabinets, a generous island and new appliances for a kitchen built "
            "around family dinners."
        ),
        gallery_slug="kitchen-remodeling",
        image_index=5,
    ),
    CarouselItem(
        id=9,
        title="Pre-war bathroom refresh",
        description=(
            "Hexagon mosaic tile, a pedestal sink and period-style fixtures that suit a "
            "classic apartment."
        ),
        gallery_slug="bathroom-remodeling",
        image_index=9,
    ),
    CarouselItem(
        id=10,
        title="Large-format bathroom tile",
        description=(
            "Oversized porcelain tiles set flat with slim grout lines for a floor that is "
            "easy to keep clean."
        ),
        gallery_slug="floor-tile",
        image_index=18,
    ),
    CarouselItem(
        id=11,
        title="Refinished walnut dresser",
        description=(
            "Loose joints reglued, chipped veneer patched and a fresh hand-rubbed finish on "
            "a mid-century piece."
        ),
        gallery_slug="furniture-renovation",
        image_index=7,
    ),
    CarouselItem(
        id=12,
        title="Basement framing",
        description=(
            "Walls framed for a finished basement, with room left for insulation, wiring "
            "and plumbing."
        ),
        gallery_slug="framing-pictures",
        image_index=21,
    ),
)
