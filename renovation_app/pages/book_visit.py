"""/book-a-visit: a free estimate visit booked by the visitor: the free two-hour windows of the
weeks ahead, then name, phone, e-mail, address and what the work is. It talks to the server
over HTTP (components/react/booking.py), so it works before the app's websocket connects."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.page_frame import site_page
from renovation_app.components.react.booking import visit_booking
from renovation_app.components.ui import section, section_heading
from renovation_app.pages.registry import page


@page(routes.BOOK_VISIT)
def book_visit() -> rx.Component:
    return site_page(
        section(
            rx.el.div(
                section_heading("Free estimate visit", "Pick a two-hour window", center=False),
                rx.el.p(
                    "Pick a two-hour window: one of us comes to see the work, measures and "
                    "answers your questions, and you get a written estimate. The visit is free "
                    "and takes about an hour. Times are New York time.",
                    class_name="leading-7 text-slate-700",
                ),
                rx.el.div(
                    visit_booking(class_name="relative"),
                    class_name="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8",
                ),
                class_name="mx-auto max-w-3xl",
            ),
        ),
        title="Book a visit",
    )
