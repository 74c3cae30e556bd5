"""The business profile: name, contact details, addresses, hours, socials and map position."""

# CONTRACTOR: replace every value below with your own business details before going live.
# The phone numbers (555-01xx), e-mail domain (.example), addresses, founder name and social
# links are fictional placeholders. Set is_placeholder=False once they are real.

from zoneinfo import ZoneInfo

from .types import Address, BusinessProfile, OpeningHours, SocialLink

# The office's clock: dates on invoices, due dates, reminders and times shown to staff.
BUSINESS_TIMEZONE = ZoneInfo("America/New_York")

BUSINESS = BusinessProfile(
    name="Brooklyn Home Renovation",
    legal_name="Brooklyn Home Renovation LLC",
    tagline="Remodeling, restoration and handyman services across New York City.",
    about_blurb=(
        "A Brooklyn team of remodelers, carpenters and handymen. We renovate kitchens and "
        "bathrooms, lay floors and tile, restore furniture and build patios and screen "
        "enclosures for homes and businesses across New York City."
    ),
    founder="Daniel Russo",
    phone_display="(718) 555-0142",
    phone_e164="+17185550142",
    whatsapp_e164="+17185550142",
    email="info@brooklynhomerenovation.example",
    address=Address(
        label="Office",
        street="1234 Flatbush Avenue",
        city="Brooklyn",
        region="NY",
        postal_code="11226",
    ),
    extra_addresses=(
        Address(
            label="Workshop and yard",
            street="200 Richards Street",
            city="Brooklyn",
            region="NY",
            postal_code="11231",
        ),
    ),
    hours=(
        OpeningHours(
            days="Mon - Fri",
            hours="8:00 AM - 6:00 PM",
            schema_days=("Mo", "Tu", "We", "Th", "Fr"),
            opens="08:00",
            closes="18:00",
        ),
        OpeningHours(
            days="Sat",
            hours="9:00 AM - 2:00 PM",
            schema_days=("Sa",),
            opens="09:00",
            closes="14:00",
        ),
    ),
    socials=(
        SocialLink(
            name="Facebook",
            url="https://www.facebook.com/your-page-name",
            icon="facebook",
        ),
        SocialLink(
            name="Instagram",
            url="https://www.instagram.com/your-account-name",
            icon="instagram",
        ),
        SocialLink(
            name="YouTube",
            url="https://www.youtube.com/@your-channel-name",
            icon="youtube",
        ),
    ),
    # Flatbush Avenue near Ditmas Avenue, Brooklyn.
    map_latitude=40.6405,
    map_longitude=-73.9555,
    service_area="New York City: Brooklyn, Queens, Manhattan, Staten Island and the Bronx",
    is_placeholder=True,
)
