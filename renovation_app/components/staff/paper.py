"""The row's form for a paper signed by hand (state/paper.py): who signed, on which day, the
scan, and the button that records it, with Cancel."""

import reflex as rx

from renovation_app.components.forms import action_button
from renovation_app.components.staff.card import row_form
from renovation_app.components.staff.upload import scan_upload
from renovation_app.components.styles import BUTTON, FIELD_LABEL, INPUT


def paper_form(
    state,
    upload_id: str,
    scan: tuple[str, str],
    button: tuple[str, str],
    *heading: rx.Component,
) -> rx.Component:
    """`scan`: the upload's label and its button's words; `button`: the record button's words
    and test id; `heading`: what goes above the fields."""
    return row_form(
        *heading,
        rx.el.label("Signed by", html_for="paper-name", class_name=FIELD_LABEL),
        rx.el.input(
            id="paper-name",
            value=state.paper_name,
            on_change=state.set_paper_name,
            class_name=INPUT,
        ),
        rx.el.label("Signed on", html_for="paper-day", class_name=FIELD_LABEL),
        rx.el.input(
            id="paper-day",
            type="date",
            value=state.paper_day,
            on_change=state.set_paper_day,
            class_name=INPUT,
        ),
        scan_upload(upload_id, *scan),
        action=action_button(
            button[0],
            state.record_paper(rx.upload_files(upload_id=upload_id)),
            BUTTON,
            button[1],
            disabled=state.working,
        ),
        on_cancel=state.close_paper,
    )
