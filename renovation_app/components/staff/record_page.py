"""A staff page of one record (a job and its costs, photos and books, a customer, an estimate,
an invoice, a subcontractor): the record once it is the address's (components/record.py), in
the staff frame; a page of cards stacks them in one column."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.record import record_view
from renovation_app.components.staff.frame import staff_page

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
