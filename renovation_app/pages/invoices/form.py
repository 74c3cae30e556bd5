"""/add-invoice: the invoice form (customer, services with a price each, due date, note)."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.customers import customer_suggestions
from renovation_app.components.forms import post_form
from renovation_app.components.links import link
from renovation_app.components.staff import staff_page
from renovation_app.components.styles import BUTTON, CARD_TITLE, INPUT, SECONDARY_BUTTON, STAFF_CARD
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
    props["default_value"] = InvoiceFormState.defaults[name].to(str)
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
        class_name=STAFF_CARD,
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
        default_value=InvoiceFormState.taxes[slug].to(str),
        aria_label=f"Sales tax for {option.label}",
        on_change=lambda value: InvoiceFormState.set_tax(slug, value),
        class_name=f"{INPUT} text-sm sm:col-span-2",
    )
    quantity_and_unit = rx.el.div(
        rx.el.input(
            name=f"quantity-{slug}",
            default_value=InvoiceFormState.quantities[slug].to(str),
            placeholder="1",
            input_mode="decimal",
            aria_label=f"Quantity for {option.label}",
            title="Quantity",
            on_change=lambda text: InvoiceFormState.set_quantity(slug, text),
            class_name=f"{INPUT} max-w-24",
        ),
        rx.el.input(
            name=f"unit-{slug}",
            default_value=InvoiceFormState.defaults[f"unit-{slug}"].to(str),
            placeholder="Unit: sq ft, hours",
            aria_label=f"Unit for {option.label}",
            title="Unit",
            class_name=f"{INPUT} max-w-48",
        ),
        rx.el.span(
            "quantity and unit; the price above is per unit", class_name="text-sm text-slate-600"
        ),
        class_name="flex flex-wrap items-center gap-2 sm:col-span-2",
    )
    return rx.el.div(
        rx.el.label(
            rx.el.input(
                type="checkbox",
                id=f"service-{slug}",
                name=f"service-{slug}",
                default_checked=checked,
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
                default_value=InvoiceFormState.prices[slug].to(str),
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
                default_value=InvoiceFormState.defaults[f"description-{slug}"].to(str),
                aria_label=f"Description for {option.label}"
                + ("" if not option.description_required else " (required)"),
                placeholder="What was done (required)"
                if option.description_required
                else "Description (optional)",
                class_name=f"{INPUT} sm:col-span-2",
            ),
        ),
        rx.cond(checked, quantity_and_unit),
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


def free_line(line) -> rx.Component:
    """A line that is not a catalogue service: description, quantity, unit, unit price, tax."""
    key = line.key

    def box(field: str, label: str, value, **props) -> rx.Component:
        return rx.el.input(
            name=f"free-{field}-" + key,
            default_value=value,
            aria_label=label,
            title=label,
            auto_complete="off",
            on_change=lambda text: InvoiceFormState.set_free(key, field, text),
            **{"class_name": INPUT, **props},
        )

    return rx.el.div(
        box(
            "description",
            "Description of the work",
            line.description,
            placeholder="Work and materials (required)",
            class_name=f"{INPUT} sm:col-span-4",
        ),
        box("quantity", "Quantity", line.quantity, input_mode="decimal", placeholder="1"),
        box("unit", "Unit", line.unit, placeholder="Unit: sq ft, hours"),
        box(
            "unit_price", "Unit price", line.unit_price, input_mode="decimal", placeholder="$ 0.00"
        ),
        rx.el.output(
            InvoiceFormState.free_amounts[key],
            class_name="self-center text-right font-semibold tabular-nums",
        ),
        rx.el.select(
            *[rx.el.option(c.label, value=c.slug) for c in TAX_CATEGORIES],
            name="free-tax_category-" + key,
            default_value=line.tax_category,
            aria_label="Sales tax for this line",
            on_change=lambda value: InvoiceFormState.set_free(key, "tax_category", value),
            class_name=f"{INPUT} text-sm sm:col-span-3",
        ),
        rx.el.button(
            "Remove line",
            type="button",
            on_click=InvoiceFormState.remove_free_line(key),
            class_name="text-sm font-semibold text-red-700 underline sm:text-right",
        ),
        rx.el.p(
            InvoiceFormState.errors["free:" + key],
            role="status",
            class_name="text-sm font-medium text-red-700 sm:col-span-4 empty:hidden",
        ),
        key=key,
        class_name="grid gap-3 border-b border-slate-100 py-4 sm:grid-cols-4",
        data_testid="free-line",
    )


def services_information() -> rx.Component:
    return rx.el.fieldset(
        rx.el.legend("Services Information", class_name=CARD_TITLE),
        rx.el.div(*[service_line(o) for o in INVOICE_OPTIONS], class_name="mt-2"),
        rx.el.div(rx.foreach(InvoiceFormState.free_lines, free_line), class_name="mt-2"),
        rx.el.button(
            "Add a line (free text)",
            type="button",
            on_click=InvoiceFormState.add_free_line,
            class_name=f"{SECONDARY_BUTTON} mt-4",
        ),
        form_error("lines"),
        form_error("total"),
        labelled(
            "Discount ($, before tax)",
            rx.el.input(
                id="invoice-discount",
                name="discount",
                default_value=InvoiceFormState.defaults["discount"].to(str),
                placeholder="0.00",
                input_mode="decimal",
                auto_complete="off",
                on_change=InvoiceFormState.set_discount,
                custom_attrs=error_attrs(InvoiceFormState.errors, "discount"),
                class_name=f"{INPUT} mt-4 max-w-40",
            ),
            form_error("discount"),
        ),
        labelled(
            "Where the work is done (sales tax rate)",
            rx.el.select(
                *[rx.el.option(f"{a.label}: {rate_text(a.rate)}", value=a.slug) for a in TAX_AREAS],
                id="invoice-tax_area",
                name="tax_area",
                default_value=InvoiceFormState.tax_area,
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
        class_name=STAFF_CARD,
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
            default_value=row.due_date,
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
        class_name=STAFF_CARD,
        data_testid="payment-schedule",
    )


def terms() -> rx.Component:
    return rx.el.fieldset(
        rx.el.legend("Payment and note", class_name=CARD_TITLE),
        rx.el.div(
            labelled(
                "Due date",
                rx.el.input(
                    id="invoice-due_date",
                    name="due_date",
                    type="date",
                    default_value=InvoiceFormState.defaults["due_date"].to(str),
                    class_name=INPUT,
                ),
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
        class_name=STAFF_CARD,
    )


def send_buttons() -> rx.Component:
    """Submit (first, so Enter sends) numbers and e-mails; Save draft keeps it unnumbered."""
    return rx.el.div(
        rx.el.button(
            rx.cond(InvoiceFormState.submitting, "Sending...", "Submit and e-mail"),
            type="submit",
            disabled=InvoiceFormState.submitting,
            on_click=InvoiceFormState.set_intent("send"),
            class_name=f"{BUTTON} order-last px-8 py-3 text-base disabled:opacity-70",
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
        rx.el.button(
            rx.cond(InvoiceFormState.submitting, "Sending...", "Save revision and e-mail it"),
            type="submit",
            disabled=InvoiceFormState.submitting,
            class_name=f"{BUTTON} self-end px-8 py-3 text-base disabled:opacity-70",
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
        rx.cond(
            InvoiceFormState.errors["form"],
            rx.el.p(
                InvoiceFormState.errors["form"],
                role="alert",
                class_name="font-semibold text-red-700",
                data_testid="form-error",
            ),
        ),
        class_name="flex flex-col gap-2 empty:hidden",
    )


def invoice_form() -> rx.Component:
    return post_form(
        rx.el.input(type="hidden", name="form_token", value=InvoiceFormState.form_token),
        form_heading(),
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
            rx.cond(
                InvoiceFormState.draft_saved,
                rx.el.p(
                    InvoiceFormState.draft_saved,
                    role="status",
                    class_name="text-slate-700",
                    data_testid="draft-saved",
                ),
            ),
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
