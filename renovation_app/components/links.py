"""Every <a> of the site: link(), and link_items() for the entries of a menu.

The tel:, WhatsApp and mailto: hrefs are built in content/contact_links.py.
"""

from collections.abc import Iterable

import reflex as rx
from reflex.components.el.elements.inline import A
from reflex.components.react_router.dom import ReactRouterLink

from renovation_app.navigation import NavLink
from renovation_app.path_policies import CSP_ADDITIONS, SERVER_FILLED_PREFIXES


def loads_fully(path: str) -> bool:
    """Pages with another Content-Security-Policy (Stripe's: staff and pay pages) are loaded
    from the server: a page keeps the policy it was loaded with, so a client-side step from a
    public page would leave Stripe.js blocked there. So are the gallery and service pages, into
    which the server writes the pictures published from finished jobs (first_paint_pages.py)."""
    if path.startswith(SERVER_FILLED_PREFIXES):
        return True
    return any(path == prefix or path.startswith(prefix + "/") for prefix in CSP_ADDITIONS)


# The last part of a path that is a file, not a page: /jobs/J-1/change-orders/CO-2/pdf, .csv,
# /jobs/J-1/costs/7/receipt, /subcontractors/3/certificates/4/file, /jobs/J-1/texts/5/photo...
FILE_ENDINGS = (
    *("/pdf", ".pdf", ".csv", ".ics", ".xml", ".txt", ".jpg", ".webp", ".png"),
    *("/receipt", "/file", "/photo", "/original"),  # a receipt, a certificate, a photo
)


def is_file(path: str) -> bool:
    return path.startswith(("/img/", "/api/", "/videos/", "/calendar/")) or path.endswith(
        FILE_ENDINGS
    )


def link(*children, href: str | rx.Var, **props):
    """An <a>: client-side navigation for pages of this site, a plain link the browser loads for
    everything else: files (a router link to a PDF would draw the 404 page instead of giving
    the file), the API, pages that load fully, and any address built from a Var (a record's
    file or page, which this cannot tell apart)."""
    if (
        isinstance(href, str)
        and href.startswith("/")
        and not is_file(href.split("?", 1)[0])
        and not loads_fully(href.split("?", 1)[0])
    ):
        return ReactRouterLink.create(*children, to=href, **props)
    # `rx.el.a` would be a router link too, which prerenders "#content" as "/about/#content".
    return A.create(*children, href=href, **props)


def link_items(entries: Iterable[NavLink], class_name: str) -> list[rx.Component]:
    """One <li> with a link for each menu entry."""
    return [rx.el.li(link(e.label, href=e.path, class_name=class_name)) for e in entries]
