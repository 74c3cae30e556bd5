"""/audit (admins): every staff action, newest first, filtered by person, record and dates;
the same rows as CSV."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.links import link
from renovation_app.components.staff import filter_input, list_page, search_form, table
from renovation_app.components.styles import SECONDARY_BUTTON
from renovation_app.pages.registry import page
from renovation_app.state.staff.audit import AuditState as State

HEADINGS = ["Time (UTC)", "Person", "Action", "Record", "Detail"]


def filters() -> rx.Component:
    return search_form(
        State,
        routes.AUDIT,
        filter_input(
            "Person", "audit-person", "person", State.person, placeholder="Name or e-mail"
        ),
        filter_input(
            "Record", "audit-record", "record", State.record, placeholder="e.g. invoice 2026-0004"
        ),
        filter_input("From", "audit-since", "since", State.since, type="date"),
        filter_input("To", "audit-until", "until", State.until, type="date"),
        button="Filter",
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


@page(routes.AUDIT, on_load=(State.load,))
def audit_log() -> rx.Component:
    # A download: the browser fetches it with the session cookie.
    csv = link("Download CSV", href=State.csv_link, class_name=SECONDARY_BUTTON, download=True)
    rows = table("Audit log entries", HEADINGS, "min-w-[48rem]")
    return list_page(
        State,
        "Audit log",
        audit_row,
        search=filters(),
        actions=(csv,),
        layout=rows,
        noun="entries",
        empty="Nothing matches.",
        width="max-w-6xl",
        admins_only="Only admins read the audit log.",
    )
