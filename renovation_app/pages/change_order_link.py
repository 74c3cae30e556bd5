"""/change-order/<token>: the owner's change order, found by its unguessable link (no
sign-in): what changes and why, the contract value before and after, then sign (the full
name, optionally drawn with a finger, and the ticked box: the signature is the last step) or
decline. Made for a phone: change orders are agreed standing in the kitchen."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.answer import (
    answer_page,
    closed_notice,
    decline_form,
    ended_notice,
    pdf_and_problem,
)
from renovation_app.components.change_orders import amended_contract, change_line, drawn_signature
from renovation_app.components.react.signature_pad import signature_pad
from renovation_app.components.styles import BUTTON, CARD, INPUT
from renovation_app.content import BUSINESS
from renovation_app.pages.registry import page
from renovation_app.state.change_orders import ChangeOrderLinkState

State = ChangeOrderLinkState
C = State.change_order


def sign_form() -> rx.Component:
    return rx.el.div(
        rx.el.h3("Sign this change", class_name="text-xl font-bold"),
        rx.el.p("Please sign or decline by ", C.valid_until, ".", class_name="text-slate-700"),
        rx.el.p(C.acceptance, class_name="text-sm text-slate-700"),
        rx.el.label("Your full name", html_for="signer-name", class_name="font-semibold"),
        rx.el.input(
            id="signer-name",
            on_change=State.set_signer_name,
            auto_complete="name",
            class_name=INPUT,
        ),  # fmt: skip
        rx.el.p(
            "Draw your signature with your finger (optional)",
            id="signature-label",
            class_name="font-semibold",
        ),
        signature_pad(State.set_drawing, "signature-label", class_name="w-full max-w-md"),
        rx.el.label(
            rx.el.input(
                type="checkbox",
                id="agree",
                on_change=State.set_agreed,
                class_name="h-5 w-5 shrink-0 accent-orange-700",
            ),  # fmt: skip
            "I agree to this change of my contract, its price and its dates.",
            class_name="flex items-center gap-3",
        ),
        rx.el.button(
            rx.cond(State.working, "Signing...", "Sign the change order"),
            type="button",
            disabled=~State.can_sign,
            on_click=State.sign,
            class_name=f"{BUTTON} self-start px-8 py-3 disabled:cursor-not-allowed disabled:opacity-50",
            data_testid="sign-change-order",
        ),
        decline_form(State, "Decline this change", "decline-change-order"),
        class_name="flex flex-col gap-3 border-t border-slate-200 pt-5",
    )


def signed() -> rx.Component:
    return rx.el.div(
        rx.el.p(
            "Signed by ",
            rx.el.strong(C.signer_name),
            " (",
            C.method,
            ") on ",
            C.signed,
            ".",
            class_name="rounded-lg bg-green-50 p-3 text-green-900",
            data_testid="change-order-signed",
        ),  # fmt: skip
        rx.cond(C.drawing, drawn_signature(C.drawing.to(str))),
        rx.el.p(
            "Document SHA-256: ", C.document_sha256, class_name="break-all text-xs text-slate-600"
        ),
        class_name="flex flex-col gap-3",
    )


def closed(title: str, words: str) -> rx.Component:
    return closed_notice(title, words, "change-order-closed")


def answer_part() -> rx.Component:
    return rx.match(
        State.link_state,
        ("open", sign_form()),
        ("signed", signed()),
        ("declined", closed("You declined this change", "The contract stays as it was.")),
        ("withdrawn", closed("This change order was withdrawn", "Nothing of it applies.")),
        ("expired", closed("This change order has expired", "We are glad to write a new one.")),
        ("closed", closed("This job is closed", "This change order can no longer be signed.")),
        rx.fragment(),
    )


def change_order_body() -> rx.Component:
    return rx.el.div(
        rx.el.p(
            BUSINESS.name, class_name="text-sm font-bold uppercase tracking-widest text-orange-700"
        ),
        rx.el.h2(
            "Change order ", C.change_order, class_name="text-2xl font-extrabold text-slate-900"
        ),
        rx.el.p(
            "For ",
            rx.el.strong(C.customer_name),
            rx.cond(C.address, " · " + C.address.to(str), ""),
            class_name="text-slate-700",
        ),  # fmt: skip
        rx.el.p(C.amends, class_name="text-sm text-slate-600"),
        rx.el.h3("Why the work changes", class_name="font-bold"),
        rx.el.p(C.reason, class_name="whitespace-pre-line text-slate-800"),
        rx.el.ul(rx.foreach(C.lines.to(list[dict]), change_line)),
        amended_contract(C),
        rx.el.p(C.payment, class_name="text-sm text-slate-700"),
        rx.el.p(C.notice, class_name="text-sm font-semibold text-slate-800"),
        pdf_and_problem(State, C.link_url, "Download the PDF"),
        answer_part(),
        class_name=f"{CARD} mx-auto flex max-w-3xl flex-col gap-5 px-4",
        data_testid="change-order-page",
    )


@page(routes.CHANGE_ORDER_LINK, on_load=(State.load,))
def change_order_link() -> rx.Component:
    ended = ended_notice(
        "A change order's link stops working 30 days after it was signed, declined or "
        "withdrawn, or after its sign-by day. A signed one's copy was e-mailed to you."
    )
    body = rx.cond(State.link_state == "ended", ended, change_order_body())
    return answer_page(State, body, "This change order link is not valid.", "Your change order")
