"""/change-order/<token>: the owner's change order, found by its unguessable link (no
sign-in): what changes and why, the contract value before and after, then sign (the full
name, optionally drawn with a finger, and the ticked box: the signature is the last step) or
decline. Made for a phone: change orders are agreed standing in the kitchen."""

import reflex as rx

from renovation_app import routes
from renovation_app.components import answer
from renovation_app.components.change_orders import amended_contract, change_line
from renovation_app.content import BUSINESS
from renovation_app.pages.registry import page
from renovation_app.state.change_orders import ChangeOrderLinkState

State = ChangeOrderLinkState
C = State.change_order
ENDED = (
    "A change order's link stops working 30 days after it was signed, declined or "
    "withdrawn, or after its sign-by day. A signed one's copy was e-mailed to you."
)


def sign_form() -> rx.Component:
    return answer.sign_form(
        State,
        "Sign this change",
        rx.el.p("Please sign or decline by ", C.valid_until, ".", class_name="text-slate-700"),
        rx.el.p(C.acceptance, class_name="text-sm text-slate-700"),
        agree=answer.agree_box(
            State, "I agree to this change of my contract, its price and its dates."
        ),
        button=("Sign the change order", "sign-change-order"),
        decline=("Decline this change", "decline-change-order"),
    )


def answer_part() -> rx.Component:
    return answer.answer_by_state(
        State,
        {"open": sign_form(), "signed": answer.signature_record(C, "change-order-signed")},
        {
            "declined": ("You declined this change", "The contract stays as it was."),
            "withdrawn": ("This change order was withdrawn", "Nothing of it applies."),
            "expired": ("This change order has expired", "We are glad to write a new one."),
            "closed": ("This job is closed", "This change order can no longer be signed."),
        },
        "change-order-closed",
    )


def change_order_body() -> rx.Component:
    return answer.document_card(
        *answer.document_heading(BUSINESS.name, "Change order ", C.change_order),
        answer.for_whom(C.customer_name, C.address),
        rx.el.p(C.amends, class_name="text-sm text-slate-600"),
        rx.el.h3("Why the work changes", class_name="font-bold"),
        rx.el.p(C.reason, class_name="whitespace-pre-line text-slate-800"),
        rx.el.ul(rx.foreach(C.lines.to(list[dict]), change_line)),
        amended_contract(C),
        rx.el.p(C.payment, class_name="text-sm text-slate-700"),
        rx.el.p(C.notice, class_name="text-sm font-semibold text-slate-800"),
        answer.pdf_and_problem(State, C.link_url, "Download the PDF"),
        answer_part(),
        test_id="change-order-page",
        phone=True,
    )


@page(routes.CHANGE_ORDER_LINK, on_load=(State.load,))
def change_order_link() -> rx.Component:
    return answer.answer_page(
        State,
        change_order_body(),
        "This change order link is not valid.",
        "Your change order",
        ended=(State.link_state == "ended", ENDED),
    )
