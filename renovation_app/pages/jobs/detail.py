"""/jobs/<number>: everything about one job in one place: the contract and its PDF, what it
is worth now and what is owed, the payment schedule with each stage's invoice (or "Bill now"),
the change orders (waiting ones marked "Work not yet approved"), the invoices and the history.
Its costs and margin link to the costs page and the trust books; later parts (its
crew schedule, photos) go beside these sections."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.costs import budget_card
from renovation_app.components.links import link
from renovation_app.components.record import record_view
from renovation_app.components.staff import figure, staff_page
from renovation_app.components.staff.upload import labelled_upload
from renovation_app.components.styles import (
    BUTTON,
    CARD_TITLE,
    DANGER_BUTTON,
    INPUT,
    PILL,
    SECONDARY_BUTTON,
    STAFF_CARD,
)
from renovation_app.components.ui import counted
from renovation_app.pages.jobs.duties import duties_card
from renovation_app.pages.registry import page
from renovation_app.services.jobs.views import STATUS_LABELS
from renovation_app.state.jobs import JobDetailState

State = JobDetailState
J = State.job
UPLOAD_ID = "paper-scan"
SCANS = {"application/pdf": [".pdf"], "image/jpeg": [".jpg", ".jpeg"], "image/png": [".png"]}
WAITING = "rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900"


def money_card() -> rx.Component:
    return rx.el.section(
        rx.el.h3("The money", class_name=CARD_TITLE),
        rx.el.dl(
            figure("Contract as signed", J.contract, "job-contract"),
            figure("Signed changes", J.changes, "job-changes"),
            figure("Contract value now", J.value, "job-value", strong=True),
            figure("Invoiced", J.invoiced, "job-invoiced"),
            figure("Paid", J.paid, "job-paid"),
            figure("Still owed", J.owed, "job-owed", strong=True),
            figure("Not yet billed", J.unbilled, "job-unbilled"),
            figure("Held in escrow", J.held, "job-escrow"),
            class_name="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-4",
        ),
        rx.cond(
            J.credit_due_cents.to(int) > 0,
            rx.el.p(
                "Paid beyond the contract as amended: ",
                J.credit_due,
                " is owed back to the owner. Refund it from a paid invoice.",
                role="alert",
                class_name="mt-3 rounded bg-red-50 p-3 font-semibold text-red-800",
                data_testid="job-credit-due",
            ),  # fmt: skip
        ),
        rx.el.p(
            "Start: ",
            rx.cond(J.start, J.start, "to be agreed"),
            " · Substantial completion: ",
            rx.el.strong(
                rx.cond(J.completion, J.completion, "to be agreed"), data_testid="job-completion"
            ),
            rx.cond(
                J.days_added.to(int) != 0,
                rx.fragment(
                    " (signed ",
                    J.completion_signed,
                    ", ",
                    J.days_added.to(str),
                    " days by change orders)",
                ),
            ),
            class_name="mt-3 text-sm text-slate-700",
        ),  # fmt: skip
        class_name=STAFF_CARD,
    )


def stage_row(stage: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.span(stage.label, class_name="font-semibold"),
        rx.el.span(stage.amount, class_name="text-right tabular-nums", data_testid="stage-amount"),
        rx.cond(
            stage.invoice_number,
            rx.el.span(
                link(
                    "Invoice " + stage.invoice_number.to(str),
                    href=routes.invoice_path(stage.invoice_number.to(str)),
                    class_name="text-orange-800 underline",
                ),
                " · ",
                stage.invoice_status,
                class_name="col-span-2 text-sm sm:col-span-1 sm:text-right",
            ),  # fmt: skip
            rx.cond(
                stage.can_bill,
                rx.el.button(
                    rx.cond(stage.kind == "final", "Make the final invoice", "Bill now"),
                    type="button",
                    on_click=State.bill_stage(stage.id.to(int)),
                    disabled=State.working,
                    aria_label="Bill " + stage.label.to(str),
                    class_name=f"{SECONDARY_BUTTON} col-span-2 py-1.5 sm:col-span-1 sm:justify-self-end",
                    data_testid="bill-stage",
                ),
                rx.el.span(
                    "Nothing to bill",
                    class_name="col-span-2 text-sm text-slate-500 sm:col-span-1 sm:text-right",
                ),
            ),
        ),
        class_name="grid grid-cols-2 items-center gap-2 border-b border-slate-100 py-2 sm:grid-cols-[1fr_auto_14rem]",
        data_testid="job-stage",
    )


def schedule_card() -> rx.Component:
    return rx.el.section(
        rx.el.h3("Payment schedule", class_name=CARD_TITLE),
        rx.el.p(
            "The stages add up to the contract value; a signed change order moves the ones not "
            "yet billed. The final invoice bills exactly what is left.",
            class_name="mt-1 text-sm text-slate-600",
        ),
        rx.el.ul(rx.foreach(J.stages.to(list[dict]), stage_row), class_name="mt-2"),
        class_name=STAFF_CARD,
    )


def paper_form(co: rx.Var) -> rx.Component:
    return rx.cond(
        State.paper_for == co.number.to(int),
        rx.el.div(
            rx.el.p("Signed on paper: who signed, when, and the scan", class_name="font-semibold"),
            rx.el.label("Signed by", html_for="paper-name", class_name="text-sm font-semibold"),
            rx.el.input(id="paper-name", on_change=State.set_paper_name, class_name=INPUT),
            rx.el.label("Signed on", html_for="paper-day", class_name="text-sm font-semibold"),
            rx.el.input(id="paper-day", type="date", on_change=State.set_paper_day, class_name=INPUT),
            labelled_upload(
                "The scan of the signed page",
                rx.el.button("Choose the scan (PDF, JPEG or PNG)", type="button", class_name=SECONDARY_BUTTON),
                rx.el.p(rx.foreach(rx.selected_files(UPLOAD_ID), lambda name: rx.el.span(name)), class_name="text-sm"),
                id=UPLOAD_ID, multiple=False, max_files=1, accept=SCANS, max_size=10 * 1024 * 1024,
                class_name="flex flex-col gap-2",
            ),
            rx.el.div(
                rx.el.button(
                    "Record the signature", type="button", disabled=State.working,
                    on_click=State.record_paper(rx.upload_files(upload_id=UPLOAD_ID)),
                    class_name=BUTTON, data_testid="record-paper",
                ),
                rx.el.button("Cancel", type="button", on_click=State.close_paper, class_name=SECONDARY_BUTTON),
                class_name="flex flex-wrap gap-2",
            ),
            class_name="mt-2 flex flex-col gap-2 rounded-lg bg-slate-50 p-3",
        ),
    )  # fmt: skip


def change_order_row(co: rx.Var) -> rx.Component:
    label = co.label.to(str)
    pdf = routes.job_path(J.number.to(str)) + "/change-orders/" + label + "/pdf"
    return rx.el.li(
        rx.el.div(
            rx.el.span(label, class_name="font-bold"),
            rx.el.span(co.total, class_name="font-semibold tabular-nums"),
            rx.cond(co.days.to(int) != 0, rx.el.span(counted(co.days, "day"), class_name="text-sm")),
            rx.el.span(co.status_label, class_name=PILL),
            rx.cond(co.waiting, rx.el.span("Work not yet approved", class_name=WAITING)),
            class_name="flex flex-wrap items-center gap-2",
        ),
        rx.el.p(co.reason, class_name="whitespace-pre-line text-sm text-slate-700"),
        rx.cond(co.signed_words, rx.el.p(co.signed_words, class_name="text-sm text-green-800")),
        rx.cond(
            co.invoice_number,
            rx.el.p(
                "Billed on ",
                link("invoice " + co.invoice_number.to(str), href=routes.invoice_path(co.invoice_number.to(str)), class_name="underline"),
                class_name="text-sm",
            ),
        ),
        rx.el.div(
            link("PDF", href=pdf, class_name="text-sm font-semibold text-orange-800 underline"),
            rx.cond(
                co.waiting,
                rx.fragment(
                    rx.el.button(
                        "Copy the owner's link", type="button",
                        on_click=[rx.set_clipboard(co.link_url), rx.toast.success("Link copied.", duration=2000)],
                        class_name="text-sm font-semibold text-orange-800 underline",
                    ),
                    link("Open to sign here", href=co.link_url, target="_blank", class_name="text-sm font-semibold text-orange-800 underline"),
                    rx.el.button(
                        "Signed on paper", type="button", on_click=State.open_paper(co.number.to(int)),
                        class_name="text-sm font-semibold text-orange-800 underline",
                    ),
                    rx.el.button(
                        "Withdraw", type="button", on_click=State.withdraw(co.number.to(int)),
                        disabled=State.working, class_name="text-sm font-semibold text-red-700 underline",
                    ),
                ),
            ),
            class_name="flex flex-wrap gap-4",
        ),
        paper_form(co),
        class_name="flex flex-col gap-1 border-b border-slate-100 py-3",
        data_testid="change-order",
    )  # fmt: skip


def change_orders_card() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.h3("Change orders", class_name=CARD_TITLE),
            rx.cond(
                J.open,
                link(
                    "New change order",
                    href=routes.job_path(J.number.to(str)) + "/change-order",
                    class_name=BUTTON,
                    data_testid="new-change-order",
                ),
            ),
            class_name="flex flex-wrap items-center justify-between gap-3",
        ),
        rx.el.p(
            "Only the owner's signature approves a change: an unsigned one is never billed and "
            "changes no amount.",
            class_name="mt-1 text-sm text-slate-600",
        ),
        rx.cond(
            J.change_orders.to(list[dict]).length() > 0,
            rx.el.ul(rx.foreach(J.change_orders.to(list[dict]), change_order_row)),
            rx.el.p("No change orders yet.", class_name="mt-2 text-slate-600"),
        ),
        class_name=STAFF_CARD,
    )


def invoices_card() -> rx.Component:
    return rx.el.section(
        rx.el.h3("Invoices", class_name=CARD_TITLE),
        rx.cond(
            J.invoices.to(list[dict]).length() == 0,
            rx.el.p("Nothing billed yet: bill a stage of the schedule.", class_name="text-slate-600"),
        ),
        rx.el.ul(
            rx.foreach(
                J.invoices.to(list[dict]),
                lambda i: rx.el.li(
                    i.part, " · ",
                    link(i.number, href=routes.invoice_path(i.number.to(str)), class_name="font-bold text-orange-800 underline"),
                    " · ", i.total, " · ", i.status_label,
                    class_name="py-1", data_testid="job-invoice",
                ),
            ),
        ),
        class_name=STAFF_CARD,
    )  # fmt: skip


def status_card() -> rx.Component:
    return rx.cond(
        J.open,
        rx.el.div(
            rx.el.span("Move the job to:", class_name="text-sm font-semibold"),
            rx.foreach(
                J.next_statuses.to(list[str]),
                lambda s: rx.el.button(
                    rx.match(s, *[(k.value, v) for k, v in STATUS_LABELS.items()], s),
                    type="button", on_click=State.set_status(s), disabled=State.working,
                    class_name=rx.cond(s == "cancelled", DANGER_BUTTON, f"{SECONDARY_BUTTON} py-1.5"),
                ),
            ),
            class_name="flex flex-wrap items-center gap-2",
        ),
    )  # fmt: skip


def history_card() -> rx.Component:
    return rx.el.details(
        rx.el.summary("History", class_name="cursor-pointer font-semibold"),
        rx.el.ul(
            rx.foreach(
                J.events.to(list[dict]),
                lambda e: rx.el.li(e.when, " · ", e.who, " · ", e.detail, class_name="text-sm"),
            ),
            class_name="mt-2 flex flex-col gap-1",
        ),
        class_name=STAFF_CARD,
    )


def heading() -> rx.Component:
    estimate = J.estimate_number.to(str)
    return rx.el.div(
        rx.el.div(
            rx.el.h2("Job ", J.number, class_name="text-2xl font-extrabold"),
            rx.el.span(J.status_label, class_name=PILL, data_testid="job-status"),
            class_name="flex flex-wrap items-center gap-3",
        ),
        rx.el.p(J.title, class_name="text-lg font-semibold text-slate-900"),
        rx.el.p(
            link(J.customer_name, href=routes.customer_path(J.customer_id.to(int).to_string()), class_name="font-semibold underline"),
            " · ", J.customer_email, " · ", J.customer_phone, rx.el.br(), J.address,
            class_name="text-slate-700",
        ),
        rx.cond(
            J.estimate_number,
            rx.el.p(
                "Contract ", link(estimate, href=routes.estimate_path(estimate), class_name="underline"),
                " · ", J.signed_words, " · ",
                link("Contract PDF", href=routes.estimate_path(estimate) + "/pdf", class_name="font-semibold text-orange-800 underline"),
                class_name="text-sm text-slate-700",
            ),
        ),
        rx.cond(State.action_error, rx.el.p(State.action_error, role="alert", class_name="font-semibold text-red-700")),
        rx.cond(State.action_note, rx.el.p(State.action_note, role="status", class_name="text-green-800")),
        status_card(),
        class_name=f"{STAFF_CARD} flex flex-col gap-2",
    )  # fmt: skip


def day_row(day: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.el.strong(day.day),
        " · ",
        day.hours,
        " · ",
        day.title,
        rx.cond(day.people, " · " + day.people.to(str), ""),
        class_name=rx.cond(day.past, "py-1 text-slate-500", "py-1"),
    )


def days_card() -> rx.Component:
    """The job's days on the schedule (work days, visits, inspections)."""
    return rx.el.section(
        rx.el.div(
            rx.el.h3("Work days", class_name=CARD_TITLE),
            link("Open the schedule", href=routes.SCHEDULE.path, class_name="text-sm font-semibold underline"),
            class_name="flex flex-wrap items-baseline justify-between gap-2",
        ),
        rx.cond(
            State.days.length() > 0,
            rx.el.ul(rx.foreach(State.days, day_row), class_name="mt-2 text-sm", data_testid="job-days"),
            rx.el.p("No days on the schedule yet.", class_name="mt-2 text-slate-700"),
        ),
        class_name=STAFF_CARD,
    )  # fmt: skip


def costs_card() -> rx.Component:
    number = J.number.to(str)
    return budget_card(
        State.budget,
        rx.el.p(
            link("Costs: add a receipt, a bill or a crew day", href=routes.job_costs_path(number), class_name="font-semibold underline"),
            " · ", link("Trust books", href=routes.trust_books_path(number), class_name="font-semibold underline"),
            class_name="mt-3 text-sm",
        ),
    )  # fmt: skip


def photos_card() -> rx.Component:
    return rx.el.section(
        rx.el.h3("Photos and the customer's page", class_name=CARD_TITLE),
        rx.el.p(
            link("Photos and the daily log", href=routes.job_photos_path(J.number.to(str)), class_name="font-semibold underline", data_testid="job-photos-link"),
            ": add them from the phone, show them on the customer's project page (its links "
            "are made and revoked there) and put a finished job's pictures on the website.",
            class_name="mt-2 text-sm text-slate-700",
        ),
        class_name=STAFF_CARD,
    )  # fmt: skip


@page(routes.JOB, on_load=(State.load,))
def job_detail() -> rx.Component:
    return staff_page(
        record_view(
            State,
            rx.el.div(
                heading(),
                money_card(),
                costs_card(),
                duties_card(),
                days_card(),
                photos_card(),
                schedule_card(),
                change_orders_card(),
                invoices_card(),
                history_card(),
                class_name="mx-auto flex max-w-5xl flex-col gap-5",
                data_testid="job-page",
            ),
            "There is no such job.",
            back=("All jobs", routes.JOBS.path),
        ),
        title="Job",
    )
