"""/pay/<token>: the customer's invoice, found by its unguessable link (no sign-in)."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.invoice_lines import invoice_lines_table
from renovation_app.components.links import link
from renovation_app.components.page_frame import site_page
from renovation_app.components.payment_dialog import pay_button, payment_dialog
from renovation_app.components.styles import BUTTON
from renovation_app.components.ui import section
from renovation_app.content import BUSINESS
from renovation_app.pages.registry import page
from renovation_app.state.invoice_pages import PayState


def pay_body() -> rx.Component:
    invoice = PayState.invoice
    return rx.el.div(
        rx.el.p(
            BUSINESS.name, class_name="text-sm font-bold uppercase tracking-widest text-orange-700"
        ),
        rx.el.h2(
            "Invoice ", invoice["number"], class_name="text-2xl font-extrabold text-slate-900"
        ),
        rx.el.p("For ", rx.el.strong(invoice["customer_name"]), class_name="text-slate-700"),
        rx.cond(
            invoice["due"].to(str) != "$0.00",
            rx.el.p("Amount due: ", rx.el.strong(invoice["due"], data_testid="pay-due")),
        ),
        rx.el.p(
            "Issued ",
            invoice["issue_date_display"],
            " · Due ",
            invoice["due_date_display"],
            " · Status: ",
            rx.el.strong(invoice["status_label"], data_testid="pay-status"),
            class_name="text-slate-700",
        ),
        invoice_lines_table(PayState.lines, invoice["total"], "pay-total"),
        rx.cond(
            invoice["note"],
            rx.el.p(invoice["note"], class_name="whitespace-pre-line text-slate-700"),
        ),
        rx.el.div(
            link("Download PDF", href=invoice["pdf_url"].to(str), class_name=BUTTON),
            pay_button(PayState, "Pay now", invoice["due"].to(str) != "$0.00"),
            class_name="flex flex-wrap items-center gap-3",
        ),
        payment_dialog(PayState, invoice["due"]),
        class_name="mx-auto flex max-w-3xl flex-col gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8",
        data_testid="pay-page",
    )


@page(routes.PAY, on_load=(PayState.load,))
def pay() -> rx.Component:
    return site_page(
        section(
            rx.cond(
                PayState.found,
                pay_body(),
                rx.el.p("This invoice link is not valid.", class_name="text-center text-slate-700"),
            ),
            class_name="bg-slate-50",
        ),
        title="Your invoice",
    )
