"""/add-invoice: the invoice form (customer, services with a price each, due date, note)."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.billing.document_form import customer_card, document_field
from renovation_app.components.billing.line_editor import lines_card
from renovation_app.components.forms import action_button, busy_button, post_form
from renovation_app.components.links import link
from renovation_app.components.staff import card_intro, form_card, remove_button, staff_page
from renovation_app.components.styles import BUTTON, INPUT, SECONDARY_BUTTON
from renovation_app.components.ui import (
    alert_text,
    field_error,
    labelled,
    problem_text,
    status_text,
)
from renovation_app.content.compliance import ST124_INVOICE_FLAG
from renovation_app.pages.registry import page
from renovation_app.state.invoices.form import FORM_ID, InvoiceFormState

FLAG = "rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"


def form_error(field: str) -> rx.Component:
    return field_error(InvoiceFormState.errors, field)


def stage_row(row) -> rx.Component:
    """One payment of the schedule: what it pays for, its amount or percentage, its due date."""
    key = row.key
    error = InvoiceFormState.errors["stage:" + key]
    return rx.el.div(
        rx.el.input(
            name="stage-label-" + key,
            default_value=row.label,
            placeholder="Pays for (Deposit, Rough-in done)",
            aria_label="What this payment is for",
            max_length=100,
            class_name=f"{INPUT} sm:col-span-2",
        ),
        rx.el.input(
            name="stage-amount-" + key,
            default_value=row.amount,
            placeholder="30% or 3,000",
            aria_label="Amount or percentage of the total",
            input_mode="decimal",
            class_name=INPUT,
        ),
        rx.el.input(
            name="stage-due_date-" + key,
            default_value=row.due_date,
            type="date",
            aria_label="Due date of this payment",
            class_name=INPUT,
        ),
        remove_button("Remove", InvoiceFormState.remove_stage(key)),
        alert_text(error, "", "text-sm font-medium text-red-700 sm:col-span-5"),
        class_name="grid items-center gap-2 border-b border-slate-100 py-3 sm:grid-cols-5",
        data_testid="stage-row",
    )


def payment_schedule() -> rx.Component:
    return form_card(
        "Payment schedule",
        card_intro(
            "Optional: a deposit, then stages of the work, each an amount or a percentage of "
            "the total, with its due date. They must add up to the total. The customer pays "
            "what is due now, or the whole balance.",
            space="mt-2",
        ),
        rx.el.div(rx.foreach(InvoiceFormState.stages, stage_row), class_name="mt-2"),
        form_error("schedule"),
        rx.el.div(
            action_button("Add a payment", InvoiceFormState.add_stage, SECONDARY_BUTTON),
            rx.cond(
                InvoiceFormState.stages.length() == 0,
                action_button(
                    "Deposit 30%, then 40% and 30%",
                    InvoiceFormState.use_stage_template,
                    SECONDARY_BUTTON,
                ),
            ),
            class_name="mt-4 flex flex-wrap gap-3",
        ),
        data_testid="payment-schedule",
    )


def terms() -> rx.Component:
    return form_card(
        "Payment and note",
        rx.el.div(
            document_field(
                InvoiceFormState,
                "Due date",
                "due_date",
                "date",
                hint="Leave empty for 14 days from today. With a payment schedule, the last "
                "payment's date.",
            ),
            document_field(InvoiceFormState, "Note to the customer", "note", multiline=True),
            class_name="mt-4 grid gap-4 sm:grid-cols-2",
        ),
    )


def send_buttons() -> rx.Component:
    """Submit (first, so Enter sends) numbers and e-mails; Save draft keeps it unnumbered."""
    return rx.el.div(
        busy_button(
            InvoiceFormState.submitting,
            "Sending...",
            "Submit and e-mail",
            f"{BUTTON} order-last px-8 py-3 text-base disabled:opacity-70",
            on_click=InvoiceFormState.set_intent("send"),
        ),
        rx.el.button(
            "Save draft",
            type="submit",
            disabled=InvoiceFormState.submitting,
            on_click=InvoiceFormState.set_intent("draft"),
            class_name=f"{SECONDARY_BUTTON} px-6 py-3",
        ),
        class_name="ml-auto flex flex-wrap items-center gap-3",
    )


def revision_buttons() -> rx.Component:
    """Why it changes (the customer reads it in the e-mail), then save and e-mail."""
    return rx.el.div(
        labelled(
            "Why does the invoice change? (the customer reads this)",
            rx.el.textarea(
                id="invoice-reason",
                name="reason",
                rows=2,
                max_length=500,
                class_name=INPUT,
            ),
        ),
        busy_button(
            InvoiceFormState.submitting,
            "Sending...",
            "Save revision and e-mail it",
            f"{BUTTON} self-end px-8 py-3 text-base disabled:opacity-70",
        ),
        class_name="flex w-full flex-col gap-3",
    )


def form_heading() -> rx.Component:
    return rx.el.div(
        rx.cond(
            InvoiceFormState.revising,
            rx.el.h2(
                "Revise invoice ", InvoiceFormState.revising, class_name="text-2xl font-extrabold"
            ),
            rx.cond(
                InvoiceFormState.draft_id,
                rx.el.h2("Draft invoice", class_name="text-2xl font-extrabold"),
            ),
        ),
        problem_text(InvoiceFormState.errors["form"], "form-error"),
        class_name="flex flex-col gap-2 empty:hidden",
    )


def invoice_form() -> rx.Component:
    return post_form(
        rx.el.input(type="hidden", name="form_token", value=InvoiceFormState.form_token),
        form_heading(),
        customer_card(InvoiceFormState, "Basic Information", "Address"),
        lines_card(InvoiceFormState, "invoice", "Services Information"),
        rx.cond(
            InvoiceFormState.capital_improvement,
            rx.el.p(ST124_INVOICE_FLAG, role="note", class_name=FLAG, data_testid="st124-flag"),
        ),
        payment_schedule(),
        terms(),
        rx.el.div(
            rx.cond(
                InvoiceFormState.saved_number,
                rx.el.p(
                    "Invoice ",
                    link(
                        InvoiceFormState.saved_number,
                        href=routes.invoice_path(InvoiceFormState.saved_number),
                        class_name="font-bold text-orange-800 underline",
                    ),
                    " was saved and e-mailed.",
                    role="status",
                    class_name="text-slate-700",
                    data_testid="saved-invoice",
                ),
            ),
            status_text(InvoiceFormState.draft_saved, "draft-saved", "text-slate-700"),
            rx.cond(InvoiceFormState.revising, revision_buttons(), send_buttons()),
            class_name="flex flex-wrap items-center gap-4",
        ),
        key=InvoiceFormState.form_key,
        id=FORM_ID,
        on_submit=InvoiceFormState.submit,
        class_name="mx-auto flex max-w-4xl flex-col gap-6",
        data_testid="invoice-form",
    )


@page(routes.ADD_INVOICE, on_load=(InvoiceFormState.open_form,))
def add_invoice() -> rx.Component:
    return staff_page(invoice_form(), title="Add Invoice", on_invoice_page=True)
