"""/estimates/new: the estimate form (also a draft's changes, ?edit=<number>)."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.billing.document_form import (
    customer_card,
    document_choice,
    document_field,
)
from renovation_app.components.billing.line_editor import lines_card
from renovation_app.components.forms import busy_button, saved_form, tick_box
from renovation_app.components.staff import form_card, staff_page
from renovation_app.components.styles import BUTTON
from renovation_app.components.ui import field_error
from renovation_app.content.compliance import PROPERTY_TYPES
from renovation_app.content.languages import SALE_LANGUAGE_NAMES
from renovation_app.pages.registry import page
from renovation_app.state.estimates import EstimateFormState

State = EstimateFormState


def field(label: str, name: str, kind: str = "text", **props) -> rx.Component:
    return document_field(State, label, name, kind, **props)


def terms_card() -> rx.Component:
    return form_card(
        "Deposit, dates and terms",
        rx.el.div(
            document_choice(
                State,
                "Deposit",
                "deposit_kind",
                [
                    rx.el.option("No deposit", value="none"),
                    rx.el.option("Percentage of the total", value="percent"),
                    rx.el.option("Fixed amount", value="amount"),
                ],
            ),
            field(
                "Deposit (% or $)",
                "deposit_value",
                input_mode="decimal",
                hint="30 for 30%, or an amount.",
            ),
            field("Deposit due", "deposit_due_date", "date"),
            field("Valid until", "valid_until", "date", hint="Leave empty for 30 days."),
            field("Estimated start", "start_date", "date"),
            field("Substantial completion", "completion_date", "date"),
            tick_box(
                State.time_of_essence,
                State.set_time_of_essence,
                "The completion date is of the essence",
                class_name="flex items-center gap-2 self-end font-semibold",
            ),
            field("Contingencies that could change the dates", "contingencies", multiline=True),
            field(
                "Progress payments (one stage per line)",
                "progress_schedule",
                multiline=True,
                hint="For example: Cabinets installed: $3,000.00",
            ),
            field("Note to the customer", "note", multiline=True),
            field_error(State.errors, "deposit"),
            class_name="mt-4 grid gap-4 sm:grid-cols-2",
        ),
    )


def select_field(label: str, name: str, options: dict[str, str], hint: str = "") -> rx.Component:
    return document_choice(
        State,
        label,
        name,
        [rx.el.option(words, value=value) for value, words in options.items()],
        rx.el.p(hint, class_name="mt-1 text-sm text-slate-600") if hint else rx.fragment(),
        field_error(State.errors, name),
    )


def home_card() -> rx.Component:
    """What New York's duties depend on: the language the sale is made in (the notice of
    cancellation is given in it too), the home's age (lead-safe work) and type (the lien)."""
    return form_card(
        "The home and the sale",
        rx.el.div(
            select_field(
                "Language of the sale",
                "language",
                SALE_LANGUAGE_NAMES,
                hint="The notice of cancellation is given in it and in English.",
            ),
            field(
                "Year the home was built",
                "year_built",
                input_mode="numeric",
                hint="Before 1978: the owner signs for the lead-safe pamphlet.",
            ),
            select_field("Type of building", "property_type", {"": "Not known", **PROPERTY_TYPES}),
            class_name="mt-4 grid gap-4 sm:grid-cols-3",
        ),
    )


def estimate_form() -> rx.Component:
    return saved_form(
        State,
        rx.el.h2(
            rx.cond(State.editing, "Change draft " + State.editing, "New estimate"),
            class_name="text-2xl font-extrabold",
        ),
        customer_card(State, "Customer", "Job address"),
        lines_card(State, "estimate", "Work and prices", choice="optional"),
        terms_card(),
        home_card(),
        busy_button(
            State.submitting,
            "Saving...",
            "Save draft",
            f"{BUTTON} ml-auto px-8 py-3 text-base disabled:opacity-70",
        ),
        test_id="estimate-form",
    )


@page(routes.NEW_ESTIMATE, on_load=(State.open_form,))
def new_estimate() -> rx.Component:
    return staff_page(estimate_form(), title="Estimate")
