"""/invoices: the staff list of invoices, with filters and pages."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import address_form
from renovation_app.components.links import link
from renovation_app.components.staff import pager, staff_page
from renovation_app.components.styles import BUTTON, INPUT, PILL, SECONDARY_BUTTON, STAFF_CARD
from renovation_app.components.ui import labelled
from renovation_app.pages.registry import page
from renovation_app.state.invoices.list import InvoiceListState

SELECT = f"{INPUT} py-2"


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
    return address_form(
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
        page=routes.INVOICES,
        on_submit=InvoiceListState.search,
        class_name="grid gap-3 sm:grid-cols-3 lg:grid-cols-6",
        data_testid="invoice-filters",
    )


def invoice_row(row: rx.Var) -> rx.Component:
    return rx.el.tr(
        rx.el.td(
            link(
                row.number,
                href=routes.invoice_path(row.number),
                class_name="font-bold text-orange-800 underline",
            ),
            class_name="py-2 pr-4",
        ),
        rx.el.td(
            rx.el.span(row.customer, class_name="font-semibold"),
            rx.el.br(),
            rx.el.span(row.email, class_name="text-sm text-slate-600"),
            class_name="py-2 pr-4",
        ),
        rx.el.td(row.total, class_name="py-2 pr-4 text-right font-semibold tabular-nums"),
        rx.el.td(
            rx.el.span(row.status_label, class_name=PILL),
            rx.cond(
                row.attention,
                rx.el.span(
                    "Needs attention",
                    title=row.attention,
                    class_name="mt-1 block text-xs font-bold text-red-700",
                    data_testid="row-attention",
                ),
            ),
            class_name="py-2 pr-4",
        ),
        rx.el.td(row.delivery, class_name="py-2 pr-4 text-sm"),
        rx.el.td(row.created, class_name="py-2 text-sm whitespace-nowrap"),
        class_name="border-b border-slate-100 align-top",
        data_testid="invoice-row",
    )


def draft_row(row: rx.Var) -> rx.Component:
    return rx.el.li(
        link(
            row.customer_name,
            href=routes.ADD_INVOICE.path + "?draft=" + row.id.to_string(),
            class_name="font-bold text-orange-800 underline",
        ),
        rx.el.span(row.total, class_name="font-semibold tabular-nums"),
        rx.el.span(
            "Changed ", row.updated, " by ", row.author_name, class_name="text-sm text-slate-600"
        ),
        rx.el.button(
            "Delete draft",
            type="button",
            on_click=InvoiceListState.delete_draft(row.id),
            class_name="text-sm font-semibold text-red-700 underline sm:ml-auto",
        ),
        class_name="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-100 py-2",
        data_testid="draft-row",
    )


def drafts_block() -> rx.Component:
    """Invoices being written: no number yet, nothing sent."""
    return rx.cond(
        InvoiceListState.drafts.length() > 0,
        rx.el.section(
            rx.el.h3("Drafts (not sent, no number yet)", class_name="text-lg font-bold"),
            rx.el.ul(rx.foreach(InvoiceListState.drafts, draft_row)),
            aria_label="Drafts",
            data_testid="invoice-drafts",
        ),
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
            class_name="w-full min-w-[44rem] text-sm",
        ),
        class_name="overflow-x-auto",
    )


@page(routes.INVOICES, on_load=(InvoiceListState.load,))
def invoice_list() -> rx.Component:
    return staff_page(
        rx.el.div(
            rx.el.div(
                rx.el.h2("Invoices", class_name="text-2xl font-extrabold text-slate-900"),
                rx.el.div(
                    rx.el.button(
                        rx.cond(
                            InvoiceListState.checking, "Checking...", "Check payments with Stripe"
                        ),
                        type="button",
                        on_click=InvoiceListState.check_payments,
                        disabled=InvoiceListState.checking,
                        class_name=SECONDARY_BUTTON,
                    ),
                    link("New invoice", href=routes.ADD_INVOICE.path, class_name=BUTTON),
                    class_name="flex flex-wrap gap-3",
                ),
                class_name="flex flex-wrap items-center justify-between gap-3",
            ),
            drafts_block(),
            invoice_filters(),
            rx.cond(
                InvoiceListState.rows.length() > 0,
                invoice_table(),
                rx.el.p("No invoices match.", class_name="text-slate-600"),
            ),
            pager(InvoiceListState, "invoices"),
            class_name=f"{STAFF_CARD} mx-auto flex max-w-6xl flex-col gap-6",
        ),
        title="Invoices",
    )
