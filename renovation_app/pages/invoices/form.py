"""/add-invoice: the invoice form (customer, services with a price each, due date, note)."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.customers import customer_suggestions
from renovation_app.components.links import link
from renovation_app.components.staff import staff_page
from renovation_app.components.styles import BUTTON, CARD, CARD_TITLE, INPUT, SECONDARY_BUTTON
from renovation_app.components.ui import error_attrs, field_error, labelled
from renovation_app.content import INVOICE_OPTIONS
from renovation_app.content.invoice_options import InvoiceOption
from renovation_app.content.tax import TAX_AREAS, TAX_CATEGORIES, rate_text
from renovation_app.pages.registry import page
from renovation_app.state.invoices.form import FORM_ID, InvoiceFormState


def form_error(field: str) -> rx.Component:
    return field_error(InvoiceFormState.errors, field)


def text_field(
    label: str,
    name: str,
    kind: str = "text",
    autocomplete: str = "",
    multiline: bool = False,
    finds_customers: bool = False,
) -> rx.Component:
    control = rx.el.textarea if multiline else rx.el.input
    props = {} if multiline else {"type": kind}
    if finds_customers:
        props["on_change"] = InvoiceFormState.suggest.debounce(300)
    return labelled(
        label,
        control(
            id=f"invoice-{name}",
            name=name,
            auto_complete=autocomplete or "off",
            custom_attrs=error_attrs(InvoiceFormState.errors, name),
            rows=3 if multiline else None,
            class_name=INPUT,
            **props,
        ),
        form_error(name),
    )


def basic_information() -> rx.Component:
    return rx.el.fieldset(
        rx.el.legend("Basic Information", class_name=CARD_TITLE),
        rx.el.div(
            text_field("Name", "name", autocomplete="name", finds_customers=True),
            text_field("Phone Number", "phone", "tel", "tel", finds_customers=True),
            text_field("Email", "email", "email", "email", finds_customers=True),
            text_field("Address", "address", autocomplete="street-address", multiline=True),
            class_name="mt-4 grid gap-4 sm:grid-cols-2 [&>*:last-child]:sm:col-span-2",
        ),
        customer_suggestions(InvoiceFormState),
        class_name=CARD,
    )


def service_line(option: InvoiceOption) -> rx.Component:
    slug = option.slug
    checked = InvoiceFormState.checked.contains(slug)
    note = InvoiceFormState.price_notes[slug]
    error = InvoiceFormState.errors[f"line:{slug}"]
    tax_select = rx.el.select(
        *[rx.el.option(c.label, value=c.slug) for c in TAX_CATEGORIES],
        id=f"tax-{slug}",
        name=f"tax-{slug}",
        aria_label=f"Sales tax for {option.label}",
        on_change=lambda value: InvoiceFormState.set_tax(slug, value),
        class_name=f"{INPUT} text-sm sm:col-span-2",
    )
    return rx.el.div(
        rx.el.label(
            rx.el.input(
                type="checkbox",
                id=f"service-{slug}",
                name=f"service-{slug}",
                # Uncontrolled: the browser keeps the tick, the server keeps the same list.
                on_change=InvoiceFormState.toggle_line(slug),
                class_name="h-5 w-5 accent-orange-700",
            ),
            option.label,
            html_for=f"service-{slug}",
            class_name="flex items-center gap-3 font-semibold text-slate-900",
        ),
        rx.el.div(
            rx.el.label("Price", html_for=f"price-{slug}", class_name="sr-only"),
            rx.el.span("$", class_name="text-slate-600", aria_hidden="true"),
            rx.el.input(
                id=f"price-{slug}",
                type="text",
                input_mode="decimal",
                placeholder="0.00",
                auto_complete="off",
                name=f"price-{slug}",
                on_change=lambda text: InvoiceFormState.set_price(slug, text),
                disabled=~checked,
                aria_label=f"Price for {option.label}",
                aria_invalid=(note.to(str) != "").to_string(),
                aria_describedby=f"note-{slug}",
                class_name=f"{INPUT} max-w-40 disabled:bg-slate-100",
            ),
            class_name="flex items-center gap-2",
        ),
        rx.cond(
            checked,
            rx.el.input(
                name=f"description-{slug}",
                aria_label=f"Description for {option.label}"
                + ("" if not option.description_required else " (required)"),
                placeholder="What was done (required)"
                if option.description_required
                else "Description (optional)",
                class_name=f"{INPUT} sm:col-span-2",
            ),
        ),
        rx.cond(checked, tax_select),
        rx.el.p(
            rx.cond(error, error, note),
            id=f"note-{slug}",
            role="status",
            class_name="text-sm font-medium text-red-700 sm:col-span-2 empty:hidden",
            data_testid=f"note-{slug}",
        ),
        class_name="grid items-center gap-3 border-b border-slate-100 py-4 sm:grid-cols-2",
        data_testid=f"line-{slug}",
    )


def services_information() -> rx.Component:
    return rx.el.fieldset(
        rx.el.legend("Services Information", class_name=CARD_TITLE),
        rx.el.div(*[service_line(o) for o in INVOICE_OPTIONS], class_name="mt-2"),
        form_error("lines"),
        form_error("total"),
        labelled(
            "Where the work is done (sales tax rate)",
            rx.el.select(
                *[rx.el.option(f"{a.label}: {rate_text(a.rate)}", value=a.slug) for a in TAX_AREAS],
                id="invoice-tax_area",
                name="tax_area",
                on_change=InvoiceFormState.set_tax_area,
                class_name=f"{INPUT} mt-4 max-w-sm",
            ),
            form_error("tax_area"),
        ),
        rx.cond(
            InvoiceFormState.tax_display,
            rx.el.div(
                rx.el.span("Sales tax", class_name="text-slate-700"),
                rx.el.span(InvoiceFormState.tax_display, data_testid="invoice-tax"),
                class_name="mt-4 flex items-center justify-between",
            ),
        ),
        rx.el.div(
            rx.el.span("Total", class_name="text-lg font-bold text-slate-900"),
            rx.el.output(
                InvoiceFormState.total_display,
                id="invoice-total",
                aria_live="polite",
                class_name="text-2xl font-extrabold text-slate-900",
                data_testid="invoice-total",
            ),
            class_name="mt-4 flex items-center justify-between",
        ),
        class_name=CARD,
    )


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
            type="date",
            aria_label="Due date of this payment",
            class_name=INPUT,
        ),
        rx.el.button(
            "Remove",
            type="button",
            on_click=InvoiceFormState.remove_stage(key),
            class_name="text-sm font-semibold text-red-700 underline",
        ),
        rx.cond(
            error,
            rx.el.p(
                error, role="alert", class_name="text-sm font-medium text-red-700 sm:col-span-5"
            ),
        ),
        class_name="grid items-center gap-2 border-b border-slate-100 py-3 sm:grid-cols-5",
        data_testid="stage-row",
    )


def payment_schedule() -> rx.Component:
    return rx.el.fieldset(
        rx.el.legend("Payment schedule", class_name=CARD_TITLE),
        rx.el.p(
            "Optional: a deposit, then stages of the work, each an amount or a percentage of "
            "the total, with its due date. They must add up to the total. The customer pays "
            "what is due now, or the whole balance.",
            class_name="mt-2 text-sm text-slate-600",
        ),
        rx.el.div(rx.foreach(InvoiceFormState.stages, stage_row), class_name="mt-2"),
        form_error("schedule"),
        rx.el.div(
            rx.el.button(
                "Add a payment",
                type="button",
                on_click=InvoiceFormState.add_stage,
                class_name=SECONDARY_BUTTON,
            ),
            rx.cond(
                InvoiceFormState.stages.length() == 0,
                rx.el.button(
                    "Deposit 30%, then 40% and 30%",
                    type="button",
                    on_click=InvoiceFormState.use_stage_template,
                    class_name=SECONDARY_BUTTON,
                ),
            ),
            class_name="mt-4 flex flex-wrap gap-3",
        ),
        class_name=CARD,
        data_testid="payment-schedule",
    )


def terms() -> rx.Component:
    return rx.el.fieldset(
        rx.el.legend("Payment and note", class_name=CARD_TITLE),
        rx.el.div(
            labelled(
                "Due date",
                rx.el.input(id="invoice-due_date", name="due_date", type="date", class_name=INPUT),
                rx.el.p(
                    "Leave empty for 14 days from today. With a payment schedule, the last "
                    "payment's date.",
                    class_name="mt-1 text-sm text-slate-600",
                ),
                form_error("due_date"),
            ),
            text_field("Note to the customer", "note", multiline=True),
            class_name="mt-4 grid gap-4 sm:grid-cols-2",
        ),
        class_name=CARD,
    )


def invoice_form() -> rx.Component:
    return rx.el.form(
        rx.el.input(type="hidden", name="form_token", value=InvoiceFormState.form_token),
        basic_information(),
        services_information(),
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
            rx.el.button(
                rx.cond(InvoiceFormState.submitting, "Sending...", "Submit"),
                type="submit",
                disabled=InvoiceFormState.submitting,
                class_name=f"{BUTTON} ml-auto px-8 py-3 text-base disabled:opacity-70",
            ),
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
