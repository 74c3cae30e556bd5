"""/pay/<token>: the customer's invoice, found by its unguessable link (no sign-in)."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.billing.lines import invoice_lines_table
from renovation_app.components.links import link
from renovation_app.components.page_frame import site_page
from renovation_app.components.payments.dialog import pay_button, payment_dialog
from renovation_app.components.styles import BUTTON, CARD
from renovation_app.components.ui import section
from renovation_app.content import BUSINESS
from renovation_app.content.contact_links import TEL_HREF, mailto_href
from renovation_app.pages.registry import page
from renovation_app.state.pay import PayState


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
            PayState.due_cents > 0,
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
            # The PDF's address from the browser's own location: no var holds the token.
            link("Download PDF", href=rx.State.router.url.path + "/pdf", class_name=BUTTON),
            pay_button(PayState, "Pay now", PayState.due_cents > 0),
            class_name="flex flex-wrap items-center gap-3",
        ),
        payment_dialog(PayState, invoice["due"]),
        class_name=f"{CARD} mx-auto flex max-w-3xl flex-col gap-5",
        data_testid="pay-page",
    )


def closed_link(heading: str, words: str) -> rx.Component:
    """A link that takes no payment: what happened and how to reach the office."""
    return rx.el.div(
        rx.el.h2(heading, class_name="text-2xl font-extrabold text-slate-900"),
        rx.el.p(words, class_name="text-slate-700"),
        rx.el.p(
            "Questions? Call ",
            link(BUSINESS.phone_display, href=TEL_HREF, class_name="font-semibold underline"),
            " or write to ",
            link(BUSINESS.email, href=mailto_href(BUSINESS.email), class_name="underline"),
            ".",
            class_name="text-slate-700",
        ),
        class_name=f"{CARD} mx-auto flex max-w-3xl flex-col gap-4",
        data_testid="pay-link-closed",
    )


@page(routes.PAY, on_load=(PayState.load,))
def pay() -> rx.Component:
    return site_page(
        section(
            rx.match(
                PayState.link_state,
                ("open", pay_body()),
                (
                    "void",
                    closed_link(
                        "This invoice was cancelled",
                        "It can no longer be paid. If you think this is a mistake, please "
                        "get in touch.",
                    ),
                ),
                (
                    "expired",
                    closed_link(
                        "This link has expired",
                        "Invoice links stop working a while after the invoice is settled. "
                        "We are glad to send you a copy.",
                    ),
                ),
                rx.el.p("This invoice link is not valid.", class_name="text-center text-slate-700"),
            ),
            class_name="bg-slate-50",
        ),
        title="Your invoice",
    )
