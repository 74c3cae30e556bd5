"""/estimates: every estimate (its newest revision), searched and filtered by status."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.links import link
from renovation_app.components.staff import list_page, list_row, list_search, row_link
from renovation_app.components.styles import BUTTON, PILL
from renovation_app.pages.registry import page
from renovation_app.services.estimates.views import STATUS_LABELS
from renovation_app.state.estimates import EstimateListState as State


def estimate_row(row: rx.Var) -> rx.Component:
    return list_row(
        row_link(row.label, routes.estimate_path(row.number)),
        rx.el.span(" ", row.customer, " · ", row.total, " ", class_name="text-slate-800"),
        rx.el.span(row.status_label, class_name=PILL),
        rx.el.span(" ", row.created, class_name="text-sm text-slate-600"),
        test_id="estimate-row",
    )


@page(routes.ESTIMATES, on_load=(State.load,))
def estimate_list() -> rx.Component:
    search = list_search(
        State, routes.ESTIMATES, "estimate", "Number, name or e-mail", STATUS_LABELS
    )
    new = link("New estimate", href=routes.NEW_ESTIMATE.path, class_name=BUTTON)
    return list_page(
        State, "Estimates", estimate_row, search=search, actions=(new,), noun="estimates"
    )
