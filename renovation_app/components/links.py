"""Links: contact hrefs from the business profile, and one link() for every <a> of the site."""

from urllib.parse import quote

from reflex.components.el.elements.inline import A
from reflex.components.react_router.dom import ReactRouterLink

from renovation_app.content import BUSINESS, EMAIL_SUBJECT, WHATSAPP_TEXT

TEL_HREF = f"tel:{BUSINESS.phone_e164}"
WHATSAPP_HREF = f"https://wa.me/{BUSINESS.whatsapp_e164.lstrip('+')}?text={quote(WHATSAPP_TEXT)}"
MAILTO_HREF = f"mailto:{BUSINESS.email}?subject={quote(EMAIL_SUBJECT)}&body={quote(WHATSAPP_TEXT)}"


def link(*children, href: str, **props):
    """An <a>: client-side navigation for pages of this site, a plain link for everything else."""
    if (
        isinstance(href, str)
        and href.startswith("/")
        and not href.startswith(("/img/", "/api/", "/videos/", "/sitemap"))
    ):
        return ReactRouterLink.create(*children, to=href, **props)
    # `rx.el.a` would be a router link too, which prerenders "#content" as "/about/#content".
    return A.create(*children, href=href, **props)
