"""The lines of an invoice and its total, as the staff page and the customer's page show them."""

import reflex as rx


def _sum_row(row: rx.Var, total_test_id: str) -> rx.Component:
    return rx.el.tr(
        rx.el.th(row["label"], scope="row", class_name="py-1 text-left font-normal text-slate-700"),
        rx.el.td(
            row["amount"],
            class_name="py-1 text-right tabular-nums",
            data_testid=f"{total_test_id}-" + row["key"].to(str),
        ),
    )


def invoice_lines_table(
    lines: rx.Var, sum_rows: rx.Var, total: rx.Var, total_test_id: str, has_tax: rx.Var
) -> rx.Component:
    """The lines with their quantity and tax notes; subtotal, discount and sales tax above
    the total when there is a discount or tax."""
    return rx.el.table(
        rx.el.tbody(
            rx.foreach(
                lines,
                lambda line: rx.el.tr(
                    rx.el.td(
                        line["label"],
                        rx.el.br(),
                        rx.el.span(line["description"], class_name="text-sm text-slate-600"),
                        rx.cond(
                            line["quantity_note"],
                            rx.el.span(
                                rx.cond(line["description"], " · ", ""),
                                line["quantity_note"],
                                class_name="text-sm text-slate-600",
                            ),
                        ),
                        rx.cond(
                            has_tax,
                            rx.el.span(
                                rx.cond(
                                    line["description"].to(str) + line["quantity_note"].to(str),
                                    " · ",
                                    "",
                                ),
                                line["tax_note"],
                                class_name="text-xs text-slate-500",
                            ),
                        ),
                        class_name="py-2",
                    ),
                    rx.el.td(line["price"], class_name="py-2 text-right tabular-nums"),
                    class_name="border-b border-slate-100",
                ),
            ),
            rx.foreach(sum_rows, lambda row: _sum_row(row, total_test_id)),
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
