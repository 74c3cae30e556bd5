"""/jobs/<number>/trust-books: the job's trust fund books (Lien Law §75) for a period: the
figures (opening balance, received, paid, the balance held in trust or what the business
advanced, receivable, payable), then the four books, each a table whose rows are stacked as
cards on a phone; the same books as PDF and CSV."""

from collections.abc import Callable

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import input_field
from renovation_app.components.links import link
from renovation_app.components.staff import NO_JOB, figure, record_cards, record_page, staff_card
from renovation_app.components.staff.table import labelled_cell, stacked_table
from renovation_app.components.styles import (
    CARD_TITLE,
    INPUT,
    SECONDARY_BUTTON,
    STAFF_CARD,
)
from renovation_app.components.ui import problem_text
from renovation_app.pages.registry import page
from renovation_app.state.jobs import TrustBooksState

State = TrustBooksState
B = State.books
CELL = "py-2 pr-4 align-top"
AMOUNT = "py-2 pr-1 text-right align-top tabular-nums font-semibold whitespace-nowrap"
ADVANCED = "rounded-lg bg-amber-50 p-2 text-amber-900 ring-1 ring-amber-300"


def _day_input(name: str, words: str, value: rx.Var, on_change) -> rx.Component:
    return input_field(
        words,
        f"trust-{name}",
        value,
        on_change,
        label_class="text-sm font-semibold",
        type="date",
        class_name=f"{INPUT} py-2",
        data_testid=f"trust-{name}",
    )


def heading() -> rx.Component:
    number = B.number.to(str)
    return rx.el.section(
        link(
            "← Job " + number,
            href=routes.job_path(number),
            class_name="text-sm font-semibold text-orange-800 underline",
        ),
        rx.el.h2("Trust fund books — Lien Law §75", class_name="text-2xl font-extrabold"),
        rx.el.p("Job ", number, " · ", B.title, class_name="font-semibold text-slate-900"),
        rx.el.p(B.owner, rx.el.br(), B.address, class_name="text-slate-700"),
        rx.el.div(
            _day_input("from", "From", State.start, State.set_start),
            _day_input("to", "To", State.end, State.set_end),
            # A Var href: link() makes a plain <a>, so the browser downloads the file.
            link(
                "PDF",
                href=State.pdf_href,
                download="trust-books.pdf",
                class_name=SECONDARY_BUTTON,
                data_testid="trust-pdf",
            ),
            link(
                "CSV",
                href=State.csv_href,
                download="trust-books.csv",
                class_name=SECONDARY_BUTTON,
                data_testid="trust-csv",
            ),
            class_name="mt-2 flex flex-wrap items-end gap-3",
        ),
        problem_text(State.period_error),
        rx.el.p(B.period, class_name="text-sm text-slate-600", data_testid="trust-period"),
        class_name=f"{STAFF_CARD} flex flex-col gap-2",
    )


def balance() -> rx.Component:
    """What the trust holds at the end of the period, or, when the job's costs paid passed the
    owner's money, what the business advanced of its own (allowed; shown in amber)."""
    return rx.cond(
        B.advanced_cents.to(int) > 0,
        rx.el.div(
            rx.el.dt("Advanced by the business", class_name="text-sm font-semibold"),
            rx.el.dd(
                B.advanced,
                class_name="text-xl font-extrabold tabular-nums",
                data_testid="trust-balance",
            ),
            class_name=f"flex flex-col {ADVANCED}",
            data_testid="trust-advanced",
        ),
        figure("Balance held in trust", B.closing, "trust-balance", strong=True),
    )


def figures() -> rx.Component:
    return staff_card(
        "The trust account of this job",
        rx.el.dl(
            figure("Opening balance", B.opening, "trust-opening"),
            figure("Received", B.received, "trust-received"),
            figure("Paid", B.paid, "trust-paid"),
            balance(),
            figure("Receivable", B.receivable, "trust-receivable"),
            figure("Payable", B.payable, "trust-payable"),
            class_name="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3",
        ),
        rx.el.p(
            "Received from the owner less paid for the job; receivable and payable are what is "
            "still to come in and go out at the end of the period.",
            class_name="mt-3 text-sm text-slate-600",
        ),
    )


def book(
    title: str, name: str, headings: list[str], cells: Callable[[rx.Var], list]
) -> rx.Component:
    """One book as a table, each row a card of its own on a phone (no amount off-screen); the
    last column is the amount, and the total (the book's figure) sits beside the title."""
    rows = B[name + "_rows"].to(list[dict])

    def row(line: rx.Var) -> rx.Component:
        values = cells(line)
        return rx.el.tr(
            *[
                labelled_cell(h, v, class_name=CELL)
                for h, v in zip(headings[:-1], values[:-1], strict=True)
            ],
            labelled_cell(headings[-1], values[-1], class_name=AMOUNT, data_testid="amount"),
            class_name="border-b border-slate-100",
            data_testid=f"trust-{name}-row",
        )

    return rx.el.section(
        rx.el.div(
            rx.el.h3(title, class_name=CARD_TITLE),
            rx.el.span(B[name], class_name="text-lg font-bold tabular-nums"),
            class_name="flex flex-wrap items-baseline justify-between gap-2",
        ),
        rx.cond(
            rows.length() > 0,
            rx.el.div(stacked_table(title, headings, rows, row), class_name="mt-2"),
            rx.el.p("None in this period.", class_name="mt-2 text-slate-600"),
        ),
        class_name=STAFF_CARD,
        data_testid=f"trust-{name}-book",
    )


def books() -> list[rx.Component]:
    return [
        book(
            "Funds received",
            "received",
            ["Date", "Invoice", "What", "How", "Reference", "Amount"],
            lambda r: [r.day, r.invoice_number, r.what, r.method, r.reference, r.amount],
        ),
        book(
            "Payments made",
            "paid",
            ["Date", "To whom", "What", "Category", "How paid", "Amount"],
            lambda r: [r.day, r.payee, r.description, r.category, r.how, r.amount],
        ),
        book(
            "Money receivable",
            "receivable",
            ["Invoice", "Issued", "Due", "Total", "Received", "Receivable"],
            lambda r: [r.invoice_number, r.issued, r.due, r.total, r.received, r.receivable],
        ),
        book(
            "Money payable",
            "payable",
            ["Incurred", "To whom", "What", "Category", "Due", "Amount"],
            lambda r: [r.incurred, r.payee, r.description, r.category, r.due, r.amount],
        ),
    ]


@page(routes.TRUST_BOOKS, on_load=(State.load,))
def trust_books_page() -> rx.Component:
    cards = record_cards(
        heading(),
        figures(),
        *books(),
        test_id="trust-books-page",
    )
    return record_page(State, "Trust books", NO_JOB, cards)
