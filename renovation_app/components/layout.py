"""The page frame: top strip, header with menus, side panels, breadcrumb, footer."""

import reflex as rx

from renovation_app.components.brand_icons import brand_icon
from renovation_app.components.links import MAILTO_HREF, TEL_HREF, link
from renovation_app.content import BUSINESS, FAQ, GALLERIES, SERVICES
from renovation_app.media import gallery_picture
from renovation_app.state.site import SiteState
from renovation_app.state.staff import StaffState

MAIN_MENU: tuple[tuple[str, str], ...] = (
    ("Home", "/"),
    ("About", "/about"),
    ("Services", "/services"),  # carries the Services submenu
    ("Gallery", "/gallery"),
    ("Contact", "/contact"),
)
CONTAINER = "mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8"
BUTTON = (
    "inline-flex items-center justify-center gap-2 rounded-md bg-orange-700 px-5 py-2.5 "
    "text-sm font-semibold text-white shadow-sm hover:bg-orange-800 focus-visible:outline "
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700"
)
OUTLINE_BUTTON = (
    "inline-flex items-center justify-center gap-2 rounded-md border border-white/70 px-5 "
    "py-2.5 text-sm font-semibold text-white hover:bg-white hover:text-slate-900"
)
MAP_EMBED = (
    "https://www.openstreetmap.org/export/embed.html?bbox="
    f"{BUSINESS.map_longitude - 0.01},{BUSINESS.map_latitude - 0.006},"
    f"{BUSINESS.map_longitude + 0.01},{BUSINESS.map_latitude + 0.006}"
    f"&layer=mapnik&marker={BUSINESS.map_latitude},{BUSINESS.map_longitude}"
)


def icon(name: str, size: int = 18, class_name: str = "") -> rx.Component:
    return rx.icon(name, size=size, class_name=class_name, aria_hidden="true")


# --- top strip and header -------------------------------------------------------------------


def _strip_item(name: str, text: str, href: str = "", extra: str = "") -> rx.Component:
    content = [icon(name, 15, "text-orange-400"), rx.el.span(text)]
    inner = (
        link(*content, href=href, class_name="flex items-center gap-2 hover:text-orange-400")
        if href
        else rx.el.span(*content, class_name="flex items-center gap-2")
    )
    return rx.el.li(inner, class_name=extra)


def top_strip() -> rx.Component:
    return rx.el.div(
        rx.el.ul(
            _strip_item("phone", BUSINESS.phone_display, TEL_HREF),
            _strip_item("mail", BUSINESS.email, f"mailto:{BUSINESS.email}", "hidden sm:block"),
            _strip_item("map-pin", BUSINESS.address.one_line, "", "hidden md:block md:ml-auto"),
            class_name=f"{CONTAINER} flex flex-wrap items-center gap-x-6 gap-y-1 py-2 text-sm",
        ),
        class_name="bg-slate-900 text-white",
    )


def header_button(on_invoice_page: bool = False) -> rx.Component:
    """Login when signed out; Add Invoice when signed in; Sign Out on the invoice page."""
    signed_in_button = (
        link("Sign Out", href="/signout", class_name=BUTTON, id="header-button")
        if on_invoice_page
        else link("Add Invoice", href="/add-invoice", class_name=BUTTON, id="header-button")
    )
    return rx.cond(
        StaffState.signed_in,
        signed_in_button,
        link("Login", href="/login", class_name=BUTTON, id="header-button"),
    )


def _services_submenu(list_class: str, link_class: str) -> rx.Component:
    return rx.el.ul(
        *[rx.el.li(link(s.title, href=s.url, class_name=link_class)) for s in SERVICES],
        rx.el.li(link("All services", href="/services", class_name=link_class)),
        class_name=list_class,
    )


def _submenu_toggle(label: str, class_name: str) -> rx.Component:
    return rx.el.button(
        label,
        icon("chevron-down", 16, "chevron transition-transform"),
        type="button",
        aria_expanded="false",
        data_submenu_toggle="",
        class_name=class_name,
    )


def desktop_nav() -> rx.Component:
    link_style = "block px-3 py-2 font-semibold text-slate-800 hover:text-orange-700"
    items = []
    for label, href in MAIN_MENU:
        if href == "/services":
            items.append(
                rx.el.li(
                    _submenu_toggle(label, f"{link_style} flex items-center gap-1"),
                    _services_submenu(
                        "absolute left-0 top-full z-50 w-64 rounded-md border border-slate-200 "
                        "bg-white py-2 shadow-lg",
                        "block px-4 py-2 text-slate-700 hover:bg-orange-50 hover:text-orange-700",
                    ),
                    class_name="relative",
                    data_submenu="",
                )
            )
        else:
            items.append(rx.el.li(link(label, href=href, class_name=link_style)))
    return rx.el.nav(
        rx.el.ul(*items, class_name="flex items-center gap-1"),
        aria_label="Main",
        class_name="hidden lg:block",
    )


def logo() -> rx.Component:
    return link(
        rx.el.span(icon("hammer", 22), class_name="rounded-md bg-orange-700 p-2 text-white"),
        rx.el.span(
            rx.el.span("Brooklyn", class_name="block text-lg font-extrabold leading-5"),
            rx.el.span(
                "Home Renovation",
                class_name="block text-xs font-semibold uppercase tracking-wider text-orange-700",
            ),
        ),
        href="/",
        aria_label=f"{BUSINESS.name} home",
        class_name="flex items-center gap-2 text-slate-900",
    )


def header(on_invoice_page: bool = False) -> rx.Component:
    icon_button = "rounded-md p-2 text-slate-800 hover:bg-slate-100"
    return rx.el.div(
        rx.el.div(
            rx.el.div(
                logo(),
                desktop_nav(),
                rx.el.div(
                    header_button(on_invoice_page),
                    rx.el.button(
                        icon("layout-grid", 22),
                        type="button",
                        aria_label="Open the search and contact panel",
                        aria_controls="side-panel",
                        aria_expanded="false",
                        data_open_panel="side-panel",
                        class_name=f"{icon_button} hidden lg:inline-flex",
                    ),
                    rx.el.button(
                        icon("menu", 24),
                        type="button",
                        aria_label="Open the menu",
                        aria_controls="mobile-menu",
                        aria_expanded="false",
                        data_open_panel="mobile-menu",
                        class_name=f"{icon_button} lg:hidden",
                    ),
                    class_name="flex items-center gap-2",
                ),
                class_name=f"{CONTAINER} flex h-20 items-center justify-between gap-4",
            ),
            class_name="header-bar bg-white",
        ),
        class_name="relative z-40 h-20 border-b border-slate-200 bg-white",
    )


def site_header(on_invoice_page: bool) -> rx.Component:
    """The banner landmark: the info strip and the bar (which stays fixed when scrolled)."""
    return rx.el.header(top_strip(), header(on_invoice_page))


# --- side panels ----------------------------------------------------------------------------


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
    items = []
    for label, href in MAIN_MENU:
        if href == "/services":
            items.append(
                rx.el.li(
                    _submenu_toggle(
                        label, f"{link_style} flex w-full items-center justify-between"
                    ),
                    _services_submenu(
                        "ml-3 border-l border-slate-200 pl-2", f"{link_style} font-normal"
                    ),
                    data_submenu="",
                )
            )
        else:
            items.append(rx.el.li(link(label, href=href, class_name=link_style)))
    items.append(
        rx.el.li(
            rx.cond(
                StaffState.signed_in,
                link("Invoice", href="/add-invoice", class_name=link_style),
                link("Login", href="/login", class_name=link_style),
            )
        )
    )
    return _panel(
        "mobile-menu",
        "Menu",
        "left-0",
        logo(),
        rx.el.nav(rx.el.ul(*items, class_name="flex flex-col gap-1"), aria_label="Mobile"),
        _search("mobile-search"),
        _contact_list(),
    )


def _search_entries() -> list[tuple[str, str, str]]:
    """(label, href, searchable text) for services, galleries and FAQ."""
    entries = [(s.title, s.url, f"{s.title} {s.desc} {' '.join(s.features)}") for s in SERVICES]
    entries += [(f"{g.title} gallery", g.url, f"{g.title} gallery {g.desc}") for g in GALLERIES]
    entries += [(q.question, "/#faq", f"{q.question} {q.answer}") for q in FAQ]
    return entries


def _search(input_id: str) -> rx.Component:
    """The site search (services, galleries, FAQ) as links; filtered in the browser (site.js)."""
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
            *[
                rx.el.li(
                    link(
                        label, href=href, class_name="block py-1.5 text-orange-800 hover:underline"
                    ),
                    data_search_item="",
                    data_search_text=text.lower(),
                    hidden=True,
                )
                for label, href, text in _search_entries()
            ],
            rx.el.li(
                "No results. Try another word.",
                data_search_empty="",
                hidden=True,
                class_name="py-1.5 text-slate-600",
            ),
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
        _search("site-search"),
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


# --- breadcrumb, footer, page frame ---------------------------------------------------------


def breadcrumb(title: str, trail: tuple[tuple[str, str], ...] = ()) -> rx.Component:
    crumbs = [rx.el.li(link("Home", href="/", class_name="hover:text-orange-400"))]
    for label, href in trail:
        crumbs.append(rx.el.li("/", aria_hidden="true", class_name="text-slate-400"))
        crumbs.append(rx.el.li(link(label, href=href, class_name="hover:text-orange-400")))
    crumbs.append(rx.el.li("/", aria_hidden="true", class_name="text-slate-400"))
    crumbs.append(rx.el.li(title, aria_current="page", class_name="text-orange-400"))
    return rx.el.section(
        rx.el.div(
            rx.el.h1(title, class_name="text-3xl font-extrabold text-white sm:text-4xl"),
            rx.el.nav(
                rx.el.ol(
                    *crumbs,
                    class_name="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-200",
                ),
                aria_label="Breadcrumb",
            ),
            class_name=f"{CONTAINER} flex flex-col items-center gap-3 py-14 text-center",
        ),
        class_name="bg-gradient-to-r from-slate-900 to-slate-800",
    )


def _footer_heading(text: str) -> rx.Component:
    return rx.el.h2(text, class_name="mb-4 text-lg font-bold text-white")


def footer() -> rx.Component:
    link_style = "text-slate-300 hover:text-orange-400"
    thumbs = [
        rx.el.li(
            link(
                rx.el.img(
                    src=gallery_picture(g.slug, 1).thumb,
                    alt=f"{g.title} gallery",
                    loading="lazy",
                    decoding="async",
                    custom_attrs={"width": "96", "height": "72"},
                    class_name="h-full w-full rounded object-cover",
                ),
                href=g.url,
                class_name="block aspect-[4/3] overflow-hidden rounded hover:opacity-80",
            )
        )
        for g in GALLERIES[:6]
    ]
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
            rx.el.nav(
                _footer_heading("Useful links"),
                rx.el.ul(
                    *[
                        rx.el.li(link(label, href=href, class_name=link_style))
                        for label, href in (
                            ("Gallery", "/gallery"),
                            ("About Us", "/about"),
                            ("Contact", "/contact"),
                        )
                    ],
                    class_name="flex flex-col gap-2 text-sm",
                ),
                aria_label="Useful links",
            ),
            rx.el.nav(
                _footer_heading("Services"),
                rx.el.ul(
                    *[rx.el.li(link(s.title, href=s.url, class_name=link_style)) for s in SERVICES],
                    class_name="flex flex-col gap-2 text-sm",
                ),
                aria_label="Services",
            ),
            rx.el.div(
                _footer_heading("Gallery"),
                rx.el.ul(*thumbs, class_name="grid grid-cols-3 gap-2"),
            ),
            class_name=f"{CONTAINER} grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4",
        ),
        rx.el.div(
            rx.el.div(
                rx.el.p(
                    "© ",
                    rx.el.span(SiteState.current_year, id="footer-year"),
                    f" {BUSINESS.legal_name}. All rights reserved.",
                ),
                rx.el.ul(
                    rx.el.li(
                        link(
                            "Terms and Conditions",
                            href="/terms-and-conditions",
                            class_name=link_style,
                        )
                    ),
                    rx.el.li(link("Privacy Policy", href="/privacy-policy", class_name=link_style)),
                    class_name="flex gap-4",
                ),
                class_name=f"{CONTAINER} flex flex-col items-center justify-between gap-3 py-5 text-sm text-slate-300 sm:flex-row",
            ),
            class_name="border-t border-white/10",
        ),
        class_name="bg-slate-950",
    )


def scroll_to_top_button() -> rx.Component:
    return rx.el.button(
        icon("arrow-up", 20),
        id="scroll-top",
        type="button",
        aria_label="Back to the top of the page",
        data_scroll_top="",
        class_name="fixed bottom-5 right-5 z-30 rounded-full bg-orange-700 p-3 text-white shadow-lg hover:bg-orange-800",
    )


def site_page(
    *children: rx.Component,
    title: str | None = None,
    trail: tuple[tuple[str, str], ...] = (),
    on_invoice_page: bool = False,
) -> rx.Component:
    """Every public page: the frame around its sections. `title` adds the breadcrumb banner."""
    return rx.el.div(
        link(
            "Skip to content",
            href="#content",
            class_name="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-3",
        ),
        site_header(on_invoice_page),
        mobile_menu(),
        side_panel(),
        rx.el.main(
            breadcrumb(title, trail) if title else rx.fragment(),
            *children,
            id="content",
        ),
        footer(),
        scroll_to_top_button(),
        rx.el.span(id="hydrated", data_hydrated=rx.State.is_hydrated.to_string(), hidden=True),
        class_name="flex min-h-screen flex-col bg-white text-slate-800 [&>main]:flex-1",
    )
