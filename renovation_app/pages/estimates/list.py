"""/estimates: every estimate (its newest revision), searched and filtered by status."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.links import link
from renovation_app.components.staff import list_search, pager, staff_page
from renovation_app.components.styles import BUTTON, PILL, STAFF_CARD
from renovation_app.models import EstimateStatus
from renovation_app.pages.registry import page
from renovation_app.services.estimates.views import STATUS_LABELS
from renovation_app.state.estimates import EstimateListState

State = EstimateListState


def search_form() -> rx.Component:
    statuses = {s.value: STATUS_LABELS[s] for s in EstimateStatus}
    return list_search(State, routes.ESTIMATES, "estimate", "Number, name or e-mail", statuses)


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
