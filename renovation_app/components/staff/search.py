"""The search form above a paged staff list: its fields as a plain GET to the list's page (the
search lives in the address, so a link reproduces the view; once the page is live the state's
`search` does the same). `list_search` is the form of the lists searched by words and a status;
a list with other filters builds its own from `search_form` and `filter_input`."""

import reflex as rx

from renovation_app.components.forms import address_form
from renovation_app.components.styles import BUTTON, INPUT
from renovation_app.components.ui import labelled
from renovation_app.routes import Route

FIELD = f"{INPUT} py-2"


def filter_input(label: str, field_id: str, name: str, value: rx.Var, **props) -> rx.Component:
    """One labelled text field of a search form, showing the value the address holds."""
    return labelled(
        label,
        rx.el.input(id=field_id, name=name, default_value=value, class_name=FIELD, **props),
    )


def search_form(
    state, page: Route, *fields: rx.Component, button: str, class_name: str, **props
) -> rx.Component:
    """`fields` and a submit button named `button`; `state` has PagedListMixin's `search`."""
    return address_form(
        *fields,
        rx.el.button(button, type="submit", class_name=f"{BUTTON} self-end"),
        page=page,
        on_submit=state.search,
        class_name=class_name,
        **props,
    )


def _status_filter(state, id_prefix: str, statuses: dict[str, str]) -> rx.Component:
    return labelled(
        "Status",
        rx.el.select(
            rx.el.option("Any", value=""),
            *[rx.el.option(label, value=str(value)) for value, label in statuses.items()],
            id=f"{id_prefix}-status",
            name="status",
            default_value=state.status,
            class_name=FIELD,
        ),
    )


def list_search(
    state, page: Route, id_prefix: str, placeholder: str, statuses: dict[str, str] | None = None
) -> rx.Component:
    """`state` is a SearchedListMixin; with `statuses` (value: label, where a StrEnum member
    is its value) a status filter too. The inputs are `<id_prefix>-search` and `-status`."""
    return search_form(
        state,
        page,
        filter_input(
            "Search",
            f"{id_prefix}-search",
            "q",
            state.query,
            type="search",
            placeholder=placeholder,
        ),
        _status_filter(state, id_prefix, statuses) if statuses else rx.fragment(),
        button="Search",
        class_name="flex flex-wrap items-end gap-3",
        key=state.query + state.status if statuses else state.query,
    )
