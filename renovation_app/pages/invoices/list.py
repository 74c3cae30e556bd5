"""/invoices: the staff list of invoices, with filters and pages, and the drafts being written."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import busy_button
from renovation_app.components.links import link
from renovation_app.components.staff import (
    filter_input,
    list_page,
    list_row,
    remove_button,
    row_link,
    search_form,
    table,
    titled_section,
)
from renovation_app.components.staff.search import FIELD
from renovation_app.components.styles import BUTTON, PILL, SECONDARY_BUTTON
from renovation_app.components.ui import labelled
from renovation_app.pages.registry import page
from renovation_app.state.invoices.list import InvoiceListState as State

HEADINGS = ["Number", "Customer", "Total", "Status", "E-mail", "Created"]
HEADING = "py-2 pr-4 text-left text-sm text-slate-600"


def filter_select(name: str) -> rx.Component:
    """One of the filters the state offers (status, type, location, sort), as the address says."""
    return labelled(
        name.capitalize(),
        rx.el.select(
            rx.foreach(
                State.options[name],
                lambda option: rx.el.option(option["label"], value=option["value"]),
            ),
            id=f"filter-{name}",
            name=name,
            value=State.filters[name],
            on_change=lambda _value: rx.noop(),
            class_name=FIELD,
        ),
    )


def invoice_filters() -> rx.Component:
    return search_form(
        State,
        routes.INVOICES,
        filter_input(
            "Search",
            "filter-search",
            "search",
            State.filters["search"],
            type="search",
            placeholder="Customer, e-mail or number",
        ),
        *[filter_select(name) for name in ("status", "type", "location", "sort")],
        button="Show",
        class_name="grid gap-3 sm:grid-cols-3 lg:grid-cols-6",
        data_testid="invoice-filters",
    )


def invoice_row(row: rx.Var) -> rx.Component:
    return rx.el.tr(
        rx.el.td(row_link(row.number, routes.invoice_path(row.number)), class_name="py-2 pr-4"),
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
    return list_row(
        row_link(row.customer_name, routes.ADD_INVOICE.path + "?draft=" + row.id.to_string()),
        rx.el.span(row.total, class_name="font-semibold tabular-nums"),
        rx.el.span(
            "Changed ", row.updated, " by ", row.author_name, class_name="text-sm text-slate-600"
        ),
        remove_button("Delete draft", State.delete_draft(row.id), place="sm:ml-auto"),
        test_id="draft-row",
        layout="flex flex-wrap items-center gap-x-4 gap-y-1 py-2",
    )


def drafts_block() -> rx.Component:
    """Invoices being written: no number yet, nothing sent."""
    return rx.cond(
        State.drafts.length() > 0,
        titled_section(
            "Drafts (not sent, no number yet)",
            rx.el.ul(rx.foreach(State.drafts, draft_row)),
            aria_label="Drafts",
            data_testid="invoice-drafts",
        ),
    )


def actions() -> rx.Component:
    return rx.el.div(
        busy_button(
            State.checking,
            "Checking...",
            "Check payments with Stripe",
            SECONDARY_BUTTON,
            type="button",
            on_click=State.check_payments,
        ),
        link("New invoice", href=routes.ADD_INVOICE.path, class_name=BUTTON),
        class_name="flex flex-wrap gap-3",
    )


@page(routes.INVOICES, on_load=(State.load,))
def invoice_list() -> rx.Component:
    rows = table("Invoices", HEADINGS, "min-w-[44rem]", heading_class=HEADING)
    return list_page(
        State,
        "Invoices",
        invoice_row,
        search=invoice_filters(),
        actions=(actions(),),
        intro=(drafts_block(),),
        layout=rows,
        noun="invoices",
        width="max-w-6xl",
    )
