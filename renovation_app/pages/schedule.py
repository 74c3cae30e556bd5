"""/schedule: the crew calendar. Week and day views (month on wide screens), each person in a
colour and by name on each event; select a time to add an appointment, click one to change it,
drag it to move it (on a phone, change its times in the form). A clash is named and needs a
confirmation. Each person's calendar feed for their phone is made here."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import (
    action_button,
    input_field,
    select_field,
    state_options,
    tick_box,
)
from renovation_app.components.react.calendar import schedule_calendar
from renovation_app.components.staff import staff_card, staff_page
from renovation_app.components.styles import (
    BUTTON,
    DANGER_BUTTON,
    FIELD_LABEL,
    INPUT,
    SECONDARY_BUTTON,
    STAFF_CARD,
)
from renovation_app.components.ui import problem_text, status_text
from renovation_app.pages.registry import page
from renovation_app.services.schedule.appointments import KIND_WORDS
from renovation_app.state.schedule import ScheduleState

State = ScheduleState
S = State.schedule


def field(label: str, name: str, **props) -> rx.Component:
    return input_field(label, f"appointment-{name}", *form_value(name), **props)


def form_value(name: str) -> tuple:
    """The value of a field of the appointment's form, and the event that changes it."""
    return State.form[name].to(str), lambda v: State.set_form(name, v)


def repeated_time_choice(which: str, choices: rx.Var) -> rx.Component:
    """Shown when the typed time happens twice (the night New York's clock goes back): which."""
    name = f"{which}_fold"
    return rx.cond(
        choices.length() > 0,
        select_field(
            f"{which.capitalize()}: the first or the second? (the clocks go back that night)",
            f"appointment-{name}",
            [rx.foreach(choices, lambda c: rx.el.option(c["label"], value=c["value"]))],
            *form_value(name),
        ),
    )


def person_box(person: rx.Var) -> rx.Component:
    key = person.key.to(str)
    return tick_box(
        State.chosen.contains(key),
        lambda _v: State.toggle_person(key),
        rx.el.span(
            "", class_name="inline-block h-3 w-3 rounded-full", style={"background": person.colour}
        ),
        person.name,
        class_name="flex items-center gap-2 text-sm",
    )


def kind_field() -> rx.Component:
    return select_field(
        "What",
        "appointment-kind",
        [rx.el.option(words, value=kind) for kind, words in KIND_WORDS.items()],
        *form_value("kind"),
    )


def job_field() -> rx.Component:
    return select_field(
        "Job",
        "appointment-job_id",
        state_options(S.jobs, "No job"),
        *form_value("job_id"),
    )


def when_and_where() -> rx.Component:
    """What, when, for which job and where: the form's grid of fields."""
    return rx.el.div(
        kind_field(),
        field("Title", "title", placeholder="Demolition, Kitchen at Court St"),
        field("Starts (New York time)", "starts_at", type="datetime-local"),
        field("Ends", "ends_at", type="datetime-local"),
        repeated_time_choice("starts", State.starts_choices),
        repeated_time_choice("ends", State.ends_choices),
        job_field(),
        field("Address", "address"),
        class_name="mt-3 grid gap-3 sm:grid-cols-2",
    )


def who_field() -> rx.Component:
    return rx.el.fieldset(
        rx.el.legend("Who", class_name=FIELD_LABEL),
        rx.el.div(
            rx.foreach(S.people.to(list[dict]), person_box),
            class_name="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-3",
        ),
        class_name="mt-3",
    )


def notes_field() -> rx.Component:
    return rx.el.div(
        rx.el.label("Notes", html_for="appointment-notes", class_name=FIELD_LABEL),
        rx.el.textarea(
            id="appointment-notes",
            value=State.form["notes"].to(str),
            rows=2,
            on_change=lambda v: State.set_form("notes", v),
            class_name=INPUT,
        ),
        class_name="mt-3 flex flex-col gap-1",
    )


def appointment_buttons() -> rx.Component:
    return rx.el.div(
        action_button(
            rx.cond(State.clash, "Save anyway", "Save"),
            State.save,
            BUTTON,
            "save-appointment",
            disabled=State.working,
        ),
        action_button("Close", State.close, SECONDARY_BUTTON),
        rx.cond(
            State.editing != "new",
            action_button("Cancel the appointment", State.cancel_appointment, DANGER_BUTTON),
        ),
        class_name="mt-4 flex flex-wrap gap-2",
    )


def appointment_form() -> rx.Component:
    return staff_card(
        rx.cond(State.editing == "new", "New appointment", "Appointment"),
        when_and_where(),
        who_field(),
        notes_field(),
        appointment_buttons(),
        id="appointment-form",
        data_testid="appointment-form",
    )


def messages() -> rx.Component:
    return rx.fragment(
        problem_text(State.error),
        status_text(State.note),
        rx.cond(
            State.clash,
            rx.el.div(
                rx.el.p(State.clash, class_name="font-semibold"),
                rx.cond(
                    State.pending_move.length() > 0,
                    action_button("Move anyway", State.confirm_move, BUTTON),
                    rx.el.p("Save again to confirm.", class_name="text-sm"),
                ),
                role="alert",
                class_name="flex flex-col gap-2 rounded bg-amber-50 p-3 text-amber-900",
                data_testid="clash",
            ),
        ),
    )


def feed_card() -> rx.Component:
    return rx.el.details(
        rx.el.summary("My calendar on my phone", class_name="cursor-pointer font-semibold"),
        rx.el.p(
            "Your own appointments as a calendar your phone subscribes to. The address is "
            "private: making a new one stops the old one.",
            class_name="mt-2 text-sm text-slate-700",
        ),
        rx.cond(
            State.feed_url,
            rx.el.p(
                rx.el.code(State.feed_url, class_name="break-all"),
                class_name="mt-2 text-sm",
                data_testid="feed-url",
            ),
        ),
        action_button("Make my calendar address", State.make_feed, f"{SECONDARY_BUTTON} mt-2"),
        class_name=STAFF_CARD,
    )


@page(routes.SCHEDULE, on_load=(State.load,))
def schedule() -> rx.Component:
    return staff_page(
        rx.el.div(
            rx.el.div(
                rx.el.h2("Schedule", class_name="text-2xl font-extrabold"),
                action_button("New appointment", State.new_appointment, BUTTON),
                class_name="flex flex-wrap items-center justify-between gap-3",
            ),
            messages(),
            rx.cond(State.editing != "", appointment_form()),
            rx.el.div(
                schedule_calendar(
                    events=S.events.to(list[dict]),
                    opens_at=State.opens_at,
                    grid_starts=S.grid_starts.to(str),
                    grid_ends=S.grid_ends.to(str),
                    on_select_range=State.select_range,
                    on_move=State.move,
                    on_open=State.open_event,
                    on_dates_change=State.dates_change,
                    class_name="renovation-calendar",
                ),
                class_name=f"{STAFF_CARD} overflow-x-auto",
                data_testid="schedule-calendar",
                # FullCalendar's toolbar is one row: on a phone it wraps, with a smaller title.
                style={
                    "& .fc .fc-toolbar": {"flexWrap": "wrap", "gap": "0.5rem"},
                    "& .fc .fc-toolbar-title": {"fontSize": "1.25rem"},
                },
            ),
            feed_card(),
            class_name="mx-auto flex max-w-6xl flex-col gap-4",
        ),
        title="Schedule",
    )
