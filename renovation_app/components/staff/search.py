"""The search form above a paged staff list: the words searched and, where the list has one, a
status filter, as a plain GET to the list's page (the search lives in the address, so a link
reproduces the view; once the page is live the state's `search` does the same)."""

import reflex as rx

from renovation_app.components.forms import address_form
from renovation_app.components.styles import BUTTON, INPUT
from renovation_app.components.ui import labelled
from renovation_app.routes import Route


def list_search(
    state, page: Route, id_prefix: str, placeholder: str, statuses: dict[str, str] | None = None
) -> rx.Component:
    """`state` has PagedListMixin's `search`, a `query` and (with `statuses`, value: label) a
    `status`; inputs are `<id_prefix>-search` and `<id_prefix>-status`."""
    status = (
        labelled(
            "Status",
            rx.el.select(
                rx.el.option("Any", value=""),
                *[rx.el.option(label, value=value) for value, label in statuses.items()],
                id=f"{id_prefix}-status",
                name="status",
                default_value=state.status,
                class_name=f"{INPUT} py-2",
            ),
        )
        if statuses
        else rx.fragment()
    )
    return address_form(
        labelled(
            "Search",
            rx.el.input(
                id=f"{id_prefix}-search",
                name="q",
                type="search",
                default_value=state.query,
                placeholder=placeholder,
                class_name=f"{INPUT} py-2",
            ),
        ),
        status,
        rx.el.button("Search", type="submit", class_name=f"{BUTTON} self-end"),
        page=page,
        on_submit=state.search,
        class_name="flex flex-wrap items-end gap-3",
        key=state.query + state.status if statuses else state.query,
    )
