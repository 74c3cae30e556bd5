"""Previous / "Page 2 of 5 · 112 invoices" / Next under a paged staff list."""

import reflex as rx

from renovation_app.components.links import link
from renovation_app.components.ui import counted


def pager(state: type[rx.State], noun: str, one: str = "") -> rx.Component:
    """The pager of a state with PagedListMixin; `noun` names the rows ("invoices"), `one` a
    single row when its noun is not `noun` less its "s" ("entry" of "entries")."""
    one = one or (noun[:-3] + "y" if noun.endswith("ies") else noun.removesuffix("s"))
    return rx.el.nav(
        rx.cond(
            state.previous_link, link("Previous", href=state.previous_link, class_name="underline")
        ),
        rx.el.span(
            "Page ",
            state.page,
            " of ",
            state.page_count,
            " · ",
            counted(state.total_count, one, noun),
            class_name="text-sm text-slate-600",
        ),
        rx.cond(state.next_link, link("Next", href=state.next_link, class_name="underline")),
        aria_label="Pages",
        class_name="flex items-center justify-between gap-4",
        data_testid="pager",
    )
