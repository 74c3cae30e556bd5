"""Where a record stands in QuickBooks, on its staff page (services.quickbooks.record_words):
in QuickBooks with a link there, waiting, or needing attention in QuickBooks' own words."""

import reflex as rx

from renovation_app.components.links import link


def books_line(books: rx.Var, test_id: str) -> rx.Component:
    """Nothing while QuickBooks was never connected."""
    return rx.cond(
        books["words"],
        rx.el.p(
            rx.el.strong("QuickBooks: "),
            books["words"],
            rx.cond(
                books["link"],
                rx.fragment(
                    " · ",
                    link(
                        "open it there",
                        href=books["link"],
                        target="_blank",
                        rel="noopener",
                        class_name="underline",
                    ),
                ),
            ),
            rx.cond(books["problem"], rx.el.span(" · ", books["problem"])),
            class_name="text-sm text-slate-700",
            data_testid=test_id,
        ),
    )
