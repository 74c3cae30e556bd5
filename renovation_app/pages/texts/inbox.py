"""/texts: the texts from customers nobody has read yet (opening the customer's page reads
them), and the texts from numbers that are no customer's, which the office attaches by hand.
Bodies are shown as text, never as HTML."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import action_button
from renovation_app.components.links import link
from renovation_app.components.staff import staff_screen, titled_section
from renovation_app.components.styles import INPUT, SECONDARY_BUTTON, STAFF_CARD
from renovation_app.components.ui import attention_note, problem_text
from renovation_app.pages.registry import page
from renovation_app.state.texts import TextsInboxState

State = TextsInboxState
BOX = State.inbox


def text_body(text: rx.Var) -> rx.Component:
    return rx.el.p(text.body, class_name="whitespace-pre-line break-words text-slate-900")


def unread_text(text: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.p(
            link(text.customer, href=text.customer_link, class_name="font-semibold underline"),
            " · ",
            text.number,
            " · ",
            text.when,
            class_name="text-sm text-slate-700",
        ),
        text_body(text),
        class_name="rounded-lg bg-slate-100 p-3",
        data_testid="inbox-unread",
    )


def unknown_text(text: rx.Var) -> rx.Component:
    field_id = "attach-" + text.id.to(str)
    return rx.el.li(
        rx.el.p(text.number, " · ", text.when, class_name="text-sm text-slate-700"),
        text_body(text),
        rx.cond(
            text.enquiry_id > 0,
            rx.el.div(
                rx.el.p("This number wrote an enquiry as ", rx.el.strong(text.enquiry_name), "."),
                rx.el.button(
                    "Make ",
                    text.enquiry_name,
                    " a customer, with this text",
                    type="button",
                    on_click=State.attach_to_enquirer(text.id, text.enquiry_id),
                    class_name=SECONDARY_BUTTON,
                    data_testid="inbox-make-customer",
                ),
                class_name="flex flex-wrap items-center gap-2 text-sm",
            ),
        ),
        rx.el.div(
            rx.el.label(
                rx.cond(text.enquiry_id > 0, "Or the number", "The number"),
                " of the customer who sent it",
                html_for=field_id,
                class_name="text-sm font-semibold",
            ),
            rx.el.input(
                id=field_id,
                input_mode="numeric",
                on_change=lambda value: State.set_attach_to(text.id, value),
                class_name=f"{INPUT} max-w-32 py-2",
            ),
            action_button("Put on their page", State.attach(text.id), SECONDARY_BUTTON),
            class_name="flex flex-wrap items-center gap-2",
        ),
        class_name="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3",
        data_testid="inbox-unknown",
    )


def texts_list(title: str, texts: rx.Var, row, empty: str) -> rx.Component:
    return titled_section(
        title,
        rx.cond(
            texts,
            rx.el.ul(rx.foreach(texts, row), class_name="flex flex-col gap-2"),
            rx.el.p(empty, class_name="text-slate-700"),
        ),
        class_name="flex flex-col gap-2",
    )


@page(routes.TEXTS, on_load=(State.load,))
def texts_inbox() -> rx.Component:
    return staff_screen(
        "Texts",
        problem_text(State.error),
        attention_note(BOX.off_reason, "texts-off"),
        texts_list(
            "Not read yet",
            BOX.unread,
            unread_text,
            "Every text from a customer has been read.",
        ),
        texts_list(
            "From numbers that are no customer's",
            BOX.unknown,
            unknown_text,
            "None.",
        ),
        rx.el.p(
            "A text is read once its customer's page is opened; answer it there.",
            class_name="text-sm text-slate-700",
        ),
        class_name=f"{STAFF_CARD} mx-auto flex max-w-3xl flex-col gap-5",
        test_id="texts-inbox",
    )
