"""Staff tables on a phone: one wider than a phone either scrolls sideways inside its own region
(wide_table) or, where no column may hide off-screen (amounts), stacks each row as a card of
"label: value" lines below md (stacked_table, its cells made by labelled_cell)."""

from collections.abc import Callable

import reflex as rx


def wide_table(
    label: str,
    headings: list[str],
    rows: rx.Var,
    row: Callable,
    min_width: str,
    heading_class: str = "py-2 pr-3 text-left",
) -> rx.Component:
    """`row` draws one `<tr>` of `rows`; `min_width`, a whole Tailwind class written out (e.g.
    "min-w-[40rem]", so Tailwind finds it), keeps the columns readable.
    The scrolling region is focusable and named, so a keyboard can scroll it too."""
    return rx.el.div(
        rx.el.table(
            rx.el.thead(
                rx.el.tr(*[rx.el.th(h, scope="col", class_name=heading_class) for h in headings])
            ),
            rx.el.tbody(rx.foreach(rows, row)),
            class_name=f"w-full {min_width} text-sm",
        ),
        tab_index=0,
        role="region",
        aria_label=label,
        class_name="overflow-x-auto",
    )


# Below md the table's parts become blocks: the headings are left to screen readers, each row is
# a card and each cell a line with its heading (its data-label) on the left and its value on the
# right; an empty cell is left out. Long words (an e-mail) wrap rather than push the page sideways.
STACKED = (
    "w-full text-sm max-md:block max-md:[&_tbody]:block max-md:[&_thead]:sr-only "
    "max-md:[&_tr]:block max-md:[&_tr]:py-2 max-md:[&_th[scope=row]]:block "
    "max-md:[&_th[scope=row]]:py-0.5 max-md:[&_td]:flex max-md:[&_td]:justify-between "
    "max-md:[&_td]:gap-3 max-md:[&_td]:py-0.5 max-md:[&_td]:pr-0 max-md:[&_td]:text-right "
    "max-md:[&_td]:[overflow-wrap:anywhere] max-md:[&_td:empty]:hidden "
    "max-md:[&_td]:before:shrink-0 max-md:[&_td]:before:text-left "
    "max-md:[&_td]:before:font-semibold max-md:[&_td]:before:text-slate-600 "
    "max-md:[&_td]:before:content-[attr(data-label)]"
)


def labelled_cell(heading: str, value, class_name: str = "", **props) -> rx.Component:
    """A `<td>` of a stacked_table: `heading` is its column's, shown beside it on a phone."""
    return rx.el.td(value, data_label=heading, class_name=class_name, **props)


def stacked_table(
    label: str, headings: list[str], rows: rx.Var, row: Callable, right: int = 1
) -> rx.Component:
    """`row` draws one `<tr>` of `rows` from labelled_cell()s (a first `<th scope="row">` may
    name it); the last `right` columns are amounts, right-aligned. A table from md up."""
    left = len(headings) - right
    head = [
        rx.el.th(
            h, scope="col", class_name="py-2 pr-3 text-left" if i < left else "py-2 text-right"
        )
        for i, h in enumerate(headings)
    ]
    return rx.el.table(
        rx.el.thead(rx.el.tr(*head, class_name="text-sm text-slate-600")),
        rx.el.tbody(rx.foreach(rows, row)),
        aria_label=label,
        class_name=STACKED,
    )
