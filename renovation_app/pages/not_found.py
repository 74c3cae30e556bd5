"""The 404 page: goes back one step after 2500 ms when there is a page of this site to return to."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.links import link
from renovation_app.components.page_frame import site_page
from renovation_app.components.styles import BUTTON
from renovation_app.components.ui import section
from renovation_app.pages.registry import page

# React Router keeps its position in history.state.idx; idx > 0 means an earlier page of this
# app is behind us. A full load that came from this site shows up as a same-origin referrer.
GO_BACK_SCRIPT = """
const fromThisSite = (window.history.state && window.history.state.idx > 0)
  || (document.referrer.startsWith(window.location.origin) && window.history.length > 1);
if (fromThisSite) { setTimeout(() => window.history.back(), 2500); }
"""


@page(routes.NOT_FOUND)
def not_found() -> rx.Component:
    return site_page(
        section(
            rx.el.div(
                rx.el.p("404", class_name="text-7xl font-extrabold text-orange-700"),
                rx.el.h1(
                    "404 Page Not Found", class_name="mt-4 text-3xl font-extrabold text-slate-900"
                ),
                rx.el.p(
                    "The page you are looking for has moved or never existed.",
                    class_name="mt-3 text-slate-700",
                ),
                link("Back To Home", href=routes.HOME.path, class_name=f"{BUTTON} mt-8"),
                on_mount=rx.call_script(GO_BACK_SCRIPT),
                class_name="flex flex-col items-center py-10 text-center",
            )
        )
    )
