"""The frame of every page: skip link, header, panels, breadcrumb banner, footer, back-to-top."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.footer import footer
from renovation_app.components.header import site_header
from renovation_app.components.links import link
from renovation_app.components.panels import mobile_menu, side_panel
from renovation_app.components.styles import CONTAINER
from renovation_app.components.ui import icon


def _crumb_separator() -> rx.Component:
    return rx.el.li("/", aria_hidden="true", class_name="text-slate-400")


def breadcrumb(title: str, trail: tuple[tuple[str, str], ...] = ()) -> rx.Component:
    """The page's title banner: its <h1> and the (label, href) trail from Home to it."""
    crumbs = [rx.el.li(link("Home", href=routes.HOME.path, class_name="hover:text-orange-400"))]
    for label, href in trail:
        crumbs.append(_crumb_separator())
        crumbs.append(rx.el.li(link(label, href=href, class_name="hover:text-orange-400")))
    crumbs.append(_crumb_separator())
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


def scroll_to_top_button() -> rx.Component:
    return rx.el.button(
        icon("arrow-up", 20),
        id="scroll-top",
        type="button",
        aria_label="Back to the top of the page",
        data_scroll_top="",
        # Below md it sits at the end of the page, not over it: on a phone a floating button
        # covered the amounts at the right edge of the last rows.
        class_name="fixed bottom-5 right-5 z-30 rounded-full bg-orange-700 p-3 text-white shadow-lg hover:bg-orange-800 max-md:static max-md:my-4 max-md:self-center",
    )


def site_page(
    *children: rx.Component,
    title: str | None = None,
    trail: tuple[tuple[str, str], ...] = (),
    on_invoice_page: bool = False,
    with_footer: bool = True,
    main_class: str = "",
) -> rx.Component:
    """Every page: the frame around its sections. `title` adds the breadcrumb banner; the staff
    screens go without it and without the footer (staff/frame.py)."""
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
            class_name=main_class,
        ),
        footer() if with_footer else rx.fragment(),
        scroll_to_top_button(),
        rx.el.span(id="hydrated", data_hydrated=rx.State.is_hydrated.to_string(), hidden=True),
        class_name="flex min-h-screen flex-col bg-white text-slate-800 [&>main]:flex-1",
    )
