"""/audit (admins): every staff action, newest first, filtered by person, record and dates;
the same rows as CSV."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import address_form
from renovation_app.components.links import link
from renovation_app.components.staff import pager, staff_page
from renovation_app.components.staff.table import wide_table
from renovation_app.components.styles import BUTTON, INPUT, SECONDARY_BUTTON, STAFF_CARD
from renovation_app.components.ui import labelled
from renovation_app.pages.registry import page
from renovation_app.state.staff.audit import AuditState as State


def _filter(label: str, name: str, value: rx.Var, **props) -> rx.Component:
    return labelled(
        label,
        rx.el.input(
            id=f"audit-{name}",
            name=name,
            default_value=value,
            class_name=f"{INPUT} py-2",
            **props,
        ),
    )


def filters() -> rx.Component:
    # A plain GET form: the filters live in the address, so a link reproduces the view.
    return address_form(
        _filter("Person", "person", State.person, placeholder="Name or e-mail"),
        _filter("Record", "record", State.record, placeholder="e.g. invoice 2026-0004"),
        _filter("From", "since", State.since, type="date"),
        _filter("To", "until", State.until, type="date"),
        rx.el.button("Filter", type="submit", class_name=f"{BUTTON} self-end"),
        page=routes.AUDIT,
        on_submit=State.search,
        class_name="grid gap-3 sm:grid-cols-2 lg:grid-cols-5",
        key=State.person + State.record + State.since + State.until,
    )


def audit_row(row: rx.Var) -> rx.Component:
    return rx.el.tr(
        rx.el.td(row.at, class_name="whitespace-nowrap"),
        rx.el.td(row.person),
        rx.el.td(rx.el.code(row.action)),
        rx.el.td(row.record),
        rx.el.td(
            row.detail,
            rx.cond(row.change, rx.el.p(row.change, class_name="font-mono text-xs text-slate-600")),
        ),
        class_name="border-b border-slate-100 align-top [&>td]:py-1.5 [&>td]:pr-3",
        data_testid="audit-row",
    )


def audit_screen() -> rx.Component:
    return rx.el.div(
        rx.el.div(
            rx.el.h2("Audit log", class_name="text-2xl font-extrabold text-slate-900"),
            # A download: the browser fetches it with the session cookie.
            link("Download CSV", href=State.csv_link, class_name=SECONDARY_BUTTON, download=True),
            class_name="flex flex-wrap items-center justify-between gap-3",
        ),
        filters(),
        wide_table(
            "Audit log entries",
            ["Time (UTC)", "Person", "Action", "Record", "Detail"],
            State.rows,
            audit_row,
            "min-w-[48rem]",
        ),
        rx.cond(State.rows.length() == 0, rx.el.p("Nothing matches.", class_name="text-slate-600")),
        pager(State, "entries"),
        class_name=f"{STAFF_CARD} mx-auto flex max-w-6xl flex-col gap-6",
    )


@page(routes.AUDIT, on_load=(State.load,))
def audit_log() -> rx.Component:
    return staff_page(
        rx.cond(
            State.is_admin,
            audit_screen(),
            rx.el.p("Only admins read the audit log.", class_name=STAFF_CARD),
        ),
        title="Audit log",
    )
