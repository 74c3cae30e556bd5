"""/lien-waiver/<token>: the subcontractor's lien waiver for a payment received, by its
unguessable link (no sign-in): who paid what, when, for which job, the release, then the
signature (the full name, optionally drawn with a finger, and the ticked box)."""

import reflex as rx

from renovation_app import routes
from renovation_app.components import answer
from renovation_app.pages.registry import page
from renovation_app.state.lien_waivers import LienWaiverLinkState

State = LienWaiverLinkState
W = State.waiver
ENDED = (
    "A lien waiver's link stops working 30 days after it was signed. We keep the signed "
    "waiver and are glad to send you a copy."
)


def sign_form() -> rx.Component:
    return answer.sign_form(
        State,
        "Sign this waiver",
        agree=answer.agree_box(State, W.agreement),
        button=("Sign the waiver", "sign-waiver"),
    )


def payment() -> rx.Component:
    """Who was paid what, for which job, when and how."""
    term = "text-sm text-slate-600"
    return rx.el.dl(
        rx.el.dt("Subcontractor", class_name=term),
        rx.el.dd(W.subcontractor, class_name="font-semibold"),
        rx.el.dt("Job", class_name=term),
        rx.el.dd(W.job, " · ", W.address),
        rx.el.dt("Paid", class_name=term),
        rx.el.dd(
            rx.el.strong(W.amount, data_testid="waiver-amount"),
            " on ",
            W.paid_on,
            " (",
            W.how,
            ")",
        ),
        class_name="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1",
    )


def waiver_body() -> rx.Component:
    return answer.document_card(
        *answer.document_heading(W.contractor, W.title),
        payment(),
        rx.el.p(W.release, class_name="text-slate-800"),
        rx.el.p(W.not_waived, class_name="text-sm text-slate-700"),
        answer.pdf_and_problem(State, W.link_url, "Download the PDF"),
        rx.cond(State.signed, answer.signature_record(W, "waiver-signed"), sign_form()),
        test_id="waiver-page",
        phone=True,
    )


@page(routes.LIEN_WAIVER_LINK, on_load=(State.load,))
def lien_waiver_link() -> rx.Component:
    return answer.answer_page(
        State,
        waiver_body(),
        "This waiver link is not valid.",
        "Lien waiver",
        ended=(State.ended, ENDED),
    )
