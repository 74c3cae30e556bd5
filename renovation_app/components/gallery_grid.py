"""A gallery's grid as static HTML (one template, page_gallery_items.html, for the site's own
pictures and those published from finished jobs): the first screenfuls in the page, the rest in
an inert <template> that site.js moves into the grid when the visitor scrolls near its end or
asks for more. Fewer pictures to lay out at first makes the largest galleries answer sooner;
React never hydrates a picture (a slot's inner HTML is the server's)."""

from dataclasses import asdict

import reflex as rx
from markupsafe import Markup

from renovation_app.first_paint import PUBLISHED_MORE_SLOT, PUBLISHED_SLOT
from renovation_app.media import Picture
from renovation_app.services.mail.templates import render_page

FIRST_SCREENFULS = 12  # four rows on a desktop, six on a phone
GRID = "grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3"
REST = "gallery-rest"  # where the waiting pictures go (site.js)


def items_html(pictures: list, testid: str, eager: int = 0, high: int = 0) -> str:
    """The grid items of `pictures` (each with src, srcset, width, height, full, alt, caption,
    before_src and before_alt)."""
    return str(
        render_page(
            "page_gallery_items.html", pictures=pictures, testid=testid, eager=eager, high=high
        )
    )


def _shipped(pictures: tuple[Picture, ...]) -> list[dict]:
    return [{**asdict(p), "caption": p.alt, "before_src": "", "before_alt": ""} for p in pictures]


def gallery_grid(pictures: tuple[Picture, ...]) -> rx.Component:
    """The grid: the pictures published from jobs (written in by the server), the first
    screenfuls of the site's own, and the rest waiting with the "Show more photos" button."""
    first, rest = pictures[:FIRST_SCREENFULS], pictures[FIRST_SCREENFULS:]
    waiting = str(
        render_page(
            "page_waiting.html",
            target=REST,
            html=Markup(
                f'<div id="{PUBLISHED_MORE_SLOT}" class="contents"></div>'
                + items_html(_shipped(rest), "gallery-image")
            ),
        )
    )
    return rx.fragment(
        rx.el.div(
            rx.html("", id=PUBLISHED_SLOT, class_name="contents"),
            rx.html(
                items_html(_shipped(first), "gallery-image", eager=3, high=3), class_name="contents"
            ),
            rx.html("", id=REST, class_name="contents"),
            class_name=GRID,
            data_gallery_grid="",
        ),
        rx.html(waiting),
    )
