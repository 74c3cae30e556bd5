"""/jobs/new: a job for small work agreed without an estimate (up to $500 with tax; larger
work needs a signed contract, so it starts from an estimate)."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.billing.document_form import (
    customer_card,
    document_choice,
    document_field,
)
from renovation_app.components.forms import busy_button, form_heading, saved_form
from renovation_app.components.staff import form_card, staff_page
from renovation_app.components.styles import SAVE_BUTTON
from renovation_app.components.ui import field_error
from renovation_app.content.tax import TAX_AREAS, TAX_CATEGORIES, rate_text
from renovation_app.pages.registry import page
from renovation_app.state.jobs import NewJobState

State = NewJobState


def field(label: str, name: str, kind: str = "text", **props) -> rx.Component:
    return document_field(State, label, name, kind, **props)


def choice(label: str, name: str, options: list[rx.Component]) -> rx.Component:
    return document_choice(State, label, name, options, field_error(State.errors, name))


def work_card() -> rx.Component:
    return form_card(
        "The work",
        rx.el.div(
            field("What the work is", "title", placeholder="Replace the kitchen faucet"),
            field("Price before tax", "price", input_mode="decimal", placeholder="$ 0.00"),
            choice(
                "Sales tax",
                "tax_category",
                [rx.el.option(c.label, value=c.slug) for c in TAX_CATEGORIES],
            ),
            choice(
                "Where the work is done (sales tax rate)",
                "tax_area",
                [rx.el.option(f"{a.label}: {rate_text(a.rate)}", value=a.slug) for a in TAX_AREAS],
            ),
            field("Start", "start_date", "date"),
            field("Completion", "completion_date", "date"),
            class_name="mt-4 grid gap-4 sm:grid-cols-2 [&>*:first-child]:sm:col-span-2",
        ),
    )


def job_form() -> rx.Component:
    return saved_form(
        State,
        form_heading(
            "New job for small work",
            rx.el.p(
                "For work up to $500 with tax, agreed without an estimate. Larger work needs a "
                "contract the owner signs: write an estimate, and its signature makes the job.",
                class_name="text-slate-700",
            ),
        ),
        customer_card(State, "Customer", "Where the work is done"),
        work_card(),
        busy_button(State.submitting, "Saving...", "Make the job", SAVE_BUTTON),
        test_id="job-form",
    )


@page(routes.NEW_JOB, on_load=(State.open_form,))
def new_job() -> rx.Component:
    return staff_page(job_form(), title="New job")
