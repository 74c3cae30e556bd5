"""What the job page and the costs page both show of a job's costs: the budget, estimated
against actual by category, the margins so far and at completion, and what is still owed to
subcontractors."""

import reflex as rx

from renovation_app.components.staff import figure, staff_card
from renovation_app.components.staff.table import labelled_cell, stacked_table

OVER = "font-semibold text-red-700"


def _category_row(row: rx.Var) -> rx.Component:
    return rx.el.tr(
        rx.el.th(row.label, scope="row", class_name="py-1.5 pr-3 text-left font-semibold"),
        labelled_cell("Estimated", row.estimated, "py-1.5 pr-3 text-right tabular-nums"),
        labelled_cell(
            "Actual",
            row.actual,
            class_name=rx.cond(
                row.over,
                f"py-1.5 pr-3 text-right tabular-nums {OVER}",
                "py-1.5 pr-3 text-right tabular-nums",
            ),
            data_testid="actual-" + row.label.to(str),
        ),
        labelled_cell("Left", row.left, "py-1.5 text-right tabular-nums", data_testid="left"),
        class_name="border-t border-slate-100",
    )


def budget_card(budget: rx.Var, *after: rx.Component) -> rx.Component:
    """`budget`: services.costs.budget.budget_view in words (billing.shown)."""
    return staff_card(
        "Costs and margin",
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
        ),
        rx.cond(
            budget.categories.to(list).length() > 0,
            rx.el.div(
                stacked_table(
                    "Estimated and actual costs by category",
                    ["Category", "Estimated", "Actual", "Left"],
                    budget.categories.to(list[dict]),
                    _category_row,
                    right=3,
                ),
                class_name="mt-4",
            ),
        ),
        rx.cond(
            budget.over_estimate,
            rx.el.p(
                "A category has cost more than its estimate.",
                role="status",
                class_name=f"mt-2 {OVER}",
            ),
        ),
        *after,
        data_testid="budget-card",
    )
