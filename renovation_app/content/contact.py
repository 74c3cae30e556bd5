"""The Contact page texts, the Contact Us cards and the enquiry form's service options."""

from .business import BUSINESS
from .contact_links import mailto_href, tel_href, whatsapp_href
from .services import SERVICES
from .types import ContactCard

CONTACT_HEADING = "Contact us"
CONTACT_TITLE = "Do you have any question?"
CONTACT_INTRO = (
    "Tell us about your project or ask us anything. Fill in the form with a few details about "
    "the work you have in mind, and we will get back to you to answer your questions or arrange "
    "a free on-site estimate. Prefer to talk it through? Call us or send a WhatsApp message "
    "during business hours."
)


def _us_phone_display(e164: str) -> str:
    """Format a +1 number as (718) 555-0142; other numbers are returned unchanged."""
    digits = e164.removeprefix("+1")
    if e164.startswith("+1") and len(digits) == 10 and digits.isdigit():
        return f"({digits[:3]}) {digits[3:6]}-{digits[6:]}"
    return e164


CONTACT_CARDS_HEADING = "Contact Us!"
CONTACT_CARDS: tuple[ContactCard, ...] = (
    ContactCard(
        icon="phone",
        title="Phone",
        links=(
            (BUSINESS.phone_display, tel_href(BUSINESS.phone_e164)),
            (
                f"WhatsApp: {_us_phone_display(BUSINESS.whatsapp_e164)}",
                whatsapp_href(BUSINESS.whatsapp_e164),
            ),
        ),
    ),
    ContactCard(
        icon="mail",
        title="Email",
        links=((BUSINESS.email, mailto_href(BUSINESS.email)),),
    ),
    ContactCard(
        icon="map-pin",
        title="Address",
        text=BUSINESS.address.one_line,
    ),
    ContactCard(
        icon="clock",
        title="Opening hours",
        text="; ".join(f"{h.days}: {h.hours}" for h in BUSINESS.hours),
    ),
)

# (value, label) pairs for the contact form's service select; "Select Service" is the page's
# empty placeholder option and is not listed here.
ENQUIRY_SERVICE_OPTIONS: tuple[tuple[str, str], ...] = (
    *((s.slug, s.title) for s in SERVICES),
    ("other", "Other"),
)

# The tick that records a mobile number's yes to texts (contact form, visit booking, estimate
# signing): what is texted, how often, and how to stop, as US carriers ask of business texts.
TEXTS_CONSENT = (
    "Text me at this number about my visit and my job (confirmations, reminders, on our way, "
    "links to sign and pay). A few texts a month; message and data rates may apply. Reply STOP "
    "to stop, HELP for help."
)
