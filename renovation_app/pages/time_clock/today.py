"""/today, made for a phone at the job: the time clock first, then my appointments and work days
today and tomorrow, each with its address (a map link), the customer's phone (tap to call), the
notes for the crew, and the job's photos and daily log."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import post_form
from renovation_app.components.links import link
from renovation_app.components.react.time_clock import time_clock
from renovation_app.components.staff.frame import staff_page
from renovation_app.components.styles import STAFF_CARD
from renovation_app.components.ui import problem_text, rows_or
from renovation_app.pages.registry import page
from renovation_app.services.schedule.on_my_way import ARRIVAL_MINUTES
from renovation_app.state.time_clock import TodayState

State = TodayState
T = State.today
ACTION_LINK = (
    "inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 py-2 "
    "font-semibold text-orange-800 hover:bg-slate-50"
)


def clock_card() -> rx.Component:
    return rx.el.div(
        time_clock(
            tap_url="/api/time-clock",
            store_name=State.store_name,
            clock=T["clock"].to(str),
            clock_job=T["clock_job"].to(str),
            clock_since=T["clock_since"].to(str),
            clock_as_of=T["clock_as_of"].to(int),
            jobs=T["jobs"].to(list),
            ask_location=T["location_consent"].to(bool),
            on_sent=State.load,
        ),
        rx.cond(
            T["forgotten"].to(bool),
            rx.el.p(
                "You have been clocked in for 12 hours or more. If you forgot to clock out, "
                "clock out now and tell the office when you stopped: they correct the time.",
                role="alert",
                class_name="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-red-800",
                data_testid="clock-forgotten",
            ),
        ),
        rx.el.p(
            "Worked today: ",
            rx.el.strong(T["worked_today"].to(str), " h"),
            class_name="mt-3 text-slate-700",
            data_testid="worked-today",
        ),
        class_name=STAFF_CARD,
    )


def on_my_way(item: rx.Var) -> rx.Component:
    """Text the customer we are on the way, and when we arrive (today's visits with a phone)."""
    field_id = "arrive-" + item.id.to(str)
    return post_form(
        rx.el.input(type="hidden", name="appointment", value=item.id.to(str)),
        rx.el.label("Arriving in", html_for=field_id, class_name="text-sm font-semibold"),
        rx.el.select(
            *[rx.el.option(f"{m} min", value=str(m)) for m in ARRIVAL_MINUTES],
            id=field_id,
            name="minutes",
            default_value="30",
            class_name="rounded-md border border-slate-300 bg-white px-2 py-2.5 text-base",
        ),
        rx.el.button("On my way", type="submit", class_name=ACTION_LINK, data_testid="on-my-way"),
        rx.el.p(
            State.on_my_way_said[item.id.to(str)],
            role="status",
            class_name="w-full text-sm text-slate-800 empty:hidden",
            data_testid="on-my-way-said",
        ),
        on_submit=State.on_my_way,
        class_name="flex flex-wrap items-center gap-2",
    )


def visit(item: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.p(item.when, class_name="text-sm font-semibold text-slate-600"),
        rx.el.h3(item.title, class_name="text-lg font-bold text-slate-900"),
        rx.cond(item.job_number, rx.el.p("Job ", item.job_number, class_name="text-slate-700")),
        rx.cond(
            item.address, rx.el.p(item.address, class_name="whitespace-pre-line text-slate-900")
        ),
        rx.cond(
            item.notes,
            rx.el.p(
                rx.el.strong("Notes for the crew: "),
                item.notes,
                class_name="whitespace-pre-line rounded-md bg-amber-50 p-2 text-amber-950",
            ),
        ),
        rx.el.div(
            rx.cond(
                item.map_url,
                rx.el.a(
                    "Map",
                    href=item.map_url,
                    target="_blank",
                    rel="noopener",
                    class_name=ACTION_LINK,
                ),
            ),
            rx.cond(
                item.phone_href,
                rx.el.a("Call ", item.phone, href=item.phone_href, class_name=ACTION_LINK),
            ),
            rx.cond(
                item.photos_path,
                link("Photos and daily log", href=item.photos_path, class_name=ACTION_LINK),
            ),
            class_name="flex flex-wrap gap-2",
        ),
        rx.cond(
            item.is_today & item.phone_href.to(bool) & ~T["texts_off"].to(bool), on_my_way(item)
        ),
        class_name="flex flex-col gap-1.5 border-t border-slate-200 pt-3 first:border-t-0 first:pt-0",
        data_testid="today-visit",
    )


def visits_card() -> rx.Component:
    return rx.el.section(
        rx.el.h2("Today and tomorrow", class_name="text-xl font-extrabold text-slate-900"),
        rx.cond(
            T["texts_off"].to(bool) & (T["visits"].to(list).length() > 0),
            rx.el.p(
                '"On my way" cannot be texted: ',
                T["texts_off"].to(str),
                class_name="mt-2 text-sm text-slate-700",
                data_testid="texts-off",
            ),
        ),
        rows_or(
            T["visits"],
            visit,
            "Nothing on the schedule for you today or tomorrow.",
            "mt-2 text-slate-600",
            list_class="mt-3 flex flex-col gap-4",
        ),
        class_name=STAFF_CARD,
        data_testid="today-visits",
    )


@page(routes.TODAY, on_load=(State.load,))
def today() -> rx.Component:
    return staff_page(
        rx.el.div(
            rx.el.div(
                rx.el.h2("Today", class_name="text-2xl font-extrabold"),
                rx.el.p(T["heading"].to(str), class_name="text-slate-700"),
                class_name="flex flex-wrap items-baseline gap-x-3",
            ),
            problem_text(State.error, "today-error"),
            clock_card(),
            visits_card(),
            link(
                "My timesheet",
                href=routes.TIMESHEETS.path,
                class_name="font-semibold text-orange-800 underline",
            ),
            class_name="mx-auto flex max-w-3xl flex-col gap-4",
            data_testid="today",
        ),
        title="Today",
    )
