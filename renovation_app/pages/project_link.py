"""/project/<token>: the customer's page of their job. The server writes the whole page into the
frame's slot (api/first_paint_pages.py); it has no state of its own, so React keeps the server's
HTML as it hydrates and the page needs no websocket."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.page_frame import site_page
from renovation_app.components.ui import section
from renovation_app.first_paint import PROJECT_SLOT
from renovation_app.pages.registry import page


@page(routes.PROJECT_LINK)
def project_link() -> rx.Component:
    return site_page(
        section(rx.html("", id=PROJECT_SLOT), class_name="bg-slate-50"),
        title="Your project",
    )
