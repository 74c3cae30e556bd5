"""/customers: every customer, searched by name, e-mail, phone or address, in pages."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.staff import list_page, list_row, list_search, row_link
from renovation_app.pages.registry import page
from renovation_app.state.customers import CustomerListState as State


def customer_row(row: rx.Var) -> rx.Component:
    return list_row(
        row_link(row.name, routes.customer_path(row.id.to(str))),
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
        test_id="customer-row",
    )


@page(routes.CUSTOMERS, on_load=(State.load,))
def customer_list() -> rx.Component:
    search = list_search(State, routes.CUSTOMERS, "customer", "Name, e-mail, phone or address")
    return list_page(State, "Customers", customer_row, search=search, noun="customers")
