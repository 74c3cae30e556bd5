"""The shapes of the site's content. Pages, footer, menus, sitemap and forms all read these."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Address:
    label: str  # e.g. "Office"
    street: str
    city: str
    region: str
    postal_code: str
    country: str = "US"

    @property
    def one_line(self) -> str:
        return f"{self.street}, {self.city}, {self.region} {self.postal_code}"


@dataclass(frozen=True)
class SocialLink:
    name: str  # "Facebook"
    url: str
    icon: str  # lucide icon name


@dataclass(frozen=True)
class OpeningHours:
    days: str  # "Mon - Fri"
    hours: str  # "8:00 AM - 6:00 PM"
    # schema.org form, e.g. ("Mo", "Tu"), "08:00", "18:00"
    schema_days: tuple[str, ...] = ()
    opens: str = ""
    closes: str = ""


@dataclass(frozen=True)
class BusinessProfile:
    name: str
    legal_name: str
    tagline: str
    about_blurb: str  # footer blurb
    founder: str
    phone_display: str  # "(718) 555-0142"
    phone_e164: str  # "+17185550142": used for tel: and WhatsApp links
    whatsapp_e164: str
    email: str
    address: Address
    extra_addresses: tuple[Address, ...]
    hours: tuple[OpeningHours, ...]
    socials: tuple[SocialLink, ...]
    map_latitude: float
    map_longitude: float
    service_area: str
    # True while the contact details are placeholders a contractor must replace.
    is_placeholder: bool = True


@dataclass(frozen=True)
class Service:
    slug: str
    title: str
    icon: str  # lucide icon name
    description: str  # short text for cards, the search and the page's meta description
    paragraphs: tuple[str, ...]  # the service page's copy, in order
    features: tuple[str, ...] = ()
    more_link_text: str = "MORE ABOUT "  # the card link's visible text (the spec's wording)
    # On invoices: the key stored on each line (the spec's, e.g. "kitchenRemodelling") and the
    # label shown on the form, the invoice, the e-mail and the PDF.
    invoice_key: str = ""
    invoice_label: str = ""

    @property
    def url(self) -> str:
        return f"/services/{self.slug}"


@dataclass(frozen=True)
class GallerySet:
    slug: str
    title: str
    description: str  # the gallery page's intro and meta description
    image_count: int
    # a short phrase used in alt text, e.g. "kitchen remodel"
    alt_subject: str

    @property
    def url(self) -> str:
        return f"/gallery/{self.slug}"


@dataclass(frozen=True)
class CarouselItem:
    title: str
    description: str
    gallery_slug: str
    image_index: int  # which image of that gallery set (1-based)


@dataclass(frozen=True)
class FaqItem:
    question: str
    answer: str


@dataclass(frozen=True)
class Highlight:
    title: str
    text: str
    icon: str


@dataclass(frozen=True)
class LegalSection:
    heading: str  # numbered from the section's place in its document when the page is drawn
    paragraphs: tuple[str, ...]
    bullets: tuple[str, ...] = ()


@dataclass(frozen=True)
class ContactCard:
    icon: str
    title: str
    # one plain line, or up to two (text, href) links
    text: str = ""
    links: tuple[tuple[str, str], ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class VideoBlock:
    heading: str
    text: str
    poster_gallery_slug: str
    poster_index: int
    # a file under assets/videos/ (loaded only when the visitor clicks play)
    video_file: str = ""
