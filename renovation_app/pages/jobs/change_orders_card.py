"""The job page's change orders: each with its amount, days, status and PDF, the owner's link
while it waits (copy, open, withdraw) and the form that records one signed on paper."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import action_button
from renovation_app.components.links import link
from renovation_app.components.staff.card import card_intro, remove_button
from renovation_app.components.staff.paper import paper_form
from renovation_app.components.styles import (
    BUTTON,
    CARD_TITLE,
    PILL,
    STAFF_CARD,
)
from renovation_app.components.ui import counted, rows_or
from renovation_app.state.jobs import JobDetailState

State = JobDetailState
J = State.job
UPLOAD_ID = "paper-scan"
WAITING = "rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900"


def co_paper_form(co: rx.Var) -> rx.Component:
    return rx.cond(
        State.paper_for == co.number.to(int),
        paper_form(
            State,
            UPLOAD_ID,
            ("The scan of the signed page", "Choose the scan (PDF, JPEG or PNG)"),
            ("Record the signature", "record-paper"),
            rx.el.p("Signed on paper: who signed, when, and the scan", class_name="font-semibold"),
        ),
    )


def change_order_facts(co: rx.Var) -> rx.Component:
    """The line at the top: number, amount, days, status, and whether the work may go ahead."""
    return rx.el.div(
        rx.el.span(co.label.to(str), class_name="font-bold"),
        rx.el.span(co.total, class_name="font-semibold tabular-nums"),
        rx.cond(co.days.to(int) != 0, rx.el.span(counted(co.days, "day"), class_name="text-sm")),
        rx.el.span(co.status_label, class_name=PILL),
        rx.cond(co.waiting, rx.el.span("Work not yet approved", class_name=WAITING)),
        class_name="flex flex-wrap items-center gap-2",
    )


def billed_on(co: rx.Var) -> rx.Component:
    return rx.cond(
        co.invoice_number,
        rx.el.p(
            "Billed on ",
            link(
                "invoice " + co.invoice_number.to(str),
                href=routes.invoice_path(co.invoice_number.to(str)),
                class_name="underline",
            ),
            class_name="text-sm",
        ),
    )


def waiting_actions(co: rx.Var) -> rx.Component:
    """While the owner has not signed: their link (copy, open), paper, withdraw."""
    return rx.cond(
        co.waiting,
        rx.fragment(
            action_button(
                "Copy the owner's link",
                [
                    rx.set_clipboard(co.link_url),
                    rx.toast.success("Link copied.", duration=2000),
                ],
                "text-sm font-semibold text-orange-800 underline",
            ),
            link(
                "Open to sign here",
                href=co.link_url,
                target="_blank",
                class_name="text-sm font-semibold text-orange-800 underline",
            ),
            action_button(
                "Signed on paper",
                State.open_paper(co.number.to(int)),
                "text-sm font-semibold text-orange-800 underline",
            ),
            remove_button("Withdraw", State.withdraw(co.number.to(int)), disabled=State.working),
        ),
    )


def change_order_row(co: rx.Var) -> rx.Component:
    label = co.label.to(str)
    pdf = routes.job_path(J.number.to(str)) + "/change-orders/" + label + "/pdf"
    return rx.el.li(
        change_order_facts(co),
        rx.el.p(co.reason, class_name="whitespace-pre-line text-sm text-slate-700"),
        rx.cond(co.signed_words, rx.el.p(co.signed_words, class_name="text-sm text-green-800")),
        billed_on(co),
        rx.el.div(
            link("PDF", href=pdf, class_name="text-sm font-semibold text-orange-800 underline"),
            waiting_actions(co),
            class_name="flex flex-wrap gap-4",
        ),
        co_paper_form(co),
        class_name="flex flex-col gap-1 border-b border-slate-100 py-3",
        data_testid="change-order",
    )


def change_orders_card() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.h3("Change orders", class_name=CARD_TITLE),
            rx.cond(
                J.open,
                link(
                    "New change order",
                    href=routes.job_path(J.number.to(str)) + "/change-order",
                    class_name=BUTTON,
                    data_testid="new-change-order",
                ),
            ),
            class_name="flex flex-wrap items-center justify-between gap-3",
        ),
        card_intro(
            "Only the owner's signature approves a change: an unsigned one is never billed and "
            "changes no amount.",
        ),
        rows_or(J.change_orders, change_order_row, "No change orders yet.", "mt-2 text-slate-600"),
        class_name=STAFF_CARD,
    )
