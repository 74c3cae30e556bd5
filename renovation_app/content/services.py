"""The six services the company offers, with card text, detail page copy and feature lists."""

from .types import Service

SERVICES: tuple[Service, ...] = (
    Service(
        slug="kitchen-remodeling",
        invoice_key="kitchenRemodelling",
        invoice_label="Kitchen Remodelling",
        title="Kitchen Remodeling",
        icon="chef-hat",
        description=(
            "Kitchens planned around how you cook and live, from new layouts and cabinets "
            "to countertops, lighting and appliances."
        ),
        paragraphs=(
            "A kitchen remodel is the project most homeowners think about longest, and it "
            "pays to plan it well. We start with how you actually use the room: where the "
            "groceries land, where the kids do homework, how many people gather at the "
            "counter on a Sunday. From there we draw a layout that makes the most of the "
            "space you have, whether that is a narrow galley in a Park Slope brownstone, a "
            "pre-war co-op kitchen with a window you want to keep, or an open plan in a "
            "newer condo.",
            "Our crew handles the whole job: demolition and haul-away, framing, drywall, "
            "cabinets, countertops, backsplash, flooring, lighting and appliance hookups, "
            "with licensed plumbers and electricians for the work that requires them. If "
            "your cabinet boxes are sound, refacing them with new doors, drawer fronts and "
            "hardware gives you a fresh look for a fraction of the cost of replacement. We "
            "help you compare quartz, granite, butcher block and solid surface counters "
            "with samples in hand, and we coordinate templating so the counters go in on "
            "schedule.",
            "Working in city buildings means working around neighbors, elevators and house "
            "rules. For co-ops and condos we supply the documents your managing agent asks "
            "for under the alteration agreement, and we schedule noisy work within the "
            "building's permitted hours. Where a job needs Department of Buildings filings, "
            "such as moving a gas line or relocating plumbing, we tell you up front and "
            "build the time into the schedule. Floors are protected, dust is contained, and "
            "the site is cleaned at the end of every working day.",
        ),
        features=(
            "Layout design",
            "Cabinet installation and refacing",
            "Countertop replacement",
            "Appliance installation",
            "Lighting upgrades",
        ),
    ),
    Service(
        slug="bathroom-remodeling",
        invoice_key="bathroomRemodelling",
        invoice_label="Bathroom Remodelling",
        title="Bathroom Remodeling",
        icon="bath",
        description=(
            "Bathroom renovations from fixture upgrades to full gut remodels, with "
            "waterproofed showers, new tile and smart storage."
        ),
        paragraphs=(
            "A bathroom has to work hard in a small space, and in New York it is often very "
            "small. We remodel bathrooms of every size, from a quick refresh with a new "
            "vanity, toilet and fixtures to a full gut renovation down to the studs. We can "
            "replace a worn tub with a walk-in shower, add niches and storage where there "
            "seemed to be no room, and fit fixtures that are easy to live with for years, "
            "including comfort-height toilets, grab bars and curbless showers for aging in "
            "place.",
            "What you cannot see matters most in a bathroom. Before any tile goes up we "
            "check the subfloor and framing, replace corroded supply lines where we find "
            "them, and install a proper waterproofing membrane on shower walls and floors. "
            "We size exhaust fans to actually clear the steam, and we slope shower floors "
            "to the drain. That groundwork is what keeps grout from cracking and water from "
            "reaching the apartment below, which matters a great deal in a co-op or a "
            "two-family house.",
            "Then comes the part you see every day. We help you choose tile, vanities, "
            "mirrors, lighting and accessories that suit the house, whether that means "
            "hexagon mosaic and a pedestal sink in a pre-war apartment or large-format "
            "porcelain and a floating vanity in a newer building. You get a written quote "
            "and a schedule before work starts, and we plan the job so you are without a "
            "working bathroom for as short a time as possible.",
        ),
        features=(
            "Premium fixtures",
            "Tile and flooring",
            "Lighting and accessories",
            "Tub-to-shower conversions",
            "Vanities and storage",
        ),
    ),
    Service(
        slug="furniture-renovation",
        invoice_key="furnitureRenovation",
        invoice_label="Furniture Renovation",
        title="Furniture Renovation",
        icon="armchair",
        description=(
            "Repair, refinishing and restoration of wood furniture and built-ins, so the "
            "pieces you love are ready for another generation."
        ),
        paragraphs=(
            "Good furniture is worth saving. A solid wood dresser, a family dining table or "
            "a mid-century chair rescued from a Brooklyn stoop often has decades of life "
            "left in it, and restoring it usually costs less than buying new pieces of the "
            "same quality. We reglue loose and broken joints, replace missing veneer and "
            "moldings, fix drawers that stick, and square up frames that have been knocked "
            "out of true by years of use and a few moves between walk-ups.",
            "When a finish is worn, water-marked or sun-faded, we clean or strip it as the "
            "piece requires, repair the wood underneath and refinish it by hand, matching "
            "the original color or giving it a new one. We also replace hardware, re-web "
            "and re-cane seats, and fit new cushion foam and covers for chairs and benches. "
            "Built-ins get the same care: we restore original brownstone cabinetry, window "
            "seats and bookcases in place, so the character of the house stays intact.",
        ),
        features=(
            "Antique and vintage restoration",
            "Structural repairs and regluing",
            "Refinishing and color matching",
            "Veneer and molding repair",
            "Seat re-webbing, caning and cushions",
            "Built-in cabinetry restoration",
        ),
    ),
    Service(
        slug="pavers-walkways",
        invoice_key="paversAndWalkways",
        invoice_label="Pavers and Walkways",
        title="Pavers & Walkways",
        icon="route",
        description=(
            "Paver patios, walkways and garden paths built on a properly graded base that "
            "drains well and stays level for years."
        ),
        paragraphs=(
            "A well-built patio or walkway turns a backyard, front areaway or side yard into "
            "space you actually use. We design and install paver patios, garden paths, front "
            "walks and driveways in concrete pavers, natural stone and brick, in patterns "
            "and colors that suit the house, from classic red brick in front of a row house "
            "to bluestone in a rear garden. We lay out the space with you on site and plan "
            "steps, borders and planting beds so the finished work looks like it was always "
            "there.",
            "Most paver failures come from what is underneath, so we spend the time on the "
            "base. We excavate to the right depth, lay and compact a graded stone base, set "
            "the bedding layer and pitch every surface so water runs away from the "
            "foundation. Edge restraints keep the pavers from spreading, polymeric joint "
            "sand locks them in place and discourages weeds, and an optional sealer resists "
            "stains and deepens the color. We also lift and relay sunken or heaved walks, "
            "reusing the original pavers where they are sound.",
        ),
        features=(
            "Paver patios",
            "Walkways and garden paths",
            "Driveway pavers",
            "Base preparation and drainage",
            "Sealing and joint sand",
        ),
    ),
    Service(
        slug="screen-enclosure",
        invoice_key="screenEnclosure",
        invoice_label="Screen Enclosure",
        title="Screen Enclosure",
        icon="panels-top-left",
        description=(
            "Custom screen enclosures for porches, decks and patios, with sturdy framing, a "
            "weather-tight roof and doors that close properly."
        ),
        paragraphs=(
            "A screen enclosure lets you enjoy a porch, deck or patio without the mosquitoes "
            "that come with a New York summer. We build enclosures on existing decks and "
            "porches and over ground-level patios, with aluminum or wood framing, fiberglass "
            "or heavy-duty pet-resistant screen, and a solid or polycarbonate roof that "
            "keeps out rain and falling leaves. Every enclosure is measured and built for "
            "its space, whether it is a rear deck in Marine Park, a covered porch on a "
            "Ditmas Park Victorian or a backyard patio in Bay Ridge.",
            "We start by checking that the deck or slab can carry the new structure and "
            "confirming what the Department of Buildings requires for the work. Then we "
            "install the frame and roof, stretch and spline the screens tight, and hang "
            "doors with closers and latches that keep the enclosure shut. When the job is "
            "done we walk you through simple care: how to clean the screens, what to check "
            "before winter, and how to replace a single panel if a branch or a pet ever "
            "tears one.",
        ),
        features=(
            "Roof installation",
            "Screen installation",
            "Door installation",
            "Maintenance guidance",
        ),
    ),
    Service(
        slug="floor-tile",
        invoice_key="floorAndTile",
        invoice_label="Floor and Tile",
        title="Floor and Tile",
        icon="grid-3x3",
        description=(
            "Tile, stone, hardwood and vinyl floors installed on a flat, sound base, plus "
            "repair and restoration of the floors you already have."
        ),
        paragraphs=(
            "Floors take more wear than any other surface in a home, and the right one makes "
            "a room. We install ceramic and porcelain tile, natural stone, hardwood, "
            "engineered wood and luxury vinyl plank in kitchens, bathrooms, entryways, "
            "basements and whole apartments. Before anything goes down we check the "
            "subfloor for level, flex and moisture, because a flat, solid base is what keeps "
            "tile from cracking and planks from squeaking or separating. In older Brooklyn "
            "houses that often means leveling a sloped floor first, and we tell you when it "
            "does.",
            "Tile is where careful work shows. We plan the layout so cuts land at the edges "
            "and not in the middle of the room, set large-format tile with a leveling "
            "system, and choose the mortar and grout that suit the tile and the room. In "
            "showers, tub surrounds and other wet areas we install a waterproofing membrane "
            "under the tile, then seal the grout and any natural stone so they resist "
            "stains. Backsplashes, feature walls, stair treads and heated floors are all "
            "part of the work we do.",
            "We also repair and restore the floors you already have. We replace cracked "
            "tiles and match them as closely as possible, regrout and reseal tired showers, "
            "refinish original hardwood, and repair the parquet and penny tile found in many "
            "pre-war apartments. In co-ops and condos we follow the building's rules on "
            "sound-reducing underlayment and working hours. When the job is done we leave "
            "you with plain instructions for cleaning and caring for your new floor.",
        ),
        features=(
            "Tile installation",
            "Waterproofing and sealing",
            "Repairs and restoration",
            "Hardwood and vinyl plank flooring",
            "Maintenance guidance",
        ),
    ),
)

SERVICE_SLUGS: tuple[str, ...] = tuple(s.slug for s in SERVICES)

_SERVICES_BY_SLUG: dict[str, Service] = {s.slug: s for s in SERVICES}


def service_by_slug(slug: str) -> Service | None:
    """Return the service with this slug, or None when there is none."""
    return _SERVICES_BY_SLUG.get(slug)
