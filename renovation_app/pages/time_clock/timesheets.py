"""/timesheets?week=2026-11-23: the week's hours of everyone (admins) or one's own, each with
its regular and overtime hours and whether approved; the payroll CSV of the week."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.links import link
from renovation_app.components.staff import staff_screen
from renovation_app.components.staff.table import labelled_cell, stacked_table
from renovation_app.components.styles import SECONDARY_BUTTON, STAFF_CARD
from renovation_app.components.ui import problem_text
from renovation_app.pages.registry import page
from renovation_app.state.staff import StaffState
from renovation_app.state.time_clock import TimesheetsState

State = TimesheetsState
HEADINGS = ["Person", "Status", "Regular", "Overtime", "Total"]
CELL = "py-2 pr-3 align-top"
HOURS = "py-2 pr-1 text-right align-top tabular-nums"


def week_nav(previous: rx.Var, following: rx.Var, heading: rx.Var) -> rx.Component:
    """The week's heading between the weeks before and after it."""
    return rx.el.nav(
        link("← Week before", href=previous, class_name=SECONDARY_BUTTON),
        rx.el.p(heading, class_name="font-bold text-slate-900", data_testid="week-heading"),
        link("Week after →", href=following, class_name=SECONDARY_BUTTON),
        aria_label="Weeks",
        class_name="flex flex-wrap items-center gap-3",
    )


def person_row(row: rx.Var) -> rx.Component:
    return rx.el.tr(
        rx.el.th(
            link(row.person, href=row.path, class_name="font-semibold text-orange-800 underline"),
            scope="row",
            data_label="Person",
            class_name=CELL + " text-left",
        ),
        labelled_cell("Status", row.status, class_name=CELL),
        labelled_cell("Regular", row.regular, class_name=HOURS),
        labelled_cell("Overtime", row.overtime, class_name=HOURS),
        labelled_cell("Total", row.total, class_name=HOURS + " font-semibold"),
        class_name="border-b border-slate-100",
        data_testid="timesheet-person",
    )


@page(routes.TIMESHEETS, on_load=(State.load,))
def timesheets() -> rx.Component:
    return staff_screen(
        "Timesheets",
        week_nav(State.previous_week, State.next_week, State.heading),
        problem_text(State.error),
        rx.el.section(
            stacked_table("Hours of the week", HEADINGS, State.people, person_row, right=3),
            rx.el.p(
                "Weeks run Monday to Sunday, New York time. Overtime is the time beyond 40 "
                "hours in the week, paid at 1.5 times.",
                class_name="mt-3 text-sm text-slate-600",
            ),
            rx.cond(
                StaffState.is_admin,
                link(
                    "Payroll CSV of the week",
                    href=State.payroll_url,
                    class_name="mt-3 inline-block font-semibold text-orange-800 underline",
                    data_testid="payroll-csv",
                ),
            ),
            class_name=STAFF_CARD,
        ),
        class_name="mx-auto flex max-w-5xl flex-col gap-4",
        test_id="timesheets",
    )
