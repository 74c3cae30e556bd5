"""SEO pieces every page carries: canonical URL, Open Graph tags, LocalBusiness JSON-LD."""

import json

from renovation_app.content import BUSINESS
from renovation_app.services.required_settings import LICENCE_NAME, licence_number
from renovation_app.settings import settings


def absolute_url(path: str) -> str:
    return settings.url(path)


def open_graph_meta(
    title: str, description: str, path: str, image: str, public: bool
) -> list[dict]:
    meta = [
        {"property": "og:title", "content": title},
        {"property": "og:description", "content": description},
        {"property": "og:type", "content": "website"},
        {"property": "og:url", "content": absolute_url(path)},
        {"property": "og:image", "content": absolute_url(image)},
        {"property": "og:site_name", "content": BUSINESS.name},
        {"name": "twitter:card", "content": "summary_large_image"},
    ]
    if not public:
        meta.append({"name": "robots", "content": "noindex"})
    return meta


def local_business_json_ld() -> str:
    a = BUSINESS.address
    data = {
        "@context": "https://schema.org",
        "@type": "HomeAndConstructionBusiness",
        "name": BUSINESS.name,
        "legalName": BUSINESS.legal_name,
        "description": BUSINESS.tagline,
        "url": absolute_url("/"),
        "image": absolute_url("/og-image.jpg"),
        "telephone": BUSINESS.phone_e164,
        "email": BUSINESS.email,
        "address": {
            "@type": "PostalAddress",
            "streetAddress": a.street,
            "addressLocality": a.city,
            "addressRegion": a.region,
            "postalCode": a.postal_code,
            "addressCountry": a.country,
        },
        "geo": {
            "@type": "GeoCoordinates",
            "latitude": BUSINESS.map_latitude,
            "longitude": BUSINESS.map_longitude,
        },
        "areaServed": BUSINESS.service_area,
        "openingHoursSpecification": [
            {
                "@type": "OpeningHoursSpecification",
                "dayOfWeek": list(h.schema_days),
                "opens": h.opens,
                "closes": h.closes,
            }
            for h in BUSINESS.hours
        ],
        "sameAs": [s.url for s in BUSINESS.socials],
    }
    if number := licence_number():
        data["hasCredential"] = _licence_credential(number)
    return json.dumps(data, separators=(",", ":"))


def _licence_credential(number: str) -> dict:
    """The contractor licence New York requires wherever the business advertises, as schema.org
    states a credential."""
    return {
        "@type": "EducationalOccupationalCredential",
        "credentialCategory": "license",
        "name": LICENCE_NAME,
        "identifier": number,
        "recognizedBy": {
            "@type": "GovernmentOrganization",
            "name": "NYC Department of Consumer and Worker Protection",
        },
    }
