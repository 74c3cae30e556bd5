"""What the job page and the costs page both show of a job's costs: the budget, estimated
against actual by category, the margins so far and at completion, and what is still owed to
subcontractors."""

import reflex as rx

from renovation_app.components.staff import figure
from renovation_app.components.styles import CARD_TITLE, STAFF_CARD

OVER = "font-semibold text-red-700"


def _category_row(row: rx.Var) -> rx.Component:
    return rx.el.tr(
        rx.el.th(row.label, scope="row", class_name="py-1.5 pr-3 text-left font-semibold"),
        rx.el.td(row.estimated, class_name="py-1.5 pr-3 text-right tabular-nums"),
        rx.el.td(
            row.actual,
            class_name=rx.cond(
                row.over,
                f"py-1.5 pr-3 text-right tabular-nums {OVER}",
                "py-1.5 pr-3 text-right tabular-nums",
            ),  # fmt: skip
            data_testid="actual-" + row.label.to(str),
        ),
        rx.el.td(row.left, class_name="py-1.5 text-right tabular-nums"),
        class_name="border-t border-slate-100",
    )


def budget_card(budget: rx.Var, *after: rx.Component) -> rx.Component:
    """`budget`: services.costs.budget.budget_view in words (billing.shown)."""
    return rx.el.section(
        rx.el.h3("Costs and margin", class_name=CARD_TITLE),
        rx.el.dl(
            figure("Costs so far", budget.actual, "costs-actual"),
            figure("Estimated costs", budget.estimated, "costs-estimated"),
            figure(
                "Margin so far",
                budget.margin_so_far,
                "margin-so-far",
                note=budget.margin_so_far_percent,
            ),
            figure(
                "Margin at completion",
                budget.margin_at_completion,
                "margin-at-completion",
                note=budget.margin_at_completion_percent,
            ),
            figure("Owed to subcontractors", budget.sub_unpaid, "sub-unpaid"),
            figure("Contract before tax", budget.revenue, "costs-revenue"),
            class_name="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3",
        ),  # fmt: skip
        rx.cond(
            budget.categories.to(list).length() > 0,
            rx.el.div(
                rx.el.table(
                    rx.el.thead(
                        rx.el.tr(
                            rx.el.th("Category", scope="col", class_name="pb-1 text-left"),
                            rx.el.th("Estimated", scope="col", class_name="pb-1 pr-3 text-right"),
                            rx.el.th("Actual", scope="col", class_name="pb-1 pr-3 text-right"),
                            rx.el.th("Left", scope="col", class_name="pb-1 text-right"),
                            class_name="text-sm text-slate-600",
                        )
                    ),
                    rx.el.tbody(rx.foreach(budget.categories.to(list[dict]), _category_row)),
                    class_name="w-full text-sm",
                ),
                class_name="mt-4 overflow-x-auto",
                tab_index=0,  # a keyboard can scroll it on a narrow phone
                role="region",
                aria_label="Estimated and actual costs by category",
            ),
        ),  # fmt: skip
        rx.cond(
            budget.over_estimate,
            rx.el.p(
                "A category has cost more than its estimate.",
                role="status",
                class_name=f"mt-2 {OVER}",
            ),
        ),
        *after,
        class_name=STAFF_CARD,
        data_testid="budget-card",
    )
