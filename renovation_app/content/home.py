"""The home page texts: hero, About Us, section headings, highlights and contact presets."""

from .business import BUSINESS
from .types import Highlight

# Hero -----------------------------------------------------------------------------------------
HERO_SUBTITLE = "Brooklyn remodeling, restoration and handyman services"
# The title is START + HIGHLIGHT + END joined as they are (spacing is part of the strings);
# the highlighted word is shown in the accent color.
HERO_TITLE_START = "Renovation and repair you can "
HERO_TITLE_HIGHLIGHT = "trust"
HERO_TITLE_END = " in every room of your home."
HERO_DESCRIPTION = (
    "From kitchens and bathrooms to floors, patios and the furniture you love, we plan, build "
    "and restore with care. Free on-site estimates and clear written quotes across New York City."
)

# About Us -------------------------------------------------------------------------------------
ABOUT_HEADING = "About Us"
ABOUT_TITLE = "A Brooklyn team that treats your home like our own"
ABOUT_PARAGRAPHS: tuple[str, ...] = (
    f"{BUSINESS.name} is led by its founder, {BUSINESS.founder}, who started the company "
    "with a simple aim: to do every job so well that our clients get more than they expected. "
    "Our founder stays involved in every project, from the first visit to the final "
    "walk-through.",
    "Good work starts with a good relationship. We listen first, explain your options in "
    "plain language and keep you informed at every stage, which is why so many clients call "
    "us back for their next project and recommend us to their neighbors.",
    "No two homes are alike, especially in a city of brownstones, pre-war co-ops and frame "
    "houses. Every solution we propose is tailored to your space, your budget and the way you "
    "live, whether it is a single repair or a full renovation.",
)
# Only claims the business can stand behind. Add "Licensed and insured" here once the
# contractor's license and insurance details are real and can be shown on request.
ABOUT_CHECKLIST: tuple[str, ...] = (
    "Free on-site estimates",
    "Written quotes, no surprises",
    "Clean, protected work areas",
    "One point of contact for your project",
    "Work scheduled around your building's rules",
    "Payment due on completion",
)

# Section headings -----------------------------------------------------------------------------
SERVICES_HEADING = "Our Services"
SERVICES_TITLE = "Crafting Timeless Spaces, Building Lasting Memories."

FAQ_HEADING = "Ask question"
FAQ_TITLE = "Let us find the perfect solution for you"

PORTFOLIO_HEADING = "Our Work"
PORTFOLIO_TITLE = "Restoration done successfully"

# Highlights -----------------------------------------------------------------------------------
HIGHLIGHTS: tuple[Highlight, ...] = (
    Highlight(
        title="Dream Solutions",
        text=(
            "We turn the ideas on your wish list into a clear plan, with layouts, samples "
            "and a price agreed before any work begins."
        ),
        icon="sparkles",
    ),
    Highlight(
        title="Comprehensive Services",
        text=(
            "Kitchens, baths, floors, furniture, patios and repairs from one team, so a "
            "single crew sees your project through from start to finish."
        ),
        icon="layers",
    ),
    Highlight(
        title="Client Satisfaction",
        text=(
            "We keep you informed at every stage and finish with a walk-through together. "
            "The job is done when you are happy with it."
        ),
        icon="heart-handshake",
    ),
    Highlight(
        title="Quality Craftsmanship",
        text=(
            "Careful preparation, good materials and tidy finishing details, built to last "
            "in a busy New York home."
        ),
        icon="award",
    ),
)

# Contact presets for the hero buttons ---------------------------------------------------------
WHATSAPP_TEXT = "Hello, I would like to inquire about your services."
EMAIL_SUBJECT = "Inquiry"
