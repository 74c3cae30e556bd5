"""/invoices/<number>: one invoice for staff: details, actions, payments, e-mails, history."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.billing.emails import email_list
from renovation_app.components.billing.lines import invoice_lines_table
from renovation_app.components.billing.schedule import stages_table
from renovation_app.components.forms import action_button
from renovation_app.components.links import link
from renovation_app.components.payments.dialog import (
    pay_button,
    payment_dialog,
    processing_notice,
)
from renovation_app.components.payments.recorded import (
    escrow_block,
    record_payment_form,
    record_return_form,
    void_payment_form,
)
from renovation_app.components.reminders import reminders_block
from renovation_app.components.staff import record_page, titled_section
from renovation_app.components.staff.books import books_line
from renovation_app.components.styles import BUTTON, DANGER_BUTTON, INPUT, PILL, STAFF_CARD
from renovation_app.components.ui import alert_text, attention_note
from renovation_app.pages.registry import page
from renovation_app.state.invoices.detail import InvoiceDetailState
from renovation_app.state.invoices.payments import InvoicePaymentsState
from renovation_app.state.invoices.reminders import InvoiceRemindersState


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


def payment_row(pay: rx.Var) -> rx.Component:
    return rx.el.li(
        pay["amount"],
        " ",
        pay["status"],
        " · ",
        pay["how"],
        rx.cond(pay["received"], rx.el.span(" · ", pay["received"])),
        rx.cond(pay["void_reason"], rx.el.span(" · voided: ", pay["void_reason"])),
        rx.cond(pay["refunded_cents"].to(int) > 0, rx.el.span(" · refunded ", pay["refunded"])),
        rx.cond(pay["error"], rx.el.span(" · ", pay["error"], class_name="text-red-700")),
        rx.cond(
            pay["dispute"],
            rx.el.span(" · disputed: ", pay["dispute"], class_name="text-red-700"),
        ),
        void_payment_form(pay),
        class_name="text-sm",
        data_testid="payment-row",
    )


def refund_row(refund: rx.Var) -> rx.Component:
    return rx.el.li(
        "Refund ",
        refund["amount"],
        " ",
        refund["status"],
        " · ",
        refund["reason"],
        rx.cond(refund["failure"], rx.el.span(" · ", refund["failure"], class_name="text-red-700")),
        class_name="text-sm",
        data_testid="refund-row",
    )


def refund_form() -> rx.Component:
    """Admins refund what is paid and not yet refunded (refunds in flight count)."""
    return rx.cond(
        InvoiceDetailState.is_admin & (InvoiceDetailState.money["refundable_cents"].to(int) > 0),
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
            rx.cond(
                InvoiceDetailState.two_step_on,
                action_input(
                    "refund-code",
                    "Code from your authenticator app",
                    InvoiceDetailState.refund_code,
                    InvoiceDetailState.set_refund_code,
                    placeholder="6-digit code",
                    input_mode="numeric",
                    auto_complete="one-time-code",
                    class_name=f"{INPUT} max-w-40 py-2",
                ),
                rx.el.p(
                    "Refunds need two-step sign-in: turn it on under ",
                    link("Account", href=routes.ACCOUNT.path, class_name="underline"),
                    ".",
                    class_name="w-full text-sm text-amber-800",
                    data_testid="refund-needs-two-step",
                ),
            ),
            action_button("Refund", InvoiceDetailState.refund, DANGER_BUTTON),
            class_name="flex flex-wrap gap-2",
            data_testid="refund-form",
        ),
    )


def payments_block() -> rx.Component:
    money = InvoiceDetailState.money
    balance, due = money["balance_cents"].to(int), money["due_cents"].to(int)
    idle = money["processing_cents"].to(int) == 0
    not_void = InvoiceDetailState.invoice["status"].to(str) != "void"
    return titled_section(
        "Payments",
        rx.el.p(
            "Paid ",
            rx.el.strong(money["paid"], data_testid="paid-amount"),
            " · Refunded ",
            rx.el.strong(money["refunded"]),
            " · Due now ",
            rx.el.strong(money["due"], data_testid="due-amount"),
            " · Balance ",
            rx.el.strong(money["balance"], data_testid="balance-amount"),
            class_name="text-slate-700",
        ),
        rx.cond(
            money["next_words"],
            rx.el.p("Next: ", money["next_words"], class_name="text-sm text-slate-600"),
        ),
        processing_notice(
            money["processing"], money["processing_how"], money["processing_cents"].to(int)
        ),
        stages_table(InvoiceDetailState.stage_lines, "detail-schedule"),
        escrow_block(),
        rx.el.ul(
            rx.foreach(InvoiceDetailState.payment_lines, payment_row),
            rx.foreach(InvoiceDetailState.refund_lines, refund_row),
            class_name="flex flex-col gap-1",
        ),
        rx.el.div(
            pay_button(InvoiceDetailState, "Take card payment", (balance > 0) & idle & not_void),
            pay_button(
                InvoiceDetailState,
                "Card: whole balance",
                (balance > due) & (due > 0) & idle,
                whole_balance=True,
            ),
            class_name="flex flex-wrap items-center gap-3",
        ),
        rx.cond((balance > 0) & not_void, record_payment_form()),
        record_return_form(),
        refund_form(),
        payment_dialog(
            InvoiceDetailState,
            rx.cond(InvoiceDetailState.whole_balance, money["balance"], money["pay_now"]),
        ),
        class_name="flex flex-col gap-3",
    )


def invoice_actions() -> rx.Component:
    number = InvoiceDetailState.invoice["number"].to(str)
    return rx.el.div(
        action_button("Resend e-mail", InvoiceDetailState.resend_email, BUTTON),
        link("Download PDF", href=routes.invoice_path(number) + "/pdf", class_name=BUTTON),
        rx.cond(
            InvoiceDetailState.can_revise,
            link(
                "Revise invoice",
                href=routes.ADD_INVOICE.path + "?revise=" + number,
                class_name=BUTTON,
            ),
        ),
        action_button(
            "Copy pay link",
            [
                rx.set_clipboard(InvoiceDetailState.invoice["pay_url"].to(str)),
                rx.toast.success("Pay link copied.", duration=2000),
            ],
            BUTTON,
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
                action_button("Void", InvoiceDetailState.void, DANGER_BUTTON),
                class_name="flex gap-2",
            ),
        ),
        alert_text(
            InvoiceDetailState.action_error,
            "action-error",
            "w-full text-sm font-medium text-red-700",
        ),
        class_name="flex flex-wrap items-center gap-3",
    )


def revision_block(revision: rx.Var) -> rx.Component:
    """One revision: who, when and why, and the invoice before and after."""

    def side(title: str, text: rx.Var) -> rx.Component:
        return rx.el.div(
            rx.el.p(title, class_name="text-sm font-bold text-slate-700"),
            rx.el.pre(text, class_name="whitespace-pre-wrap font-sans text-sm text-slate-700"),
            class_name="rounded bg-slate-50 p-3",
        )

    return rx.el.div(
        rx.el.p(
            "Revision ",
            revision["revision"].to(str),
            " · ",
            revision["when_display"],
            " · ",
            revision["who"],
            ": ",
            revision["reason"],
            class_name="text-sm",
        ),
        rx.el.div(
            side("Before", revision["before"]),
            side("After", revision["after"]),
            class_name="grid gap-3 sm:grid-cols-2",
        ),
        class_name="flex flex-col gap-2",
        data_testid="invoice-revision",
    )


def emails_and_history() -> rx.Component:
    """The invoice's e-mails with their delivery status, then its history, newest first."""
    return rx.fragment(
        email_list(InvoiceDetailState.emails, "invoice-email"),
        rx.cond(
            InvoiceDetailState.revisions.length() > 0,
            rx.fragment(
                rx.el.h3("Revisions", class_name="text-lg font-bold"),
                rx.foreach(InvoiceDetailState.revisions, revision_block),
            ),
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
        attention_note(invoice["attention"], "invoice-attention"),
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
        invoice_lines_table(
            InvoiceDetailState.lines,
            InvoiceDetailState.sum_rows,
            invoice["total"],
            "detail-total",
            invoice["tax_cents"].to(int) > 0,
        ),
        invoice_actions(),
        payments_block(),
        books_line(InvoiceDetailState.in_quickbooks, "invoice-quickbooks"),
        rx.cond(invoice["can_be_reminded"], reminders_block()),
        emails_and_history(),
        class_name=f"{STAFF_CARD} mx-auto flex max-w-4xl flex-col gap-6",
        data_testid="invoice-detail",
    )


@page(
    routes.INVOICE,
    on_load=(
        InvoiceDetailState.load,
        InvoicePaymentsState.new_record_form,
        InvoiceRemindersState.load_reminders,
    ),
)
def invoice_detail() -> rx.Component:
    missing = ("There is no such invoice.", ("All invoices", routes.INVOICES.path))
    return record_page(
        InvoiceDetailState, "Invoice", missing, invoice_detail_body(), on_invoice_page=True
    )
