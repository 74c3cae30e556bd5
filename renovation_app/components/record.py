"""The body of a page of one record (state/record.py): the record once it is the one in the
address; until then "Loading…"; words and a way on when there is no such record, when loading
it failed, or when an action was refused because the page held another record."""

import reflex as rx

from renovation_app.components.links import link
from renovation_app.components.styles import BUTTON, SECONDARY_BUTTON
from renovation_app.state.record import RecordStatus

FAILED_WORDS = (
    "This page could not be loaded. Nothing was changed. Try again; if it fails again, "
    "the office has the details in the server log."
)
STALE_WORDS = (
    "This page was showing another record than the one in its address, so nothing was done. "
    "Load it again to see the record in the address."
)
NOTE = "mx-auto max-w-4xl text-slate-700"


def _problem(words: str, back: tuple[str, str] | None, test_id: str) -> rx.Component:
    """Words in an alert, a plain link that loads the address again, and the way back."""
    return rx.el.div(
        rx.el.p(words, role="alert", class_name="font-semibold text-slate-900"),
        rx.el.div(
            link("Try again", href=rx.State.router.url.path, class_name=BUTTON),
            *([link(back[0], href=back[1], class_name=SECONDARY_BUTTON)] if back else []),
            class_name="flex flex-wrap gap-2",
        ),
        class_name="mx-auto flex max-w-4xl flex-col gap-3 rounded-lg bg-amber-50 p-4",
        data_testid=test_id,
    )


def holds_address(state: type[rx.State]) -> rx.Var:
    """True while the state holds the record of the page's address."""
    return state.record_path == rx.State.router.url.path


def record_view(
    state: type[rx.State],
    body: rx.Component,
    missing: str,
    back: tuple[str, str] | None = None,
) -> rx.Component:
    """`body` only while the state holds the record of the address (never the one before);
    `missing` in words when the address names none; `back` is the way on (label, path)."""
    return rx.cond(
        state.record_status == RecordStatus.STALE.value,
        _problem(STALE_WORDS, back, "record-stale"),
        rx.cond(
            holds_address(state),
            rx.match(
                state.record_status,
                # `display: contents`: the wrapper names the record and leaves the layout be.
                (
                    RecordStatus.FOUND.value,
                    rx.el.div(body, class_name="contents", data_record_path=state.record_path),
                ),
                (RecordStatus.MISSING.value, rx.el.p(missing, class_name=NOTE)),
                (RecordStatus.FAILED.value, _problem(FAILED_WORDS, back, "record-failed")),
                rx.el.p("Loading…", class_name=NOTE, data_testid="record-loading"),
            ),
            rx.el.p("Loading…", class_name=NOTE, data_testid="record-loading"),
        ),
    )
