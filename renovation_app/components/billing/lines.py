"""The lines of an invoice and its total, as the staff page and the customer's page show them."""

import reflex as rx


def invoice_lines_table(lines: rx.Var, total: rx.Var, total_test_id: str) -> rx.Component:
    return rx.el.table(
        rx.el.tbody(
            rx.foreach(
                lines,
                lambda line: rx.el.tr(
                    rx.el.td(
                        line["label"],
                        rx.el.br(),
                        rx.el.span(line["description"], class_name="text-sm text-slate-600"),
                        class_name="py-2",
                    ),
                    rx.el.td(line["price"], class_name="py-2 text-right tabular-nums"),
                    class_name="border-b border-slate-100",
                ),
            ),
            rx.el.tr(
                rx.el.th("Total", scope="row", class_name="py-2 text-left"),
                rx.el.td(
                    total,
                    class_name="py-2 text-right text-xl font-extrabold tabular-nums",
                    data_testid=total_test_id,
                ),
            ),
        ),
        class_name="w-full",
    )
