"""/customers/<id>: one customer's details and everything about them, newest first."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import action_button
from renovation_app.components.links import link
from renovation_app.components.staff import record_page
from renovation_app.components.staff.books import books_line
from renovation_app.components.styles import (
    DANGER_BUTTON,
    INPUT,
    PILL,
    SECONDARY_BUTTON,
    STAFF_CARD,
)
from renovation_app.components.ui import alert_text, attention_note
from renovation_app.pages.customers.texts_card import texts_card
from renovation_app.pages.registry import page
from renovation_app.state.customers import CustomerState


def contact_list(title: str, values: rx.Var, test_id: str) -> rx.Component:
    return rx.el.div(
        rx.el.dt(title, class_name="text-sm font-semibold text-slate-600"),
        rx.el.dd(
            rx.foreach(values, lambda v: rx.el.p(v)),
            class_name="text-slate-900",
            data_testid=test_id,
        ),
    )


def timeline_entry(entry: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.span(entry.when_display, class_name="text-slate-600"),
        " ",
        rx.el.span(entry.kind, class_name=PILL),
        " ",
        rx.cond(
            entry.link,
            link(entry.text, href=entry.link, class_name="text-orange-800 underline"),
            rx.el.span(entry.text),
        ),
        class_name="text-sm",
        data_testid="timeline-entry",
    )


def merge_form() -> rx.Component:
    return rx.el.div(
        rx.el.label(
            "Merge another customer into this one (their number)",
            html_for="merge-id",
            class_name="text-sm font-semibold",
        ),
        rx.el.div(
            rx.el.input(
                id="merge-id",
                value=CustomerState.merge_id,
                on_change=CustomerState.set_merge_id,
                input_mode="numeric",
                class_name=f"{INPUT} max-w-40 py-2",
            ),
            action_button("Merge", CustomerState.merge, DANGER_BUTTON),
            class_name="flex gap-2",
        ),
        alert_text(CustomerState.action_error, "action-error"),
        class_name="flex flex-col gap-2",
    )


def customer_body() -> rx.Component:
    customer = CustomerState.customer
    return rx.el.div(
        rx.el.h2(
            customer.name,
            rx.el.span(" · customer ", customer.id, class_name="text-base text-slate-600"),
            class_name="text-2xl font-extrabold text-slate-900",
        ),
        rx.el.dl(
            contact_list("E-mail", customer.emails, "customer-emails"),
            contact_list("Phone", customer.phones, "customer-phones"),
            contact_list("Job addresses", customer.addresses, "customer-addresses"),
            class_name="grid gap-4 sm:grid-cols-3",
        ),
        rx.cond(customer.notes, rx.el.p(customer.notes, class_name="whitespace-pre-line text-sm")),
        attention_note(customer.mail_problem, "customer-attention"),
        books_line(CustomerState.in_quickbooks, "customer-quickbooks"),
        rx.el.div(
            rx.el.p(
                rx.cond(
                    customer.reminders_paused,
                    "Payment reminders are paused for this customer.",
                    "Payment reminders go out on this customer's invoices.",
                ),
                class_name="text-sm text-slate-700",
                data_testid="customer-reminders",
            ),
            action_button(
                rx.cond(customer.reminders_paused, "Resume reminders", "Pause reminders"),
                CustomerState.toggle_reminders,
                SECONDARY_BUTTON,
            ),
            class_name="flex flex-wrap items-center gap-3",
        ),
        texts_card(),
        rx.el.h3("Everything, newest first", class_name="text-lg font-bold"),
        rx.el.ol(rx.foreach(customer.timeline, timeline_entry), class_name="flex flex-col gap-1"),
        merge_form(),
        class_name=f"{STAFF_CARD} mx-auto flex max-w-4xl flex-col gap-6",
        data_testid="customer-detail",
    )


@page(routes.CUSTOMER, on_load=(CustomerState.load,))
def customer_detail() -> rx.Component:
    missing = ("There is no such customer.", ("All customers", routes.CUSTOMERS.path))
    return record_page(CustomerState, "Customer", missing, customer_body())
