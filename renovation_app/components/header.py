"""The banner: the contact strip, the header bar with the logo, the main menu and the staff
button, and the buttons that open the panels (panels.py)."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.links import link, link_items
from renovation_app.components.styles import BUTTON, CONTAINER
from renovation_app.components.ui import icon
from renovation_app.content import BUSINESS
from renovation_app.content.contact_links import TEL_HREF, mailto_href
from renovation_app.navigation import MAIN_MENU, NavLink
from renovation_app.state.staff import StaffState


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
            _strip_item("mail", BUSINESS.email, mailto_href(BUSINESS.email), "hidden sm:block"),
            _strip_item("map-pin", BUSINESS.address.one_line, "", "hidden md:block md:ml-auto"),
            class_name=f"{CONTAINER} flex flex-wrap items-center gap-x-6 gap-y-1 py-2 text-sm",
        ),
        class_name="bg-slate-900 text-white",
    )


def header_button(on_invoice_page: bool = False) -> rx.Component:
    """Login when signed out; Add Invoice when signed in; Sign Out on the invoice page."""
    button = f"{BUTTON} whitespace-nowrap"  # "Add Invoice" on one line beside the logo on phones
    signed_in_button = (
        link("Sign Out", href=routes.SIGNOUT.path, class_name=button, id="header-button")
        if on_invoice_page
        else link(
            "Add Invoice", href=routes.ADD_INVOICE.path, class_name=button, id="header-button"
        )
    )
    return rx.cond(
        StaffState.signed_in,
        signed_in_button,
        link("Login", href=routes.LOGIN.path, class_name=button, id="header-button"),
    )


def _submenu(entries: tuple[NavLink, ...], list_class: str, link_class: str) -> rx.Component:
    return rx.el.ul(*link_items(entries, link_class), class_name=list_class)


def _submenu_toggle(label: str, class_name: str) -> rx.Component:
    return rx.el.button(
        label,
        icon("chevron-down", 16, "chevron transition-transform"),
        type="button",
        aria_expanded="false",
        data_submenu_toggle="",
        class_name=class_name,
    )


def main_menu_items(
    link_class: str,
    toggle_class: str,
    submenu_class: str,
    submenu_link_class: str,
    **submenu_item_props,
) -> list[rx.Component]:
    """The <li>s of the main menu, for the header and the mobile menu. An entry with a submenu
    is a toggle that opens it (site.js); `submenu_item_props` go on that entry's <li>."""
    return [
        rx.el.li(
            _submenu_toggle(entry.label, toggle_class),
            _submenu(entry.submenu, submenu_class, submenu_link_class),
            data_submenu="",
            **submenu_item_props,
        )
        if entry.submenu
        else rx.el.li(link(entry.label, href=entry.path, class_name=link_class))
        for entry in MAIN_MENU
    ]


def desktop_nav() -> rx.Component:
    link_style = "block px-3 py-2 font-semibold text-slate-800 hover:text-orange-700"
    return rx.el.nav(
        rx.el.ul(
            *main_menu_items(
                link_style,
                f"{link_style} flex items-center gap-1",
                "absolute left-0 top-full z-50 w-64 rounded-md border border-slate-200 "
                "bg-white py-2 shadow-lg",
                "block px-4 py-2 text-slate-700 hover:bg-orange-50 hover:text-orange-700",
                class_name="relative",
            ),
            class_name="flex items-center gap-1",
        ),
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
        href=routes.HOME.path,
        aria_label=f"{BUSINESS.name} home",
        class_name="flex items-center gap-2 text-slate-900",
    )


def _panel_button(
    icon_name: str, icon_size: int, label: str, panel_id: str, extra: str
) -> rx.Component:
    """A header button that opens one of the panels (panels.py; site.js opens it)."""
    return rx.el.button(
        icon(icon_name, icon_size),
        type="button",
        aria_label=label,
        aria_controls=panel_id,
        aria_expanded="false",
        data_open_panel=panel_id,
        class_name=f"rounded-md p-2 text-slate-800 hover:bg-slate-100 {extra}",
    )


def header_bar(on_invoice_page: bool = False) -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.el.div(
                logo(),
                desktop_nav(),
                rx.el.div(
                    header_button(on_invoice_page),
                    _panel_button(
                        "layout-grid",
                        22,
                        "Open the search and contact panel",
                        "side-panel",
                        "hidden lg:inline-flex",
                    ),
                    _panel_button("menu", 24, "Open the menu", "mobile-menu", "lg:hidden"),
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
    return rx.el.header(top_strip(), header_bar(on_invoice_page))
