"""What every page a customer answers through a link (an estimate, a change order) draws the
same way: the page around the document, its PDF and a problem with the answer, the "Decline"
button that opens a reason and the final decline, the notice of a link that takes no answer
any more, and the page of a link past its end."""

import reflex as rx

from renovation_app.components.links import link
from renovation_app.components.page_frame import site_page
from renovation_app.components.record import record_view
from renovation_app.components.styles import CARD, DANGER_BUTTON, INPUT, SECONDARY_BUTTON
from renovation_app.components.ui import section
from renovation_app.content import BUSINESS
from renovation_app.content.contact_links import TEL_HREF, mailto_href


def decline_form(state, confirm: str, test_id: str) -> rx.Component:
    """`state` has `declining`, `show_decline`, `set_decline_reason`, `decline` and `working`."""
    return rx.cond(
        state.declining,
        rx.el.div(
            rx.el.label("Why (optional)", html_for="decline-reason", class_name="font-semibold"),
            rx.el.textarea(
                id="decline-reason", on_change=state.set_decline_reason, rows=2, class_name=INPUT
            ),
            rx.el.button(
                confirm,
                type="button",
                on_click=state.decline,
                disabled=state.working,
                class_name=DANGER_BUTTON,
                data_testid=test_id,
            ),
            class_name="flex flex-col gap-2",
        ),
        rx.el.button(
            "Decline",
            type="button",
            on_click=state.show_decline,
            class_name=f"{SECONDARY_BUTTON} self-start",
        ),
    )


def closed_notice(title: str, words: str, test_id: str) -> rx.Component:
    return rx.el.div(
        rx.el.h3(title, class_name="text-xl font-bold"),
        rx.el.p(words, " Call us at ", BUSINESS.phone_display, "."),
        class_name="rounded-lg bg-slate-100 p-4",
        data_testid=test_id,
    )


def ended_notice(words: str) -> rx.Component:
    """A link past its end (services/links/lifetimes): nothing of its record, what happened and
    how to reach the office."""
    return rx.el.div(
        rx.el.h2("This link has ended", class_name="text-2xl font-extrabold text-slate-900"),
        rx.el.p(words, class_name="text-slate-700"),
        rx.el.p(
            "For anything about it, please call us at ",
            link(BUSINESS.phone_display, href=TEL_HREF, class_name="font-semibold underline"),
            " or write to ",
            link(BUSINESS.email, href=mailto_href(BUSINESS.email), class_name="underline"),
            ".",
            class_name="text-slate-700",
        ),
        class_name=f"{CARD} mx-auto flex max-w-3xl flex-col gap-4",
        data_testid="link-ended",
    )


def pdf_and_problem(state, link_url: rx.Var, words: str) -> rx.Component:
    """The download of the document behind the link, then what went wrong with an answer."""
    return rx.fragment(
        link(
            words,
            href=link_url.to(str) + "/pdf",
            class_name="font-semibold text-orange-800 underline",
        ),
        rx.cond(
            state.problem,
            rx.el.p(state.problem, role="alert", class_name="font-semibold text-red-700"),
        ),
    )


def answer_page(
    state: type[rx.State], body: rx.Component, invalid: str, title: str
) -> rx.Component:
    """The page of a customer's link (a RecordPage state): the document's body once it is the
    link's in the address, or words for a link that opens nothing (the server answers such a
    link with the 404 page before this draws)."""
    return site_page(
        section(record_view(state, body, invalid), class_name="bg-slate-50"),
        title=title,
    )
