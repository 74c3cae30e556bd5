"""The texts card of /customers/<id>: the conversation (bodies as text, never HTML), delivery
beside each text we sent, the customer's numbers with their consent, and the reply box."""

import reflex as rx

from renovation_app.components.forms import action_button, post_form
from renovation_app.components.styles import BUTTON, FIELD_LABEL, INPUT, PILL, SECONDARY_BUTTON
from renovation_app.components.ui import alert_text, attention_note
from renovation_app.services.texts import TEXT_MAX
from renovation_app.state.customers import CustomerState
from renovation_app.state.texts import REPLY_FORM_ID

TALK = CustomerState.conversation


def text_line(line: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.p(
            rx.cond(line.incoming, "From ", "To "),
            line.number,
            " · ",
            line.when,
            " · ",
            rx.el.span(line.status, class_name=PILL, data_testid="text-status"),
            class_name="text-xs text-slate-600",
        ),
        rx.el.p(line.body, class_name="whitespace-pre-line break-words text-slate-900"),
        class_name=rx.cond(
            line.incoming,
            "mr-8 rounded-lg bg-slate-100 p-3",
            "ml-8 rounded-lg bg-orange-50 p-3",
        ),
        data_testid=rx.cond(line.incoming, "text-in", "text-out"),
    )


def number_row(number: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.span(number.phone, class_name="font-semibold"),
        rx.el.span(number.consent, class_name="text-sm text-slate-700"),
        rx.cond(
            number.may_text,
            action_button(
                "Customer said no",
                CustomerState.note_texts_word(number.phone, False),
                SECONDARY_BUTTON,
            ),
            action_button(
                "Customer said yes",
                CustomerState.note_texts_word(number.phone, True),
                SECONDARY_BUTTON,
            ),
        ),
        class_name="flex flex-wrap items-center gap-x-3 gap-y-1",
        data_testid="text-number",
    )


def reply_form() -> rx.Component:
    return post_form(
        rx.el.div(
            rx.el.label("To", html_for="text-phone", class_name=FIELD_LABEL),
            rx.el.select(
                rx.foreach(
                    TALK.numbers,
                    lambda n: rx.cond(n.may_text, rx.el.option(n.phone, value=n.phone)),
                ),
                id="text-phone",
                name="phone",
                class_name=f"{INPUT} py-2",
            ),
            class_name="flex flex-col gap-1",
        ),
        rx.el.div(
            rx.el.label("Text", html_for="text-body", class_name=FIELD_LABEL),
            rx.el.textarea(
                id="text-body", name="body", rows=3, max_length=TEXT_MAX, class_name=INPUT
            ),
            class_name="flex flex-col gap-1",
        ),
        alert_text(CustomerState.reply_error, "text-reply-error"),
        rx.el.button("Send the text", type="submit", class_name=f"{BUTTON} self-start"),
        id=REPLY_FORM_ID,
        on_submit=CustomerState.send_text,
        class_name="flex flex-col gap-3",
    )


def texts_card() -> rx.Component:
    return rx.el.section(
        rx.el.h3("Texts", id="texts-heading", class_name="text-lg font-bold"),
        attention_note(TALK.off_reason, "texts-off"),
        attention_note(TALK.problem, "text-problem"),
        rx.cond(
            TALK.numbers,
            rx.el.ul(rx.foreach(TALK.numbers, number_row), class_name="flex flex-col gap-2"),
            rx.el.p("No mobile number on file.", class_name="text-sm text-slate-700"),
        ),
        rx.cond(
            TALK.lines,
            rx.el.ol(
                rx.foreach(TALK.lines, text_line),
                class_name="flex flex-col gap-2",
                data_testid="text-conversation",
            ),
            rx.el.p("No texts yet.", class_name="text-sm text-slate-700"),
        ),
        rx.cond(
            ~TALK.off_reason.to(bool),
            rx.cond(
                TALK.may_text,
                reply_form(),
                rx.el.p(
                    "No number of this customer has agreed to texts: e-mails still go.",
                    class_name="text-sm text-slate-700",
                    data_testid="texts-not-agreed",
                ),
            ),
        ),
        aria_labelledby="texts-heading",
        class_name="flex flex-col gap-3",
        data_testid="customer-texts",
    )
