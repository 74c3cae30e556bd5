"""/visit/<token>: the visitor's own estimate visit, by the link in its confirmation e-mail:
when it is, another free window to move it to, or cancel it. Made for a phone."""

import reflex as rx

from renovation_app import routes
from renovation_app.components import answer
from renovation_app.components.forms import action_button
from renovation_app.components.styles import BUTTON, CARD, DANGER_BUTTON, SECONDARY_BUTTON
from renovation_app.components.ui import problem_text, status_text
from renovation_app.content import BUSINESS
from renovation_app.pages.registry import page
from renovation_app.state.schedule.visit import VisitLinkState

State = VisitLinkState
V = State.visit


def window_choice(window: rx.Var) -> rx.Component:
    key = window.key.to(str)
    return rx.el.label(
        rx.el.input(
            type="radio",
            name="new-window",
            value=key,
            checked=State.chosen == key,
            on_change=lambda _v: State.choose(key),
            class_name="h-4 w-4 accent-orange-700",
        ),
        window.day,
        ", ",
        window.hours,
        class_name="flex items-center gap-2 py-1 text-sm",
    )


def change_part() -> rx.Component:
    return rx.el.div(
        rx.el.details(
            rx.el.summary("Choose another time", class_name="cursor-pointer font-semibold"),
            rx.el.fieldset(
                rx.el.legend("Free windows (New York time)", class_name="sr-only"),
                rx.foreach(V.windows.to(list[dict]), window_choice),
                class_name="mt-2 max-h-80 overflow-y-auto",
            ),
            action_button(
                "Move the visit",
                State.move,
                f"{BUTTON} mt-3 disabled:opacity-60",
                "move-visit",
                disabled=(State.chosen == "") | State.working,
            ),
        ),
        rx.cond(
            State.cancelling,
            rx.el.div(
                rx.el.p("Cancel your visit?", class_name="font-semibold"),
                action_button("Yes, cancel it", State.cancel, DANGER_BUTTON, "cancel-visit"),
                class_name="flex flex-wrap items-center gap-3",
            ),
            action_button("Cancel the visit", State.ask_cancel, f"{SECONDARY_BUTTON} self-start"),
        ),
        class_name="flex flex-col gap-4 border-t border-slate-200 pt-4",
    )


def closed(title: str, words: str) -> rx.Component:
    return answer.closed_notice(title, words, "visit-closed")


def visit_body() -> rx.Component:
    return rx.el.div(
        *answer.document_heading(BUSINESS.name, "Your free estimate visit"),
        rx.el.p(rx.el.strong(V.day, ", ", V.hours, data_testid="visit-when"), " (New York time)"),
        status_text(State.note, "", "font-semibold text-green-800"),
        problem_text(State.problem),
        rx.match(
            V.status,
            ("scheduled", change_part()),
            ("cancelled", closed("This visit is cancelled", "We are glad to come another time.")),
            closed("This visit has taken place", "Thank you."),
        ),
        class_name=f"{CARD} mx-auto flex max-w-2xl flex-col gap-4 px-4",
        data_testid="visit-page",
    )


@page(routes.VISIT_LINK, on_load=(State.load,))
def visit_link() -> rx.Component:
    return answer.answer_page(
        State,
        visit_body(),
        "This visit link is not valid.",
        "Your estimate visit",
        ended=(V.status == "ended", "A visit's link stops working a few days after the visit."),
    )
