"""A staff table wider than a phone: it scrolls sideways inside its own region."""

from collections.abc import Callable

import reflex as rx


def wide_table(
    label: str, headings: list[str], rows: rx.Var, row: Callable, min_width: str
) -> rx.Component:
    """`row` draws one `<tr>` of `rows`; `min_width`, a whole Tailwind class written out (e.g.
    "min-w-[40rem]", so Tailwind finds it), keeps the columns readable.
    The scrolling region is focusable and named, so a keyboard can scroll it too."""
    return rx.el.div(
        rx.el.table(
            rx.el.thead(
                rx.el.tr(
                    *[rx.el.th(h, scope="col", class_name="py-2 pr-3 text-left") for h in headings]
                )
            ),
            rx.el.tbody(rx.foreach(rows, row)),
            class_name=f"w-full {min_width} text-sm",
        ),
        tab_index=0,
        role="region",
        aria_label=label,
        class_name="overflow-x-auto",
    )
