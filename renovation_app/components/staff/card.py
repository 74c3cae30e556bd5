"""A staff page's card: a white box with its title, and the small pieces cards repeat (the
Cancel beside a form's button, the delete that asks once more)."""

import reflex as rx

from renovation_app.components.styles import CARD_TITLE, SECONDARY_BUTTON, STAFF_CARD


def staff_card(
    title, *children: rx.Component, heading=rx.el.h3, class_name: str = STAFF_CARD, **props
) -> rx.Component:
    """A section of a staff page under its title (`heading` the title's level: a record page's
    cards are h3 under the page's h2, the photos page's own cards h2)."""
    return rx.el.section(
        heading(title, class_name=CARD_TITLE), *children, class_name=class_name, **props
    )


def form_card(
    title, *children: rx.Component, class_name: str = STAFF_CARD, **props
) -> rx.Component:
    """A card of a staff form: its fields in a fieldset, the card's title its legend (a screen
    reader names each field with it)."""
    return rx.el.fieldset(
        rx.el.legend(title, class_name=CARD_TITLE), *children, class_name=class_name, **props
    )


def with_cancel(action: rx.Component, on_cancel, gap: str = "gap-2") -> rx.Component:
    """A small form's action with "Cancel" beside it, which closes the form unsaved."""
    return rx.el.div(
        action,
        rx.el.button("Cancel", type="button", on_click=on_cancel, class_name=SECONDARY_BUTTON),
        class_name=f"flex flex-wrap {gap}",
    )


def confirmed_delete(
    asking: rx.Var, question: str, on_yes, on_keep, on_ask, yes_test_id: str = ""
) -> rx.Component:
    """Delete asks once more (while `asking`): a slip of the thumb deletes nothing."""
    return rx.cond(
        asking,
        rx.el.span(
            question,
            rx.el.button(
                "Yes, delete",
                type="button",
                on_click=on_yes,
                class_name="font-semibold text-red-700 underline",
                data_testid=yes_test_id or None,
            ),
            " ",
            rx.el.button(
                "Keep it", type="button", on_click=on_keep, class_name="font-semibold underline"
            ),
            class_name="text-sm",
            role="alert",
        ),
        rx.el.button(
            "Delete",
            type="button",
            on_click=on_ask,
            class_name="text-sm font-semibold text-red-700 underline",
        ),
    )
