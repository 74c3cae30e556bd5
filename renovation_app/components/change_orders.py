"""What the owner's page and the staff's pages of a change order show: its lines, and the
contract as amended (the original value, each signed change, this change, the new value and
completion date)."""

import reflex as rx

from renovation_app.components.billing.lines import document_line


def change_line(line: rx.Var) -> rx.Component:
    return document_line(line, line.amount, "change-order-line")


def _row(words, amount, strong: bool = False, test_id: str = "") -> rx.Component:
    weight = "font-extrabold text-lg" if strong else ""
    return rx.fragment(
        rx.el.dt(words, class_name=weight),
        rx.el.dd(
            amount, class_name=f"text-right tabular-nums {weight}", data_testid=test_id or None
        ),
    )


def amended_contract(co: rx.Var) -> rx.Component:
    """The contract value before and after, and the completion date."""
    return rx.el.dl(
        _row("Original contract value", co.original_value, test_id="original-value"),
        rx.foreach(
            co.signed_changes.to(list[dict]),
            lambda c: _row("Change order " + c.change_order.to(str) + " (signed)", c.amount),
        ),
        rx.cond(
            co.tax.to(str) != "$0.00",
            _row("Sales tax in this change", co.tax),
        ),
        _row("This change order", co.change, test_id="this-change"),
        _row("New contract value", co.new_value, strong=True, test_id="new-value"),
        rx.cond(
            co.new_completion,
            _row(
                "Substantial completion",
                rx.fragment(
                    rx.cond(
                        co.days.to(int) != 0,
                        rx.el.span(co.completion_before, " → ", class_name="text-slate-600"),
                    ),
                    rx.el.strong(co.new_completion),
                ),
                test_id="new-completion",
            ),
        ),
        class_name="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-4",
    )
