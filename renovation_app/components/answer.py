"""The kit of the pages a person answers through a link (an estimate, a change order, a lien
waiver; the visit and pay pages take some of it): the page and the document's card, its
heading, the PDF and a problem with the answer, the form that signs (the typed name, a drawing,
the ticked box, the button) and the decline, what a signed document shows, and the notices of
a link that takes no answer any more or has ended. A page declares only what differs."""

import reflex as rx

from renovation_app.components.forms import action_button
from renovation_app.components.links import link
from renovation_app.components.page_frame import site_page
from renovation_app.components.react.signature_pad import signature_pad
from renovation_app.components.record import record_view
from renovation_app.components.styles import (
    BUTTON,
    CARD,
    DANGER_BUTTON,
    INPUT,
    SECONDARY_BUTTON,
    TICK_BOX_BY_WORDS,
)
from renovation_app.components.ui import problem_text, section
from renovation_app.content import BUSINESS
from renovation_app.content.contact_links import TEL_HREF, mailto_href

TITLE = "text-2xl font-extrabold text-slate-900"


def answer_page(
    state: type[rx.State],
    body: rx.Component,
    invalid: str,
    title: str,
    ended: tuple[rx.Var, str] | None = None,
) -> rx.Component:
    """The page of a link (a RecordPage state): the document's body once it is the link's in
    the address, or words for a link that opens nothing (the server answers such a link with
    the 404 page before this draws). `ended`: while the var holds, the page of a link past its
    end with those words instead of the body."""
    if ended is not None:
        body = rx.cond(ended[0], ended_notice(ended[1]), body)
    return site_page(
        section(record_view(state, body, invalid), class_name="bg-slate-50"),
        title=title,
    )


def document_card(*children: rx.Component, test_id: str, phone: bool = False) -> rx.Component:
    """The card the document sits in; `phone`: a page made to be read on one keeps its edge."""
    edge = " px-4" if phone else ""
    return rx.el.div(
        *children,
        class_name=f"{CARD} mx-auto flex max-w-3xl flex-col gap-5{edge}",
        data_testid=test_id,
    )


def document_heading(maker: rx.Var | str, *title) -> tuple[rx.Component, rx.Component]:
    """Who wrote the document, small above its title."""
    return (
        rx.el.p(maker, class_name="text-sm font-bold uppercase tracking-widest text-orange-700"),
        rx.el.h2(*title, class_name=TITLE),
    )


def for_whom(name: rx.Var, address: rx.Var | None = None) -> rx.Component:
    """ "For Maria Lopez · 12 Elm St", the address only when there is one."""
    where = () if address is None else (rx.cond(address, " · " + address.to(str), ""),)
    return rx.el.p("For ", rx.el.strong(name), *where, class_name="text-slate-700")


def pdf_and_problem(state, link_url: rx.Var, words: str) -> rx.Component:
    """The download of the document behind the link, then what went wrong with an answer."""
    return rx.fragment(
        link(
            words,
            href=link_url.to(str) + "/pdf",
            class_name="font-semibold text-orange-800 underline",
        ),
        problem_text(state.problem),
    )


def agree_box(state, *words, box_class: str = TICK_BOX_BY_WORDS) -> rx.Component:
    """The box that agrees to what is signed, with its words."""
    return rx.el.label(
        rx.el.input(type="checkbox", id="agree", on_change=state.set_agreed, class_name=box_class),
        *words,
        class_name="flex items-center gap-3",
    )


def _drawing(state) -> tuple[rx.Component, rx.Component]:
    """A signature drawn with a finger beside the typed name (state.set_drawing keeps it)."""
    return (
        rx.el.p(
            "Draw your signature with your finger (optional)",
            id="signature-label",
            class_name="font-semibold",
        ),
        signature_pad(state.set_drawing, "signature-label", class_name="w-full max-w-md"),
    )


def sign_form(
    state,
    heading: str,
    *intro: rx.Component,
    agree: rx.Component,
    button: tuple[str, str],
    disabled: rx.Var | None = None,
    drawn: bool = True,
    decline: tuple[str, str] | None = None,
) -> rx.Component:
    """The signature, the last step: `intro` under the heading, the full name, a drawing when
    `drawn`, the `agree` box, the button (its words and test id; `state.sign` signs), and the
    decline (its final button's words and test id) when the link takes one."""
    words, test_id = button
    return rx.el.div(
        rx.el.h3(heading, class_name="text-xl font-bold"),
        *intro,
        rx.el.label("Your full name", html_for="signer-name", class_name="font-semibold"),
        rx.el.input(
            id="signer-name",
            on_change=state.set_signer_name,
            auto_complete="name",
            class_name=INPUT,
        ),
        *(_drawing(state) if drawn else ()),
        agree,
        action_button(
            rx.cond(state.working, "Signing...", words),
            state.sign,
            f"{BUTTON} self-start px-8 py-3 disabled:cursor-not-allowed disabled:opacity-50",
            test_id,
            disabled=~state.can_sign if disabled is None else disabled,
        ),
        *(() if decline is None else (decline_form(state, *decline),)),
        class_name="flex flex-col gap-3 border-t border-slate-200 pt-5",
    )


def decline_form(state, confirm: str, test_id: str) -> rx.Component:
    """`state` has `declining`, `show_decline`, `set_decline_reason`, `decline` and `working`."""
    return rx.cond(
        state.declining,
        rx.el.div(
            rx.el.label("Why (optional)", html_for="decline-reason", class_name="font-semibold"),
            rx.el.textarea(
                id="decline-reason", on_change=state.set_decline_reason, rows=2, class_name=INPUT
            ),
            action_button(confirm, state.decline, DANGER_BUTTON, test_id, disabled=state.working),
            class_name="flex flex-col gap-2",
        ),
        action_button("Decline", state.show_decline, f"{SECONDARY_BUTTON} self-start"),
    )


def signed_notice(*words, test_id: str) -> rx.Component:
    return rx.el.p(
        *words, class_name="rounded-lg bg-green-50 p-3 text-green-900", data_testid=test_id
    )


def drawn_signature(path: rx.Var) -> rx.Component:
    return rx.el.svg(
        rx.el.path(
            d=path, fill="none", stroke="currentColor", stroke_width="2", stroke_linecap="round"
        ),
        view_box="0 0 300 100",
        role="img",
        aria_label="The drawn signature",
        class_name="h-20 w-60 rounded border border-slate-200 bg-white text-slate-900",
    )


def signature_record(view: rx.Var, test_id: str) -> rx.Component:
    """A signed document's signature (services/signatures): who, how and when, the drawing,
    and the hash of exactly what was signed."""
    return rx.el.div(
        signed_notice(
            "Signed by ",
            rx.el.strong(view.signer_name),
            " (",
            view.method,
            ") on ",
            view.signed,
            ".",
            test_id=test_id,
        ),
        rx.cond(view.drawing, drawn_signature(view.drawing.to(str))),
        rx.el.p(
            "Document SHA-256: ",
            view.document_sha256,
            class_name="break-all text-xs text-slate-600",
        ),
        class_name="flex flex-col gap-3",
    )


def answer_by_state(
    state, answers: dict[str, rx.Component], closed: dict[str, tuple[str, str]], test_id: str
) -> rx.Component:
    """What the link offers in each of its states (`state.link_state`): `answers` (the form
    while open, the signature once signed), else the notice (title, words) of a closed one."""
    notices = {key: closed_notice(*words, test_id) for key, words in closed.items()}
    return rx.match(state.link_state, *{**answers, **notices}.items(), rx.fragment())


def closed_notice(title: str, words: str, test_id: str) -> rx.Component:
    return rx.el.div(
        rx.el.h3(title, class_name="text-xl font-bold"),
        rx.el.p(words, " Call us at ", BUSINESS.phone_display, "."),
        class_name="rounded-lg bg-slate-100 p-4",
        data_testid=test_id,
    )


def contact_card(title: str, words: str, ask: str, test_id: str) -> rx.Component:
    """A link that shows nothing more of its record: what happened and how to reach the office
    (`ask` leads to the phone number)."""
    return rx.el.div(
        rx.el.h2(title, class_name=TITLE),
        rx.el.p(words, class_name="text-slate-700"),
        rx.el.p(
            ask,
            link(BUSINESS.phone_display, href=TEL_HREF, class_name="font-semibold underline"),
            " or write to ",
            link(BUSINESS.email, href=mailto_href(BUSINESS.email), class_name="underline"),
            ".",
            class_name="text-slate-700",
        ),
        class_name=f"{CARD} mx-auto flex max-w-3xl flex-col gap-4",
        data_testid=test_id,
    )


def ended_notice(words: str) -> rx.Component:
    """A link past its end (services/links/lifetimes): nothing of its record. The server writes
    the same card into the project page's frame (templates/page_link_ended.html)."""
    ask = "For anything about it, please call us at "
    return contact_card("This link has ended", words, ask, "link-ended")
