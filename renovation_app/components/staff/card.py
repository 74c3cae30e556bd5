"""A staff page's card: a white box with its title, and the small pieces cards repeat (the
intro under a title, a part under its own title, the red button that removes, the small form
opened under a row, the Cancel beside a form's button, the delete that asks once more)."""

import reflex as rx

from renovation_app.components.forms import action_button
from renovation_app.components.styles import CARD_TITLE, SECONDARY_BUTTON, STAFF_CARD

# Words that take something away (a row, a link, a photo from the website), red and underlined.
REMOVE = "text-sm font-semibold text-red-700 underline"


def staff_card(
    title, *children: rx.Component, heading=rx.el.h3, class_name: str = STAFF_CARD, **props
) -> rx.Component:
    """A section of a staff page under its title (`heading` the title's level: a record page's
    cards are h3 under the page's h2, the photos page's own cards h2)."""
    return rx.el.section(
        heading(title, class_name=CARD_TITLE), *children, class_name=class_name, **props
    )


def card_intro(*words, space: str = "mt-1") -> rx.Component:
    """What a card is for, in small grey words under its title (`space` above them: a form
    card's legend wants more)."""
    return rx.el.p(*words, class_name=f"{space} text-sm text-slate-600")


def titled_section(title, *children: rx.Component, **props) -> rx.Component:
    """A part of a staff screen or card under its own smaller title (h3)."""
    return rx.el.section(rx.el.h3(title, class_name="text-lg font-bold"), *children, **props)


def form_card(
    title, *children: rx.Component, class_name: str = STAFF_CARD, **props
) -> rx.Component:
    """A card of a staff form: its fields in a fieldset, the card's title its legend (a screen
    reader names each field with it)."""
    return rx.el.fieldset(
        rx.el.legend(title, class_name=CARD_TITLE), *children, class_name=class_name, **props
    )


def remove_button(words, on_click, test_id: str = "", place: str = "", **props) -> rx.Component:
    """An action that takes something away, in red underlined words; `place` adds the classes
    that place it in its row."""
    return action_button(words, on_click, f"{REMOVE} {place}".strip(), test_id, **props)


def with_cancel(action: rx.Component, on_cancel, gap: str = "gap-2") -> rx.Component:
    """A small form's action with "Cancel" beside it, which closes the form unsaved."""
    return rx.el.div(
        action,
        action_button("Cancel", on_cancel, SECONDARY_BUTTON),
        class_name=f"flex flex-wrap {gap}",
    )


def row_form(
    *fields: rx.Component, action: rx.Component, on_cancel, gap: str = "gap-2"
) -> rx.Component:
    """A small form opened under a row of a card (a deposit, a signature on paper, a payment):
    its fields, then its action with Cancel, on grey."""
    return rx.el.div(
        *fields,
        with_cancel(action, on_cancel),
        class_name=f"mt-2 flex flex-col {gap} rounded-lg bg-slate-50 p-3",
    )


def confirmed_delete(
    asking: rx.Var, question: str, on_yes, on_keep, on_ask, yes_test_id: str = ""
) -> rx.Component:
    """Delete asks once more (while `asking`): a slip of the thumb deletes nothing."""
    return rx.cond(
        asking,
        rx.el.span(
            question,
            action_button(
                "Yes, delete", on_yes, "font-semibold text-red-700 underline", yes_test_id
            ),
            " ",
            action_button("Keep it", on_keep, "font-semibold underline"),
            class_name="text-sm",
            role="alert",
        ),
        remove_button("Delete", on_ask),
    )
