"""What the staff page and the customer's page of an estimate both show: the lines with their
amounts and the totals, and the dates and terms."""

import reflex as rx

from renovation_app.components.billing.lines import document_line


def line_item(line: rx.Var, choice: rx.Component | None = None) -> rx.Component:
    lead = choice if choice is not None else rx.fragment()
    amount = rx.cond(line.included, line.amount, "not included")
    return document_line(line, amount, "estimate-line", lead, optional=True)


def totals(estimate: rx.Var) -> rx.Component:
    return rx.el.dl(
        rx.cond(
            estimate.discount_cents.to(int) > 0,
            rx.fragment(
                rx.el.dt("Discount"), rx.el.dd("-", estimate.discount, class_name="text-right")
            ),
        ),
        rx.cond(
            estimate.tax_cents.to(int) > 0,
            rx.fragment(
                rx.el.dt("Sales tax"),
                rx.el.dd(estimate.tax, class_name="text-right", data_testid="estimate-tax"),
            ),
        ),
        rx.el.dt("Total", class_name="text-lg font-bold"),
        rx.el.dd(
            estimate.total,
            class_name="text-right text-2xl font-extrabold",
            data_testid="estimate-total",
        ),
        rx.cond(
            estimate.deposit_cents.to(int) > 0,
            rx.fragment(
                rx.el.dt("Deposit due on signing (", estimate.deposit_words, ")"),
                rx.el.dd(
                    estimate.deposit,
                    class_name="text-right font-semibold",
                    data_testid="estimate-deposit",
                ),
            ),
        ),
        class_name="mt-4 grid grid-cols-[1fr_auto] items-center gap-2",
    )


def dates_and_terms(estimate: rx.Var) -> rx.Component:
    return rx.el.dl(
        rx.el.dt("Valid until", class_name="font-semibold"),
        rx.el.dd(estimate.valid_until),
        rx.el.dt("Estimated start", class_name="font-semibold"),
        rx.el.dd(rx.cond(estimate.start, estimate.start, "to be agreed")),
        rx.el.dt("Substantial completion", class_name="font-semibold"),
        rx.el.dd(
            rx.cond(estimate.completion, estimate.completion, "to be agreed"),
            rx.cond(estimate.time_of_essence, " (time is of the essence)", ""),
        ),
        rx.cond(
            estimate.contingencies,
            rx.fragment(
                rx.el.dt("Contingencies", class_name="font-semibold"),
                rx.el.dd(estimate.contingencies),
            ),
        ),
        rx.cond(
            estimate.progress_schedule,
            rx.fragment(
                rx.el.dt("Progress payments", class_name="font-semibold"),
                rx.el.dd(estimate.progress_schedule, class_name="whitespace-pre-line"),
            ),
        ),
        rx.cond(
            estimate.year_built,
            rx.fragment(
                rx.el.dt("Home built in", class_name="font-semibold"),
                rx.el.dd(estimate.year_built.to_string()),
            ),
        ),
        class_name="grid gap-x-6 gap-y-1 text-sm text-slate-800 sm:grid-cols-[auto_1fr]",
    )
