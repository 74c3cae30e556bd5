"""The slide-in panels: the mobile menu and the search-and-contact panel, with the site search,
contact list and social links they hold (site.js opens, closes and filters them)."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.brand_icons import brand_icon
from renovation_app.components.header import logo, main_menu_items
from renovation_app.components.links import link
from renovation_app.components.ui import icon
from renovation_app.content import BUSINESS
from renovation_app.content.contact_links import MAILTO_HREF, TEL_HREF
from renovation_app.state.staff import StaffState

MAP_EMBED = (
    "https://www.openstreetmap.org/export/embed.html?bbox="
    f"{BUSINESS.map_longitude - 0.01},{BUSINESS.map_latitude - 0.006},"
    f"{BUSINESS.map_longitude + 0.01},{BUSINESS.map_latitude + 0.006}"
    f"&layer=mapnik&marker={BUSINESS.map_latitude},{BUSINESS.map_longitude}"
)


def _panel(panel_id: str, label: str, side: str, *children: rx.Component) -> rx.Component:
    return rx.el.div(
        rx.el.div(data_close_panel="", class_name="panel-overlay absolute inset-0 bg-slate-900/60"),
        rx.el.div(
            rx.el.button(
                icon("x", 24),
                type="button",
                aria_label="Close",
                data_close_panel="",
                class_name="absolute right-3 top-3 rounded-md p-2 text-slate-700 hover:bg-slate-100",
            ),
            *children,
            class_name=f"panel-body absolute inset-y-0 {side} flex w-[85vw] max-w-sm flex-col "
            "gap-6 overflow-y-auto bg-white p-6 pt-14 shadow-xl",
        ),
        id=panel_id,
        role="dialog",
        aria_label=label,
        aria_modal="true",
        data_panel="",
        data_open="false",
        class_name="fixed inset-0 z-50",
    )


def mobile_menu() -> rx.Component:
    link_style = "block rounded-md px-3 py-2.5 font-semibold text-slate-800 hover:bg-orange-50"
    items = main_menu_items(
        link_style,
        f"{link_style} flex w-full items-center justify-between",
        "ml-3 border-l border-slate-200 pl-2",
        f"{link_style} font-normal",
    )
    items.append(
        rx.el.li(
            rx.cond(
                StaffState.signed_in,
                link("Invoice", href=routes.ADD_INVOICE.path, class_name=link_style),
                link("Login", href=routes.LOGIN.path, class_name=link_style),
            )
        )
    )
    return _panel(
        "mobile-menu",
        "Menu",
        "left-0",
        logo(),
        rx.el.nav(rx.el.ul(*items, class_name="flex flex-col gap-1"), aria_label="Mobile"),
        _site_search("mobile-search"),
        _contact_list(),
    )


def _site_search(input_id: str) -> rx.Component:
    """The site search (services, galleries, FAQ): site.js fetches the index when the box gets
    focus and lists the matches as links, each a copy of the hidden prototype item."""
    return rx.el.div(
        rx.el.label(
            "Search the site",
            html_for=input_id,
            class_name="text-sm font-semibold text-slate-800",
        ),
        rx.el.input(
            id=input_id,
            type="search",
            placeholder="Kitchen, tile, roofing...",
            auto_complete="off",
            data_site_search="",
            class_name="mt-2 w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900",
        ),
        rx.el.ul(
            rx.el.li(
                # a plain <a> (site.js sets each copy's href), not a router link
                link(href="#", class_name="block py-1.5 text-orange-800 hover:underline"),
                data_search_prototype="",
                hidden=True,
            ),
            rx.el.li(
                "No results. Try another word.",
                data_search_empty="",
                hidden=True,
                class_name="py-1.5 text-slate-600",
            ),
            rx.el.li(
                "The search could not load. Check the connection and type again.",
                data_search_failed="",
                hidden=True,
                class_name="py-1.5 text-slate-600",
            ),
            data_search_results="",
            class_name="mt-2",
            aria_live="polite",
        ),
        data_search="",
    )


def _contact_list() -> rx.Component:
    addresses = (BUSINESS.address, *BUSINESS.extra_addresses)
    return rx.el.div(
        rx.el.h2("Contact", class_name="font-bold text-slate-900"),
        rx.el.ul(
            rx.el.li(
                icon("phone", 16, "text-orange-700"),
                link(BUSINESS.phone_display, href=TEL_HREF),
                class_name="flex items-center gap-2",
            ),
            rx.el.li(
                icon("mail", 16, "text-orange-700"),
                link(BUSINESS.email, href=MAILTO_HREF, class_name="break-all"),
                class_name="flex items-center gap-2",
            ),
            *[
                rx.el.li(
                    icon("map-pin", 16, "mt-1 shrink-0 text-orange-700"),
                    rx.el.span(rx.el.strong(f"{a.label}: "), a.one_line),
                    class_name="flex items-start gap-2",
                )
                for a in addresses
            ],
            class_name="mt-2 flex flex-col gap-2 text-sm text-slate-700",
        ),
    )


def social_links(class_name: str) -> rx.Component:
    """The business's social profiles as round icon links (the side panel and the footer)."""
    return rx.el.ul(
        *[
            rx.el.li(
                link(
                    brand_icon(s.icon),
                    href=s.url,
                    aria_label=s.name,
                    rel="noopener",
                    target="_blank",
                    class_name=class_name,
                )
            )
            for s in BUSINESS.socials
        ],
        class_name="flex gap-3",
    )


def side_panel() -> rx.Component:
    return _panel(
        "side-panel",
        "Search and contact",
        "right-0",
        _site_search("site-search"),
        _contact_list(),
        rx.el.div(
            rx.el.button(
                icon("map", 18),
                "Show the map",
                type="button",
                data_load_embed="",
                data_src=MAP_EMBED,
                data_title=f"Map of {BUSINESS.address.one_line}",
                data_frame_class="h-56 w-full rounded-md border-0",
                class_name="flex h-56 w-full items-center justify-center gap-2 rounded-md "
                "bg-slate-100 font-semibold text-slate-700 hover:bg-slate-200",
            ),
        ),
        social_links(
            "flex h-10 w-10 items-center justify-center rounded-full bg-slate-900 text-white hover:bg-orange-700"
        ),
    )
