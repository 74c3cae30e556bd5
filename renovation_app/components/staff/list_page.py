"""A staff list page, declared: its title, how one row is drawn, its search form and what the rows
are called. Every list is laid out by `list_page` the same way: a card with the heading (and its
buttons), what stands before the search (a line of help, a form), the search, the rows or the
words when none match, and the pager of a paged state."""

from collections.abc import Callable

import reflex as rx

from renovation_app.components.links import link
from renovation_app.components.staff.frame import staff_page
from renovation_app.components.staff.pager import pager
from renovation_app.components.staff.table import wide_table
from renovation_app.components.styles import STAFF_CARD
from renovation_app.state.staff import PagedListMixin

Row = Callable[[rx.Var], rx.Component]
Layout = Callable[[rx.Var, Row], rx.Component]


def row_link(text: rx.Var, href: rx.Var | str) -> rx.Component:
    """A row's link to its record."""
    return link(text, href=href, class_name="font-bold text-orange-800 underline")


def list_row(*children: rx.Component, test_id: str, layout: str = "py-2") -> rx.Component:
    """One row of a `bullets` list, ruled off from the next; `layout` adds its own classes."""
    return rx.el.li(
        *children, class_name=f"border-b border-slate-100 {layout}", data_testid=test_id
    )


def bullets(rows: rx.Var, row: Row) -> rx.Component:
    """The rows one below the other, each drawn by `list_row` (the default layout)."""
    return rx.el.ul(rx.foreach(rows, row))


def cards(rows: rx.Var, row: Row) -> rx.Component:
    """The rows as cards one below the other (each row draws its own card)."""
    return rx.el.div(rx.foreach(rows, row), class_name="flex flex-col gap-4")


def table(label: str, headings: list[str], min_width: str, **props) -> Layout:
    """The rows as a table (each row a `<tr>`) that scrolls sideways on a phone: wide_table."""
    return lambda rows, row: wide_table(label, headings, rows, row, min_width, **props)


def _heading(words: str, actions: tuple[rx.Component, ...]) -> rx.Component:
    heading = rx.el.h2(words, class_name="text-2xl font-extrabold text-slate-900")
    if not actions:
        return heading
    return rx.el.div(
        heading, *actions, class_name="flex flex-wrap items-center justify-between gap-3"
    )


def list_page(
    state: type[rx.State],
    title: str,
    row: Row,
    *,
    search: rx.Component | None = None,
    noun: str = "",
    empty: str = "",
    heading: str = "",
    actions: tuple[rx.Component, ...] = (),
    intro: tuple[rx.Component, ...] = (),
    layout: Layout = bullets,
    rows: rx.Var | None = None,
    width: str = "max-w-5xl",
    card: bool = True,
    admins_only: str = "",
) -> rx.Component:
    """The staff page of a list. `title` names the page and heads the card (or `heading` does);
    `actions` stand beside the heading, `intro` between it and the `search` form. `row` draws
    each of `rows` (the state's `rows`) in `layout`; `noun` names them in the pager of a paged
    state ("invoices") and in "No invoices match." unless `empty` says otherwise. With
    `admins_only`, a signed-in member who is not an admin reads those words instead."""
    rows = state.rows if rows is None else rows
    paged = issubclass(state, PagedListMixin)
    screen = rx.el.div(
        _heading(heading or title, actions),
        *intro,
        *([search] if search is not None else []),
        rx.cond(
            rows.length() > 0,
            layout(rows, row),
            rx.el.p(empty or f"No {noun} match.", class_name="text-slate-600"),
        ),
        *([pager(state, noun)] if paged else []),
        class_name=f"{STAFF_CARD if card else ''} mx-auto flex {width} flex-col gap-6".strip(),
    )
    if admins_only:
        screen = rx.cond(state.is_admin, screen, rx.el.p(admins_only, class_name=STAFF_CARD))
    return staff_page(screen, title=title)
