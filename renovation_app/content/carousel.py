"""The home page portfolio carousel: twelve captioned photos drawn from the galleries."""

from .types import CarouselItem

# image_index is 1-based and must stay within the gallery set's image_count.
HOME_CAROUSEL: tuple[CarouselItem, ...] = (
    CarouselItem(
        title="Park Slope galley kitchen",
        description=(
            "A narrow brownstone kitchen opened up with full-height cabinets, quartz "
            "counters and under-cabinet lighting."
        ),
        gallery_slug="kitchen-remodeling",
        image_index=1,
    ),
    CarouselItem(
        title="Bay Ridge shower conversion",
        description=(
            "A worn-out tub replaced with a walk-in shower, a frameless glass panel and a "
            "built-in niche."
        ),
        gallery_slug="bathroom-remodeling",
        image_index=3,
    ),
    CarouselItem(
        title="Herringbone entry floor",
        description=(
            "Porcelain tile set in a herringbone pattern to greet guests at the front door."
        ),
        gallery_slug="floor-tile",
        image_index=5,
    ),
    CarouselItem(
        title="Restored oak dining table",
        description=(
            "A water-stained tabletop stripped, repaired and refinished in its original warm tone."
        ),
        gallery_slug="furniture-renovation",
        image_index=2,
    ),
    CarouselItem(
        title="Brownstone interior framing",
        description="New partition walls framed square and plumb, ready for wiring and drywall.",
        gallery_slug="framing-pictures",
        image_index=4,
    ),
    CarouselItem(
        title="Backyard paver patio",
        description=(
            "A garden patio laid on a compacted, pitched base so rainwater drains away from "
            "the house."
        ),
        gallery_slug="pavers-walkways",
        image_index=1,
    ),
    CarouselItem(
        title="Row house roof replacement",
        description=(
            "An aging flat roof stripped to the deck and rebuilt with a new membrane and flashing."
        ),
        gallery_slug="roofing",
        image_index=2,
    ),
    CarouselItem(
        title="Crown Heights family kitchen",
        description=(
            "Shaker cabinets, a generous island and new appliances for a kitchen built "
            "around family dinners."
        ),
        gallery_slug="kitchen-remodeling",
        image_index=5,
    ),
    CarouselItem(
        title="Pre-war bathroom refresh",
        description=(
            "Hexagon mosaic tile, a pedestal sink and period-style fixtures that suit a "
            "classic apartment."
        ),
        gallery_slug="bathroom-remodeling",
        image_index=9,
    ),
    CarouselItem(
        title="Large-format bathroom tile",
        description=(
            "Oversized porcelain tiles set flat with slim grout lines for a floor that is "
            "easy to keep clean."
        ),
        gallery_slug="floor-tile",
        image_index=18,
    ),
    CarouselItem(
        title="Refinished walnut dresser",
        description=(
            "Loose joints reglued, chipped veneer patched and a fresh hand-rubbed finish on "
            "a mid-century piece."
        ),
        gallery_slug="furniture-renovation",
        image_index=7,
    ),
    CarouselItem(
        title="Basement framing",
        description=(
            "Walls framed for a finished basement, with room left for insulation, wiring "
            "and plumbing."
        ),
        gallery_slug="framing-pictures",
        image_index=21,
    ),
)
