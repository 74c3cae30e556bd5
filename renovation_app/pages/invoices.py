"""The staff invoice screens: /add-invoice (the form), /invoices (the list), /invoices/<number>."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.invoice_lines import invoice_lines_table
from renovation_app.components.links import link
from renovation_app.components.payment_dialog import pay_button, payment_dialog
from renovation_app.components.styles import BUTTON, INPUT
from renovation_app.components.ui import error_attrs, field_error, labelled
from renovation_app.content import INVOICE_OPTIONS
from renovation_app.content.invoice_options import InvoiceOption
from renovation_app.pages.registry import page
from renovation_app.pages.staff import staff_page
from renovation_app.state.invoice_pages import InvoiceDetailState, InvoiceListState
from renovation_app.state.invoices import FORM_ID, InvoiceFormState

CARD = "rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
CARD_TITLE = "text-xl font-extrabold text-slate-900"


def form_error(field: str) -> rx.Component:
    return field_error(InvoiceFormState.errors, field)


def text_field(
    label: str, name: str, kind: str = "text", autocomplete: str = "", multiline: bool = False
) -> rx.Component:
    control = rx.el.textarea if multiline else rx.el.input
    props = {} if multiline else {"type": kind}
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
            text_field("Name", "name", autocomplete="name"),
            text_field("Phone Number", "phone", kind="tel", autocomplete="tel"),
            text_field("Email", "email", kind="email", autocomplete="email"),
            text_field("Address", "address", autocomplete="street-address", multiline=True),
            class_name="mt-4 grid gap-4 sm:grid-cols-2 [&>*:last-child]:sm:col-span-2",
        ),
        class_name=CARD,
    )


def service_line(option: InvoiceOption) -> rx.Component:
    slug = option.slug
    checked = InvoiceFormState.checked.contains(slug)
    note = InvoiceFormState.price_notes[slug]
    error = InvoiceFormState.errors[f"line:{slug}"]
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


def terms() -> rx.Component:
    return rx.el.fieldset(
        rx.el.legend("Payment and note", class_name=CARD_TITLE),
        rx.el.div(
            labelled(
                "Due date",
                rx.el.input(id="invoice-due_date", name="due_date", type="date", class_name=INPUT),
                rx.el.p(
                    "Leave empty for 14 days from today.", class_name="mt-1 text-sm text-slate-600"
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
        terms(),
        rx.el.div(
            rx.cond(
                InvoiceFormState.saved_number,
                rx.el.p(
                    "Invoice ",
                    link(
                        InvoiceFormState.saved_number,
                        href="/invoices/" + InvoiceFormState.saved_number,
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


# --- /invoices: the list ------------------------------------------------------------------------

SELECT = f"{INPUT} py-2"
DANGER_BUTTON = (
    "rounded-md border border-red-700 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
)
PILL = "inline-block rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800"


def filter_select(name: str, label: str) -> rx.Component:
    return labelled(
        label,
        rx.el.select(
            rx.foreach(
                InvoiceListState.options[name],
                lambda option: rx.el.option(option["label"], value=option["value"]),
            ),
            id=f"filter-{name}",
            name=name,
            value=InvoiceListState.filters[name],
            on_change=lambda _value: rx.noop(),
            class_name=SELECT,
        ),
    )


def invoice_filters() -> rx.Component:
    # A plain GET form: the filters live in the URL, so a link reproduces the view.
    return rx.el.form(
        labelled(
            "Search",
            rx.el.input(
                id="filter-search",
                name="search",
                type="search",
                placeholder="Customer, e-mail or number",
                default_value=InvoiceListState.filters["search"],
                class_name=SELECT,
            ),
        ),
        filter_select("status", "Status"),
        filter_select("type", "Type"),
        filter_select("location", "Location"),
        filter_select("sort", "Sort"),
        rx.el.button("Show", type="submit", class_name=f"{BUTTON} self-end"),
        action="/invoices",
        method="get",
        class_name="grid gap-3 sm:grid-cols-3 lg:grid-cols-6",
        data_testid="invoice-filters",
    )


def invoice_row(row: rx.Var) -> rx.Component:
    return rx.el.tr(
        rx.el.td(
            link(
                row["number"],
                href="/invoices/" + row["number"].to(str),
                class_name="font-bold text-orange-800 underline",
            ),
            class_name="py-3 pr-4",
        ),
        rx.el.td(
            rx.el.span(row["customer"], class_name="font-semibold"),
            rx.el.br(),
            rx.el.span(row["email"], class_name="text-sm text-slate-600"),
            class_name="py-3 pr-4",
        ),
        rx.el.td(row["total"], class_name="py-3 pr-4 text-right font-semibold tabular-nums"),
        rx.el.td(
            rx.el.span(row["status_label"], class_name=PILL),
            rx.cond(
                row["attention"],
                rx.el.span(
                    "Needs attention",
                    title=row["attention"],
                    class_name="mt-1 block text-xs font-bold text-red-700",
                    data_testid="row-attention",
                ),
            ),
            class_name="py-3 pr-4",
        ),
        rx.el.td(row["delivery"], class_name="py-3 pr-4 text-sm"),
        rx.el.td(row["created"], class_name="py-3 text-sm whitespace-nowrap"),
        class_name="border-b border-slate-100 align-top",
        data_testid="invoice-row",
    )


def invoice_table() -> rx.Component:
    headings = ["Number", "Customer", "Total", "Status", "E-mail", "Created"]
    return rx.el.div(
        rx.el.table(
            rx.el.thead(
                rx.el.tr(
                    *[
                        rx.el.th(
                            h, scope="col", class_name="py-2 pr-4 text-left text-sm text-slate-600"
                        )
                        for h in headings
                    ]
                )
            ),
            rx.el.tbody(rx.foreach(InvoiceListState.rows, invoice_row)),
            class_name="w-full min-w-[44rem]",
        ),
        class_name="overflow-x-auto",
    )


def pager() -> rx.Component:
    return rx.el.nav(
        rx.cond(
            InvoiceListState.previous_link,
            link("Previous", href=InvoiceListState.previous_link, class_name="underline"),
        ),
        rx.el.span(
            "Page ",
            InvoiceListState.page,
            " of ",
            InvoiceListState.page_count,
            " · ",
            InvoiceListState.total_count,
            " invoices",
            class_name="text-sm text-slate-600",
        ),
        rx.cond(
            InvoiceListState.next_link,
            link("Next", href=InvoiceListState.next_link, class_name="underline"),
        ),
        aria_label="Pages",
        class_name="flex items-center justify-between gap-4",
        data_testid="pager",
    )


@page(routes.INVOICES, on_load=(InvoiceListState.load,))
def invoice_list() -> rx.Component:
    return staff_page(
        rx.el.div(
            rx.el.div(
                rx.el.h2("Invoices", class_name="text-2xl font-extrabold text-slate-900"),
                link("New invoice", href=routes.ADD_INVOICE.path, class_name=BUTTON),
                class_name="flex items-center justify-between",
            ),
            invoice_filters(),
            rx.cond(
                InvoiceListState.rows.length() > 0,
                invoice_table(),
                rx.el.p("No invoices match.", class_name="text-slate-600"),
            ),
            pager(),
            class_name=f"{CARD} mx-auto flex max-w-6xl flex-col gap-6",
        ),
        title="Invoices",
    )


# --- /invoices/<number>: one invoice -------------------------------------------------------------


def detail_row(label: str, value: rx.Var) -> rx.Component:
    """A labelled value; left out when the invoice has none (no phone, no note)."""
    return rx.cond(
        value,
        rx.el.div(
            rx.el.dt(label, class_name="text-sm text-slate-600"),
            rx.el.dd(value, class_name="font-semibold whitespace-pre-line text-slate-900"),
        ),
    )


def action_input(field_id: str, label: str, value: rx.Var, on_change, **props) -> rx.Component:
    """A one-line input of an invoice action, named for screen readers by a hidden label."""
    return rx.fragment(
        rx.el.label(label, html_for=field_id, class_name="sr-only"),
        rx.el.input(
            id=field_id,
            placeholder=props.pop("placeholder", label),
            value=value,
            on_change=on_change,
            class_name=props.pop("class_name", f"{INPUT} py-2"),
            **props,
        ),
    )


def payments_block() -> rx.Component:
    money = InvoiceDetailState.money
    return rx.el.section(
        rx.el.h3("Payments", class_name="text-lg font-bold"),
        rx.el.p(
            "Paid ",
            rx.el.strong(money["paid"], data_testid="paid-amount"),
            " · Refunded ",
            rx.el.strong(money["refunded"]),
            " · Due ",
            rx.el.strong(money["due"], data_testid="due-amount"),
            class_name="text-slate-700",
        ),
        rx.el.ul(
            rx.foreach(
                money["payments"].to(list[dict]),
                lambda pay: rx.el.li(
                    pay["amount"],
                    " ",
                    pay["status"],
                    " ",
                    pay["card"],
                    rx.cond(
                        pay["refunded"].to(str) != "$0.00",
                        rx.el.span(" · refunded ", pay["refunded"]),
                    ),
                    rx.cond(
                        pay["error"], rx.el.span(" · ", pay["error"], class_name="text-red-700")
                    ),
                    rx.cond(
                        pay["dispute"],
                        rx.el.span(" · disputed: ", pay["dispute"], class_name="text-red-700"),
                    ),
                    class_name="text-sm",
                    data_testid="payment-row",
                ),
            ),
            rx.foreach(
                money["refunds"].to(list[dict]),
                lambda refund: rx.el.li(
                    "Refund ",
                    refund["amount"],
                    " ",
                    refund["status"],
                    " · ",
                    refund["reason"],
                    rx.cond(
                        refund["failure"],
                        rx.el.span(" · ", refund["failure"], class_name="text-red-700"),
                    ),
                    class_name="text-sm",
                    data_testid="refund-row",
                ),
            ),
            class_name="flex flex-col gap-1",
        ),
        rx.el.div(
            pay_button(
                InvoiceDetailState,
                "Take card payment",
                (money["due_cents"].to(int) > 0)
                & (InvoiceDetailState.invoice["status"].to(str) != "void"),
            ),
            class_name="flex flex-wrap items-center gap-3",
        ),
        rx.cond(
            InvoiceDetailState.is_admin & (money["refundable_cents"].to(int) > 0),
            rx.el.div(
                action_input(
                    "refund-amount",
                    "Refund amount",
                    InvoiceDetailState.refund_amount,
                    InvoiceDetailState.set_refund_amount,
                    placeholder="Amount, e.g. 100.00",
                    input_mode="decimal",
                    class_name=f"{INPUT} max-w-48 py-2",
                ),
                action_input(
                    "refund-reason",
                    "Reason for the refund",
                    InvoiceDetailState.refund_reason,
                    InvoiceDetailState.set_refund_reason,
                ),
                rx.el.button(
                    "Refund",
                    type="button",
                    on_click=InvoiceDetailState.refund,
                    class_name=DANGER_BUTTON,
                ),
                class_name="flex flex-wrap gap-2",
                data_testid="refund-form",
            ),
        ),
        payment_dialog(InvoiceDetailState, money["due"]),
        class_name="flex flex-col gap-3",
    )


def invoice_actions() -> rx.Component:
    number = InvoiceDetailState.invoice["number"].to(str)
    return rx.el.div(
        rx.el.button(
            "Resend e-mail",
            type="button",
            on_click=InvoiceDetailState.resend_email,
            class_name=BUTTON,
        ),
        link("Download PDF", href="/invoices/" + number + "/pdf", class_name=BUTTON),
        rx.el.button(
            "Copy pay link",
            type="button",
            on_click=[
                rx.set_clipboard(InvoiceDetailState.invoice["pay_url"].to(str)),
                rx.toast.success("Pay link copied.", duration=2000),
            ],
            class_name=BUTTON,
        ),
        rx.cond(
            InvoiceDetailState.can_void,
            rx.el.div(
                action_input(
                    "void-reason",
                    "Reason for voiding",
                    InvoiceDetailState.void_reason,
                    InvoiceDetailState.set_void_reason,
                ),
                rx.el.button(
                    "Void",
                    type="button",
                    on_click=InvoiceDetailState.void,
                    class_name=DANGER_BUTTON,
                ),
                class_name="flex gap-2",
            ),
        ),
        rx.cond(
            InvoiceDetailState.action_error,
            rx.el.p(
                InvoiceDetailState.action_error,
                role="alert",
                class_name="w-full text-sm font-medium text-red-700",
                data_testid="action-error",
            ),
        ),
        class_name="flex flex-wrap items-center gap-3",
    )


def invoice_detail_body() -> rx.Component:
    invoice = InvoiceDetailState.invoice
    return rx.el.div(
        rx.el.div(
            rx.el.h2(
                "Invoice ", invoice["number"], class_name="text-2xl font-extrabold text-slate-900"
            ),
            rx.el.span(invoice["status_label"], class_name=PILL, data_testid="invoice-status"),
            class_name="flex flex-wrap items-center gap-3",
        ),
        rx.cond(
            invoice["attention"],
            rx.el.p(
                rx.el.strong("Needs attention: "),
                invoice["attention"],
                role="alert",
                class_name="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800",
                data_testid="invoice-attention",
            ),
        ),
        rx.el.dl(
            detail_row("Customer", invoice["customer_name"]),
            detail_row("E-mail", invoice["customer_email"]),
            detail_row("Phone", invoice["customer_phone"]),
            detail_row("Address", invoice["customer_address"]),
            detail_row("Issued", invoice["issue_date_display"]),
            detail_row("Due", invoice["due_date_display"]),
            detail_row("Written by", invoice["author_name"]),
            detail_row("Note", invoice["note"]),
            class_name="grid gap-4 sm:grid-cols-2",
        ),
        invoice_lines_table(InvoiceDetailState.lines, invoice["total"], "detail-total"),
        invoice_actions(),
        payments_block(),
        rx.el.h3("E-mails", class_name="text-lg font-bold"),
        rx.el.ul(
            rx.foreach(
                InvoiceDetailState.emails,
                lambda e: rx.el.li(
                    e["to"], ": ", e["delivery"], class_name="text-sm", data_testid="invoice-email"
                ),
            ),
            class_name="flex flex-col gap-1",
        ),
        rx.el.h3("History", class_name="text-lg font-bold"),
        rx.el.ol(
            rx.foreach(
                InvoiceDetailState.events,
                lambda e: rx.el.li(
                    rx.el.span(e["when_display"], class_name="text-slate-600"),
                    " · ",
                    e["kind"],
                    " ",
                    e["who"],
                    " ",
                    e["detail"],
                    class_name="text-sm",
                    data_testid="invoice-event",
                ),
            ),
            class_name="flex flex-col gap-1",
        ),
        class_name=f"{CARD} mx-auto flex max-w-4xl flex-col gap-6",
        data_testid="invoice-detail",
    )


@page(routes.INVOICE, on_load=(InvoiceDetailState.load,))
def invoice_detail() -> rx.Component:
    return staff_page(
        rx.cond(
            InvoiceDetailState.found,
            invoice_detail_body(),
            rx.el.p("There is no such invoice.", class_name="text-center text-slate-700"),
        ),
        title="Invoice",
        on_invoice_page=True,
    )
