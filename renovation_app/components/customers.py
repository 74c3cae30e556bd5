"""Customers on the staff pages: those matching what is typed in a billing form, with "Use" to
fill it; a record's customer with a link to their page."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import action_button
from renovation_app.components.links import link


def customer_suggestions(state: type[rx.State]) -> rx.Component:
    """The suggestions of a form state that has CustomerSuggestionsMixin."""
    return rx.cond(
        state.suggestions.length() > 0,
        rx.el.div(
            rx.el.p("Already a customer?", class_name="text-sm font-semibold text-slate-700"),
            rx.el.ul(
                rx.foreach(
                    state.suggestions,
                    lambda row: rx.el.li(
                        action_button(
                            "Use",
                            state.use_customer(row.id),
                            "rounded-md border border-orange-700 px-3 py-1 text-sm font-semibold text-orange-800",
                        ),
                        rx.el.span(" ", row.name, class_name="font-semibold"),
                        rx.el.span(
                            " ", row.emails, " ", row.phones, class_name="text-sm text-slate-600"
                        ),
                        class_name="flex flex-wrap items-center gap-2",
                        data_testid="customer-suggestion",
                    ),
                ),
                class_name="mt-2 flex flex-col gap-2",
            ),
            role="status",
            class_name="mt-4 rounded-lg border border-orange-200 bg-orange-50 p-4",
        ),
    )


def customer_contact(name, customer_id: rx.Var, email, phone, address) -> rx.Component:
    """The customer of a record (an estimate, a job): their name, a link to their page, then how
    to reach them and the address of the work."""
    return rx.el.p(
        link(
            name,
            href=routes.customer_path(customer_id.to(int).to_string()),
            class_name="font-semibold underline",
        ),
        " · ",
        email,
        " · ",
        phone,
        rx.el.br(),
        address,
        class_name="text-slate-700",
    )
