"""Pages the server writes into a prerendered frame, as the pay page's first paint does
(api/pay_first_paint.py): the customer's project page, whole, and the gallery and service pages
with the pictures published from finished jobs. The HTML is there before any JavaScript runs,
and React leaves a slot's inner HTML as the server wrote it when it hydrates."""

from renovation_app.api.prerendered import built_page, fill_slot
from renovation_app.components.gallery_grid import FIRST_SCREENFULS, items_html
from renovation_app.components.styles import BUTTON, CARD, SECONDARY_BUTTON
from renovation_app.content.galleries import gallery_by_slug
from renovation_app.first_paint import (
    PROJECT_FRAME_PAGE,
    PROJECT_SLOT,
    PUBLISHED_MORE_SLOT,
    PUBLISHED_SLOT,
)
from renovation_app.services import photos, project
from renovation_app.services.mail.templates import render_page

# Published pictures on a service page: the newest few, above its own six.
SERVICE_PICTURES = 3


PROJECT_ENDED = (
    "A project page's link stops working 90 days after the job was closed or cancelled. We keep "
    "your contract, invoices and photos and are glad to send you copies."
)


def project_first_paint(token: str) -> str | None:
    """The project page of the link, or the page of a link past its end; None when the link
    opens no job."""
    styles = {"card": CARD, "button": BUTTON, "secondary": SECONDARY_BUTTON}
    page = project.project_page(token)
    if page is not None:
        html = str(render_page("page_project.html", page=page, styles=styles))
    elif project.link_has_ended(token):
        html = str(render_page("page_link_ended.html", words=PROJECT_ENDED, styles=styles))
    else:
        return None
    frame = built_page(PROJECT_FRAME_PAGE)
    if frame is None:  # the development server has no build: the content alone
        return f"<!doctype html><html lang=en><meta charset=utf-8><title>Your project</title>{html}</html>"
    return fill_slot(frame, PROJECT_SLOT, html)


def page_with_published(kind: str, slug: str) -> str | None:
    """The built gallery or service page of `slug` with its published pictures in place;
    None when there is no such page."""
    gallery = gallery_by_slug(slug)
    frame = built_page(f"{kind}/{slug}") if gallery is not None else None
    if frame is None:
        return None
    pictures = photos.published_pictures(slug)
    if not pictures:
        return frame
    if kind == "services":
        html = render_page("page_service_pictures.html", pictures=pictures[:SERVICE_PICTURES])
        return fill_slot(frame, PUBLISHED_SLOT, str(html))
    first, rest = pictures[:FIRST_SCREENFULS], pictures[FIRST_SCREENFULS:]
    page = fill_slot(frame, PUBLISHED_SLOT, items_html(first, "published-picture", eager=3))
    return (
        fill_slot(page, PUBLISHED_MORE_SLOT, items_html(rest, "published-picture"))
        if rest
        else page
    )
