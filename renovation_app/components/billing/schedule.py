"""An invoice's payment schedule, as the staff page and the customer's page show it."""

import reflex as rx

STAGE_STATE_WORDS = {"paid": "Paid", "due": "Due now", "upcoming": "Upcoming"}


def stage_state(state: rx.Var) -> rx.Component:
    return rx.match(state, *STAGE_STATE_WORDS.items(), state)


def stages_table(stages: rx.Var, test_id: str) -> rx.Component:
    """The payment schedule: each payment, its due date, paid or not, its amount."""
    return rx.cond(
        stages.length() > 0,
        rx.el.div(
            rx.el.h3("Payment schedule", class_name="text-lg font-bold text-slate-900"),
            rx.el.table(
                rx.el.tbody(
                    rx.foreach(
                        stages,
                        lambda stage: rx.el.tr(
                            rx.el.td(
                                stage["label"],
                                rx.el.br(),
                                rx.el.span(
                                    "Due ", stage["due_date"], class_name="text-sm text-slate-600"
                                ),
                                class_name="py-1.5 pr-2",
                            ),
                            rx.el.td(
                                stage_state(stage["state"].to(str)),
                                class_name="py-1.5 pr-2 text-sm font-semibold whitespace-nowrap",
                            ),
                            rx.el.td(
                                stage["amount"],
                                class_name="py-1.5 text-right tabular-nums whitespace-nowrap",
                            ),
                            class_name="border-b border-slate-100",
                        ),
                    ),
                ),
                class_name="w-full",
                data_testid=test_id,
            ),
        ),
    )
