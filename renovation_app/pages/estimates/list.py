"""/estimates: every estimate (its newest revision), searched and filtered by status."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import address_form
from renovation_app.components.links import link
from renovation_app.components.staff import pager, staff_page
from renovation_app.components.styles import BUTTON, INPUT, PILL, STAFF_CARD
from renovation_app.components.ui import labelled
from renovation_app.models import EstimateStatus
from renovation_app.pages.registry import page
from renovation_app.services.estimates.views import STATUS_LABELS
from renovation_app.state.estimates import EstimateListState

State = EstimateListState


def search_form() -> rx.Component:
    return address_form(
        labelled(
            "Search",
            rx.el.input(
                id="estimate-search",
                name="q",
                type="search",
                default_value=State.query,
                placeholder="Number, name or e-mail",
                class_name=f"{INPUT} py-2",
            ),  # fmt: skip
        ),
        labelled(
            "Status",
            rx.el.select(
                rx.el.option("Any", value=""),
                *[rx.el.option(STATUS_LABELS[s], value=s.value) for s in EstimateStatus],
                id="estimate-status",
                name="status",
                default_value=State.status,
                class_name=f"{INPUT} py-2",
            ),
        ),
        rx.el.button("Search", type="submit", class_name=f"{BUTTON} self-end"),
        page=routes.ESTIMATES,
        on_submit=State.search,
        class_name="flex flex-wrap items-end gap-3",
        key=State.query + State.status,
    )


def estimate_row(row: rx.Var) -> rx.Component:
    return rx.el.li(
        link(
            row.label,
            href=routes.estimate_path(row.number),
            class_name="font-bold text-orange-800 underline",
        ),
        rx.el.span(" ", row.customer, " · ", row.total, " ", class_name="text-slate-800"),
        rx.el.span(row.status_label, class_name=PILL),
        rx.el.span(" ", row.created, class_name="text-sm text-slate-600"),
        class_name="border-b border-slate-100 py-2",
        data_testid="estimate-row",
    )


@page(routes.ESTIMATES, on_load=(State.load,))
def estimate_list() -> rx.Component:
    return staff_page(
        rx.el.div(
            rx.el.div(
                rx.el.h2("Estimates", class_name="text-2xl font-extrabold text-slate-900"),
                link("New estimate", href=routes.NEW_ESTIMATE.path, class_name=BUTTON),
                class_name="flex flex-wrap items-center justify-between gap-3",
            ),
            search_form(),
            rx.cond(
                State.rows.length() > 0,
                rx.el.ul(rx.foreach(State.rows, estimate_row)),
                rx.el.p("No estimates match.", class_name="text-slate-600"),
            ),
            pager(State, "estimates"),
            class_name=f"{STAFF_CARD} mx-auto flex max-w-5xl flex-col gap-6",
        ),
        title="Estimates",
    )
