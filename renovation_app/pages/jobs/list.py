"""/jobs: every job, newest first, searched and filtered by status."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.links import link
from renovation_app.components.staff import list_search, pager, staff_page
from renovation_app.components.styles import BUTTON, PILL, STAFF_CARD
from renovation_app.models import JobStatus
from renovation_app.pages.registry import page
from renovation_app.services.jobs.views import STATUS_LABELS
from renovation_app.state.jobs import JobListState

State = JobListState


def search_form() -> rx.Component:
    statuses = {s.value: STATUS_LABELS[s] for s in JobStatus}
    return list_search(State, routes.JOBS, "job", "Number, work, name or address", statuses)


def job_row(row: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.div(
            link(
                row.number,
                href=routes.job_path(row.number.to(str)),
                class_name="font-bold text-orange-800 underline",
            ),  # fmt: skip
            rx.el.span(row.title, class_name="font-semibold text-slate-900"),
            rx.el.span(row.status_label, class_name=PILL),
            rx.cond(
                row.waiting.to(int) > 0,
                rx.el.span(
                    row.waiting.to(str) + " waiting for signature",
                    class_name="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900",
                ),
            ),
            class_name="flex flex-wrap items-center gap-2",
        ),
        rx.el.p(
            row.customer,
            " · ",
            row.value,
            " · ",
            row.address,
            " · since ",
            row.created,
            class_name="text-sm text-slate-700",
        ),  # fmt: skip
        class_name="flex flex-col gap-1 border-b border-slate-100 py-3",
        data_testid="job-row",
    )


@page(routes.JOBS, on_load=(State.load,))
def job_list() -> rx.Component:
    return staff_page(
        rx.el.div(
            rx.el.div(
                rx.el.h2("Jobs", class_name="text-2xl font-extrabold text-slate-900"),
                link("New job for small work", href=routes.NEW_JOB.path, class_name=BUTTON),
                class_name="flex flex-wrap items-center justify-between gap-3",
            ),
            rx.el.p(
                "An owner's signature on an estimate makes its job; small work (up to $500) "
                "may have a job without one.",
                class_name="text-sm text-slate-600",
            ),
            search_form(),
            rx.cond(
                State.rows.length() > 0,
                rx.el.ul(rx.foreach(State.rows, job_row)),
                rx.el.p("No jobs match.", class_name="text-slate-600"),
            ),
            pager(State, "jobs"),
            class_name=f"{STAFF_CARD} mx-auto flex max-w-5xl flex-col gap-6",
        ),
        title="Jobs",
    )
