"""/timesheets/<monday>/<person>: one person's week: each entry (day, job, in, out, breaks,
hours, overtime, what was sent late, corrected or left open; where the phone was, for admins),
each day's hours, the week's regular and overtime hours; an admin corrects an entry, adds time
the clock missed and approves the week."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import action_button, input_field, post_form
from renovation_app.components.links import link
from renovation_app.components.staff import record_cards, record_page
from renovation_app.components.staff.table import labelled_cell, stacked_table
from renovation_app.components.styles import (
    BUTTON,
    CARD_TITLE,
    SECONDARY_BUTTON,
    STAFF_CARD,
)
from renovation_app.components.ui import problem_text, status_text
from renovation_app.pages.registry import page
from renovation_app.pages.time_clock.timesheets import week_nav
from renovation_app.state.staff import StaffState
from renovation_app.state.time_clock import TimesheetState

State = TimesheetState
S = State.sheet
HEADINGS = ["Day", "Job", "In", "Out", "Break", "Hours", "Overtime"]
CELL = "py-2 pr-3 align-top"
HOURS = "py-2 pr-1 text-right align-top tabular-nums"
SMALL_LINK = "text-sm font-semibold text-orange-800 underline"


def map_link(words: str, href: rx.Var) -> rx.Component:
    """Where the phone was at a tap (admins only: the service leaves it empty for others)."""
    return rx.cond(
        href,
        rx.el.a(words, href=href, target="_blank", rel="noopener", class_name=SMALL_LINK),
    )


def entry_notes(row: rx.Var) -> rx.Component:
    return rx.el.div(
        rx.foreach(row.notes.to(list[str]), lambda n: rx.el.p(n, class_name="text-amber-900")),
        rx.el.div(
            map_link("Where clocked in", row.in_map),
            map_link("Where clocked out", row.out_map),
            rx.cond(
                StaffState.is_admin,
                action_button(
                    "Correct", State.edit(row.id), f"{SECONDARY_BUTTON} py-1", "entry-correct"
                ),
            ),
            class_name="flex flex-wrap items-center gap-3",
        ),
        class_name="flex w-full flex-col gap-1 text-left text-sm",
    )


def entry_row(row: rx.Var) -> rx.Component:
    return rx.fragment(
        rx.el.tr(
            rx.el.th(row.day, scope="row", data_label="Day", class_name=CELL + " text-left"),
            labelled_cell(
                "Job",
                link(row.job_number, href=row.job_path, class_name=SMALL_LINK),
                class_name=CELL,
            ),
            labelled_cell("In", row.started, class_name=CELL),
            labelled_cell("Out", row.ended, class_name=CELL),
            labelled_cell("Break", row.breaks, class_name=HOURS),
            labelled_cell("Hours", row.worked, class_name=HOURS + " font-semibold"),
            labelled_cell("Overtime", row.overtime, class_name=HOURS),
            class_name="border-t border-slate-200",
            data_testid="timesheet-entry",
        ),
        rx.el.tr(
            rx.el.td(entry_notes(row), col_span=7, class_name="pb-3"),
            class_name="border-0",
        ),
    )


def field(label: str, name: str, **props) -> rx.Component:
    return input_field(
        label,
        f"time-{name}",
        State.form[name].to(str),
        lambda v: State.set_field(name, v),
        data_testid=f"time-{name}",
        **props,
    )


def entry_form() -> rx.Component:
    return rx.cond(
        State.editing | State.adding,
        post_form(
            rx.el.h3(
                rx.cond(State.adding, "Add time the clock missed", "Correct the entry"),
                class_name=CARD_TITLE,
            ),
            rx.el.div(
                rx.cond(State.adding, field("Job number", "job", placeholder="J-2026-0001")),
                field("Start (New York time)", "started", type="datetime-local"),
                field("End (New York time)", "ended", type="datetime-local"),
                field("Breaks (minutes)", "break_minutes", input_mode="numeric"),
                class_name="grid gap-3 sm:grid-cols-2",
            ),
            field("Reason (kept with the entry and in the audit log)", "reason", max_length=300),
            rx.el.div(
                rx.el.button(
                    "Save",
                    type="submit",
                    disabled=State.working,
                    class_name=BUTTON,
                    data_testid="time-save",
                ),
                action_button("Cancel", State.stop_editing, SECONDARY_BUTTON),
                class_name="flex flex-wrap gap-2",
            ),
            on_submit=lambda _: State.save(),
            class_name=f"{STAFF_CARD} flex flex-col gap-3",
            data_testid="time-form",
        ),
    )


def totals() -> rx.Component:
    def figure(label: str, value: rx.Var, test_id: str) -> rx.Component:
        return rx.el.div(
            rx.el.dt(label, class_name="text-sm text-slate-600"),
            rx.el.dd(value, " h", class_name="text-xl font-bold tabular-nums", data_testid=test_id),
        )

    return rx.el.dl(
        figure("Regular", S["regular"].to(str), "week-regular"),
        figure("Overtime", S["overtime"].to(str), "week-overtime"),
        figure("Total", S["total"].to(str), "week-total"),
        class_name="flex flex-wrap gap-6",
    )


def week_card() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.h2(S["person"].to(str), class_name="text-2xl font-extrabold"),
            link(
                "All timesheets",
                href=routes.TIMESHEETS.path + "?week=" + S["monday"].to(str),
                class_name=SMALL_LINK,
            ),
            class_name="flex flex-wrap items-baseline justify-between gap-2",
        ),
        week_nav(S["previous_week"].to(str), S["next_week"].to(str), S["heading"].to(str)),
        totals(),
        rx.cond(
            S["exempt"].to(bool),
            rx.el.p("Exempt: no overtime is counted.", class_name="text-sm text-slate-600"),
        ),
        rx.el.p(
            S["status"].to(str),
            class_name="font-semibold text-slate-900",
            data_testid="week-status",
        ),
        problem_text(State.error, "timesheet-error"),
        status_text(State.note, "timesheet-note"),
        rx.cond(
            S["rows"].to(list).length() > 0,
            stacked_table(
                "Entries of the week", HEADINGS, S["rows"].to(list[dict]), entry_row, right=3
            ),
            rx.el.p("No time this week.", class_name="text-slate-600"),
        ),
        rx.cond(
            StaffState.is_admin,
            rx.el.div(
                rx.cond(
                    ~S["approved"].to(bool),
                    action_button(
                        "Approve the week",
                        State.approve,
                        BUTTON,
                        "week-approve",
                        disabled=State.working,
                    ),
                ),
                action_button("Add time", State.add_time, SECONDARY_BUTTON, "time-add"),
                class_name="flex flex-wrap gap-2",
            ),
        ),
        class_name=f"{STAFF_CARD} flex flex-col gap-3",
        data_testid="timesheet",
    )


@page(routes.TIMESHEET, on_load=(State.load,))
def timesheet() -> rx.Component:
    return record_page(
        State,
        "Timesheet",
        ("There is no such timesheet.", ("All timesheets", routes.TIMESHEETS.path)),
        record_cards(week_card(), entry_form(), test_id="timesheet-page"),
    )
