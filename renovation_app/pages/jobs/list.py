"""/jobs: every job, newest first, searched and filtered by status."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.links import link
from renovation_app.components.staff import list_page, list_row, list_search, row_link
from renovation_app.components.styles import BUTTON, PILL
from renovation_app.pages.registry import page
from renovation_app.services.jobs.views import STATUS_LABELS
from renovation_app.state.jobs import JobListState as State

WAITING = "rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900"


def job_row(row: rx.Var) -> rx.Component:
    return list_row(
        rx.el.div(
            row_link(row.number, routes.job_path(row.number.to(str))),
            rx.el.span(row.title, class_name="font-semibold text-slate-900"),
            rx.el.span(row.status_label, class_name=PILL),
            rx.cond(
                row.waiting.to(int) > 0,
                rx.el.span(row.waiting.to(str) + " waiting for signature", class_name=WAITING),
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
        ),
        test_id="job-row",
        layout="flex flex-col gap-1 py-3",
    )


@page(routes.JOBS, on_load=(State.load,))
def job_list() -> rx.Component:
    search = list_search(State, routes.JOBS, "job", "Number, work, name or address", STATUS_LABELS)
    new = link("New job for small work", href=routes.NEW_JOB.path, class_name=BUTTON)
    intro = rx.el.p(
        "An owner's signature on an estimate makes its job; small work (up to $500) may have a "
        "job without one.",
        class_name="text-sm text-slate-600",
    )
    return list_page(
        State, "Jobs", job_row, search=search, actions=(new,), intro=(intro,), noun="jobs"
    )
