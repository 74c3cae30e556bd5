"""/jobs/<number>/change-order: a change order of the job's contract (the document form's line
editor, with credits and lines of the contract taken out), its reason, days and payment; sent
to the owner for signature."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.billing.document_form import document_choice, document_field
from renovation_app.components.billing.line_editor import lines_card
from renovation_app.components.forms import action_button, busy_button, form_heading, saved_form
from renovation_app.components.links import link
from renovation_app.components.staff import NO_JOB, form_card, record_page
from renovation_app.components.styles import (
    INPUT,
    SAVE_BUTTON,
    SECONDARY_BUTTON,
    STAFF_CARD,
)
from renovation_app.components.ui import field_error, labelled
from renovation_app.pages.registry import page
from renovation_app.state.jobs import ChangeOrderFormState

State = ChangeOrderFormState
J = State.job
# Short enough to read whole in the select on a 375 px phone; the hint below says the rest.
PAYMENTS = (
    ("spread", "Spread over later payments"),
    ("next", "On the next payment"),
    ("own", "Its own invoice"),
)
PAYMENT_HINT = (
    "Spread over the payments not billed yet, added to (a credit taken off) the next one, or "
    "billed on its own invoice as soon as it is signed."
)


def field(label: str, name: str, kind: str = "text", **props) -> rx.Component:
    return document_field(State, label, name, kind, **props)


def take_out() -> rx.Component:
    return rx.cond(
        State.removable.length() > 0,
        rx.el.div(
            labelled(
                "Take out work of the contract",
                rx.el.select(
                    rx.el.option("Choose a line of the contract", value=""),
                    rx.foreach(State.removable, lambda r: rx.el.option(r["words"], value=r["key"])),
                    id="change-order-take-out",
                    value=State.take_out,
                    on_change=State.set_take_out,
                    class_name=INPUT,
                ),
            ),
            action_button(
                "Take it out", State.add_take_out, f"{SECONDARY_BUTTON} self-end", "take-out"
            ),
            class_name=f"{STAFF_CARD} grid gap-3 sm:grid-cols-[1fr_auto]",
        ),
    )


def terms_card() -> rx.Component:
    return form_card(
        "Why, when and how it is paid",
        rx.el.div(
            field("Reason (the owner reads it before signing)", "reason", multiline=True),
            field(
                "Days added to the completion date",
                "days",
                input_mode="numeric",
                hint="Negative if it finishes earlier; 0 for no change.",
            ),
            document_choice(
                State,
                "How the change is paid",
                "payment",
                [rx.el.option(words, value=value) for value, words in PAYMENTS],
                rx.el.p(PAYMENT_HINT, class_name="text-sm text-slate-600"),
                field_error(State.errors, "payment"),
            ),
            field("The owner signs by", "valid_until", "date", hint="Leave empty for 14 days."),
            class_name="mt-4 grid gap-4 sm:grid-cols-2 [&>*:first-child]:sm:col-span-2",
        ),
    )


def change_order_form() -> rx.Component:
    job = rx.el.p(
        link(
            "Job " + J.job_number.to(str),
            href=routes.job_path(J.job_number.to(str)),
            class_name="font-semibold underline",
        ),
        " · ",
        J.title,
        " · ",
        J.customer_name,
        " · contract value now ",
        J.value,
        class_name="text-slate-700",
    )
    return saved_form(
        State,
        form_heading("New change order", job),
        lines_card(State, "change-order", "Work added or taken out", choice="credit"),
        take_out(),
        terms_card(),
        rx.el.p(
            "New contract value with this change: ",
            rx.el.strong(State.new_value, data_testid="change-order-new-value"),
            class_name="text-lg",
        ),
        busy_button(
            State.submitting,
            "Sending...",
            "Send to the owner for signature",
            SAVE_BUTTON,
            data_testid="send-change-order",
        ),
        test_id="change-order-form",
    )


@page(routes.NEW_CHANGE_ORDER, on_load=(State.load,))
def new_change_order() -> rx.Component:
    return record_page(State, "Change order", NO_JOB, change_order_form())
