"""The site footer: the business blurb, useful links, services, gallery thumbnails and the
copyright line with the contractor licence and the legal links."""

import reflex as rx

from renovation_app.components.links import link, link_items
from renovation_app.components.panels import social_links
from renovation_app.components.styles import CONTAINER
from renovation_app.components.ui import picture
from renovation_app.content import BUSINESS, GALLERIES
from renovation_app.media import gallery_picture
from renovation_app.navigation import FOOTER_LINKS, LEGAL_LINKS, SERVICE_LINKS, NavLink
from renovation_app.services.required_settings import licence_line
from renovation_app.state.site import SiteState

LINK_STYLE = "text-slate-300 hover:text-orange-400"


def _footer_heading(text: str) -> rx.Component:
    return rx.el.h2(text, class_name="mb-4 text-lg font-bold text-white")


def _link_column(heading: str, entries: tuple[NavLink, ...]) -> rx.Component:
    return rx.el.nav(
        _footer_heading(heading),
        rx.el.ul(*link_items(entries, LINK_STYLE), class_name="flex flex-col gap-2 text-sm"),
        aria_label=heading,
    )


def _gallery_thumbnails() -> rx.Component:
    """The first picture of the first six gallery sets, each a link to its gallery."""
    return rx.el.ul(
        *[
            rx.el.li(
                link(
                    picture(
                        gallery_picture(g.slug, 1),
                        thumbnail=True,
                        alt=f"{g.title} gallery",
                        class_name="h-full w-full rounded object-cover",
                    ),
                    href=g.url,
                    class_name="block aspect-[4/3] overflow-hidden rounded hover:opacity-80",
                )
            )
            for g in GALLERIES[:6]
        ],
        class_name="grid grid-cols-3 gap-2",
    )


def _copyright() -> rx.Component:
    """The copyright line, and the licence New York requires wherever the business advertises
    (read when the pages are compiled; left out while it is unset)."""
    licence = licence_line()
    return rx.el.div(
        rx.el.p(
            "© ",
            rx.el.span(SiteState.current_year, id="footer-year"),
            f" {BUSINESS.legal_name}. All rights reserved.",
        ),
        *([rx.el.p(licence, id="footer-licence")] if licence else []),
        class_name="text-center sm:text-left",
    )


def footer() -> rx.Component:
    return rx.el.footer(
        rx.el.div(
            rx.el.div(
                _footer_heading(BUSINESS.name),
                rx.el.p(BUSINESS.about_blurb, class_name="text-sm leading-6 text-slate-300"),
                social_links(
                    "flex h-9 w-9 items-center justify-center rounded-full bg-white/10 text-white hover:bg-orange-700"
                ),
                class_name="flex flex-col gap-4",
            ),
            _link_column("Useful links", FOOTER_LINKS),
            _link_column("Services", SERVICE_LINKS),
            rx.el.div(_footer_heading("Gallery"), _gallery_thumbnails()),
            class_name=f"{CONTAINER} grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4",
        ),
        rx.el.div(
            rx.el.div(
                _copyright(),
                rx.el.ul(*link_items(LEGAL_LINKS, LINK_STYLE), class_name="flex gap-4"),
                class_name=f"{CONTAINER} flex flex-col items-center justify-between gap-3 py-5 text-sm text-slate-300 sm:flex-row",
            ),
            class_name="border-t border-white/10",
        ),
        class_name="bg-slate-950",
    )
