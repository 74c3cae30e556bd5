"""/customers: every customer, searched by name, e-mail, phone or address, in pages."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.links import link
from renovation_app.components.staff import list_search, pager, staff_page
from renovation_app.components.styles import STAFF_CARD
from renovation_app.pages.registry import page
from renovation_app.state.customers import CustomerListState


def search_form() -> rx.Component:
    return list_search(
        CustomerListState, routes.CUSTOMERS, "customer", "Name, e-mail, phone or address"
    )


def customer_row(row: rx.Var) -> rx.Component:
    return rx.el.li(
        link(
            row.name,
            href=routes.customer_path(row.id.to(str)),
            class_name="font-bold text-orange-800 underline",
        ),
        rx.cond(
            row.emails | row.phones,
            rx.el.span(
                " · ",
                row.emails,
                rx.cond(row.emails & row.phones, " · ", ""),
                row.phones,
                class_name="text-sm text-slate-700",
            ),
        ),
        rx.cond(row.address, rx.el.p(row.address, class_name="text-sm text-slate-600")),
        class_name="border-b border-slate-100 py-2",
        data_testid="customer-row",
    )


@page(routes.CUSTOMERS, on_load=(CustomerListState.load,))
def customer_list() -> rx.Component:
    return staff_page(
        rx.el.div(
            rx.el.h2("Customers", class_name="text-2xl font-extrabold text-slate-900"),
            search_form(),
            rx.cond(
                CustomerListState.rows.length() > 0,
                rx.el.ul(rx.foreach(CustomerListState.rows, customer_row)),
                rx.el.p("No customers match.", class_name="text-slate-600"),
            ),
            pager(CustomerListState, "customers"),
            class_name=f"{STAFF_CARD} mx-auto flex max-w-5xl flex-col gap-6",
        ),
        title="Customers",
    )
