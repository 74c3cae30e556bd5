"""/jobs/new: a job for small work agreed without an estimate (up to $500 with tax; larger
work needs a signed contract, so it starts from an estimate)."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.billing.document_form import customer_card, document_field
from renovation_app.components.forms import post_form
from renovation_app.components.staff import staff_page
from renovation_app.components.styles import BUTTON, CARD_TITLE, INPUT, STAFF_CARD
from renovation_app.components.ui import field_error, labelled, problem_text
from renovation_app.content.tax import TAX_AREAS, TAX_CATEGORIES, rate_text
from renovation_app.pages.registry import page
from renovation_app.state.jobs import NewJobState

State = NewJobState


def field(label: str, name: str, kind: str = "text", **props) -> rx.Component:
    return document_field(State, label, name, kind, **props)


def choice(label: str, name: str, options: list[rx.Component]) -> rx.Component:
    return labelled(
        label,
        rx.el.select(
            *options,
            id=f"job-{name}",
            name=name,
            default_value=State.defaults[name].to(str),
            class_name=INPUT,
        ),
        field_error(State.errors, name),
    )


def work_card() -> rx.Component:
    return rx.el.fieldset(
        rx.el.legend("The work", class_name=CARD_TITLE),
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
        class_name=STAFF_CARD,
    )


def job_form() -> rx.Component:
    return post_form(
        rx.el.div(
            rx.el.h2("New job for small work", class_name="text-2xl font-extrabold"),
            rx.el.p(
                "For work up to $500 with tax, agreed without an estimate. Larger work needs a "
                "contract the owner signs: write an estimate, and its signature makes the job.",
                class_name="text-slate-700",
            ),
            class_name="flex flex-col gap-1",
        ),
        problem_text(State.errors["form"]),
        customer_card(State, "Customer", "Where the work is done"),
        work_card(),
        rx.el.button(
            rx.cond(State.submitting, "Saving...", "Make the job"),
            type="submit",
            disabled=State.submitting,
            class_name=f"{BUTTON} px-8 py-3 text-base disabled:opacity-70 sm:ml-auto",
        ),
        key=State.form_key.to_string(),
        on_submit=State.submit,
        class_name="mx-auto flex max-w-4xl flex-col gap-6",
        data_testid="job-form",
    )


@page(routes.NEW_JOB, on_load=(State.open_form,))
def new_job() -> rx.Component:
    return staff_page(job_form(), title="New job")
