"""The business as data: profile, services, galleries, page texts, FAQ, contact and legal."""

from .about import ABOUT_INTRO, VIDEO_BLOCKS
from .business import BUSINESS
from .carousel import HOME_CAROUSEL
from .contact import (
    CONTACT_CARDS,
    CONTACT_CARDS_HEADING,
    CONTACT_HEADING,
    CONTACT_INTRO,
    CONTACT_TITLE,
    ENQUIRY_SERVICE_OPTIONS,
    TEXTS_CONSENT,
)
from .faq import FAQ
from .galleries import GALLERIES, GALLERY_SLUGS, gallery_by_slug
from .home import (
    ABOUT_CHECKLIST,
    ABOUT_HEADING,
    ABOUT_PARAGRAPHS,
    ABOUT_TITLE,
    EMAIL_SUBJECT,
    FAQ_HEADING,
    FAQ_TITLE,
    HERO_DESCRIPTION,
    HERO_SUBTITLE,
    HERO_TITLE_END,
    HERO_TITLE_HIGHLIGHT,
    HERO_TITLE_START,
    HIGHLIGHTS,
    PORTFOLIO_HEADING,
    PORTFOLIO_TITLE,
    SERVICES_HEADING,
    SERVICES_TITLE,
    WHATSAPP_TEXT,
)
from .invoice_options import INVOICE_OPTIONS, OTHER_WORK, InvoiceOption
from .legal import LEGAL_UPDATED, PRIVACY, TERMS
from .services import SERVICE_SLUGS, SERVICES, service_by_slug

__all__ = [
    "TEXTS_CONSENT",
    "ABOUT_CHECKLIST",
    "ABOUT_HEADING",
    "ABOUT_INTRO",
    "ABOUT_PARAGRAPHS",
    "ABOUT_TITLE",
    "BUSINESS",
    "CONTACT_CARDS",
    "CONTACT_CARDS_HEADING",
    "CONTACT_HEADING",
    "CONTACT_INTRO",
    "CONTACT_TITLE",
    "EMAIL_SUBJECT",
    "ENQUIRY_SERVICE_OPTIONS",
    "FAQ",
    "FAQ_HEADING",
    "FAQ_TITLE",
    "GALLERIES",
    "GALLERY_SLUGS",
    "HERO_DESCRIPTION",
    "HERO_SUBTITLE",
    "HERO_TITLE_END",
    "HERO_TITLE_HIGHLIGHT",
    "HERO_TITLE_START",
    "HIGHLIGHTS",
    "HOME_CAROUSEL",
    "INVOICE_OPTIONS",
    "LEGAL_UPDATED",
    "OTHER_WORK",
    "PORTFOLIO_HEADING",
    "PORTFOLIO_TITLE",
    "PRIVACY",
    "SERVICES",
    "SERVICES_HEADING",
    "SERVICES_TITLE",
    "SERVICE_SLUGS",
    "TERMS",
    "VIDEO_BLOCKS",
    "WHATSAPP_TEXT",
    "InvoiceOption",
    "gallery_by_slug",
    "service_by_slug",
]
