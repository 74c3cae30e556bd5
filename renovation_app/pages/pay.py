"""/pay/<token>: the customer's invoice, found by its unguessable link (no sign-in)."""

import reflex as rx

from renovation_app import routes
from renovation_app.components import answer
from renovation_app.components.billing.lines import invoice_lines_table
from renovation_app.components.billing.schedule import stages_table
from renovation_app.components.links import link
from renovation_app.components.page_frame import site_page
from renovation_app.components.payments.dialog import (
    pay_button,
    payment_dialog,
    processing_notice,
)
from renovation_app.components.record import holds_address, record_view
from renovation_app.components.styles import BUTTON
from renovation_app.components.ui import section
from renovation_app.content import BUSINESS
from renovation_app.first_paint import FIRST_PAINT_SLOT
from renovation_app.pages.registry import page
from renovation_app.state.pay import PayState


def amount_due_words() -> rx.Component:
    """Due now, what is left once part is paid, and the next payment when nothing is due."""
    money = PayState.money
    return rx.el.div(
        rx.cond(
            PayState.due_cents > 0,
            rx.el.p(
                "Due now: ",
                rx.el.strong(money["due"], data_testid="pay-due"),
                class_name="text-lg text-slate-900",
            ),
        ),
        rx.cond(
            (PayState.paid_cents > 0) & (PayState.balance_cents > 0),
            rx.el.p(
                "Partially paid, ",
                rx.el.strong(money["balance"]),
                " left",
                class_name="text-slate-700",
                data_testid="pay-left",
            ),
        ),
        rx.cond(
            (PayState.due_cents == 0) & (PayState.next_cents > 0),
            rx.el.p(
                "Nothing is due today. Next: ",
                money["next_words"],
                ".",
                class_name="text-slate-700",
                data_testid="pay-next",
            ),
        ),
        class_name="flex flex-col gap-1",
    )


def pay_buttons() -> rx.Component:
    """Pay what is due now (or the next payment early), and the whole balance when more; none
    while a bank debit is processing (the same money is never asked for twice)."""
    money = PayState.money
    first = money["pay_label"]
    idle = PayState.processing_cents == 0
    return rx.fragment(
        pay_button(PayState, first, (PayState.balance_cents > 0) & idle),
        pay_button(
            PayState,
            "Pay the whole balance (" + money["balance"].to(str) + ")",
            (PayState.balance_cents > PayState.pay_now_cents) & idle,
            whole_balance=True,
        ),
    )


def fee_note() -> rx.Component:
    """Which way of paying costs the office less, for a large amount (services.payments)."""
    return rx.cond(
        (PayState.money["fee_note"].to(str) != "") & (PayState.processing_cents == 0),
        rx.el.p(
            PayState.money["fee_note"],
            class_name="text-sm text-slate-600",
            data_testid="pay-fee-note",
        ),
    )


def pay_body() -> rx.Component:
    invoice = PayState.invoice
    money = PayState.money
    return answer.document_card(
        *answer.document_heading(BUSINESS.name, "Invoice ", invoice["number"]),
        answer.for_whom(invoice["customer_name"]),
        amount_due_words(),
        processing_notice(money["processing"], money["processing_how"], PayState.processing_cents),
        rx.el.p(
            "Issued ",
            invoice["issue_date_display"],
            " · Due ",
            invoice["due_date_display"],
            " · Status: ",
            rx.el.strong(invoice["status_label"], data_testid="pay-status"),
            class_name="text-slate-700",
        ),
        invoice_lines_table(
            PayState.lines, PayState.sum_rows, invoice["total"], "pay-total", PayState.has_tax
        ),
        stages_table(PayState.stages, "pay-schedule"),
        rx.cond(
            invoice["note"],
            rx.el.p(invoice["note"], class_name="whitespace-pre-line text-slate-700"),
        ),
        rx.el.div(
            # The PDF's address from the browser's own location: no var holds the token.
            link("Download PDF", href=rx.State.router.url.path + "/pdf", class_name=BUTTON),
            pay_buttons(),
            class_name="flex flex-wrap items-center gap-3",
        ),
        fee_note(),
        payment_dialog(
            PayState,
            rx.cond(PayState.whole_balance, money["balance"], money["pay_now"]),
            bank_debit=True,
        ),
        test_id="pay-page",
    )


def closed_link(heading: str, words: str) -> rx.Component:
    """A link that takes no payment: what happened and how to reach the office."""
    return answer.contact_card(heading, words, "Questions? Call ", "pay-link-closed")


@page(routes.PAY, on_load=(PayState.load,))
def pay() -> rx.Component:
    return site_page(
        section(
            # The state's invoice only once it is the one of this address (a tab that showed
            # another pay link keeps that one until this page's load has read its own).
            rx.cond(
                PayState.loaded & holds_address(PayState),
                record_view(PayState, pay_link_page(), ""),
                first_paint_slot(),
            ),
            class_name="bg-slate-50",
        ),
        title="Your invoice",
    )


def first_paint_slot() -> rx.Component:
    """Where the server's HTML of the invoice sits until the state arrives. React does not patch
    an element's inner HTML when it hydrates it, so the server's content stays on screen; the
    page's own content then replaces it in one render, at the same size."""
    return rx.html("", id=FIRST_PAINT_SLOT)


def pay_link_page() -> rx.Component:
    return rx.match(
        PayState.link_state,
        ("open", pay_body()),
        (
            "void",
            closed_link(
                "This invoice was cancelled",
                "It can no longer be paid. If you think this is a mistake, please get in touch.",
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
    )
