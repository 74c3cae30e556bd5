"""The lines of a document as the staff page and the customer's page show them: an invoice's
table with its total, and an estimate's or change order's list item."""

import reflex as rx

from renovation_app.components.styles import PILL


def document_line(
    line: rx.Var,
    amount: rx.Var,
    test_id: str,
    lead: rx.Component | None = None,
    optional: bool = False,
) -> rx.Component:
    """One line: `lead` (a choice), its words with its pills (Optional when `optional` and the
    line is, Taxed), quantity × unit price, and `amount`."""
    return rx.el.li(
        rx.el.div(
            *([] if lead is None else [lead]),
            rx.el.span(line.description, class_name="font-semibold text-slate-900"),
            *(
                [rx.cond(line.optional, rx.el.span("Optional", class_name=PILL))]
                if optional
                else []
            ),
            rx.cond(line.taxed, rx.el.span("Taxed", class_name=PILL)),
            class_name="flex flex-wrap items-center gap-2",
        ),
        rx.el.span(
            line.quantity,
            " ",
            line.unit,
            " × ",
            line.unit_price,
            class_name="text-sm text-slate-600",
        ),
        rx.el.span(amount, class_name="text-right font-semibold tabular-nums"),
        class_name="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-b border-slate-100 py-3 [&>*:first-child]:col-span-2",
        data_testid=test_id,
    )


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
