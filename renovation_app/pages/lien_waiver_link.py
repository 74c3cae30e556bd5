"""/lien-waiver/<token>: the subcontractor's lien waiver for a payment received, by its
unguessable link (no sign-in): who paid what, when, for which job, the release, then the
signature (the full name, optionally drawn with a finger, and the ticked box)."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.answer import answer_page, ended_notice, pdf_and_problem
from renovation_app.components.change_orders import drawn_signature
from renovation_app.components.react.signature_pad import signature_pad
from renovation_app.components.styles import BUTTON, CARD, INPUT
from renovation_app.pages.registry import page
from renovation_app.state.lien_waivers import LienWaiverLinkState

State = LienWaiverLinkState
W = State.waiver


def sign_form() -> rx.Component:
    return rx.el.div(
        rx.el.h3("Sign this waiver", class_name="text-xl font-bold"),
        rx.el.label("Your full name", html_for="signer-name", class_name="font-semibold"),
        rx.el.input(id="signer-name", on_change=State.set_signer_name, auto_complete="name", class_name=INPUT),
        rx.el.p("Draw your signature with your finger (optional)", id="signature-label", class_name="font-semibold"),
        signature_pad(State.set_drawing, "signature-label", class_name="w-full max-w-md"),
        rx.el.label(
            rx.el.input(type="checkbox", id="agree", on_change=State.set_agreed, class_name="h-5 w-5 shrink-0 accent-orange-700"),
            W.agreement,
            class_name="flex items-center gap-3",
        ),
        rx.el.button(
            rx.cond(State.working, "Signing...", "Sign the waiver"), type="button",
            disabled=~State.can_sign, on_click=State.sign,
            class_name=f"{BUTTON} self-start px-8 py-3 disabled:cursor-not-allowed disabled:opacity-50",
            data_testid="sign-waiver",
        ),
        class_name="flex flex-col gap-3 border-t border-slate-200 pt-5",
    )  # fmt: skip


def signed() -> rx.Component:
    return rx.el.div(
        rx.el.p(
            "Signed by ", rx.el.strong(W.signer_name), " (", W.method, ") on ", W.signed, ".",
            class_name="rounded-lg bg-green-50 p-3 text-green-900", data_testid="waiver-signed",
        ),
        rx.cond(W.drawing, drawn_signature(W.drawing.to(str))),
        rx.el.p("Document SHA-256: ", W.document_sha256, class_name="break-all text-xs text-slate-600"),
        class_name="flex flex-col gap-3",
    )  # fmt: skip


def waiver_body() -> rx.Component:
    return rx.el.div(
        rx.el.p(W.contractor, class_name="text-sm font-bold uppercase tracking-widest text-orange-700"),
        rx.el.h2(W.title, class_name="text-2xl font-extrabold text-slate-900"),
        rx.el.dl(
            rx.el.dt("Subcontractor", class_name="text-sm text-slate-600"), rx.el.dd(W.subcontractor, class_name="font-semibold"),
            rx.el.dt("Job", class_name="text-sm text-slate-600"), rx.el.dd(W.job, " · ", W.address),
            rx.el.dt("Paid", class_name="text-sm text-slate-600"),
            rx.el.dd(rx.el.strong(W.amount, data_testid="waiver-amount"), " on ", W.paid_on, " (", W.how, ")"),
            class_name="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1",
        ),
        rx.el.p(W.release, class_name="text-slate-800"),
        rx.el.p(W.not_waived, class_name="text-sm text-slate-700"),
        pdf_and_problem(State, W.link_url, "Download the PDF"),
        rx.cond(State.signed, signed(), sign_form()),
        class_name=f"{CARD} mx-auto flex max-w-3xl flex-col gap-5 px-4",
        data_testid="waiver-page",
    )  # fmt: skip


@page(routes.LIEN_WAIVER_LINK, on_load=(State.load,))
def lien_waiver_link() -> rx.Component:
    ended = ended_notice(
        "A lien waiver's link stops working 30 days after it was signed. We keep the signed "
        "waiver and are glad to send you a copy."
    )
    body = rx.cond(State.ended, ended, waiver_body())
    return answer_page(State, body, "This waiver link is not valid.", "Lien waiver")
