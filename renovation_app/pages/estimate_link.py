"""/estimate/<token>: the customer's estimate, found by its unguessable link (no sign-in):
choose the optional lines, then accept and sign, or decline; a signed contract can be cancelled
here until midnight of the third business day."""

import reflex as rx

from renovation_app import routes
from renovation_app.components import answer
from renovation_app.components.estimates import dates_and_terms, line_item, totals
from renovation_app.components.forms import action_button
from renovation_app.components.links import link
from renovation_app.components.styles import DANGER_BUTTON, TICK_BOX, TICK_BOX_BY_WORDS
from renovation_app.content import BUSINESS, TEXTS_CONSENT
from renovation_app.content.contract import ACCEPTANCE, REFUND_RULE
from renovation_app.content.languages import SIGNING_PAGE
from renovation_app.pages.registry import page
from renovation_app.state.estimates import EstimateLinkState

State = EstimateLinkState
E = State.estimate


def choice(line: rx.Var) -> rx.Component:
    return rx.cond(
        line.optional.to(bool) & (State.link_state == "open"),
        rx.el.input(
            type="checkbox",
            # Uncontrolled: the browser keeps the tick at once; the server's totals follow.
            default_checked=State.chosen.contains(line.id.to(int)),
            on_change=State.toggle_line(line.id.to(int)),
            aria_label="Include " + line.description.to(str),
            class_name=TICK_BOX,
            data_testid="optional-line",
        ),
    )


def certificate_field(field: rx.Var) -> rx.Component:
    return rx.el.div(
        rx.el.dt(field[0], class_name="font-semibold text-slate-600"),
        rx.el.dd(field[1], class_name="text-slate-900"),
        class_name="grid gap-x-3 sm:grid-cols-[10rem_1fr]",
    )


def above_english(translated: rx.Var) -> rx.Component:
    """Words in the language of the sale, above their English (nothing for an English sale)."""
    return rx.cond(
        translated, rx.el.p(translated, class_name="text-sm font-semibold text-slate-800")
    )


def certificate_box(certificate: rx.Var) -> rx.Component:
    """A certificate signed with the contract: its fields as filled from the estimate, what the
    owner certifies, its link (the blank form, the pamphlet) and the box to tick; the title,
    the statement and the box in the language of the sale too."""
    kind = certificate.kind.to(str)
    fields = certificate.fields.to(list[list[str]])
    return rx.el.section(
        rx.el.h4(certificate.title, class_name="font-bold text-slate-900"),
        above_english(certificate.translated_title),
        rx.el.dl(rx.foreach(fields, certificate_field), class_name="flex flex-col gap-1 text-sm"),
        above_english(certificate.translated_statement),
        rx.el.p(certificate.statement, class_name="text-sm text-slate-700"),
        link(
            certificate.link_words,
            href=certificate.link,
            target="_blank",
            rel="noopener",
            class_name="self-start text-sm font-semibold text-orange-800 underline",
        ),
        rx.el.label(
            rx.el.input(
                type="checkbox",
                id="certify-" + kind,
                checked=State.certified.contains(kind),
                on_change=lambda ticked: State.tick_certificate(kind, ticked),
                class_name=TICK_BOX_BY_WORDS,
                data_testid="certify-" + kind,
            ),
            rx.el.span(
                rx.cond(certificate.translated_tick, rx.el.span(certificate.translated_tick)),
                rx.el.span(certificate.tick),
                class_name="flex flex-col",
            ),
            class_name="flex items-center gap-3 font-semibold",
        ),
        class_name="flex flex-col gap-2 rounded-lg border border-slate-300 p-4",
        data_testid="certificate",
    )


def notice_section(section: rx.Var) -> rx.Component:
    return rx.el.div(
        rx.el.h4(section.heading, class_name="font-bold text-slate-900"),
        rx.foreach(
            section.paragraphs.to(list[str]),
            lambda text: rx.el.p(text, class_name=rx.cond(section.bold, "font-semibold", "")),
        ),
        class_name="flex flex-col gap-1",
    )


def notice_in(notice: rx.Var) -> rx.Component:
    return rx.el.section(
        rx.el.h3(
            notice.language,
            class_name="text-xs font-bold uppercase tracking-widest text-orange-800",
        ),
        rx.foreach(notice.sections.to(list[dict]), notice_section),
        class_name="flex flex-col gap-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-800",
        data_testid="cancellation-notice",
    )


def notices() -> rx.Component:
    """A sale made in Spanish, Russian or Chinese: the right to cancel in that language, then
    in English while the translation waits for the business's lawyer."""
    return rx.cond(
        E.notices.to(list).length() > 0,
        rx.el.div(
            rx.foreach(E.notices.to(list[dict]), notice_in), class_name="flex flex-col gap-3"
        ),
    )


def in_language_of_sale(key: str) -> rx.Component:
    """The signing page's words in the language of the sale, above the English."""
    signing = E.signing.to(dict)
    return rx.cond(
        E.signing, rx.el.p(signing[key], class_name="text-sm font-semibold text-slate-800")
    )


def texts_tick() -> rx.Component:
    """A yes to texts about the job at the estimate's phone (optional; recorded on signing)."""
    return rx.el.label(
        rx.el.input(
            type="checkbox",
            on_change=State.set_texts_ok,
            class_name="mt-1 h-5 w-5 shrink-0 accent-orange-700",
            data_testid="estimate-texts",
        ),
        rx.el.span(TEXTS_CONSENT, " (", E.customer_phone, ")"),
        class_name="flex items-start gap-3 text-sm text-slate-700",
    )


def sign_form() -> rx.Component:
    agree = rx.el.span(
        rx.cond(E.signing, rx.el.span(E.signing.to(dict)["agree"], class_name="font-semibold")),
        rx.el.span(SIGNING_PAGE["agree"]),
        class_name="flex flex-col",
    )
    return answer.sign_form(
        State,
        "Accept and sign",
        in_language_of_sale("acceptance"),
        rx.el.p(ACCEPTANCE, class_name="text-sm text-slate-700"),
        rx.foreach(E.to_sign.to(list[dict]), certificate_box),
        rx.cond(E.customer_phone, texts_tick()),
        agree=answer.agree_box(State, agree, box_class=TICK_BOX),
        button=("Accept and sign", "accept"),
        disabled=~State.can_sign | ~State.all_certified,
        drawn=False,
        decline=("Decline this estimate", "decline-estimate"),
    )


def signed() -> rx.Component:
    return rx.el.div(
        answer.signed_notice(
            "Accepted and signed by ",
            rx.el.strong(E.signer_name),
            " on ",
            E.accepted,
            ".",
            test_id="signed",
        ),
        rx.cond(
            E.can_cancel,
            rx.el.div(
                in_language_of_sale("cancel_until"),
                in_language_of_sale("paid_back"),
                rx.el.p(
                    rx.el.strong("You may cancel this contract until ", E.cancel_until, "."),
                    " " + REFUND_RULE,
                ),
                action_button(
                    "Cancel this contract",
                    State.cancel_contract,
                    DANGER_BUTTON,
                    "cancel-contract",
                    disabled=State.working,
                ),
                class_name="flex flex-col gap-2",
            ),
        ),
        class_name="flex flex-col gap-3",
    )


def answer_part() -> rx.Component:
    return answer.answer_by_state(
        State,
        {"open": sign_form(), "accepted": signed(), "invoiced": signed()},
        {
            "declined": ("You declined this estimate", "Thank you for letting us know."),
            "expired": ("This estimate has expired", "We are glad to prepare a new one."),
            "withdrawn": (
                "This estimate was replaced",
                "A newer version was sent to you by e-mail.",
            ),
            "cancelled": ("This contract is cancelled", REFUND_RULE),
        },
        "estimate-closed",
    )


def estimate_body() -> rx.Component:
    optional = rx.el.p(
        "Tick the optional lines you want; the total follows.",
        class_name="text-sm text-slate-600",
    )
    return answer.document_card(
        *answer.document_heading(BUSINESS.name, "Estimate ", E.label),
        answer.for_whom(E.customer_name, E.customer_address),
        rx.cond(E.has_optional.to(bool) & (State.link_state == "open"), optional),
        rx.el.ul(rx.foreach(E.lines.to(list[dict]), lambda line: line_item(line, choice(line)))),
        totals(E),
        dates_and_terms(E),
        rx.cond(E.note, rx.el.p(E.note, class_name="whitespace-pre-line text-slate-700")),
        answer.pdf_and_problem(State, E.link_url, "Download the PDF with every term and notice"),
        notices(),
        answer_part(),
        test_id="estimate-link-page",
    )


@page(routes.ESTIMATE_LINK, on_load=(State.load,))
def estimate_link() -> rx.Component:
    body = estimate_body()
    return answer.answer_page(State, body, "This estimate link is not valid.", "Your estimate")
