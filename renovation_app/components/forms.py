"""Every <form> of the site comes from here, so none can submit what was typed in the address.

A form pressed before the app's scripts run (a slow phone, a blocked script) is submitted by
the browser itself: without a method that is a GET, which puts every field (an e-mail and its
password, a visitor's message) into the URL, the history and the server's logs. `post_form` always
posts; the server answers a native post to a page with 303 back to the page, without reading
the body (api/middleware.py), and there the page's scripts take over. The staff lists' search
forms (`address_form`) are the one exception: their filters live in the address on purpose.
"""

import reflex as rx

from renovation_app.components.styles import FIELD_LABEL, INPUT, TICK_BOX
from renovation_app.components.ui import problem_text
from renovation_app.routes import Route


def post_form(*children: rx.Component, **props) -> rx.Component:
    """A form the app's events handle (on_submit); natively it posts to the page it is on."""
    if "method" in props or "action" in props:
        raise TypeError("post_form() always posts to its own page; use address_form() for a search")
    return rx.el.form(*children, method="post", **props)


def address_form(*children: rx.Component, page: Route, on_submit, **props) -> rx.Component:
    """A staff list's search and filters as a plain GET to the list's page: the filters are
    the page's address, so a link reproduces the view. Once the page is live `on_submit` (the
    list's PagedListMixin.search) does the same. Never for a public page's form."""
    if not page.staff:
        raise ValueError(f"{page.path}: only a staff list's search form puts its fields in the URL")
    return rx.el.form(*children, action=page.path, method="get", on_submit=on_submit, **props)


def busy_button(busy: rx.Var, busy_words: str, words, class_name: str, **props) -> rx.Component:
    """A button (a submit unless `type` says otherwise) that says it is at work while `busy`
    and takes no second press meanwhile."""
    props.setdefault("type", "submit")
    return rx.el.button(
        rx.cond(busy, busy_words, words), disabled=busy, class_name=class_name, **props
    )


def action_button(words, on_click, class_name: str, test_id: str = "", **props) -> rx.Component:
    """A button that runs `on_click` and never submits the form it stands in (a card's or a
    row's action)."""
    return rx.el.button(
        words,
        type="button",
        on_click=on_click,
        class_name=class_name,
        data_testid=test_id or None,
        **props,
    )


def tick_box(
    checked, on_change, *words, class_name: str, box: str = TICK_BOX, test_id: str = "", **props
) -> rx.Component:
    """Words and the box that ticks them, one label; the state keeps the tick (`checked`,
    `on_change`). `props` go to the label (a role, a test id of the whole)."""
    return rx.el.label(
        rx.el.input(
            type="checkbox",
            checked=checked,
            on_change=on_change,
            class_name=box,
            data_testid=test_id or None,
        ),
        *words,
        class_name=class_name,
        **props,
    )


def form_heading(title, *intro: rx.Component) -> rx.Component:
    """A staff form's title, and what it is for under it."""
    return rx.el.div(
        rx.el.h2(title, class_name="text-2xl font-extrabold"),
        *intro,
        class_name="flex flex-col gap-1",
    )


def saved_form(state, heading: rx.Component, *children: rx.Component, test_id: str) -> rx.Component:
    """The form of a SavedFormMixin state (state/staff/forms.py): its heading, what went wrong
    with the last save, then its cards; a new `form_key` draws it afresh."""
    return post_form(
        heading,
        problem_text(state.errors["form"]),
        *children,
        key=state.form_key.to_string(),
        on_submit=state.submit,
        class_name="mx-auto flex max-w-4xl flex-col gap-6",
        data_testid=test_id,
    )


def select_field(
    label: str, field_id: str, options, value, on_change, *after: rx.Component, **props
) -> rx.Component:
    """A staff form's choice: its label above the select, then anything `after` it (its
    error)."""
    return rx.el.div(
        rx.el.label(label, html_for=field_id, class_name=FIELD_LABEL),
        rx.el.select(
            *options, id=field_id, value=value, on_change=on_change, class_name=INPUT, **props
        ),
        *after,
        class_name="flex flex-col gap-1",
    )


def input_field(
    label: str,
    field_id: str,
    value,
    on_change,
    *after: rx.Component,
    label_class: str = FIELD_LABEL,
    **props,
) -> rx.Component:
    """A staff form's text box: its label above the input, then anything `after` it (its
    error)."""
    props.setdefault("class_name", INPUT)
    return rx.el.div(
        rx.el.label(label, html_for=field_id, class_name=label_class),
        rx.el.input(id=field_id, value=value, on_change=on_change, **props),
        *after,
        class_name="flex flex-col gap-1",
    )


def state_options(rows: rx.Var, empty: str) -> list[rx.Component]:
    """A select's options read from the state (each row a `{label, value}`), after the empty
    choice in `empty`'s words."""
    return [
        rx.el.option(empty, value=""),
        rx.foreach(rows.to(list[dict]), lambda o: rx.el.option(o.label, value=o.value.to(str))),
    ]
