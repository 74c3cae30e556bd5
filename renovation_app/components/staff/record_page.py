"""A staff page of one record (a job and its costs, photos and books, a customer, an estimate,
an invoice, a subcontractor): the record once it is the address's (components/record.py), in
the staff frame; a page of cards stacks them in one column; the title and the history such a
page shows."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.links import link
from renovation_app.components.record import record_view
from renovation_app.components.staff.frame import staff_page
from renovation_app.components.styles import PILL

NO_JOB = ("There is no such job.", ("All jobs", routes.JOBS.path))


def record_page(
    state: type[rx.State],
    title: str,
    missing: tuple[str, tuple[str, str]],
    body: rx.Component,
    **page,
) -> rx.Component:
    """`missing`: the words for an address that names no record, and the way back (its label
    and path)."""
    words, back = missing
    return staff_page(record_view(state, body, words, back=back), title=title, **page)


def record_cards(*cards: rx.Component, test_id: str) -> rx.Component:
    return rx.el.div(
        *cards, class_name="mx-auto flex max-w-5xl flex-col gap-5", data_testid=test_id
    )


def record_title(*title, status: rx.Var, status_test_id: str) -> rx.Component:
    """A record page's title ("Job J-2025-0001") with its status in a pill beside it."""
    return rx.el.div(
        rx.el.h2(*title, class_name="text-2xl font-extrabold"),
        rx.el.span(status, class_name=PILL, data_testid=status_test_id),
        class_name="flex flex-wrap items-center gap-3",
    )


def history_details(events: rx.Var, event_row, **props) -> rx.Component:
    """A record's history, folded under "History": one line per event, drawn by `event_row`."""
    return rx.el.details(
        rx.el.summary("History", class_name="cursor-pointer font-semibold"),
        rx.el.ul(
            rx.foreach(events.to(list[dict]), event_row),
            class_name="mt-2 flex flex-col gap-1",
        ),
        **props,
    )


def record_links(*links: tuple[str, str | rx.Var], class_name: str) -> rx.Component:
    """Links from a record to its other pages (words and address), on one line."""
    parts = []
    for words, href in links:
        parts += [" · ", link(words, href=href, class_name="font-semibold underline")]
    return rx.el.p(*parts[1:], class_name=class_name)
