"""/jobs/<number>: everything about one job in one place: the contract and its PDF, what it
is worth now and what is owed, the payment schedule with each stage's invoice (or "Bill now"),
the change orders (waiting ones marked "Work not yet approved"), the invoices and the history.
Its costs and margin link to the costs page and the trust books; later parts (its
crew schedule, photos) go beside these sections."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.costs import budget_card
from renovation_app.components.customers import customer_contact
from renovation_app.components.forms import action_button, tick_box
from renovation_app.components.links import link
from renovation_app.components.staff import (
    NO_JOB,
    card_intro,
    figure,
    history_details,
    record_cards,
    record_links,
    record_page,
    record_title,
    row_link,
    staff_card,
)
from renovation_app.components.staff.books import books_line
from renovation_app.components.styles import (
    CARD_TITLE,
    DANGER_BUTTON,
    SECONDARY_BUTTON,
    STAFF_CARD,
    TICK_BOX_BY_WORDS,
)
from renovation_app.components.ui import problem_text, rows_or, status_text
from renovation_app.pages.jobs.change_orders_card import change_orders_card
from renovation_app.pages.jobs.duties import duties_card
from renovation_app.pages.registry import page
from renovation_app.services.jobs.views import STATUS_LABELS
from renovation_app.state.jobs import JobDetailState

State = JobDetailState
J = State.job


def money_card() -> rx.Component:
    return staff_card(
        "The money",
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
            ),
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
        ),
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
            ),
            rx.cond(
                stage.can_bill,
                action_button(
                    rx.cond(stage.kind == "final", "Make the final invoice", "Bill now"),
                    State.bill_stage(stage.id.to(int)),
                    f"{SECONDARY_BUTTON} col-span-2 py-1.5 sm:col-span-1 sm:justify-self-end",
                    "bill-stage",
                    disabled=State.working,
                    aria_label="Bill " + stage.label.to(str),
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
    return staff_card(
        "Payment schedule",
        card_intro(
            "The stages add up to the contract value; a signed change order moves the ones not "
            "yet billed. The final invoice bills exactly what is left.",
        ),
        rx.el.ul(rx.foreach(J.stages.to(list[dict]), stage_row), class_name="mt-2"),
        lead_safe_warning(),
    )


def lead_safe_warning() -> rx.Component:
    """What the final invoice's record of lead-safe work misses: ticked, the invoice is made
    anyway with the next press of "Make the final invoice"."""
    return rx.cond(
        State.lead_safe_warning,
        tick_box(
            State.lead_safe_ticked,
            State.set_lead_safe_ticked,
            rx.el.span(
                State.lead_safe_warning,
                " Record what is missing on the daily log and have the certified renovator sign "
                "the record, or tick to make the final invoice anyway.",
            ),
            class_name="mt-3 flex items-start gap-2 rounded bg-amber-50 p-3 font-semibold text-amber-900",
            box=TICK_BOX_BY_WORDS,
            test_id="lead-safe-confirm",
            role="alert",
            data_testid="lead-safe-warning",
        ),
    )


def invoices_card() -> rx.Component:
    return staff_card(
        "Invoices",
        rx.cond(
            J.invoices.to(list[dict]).length() == 0,
            rx.el.p(
                "Nothing billed yet: bill a stage of the schedule.", class_name="text-slate-600"
            ),
        ),
        rx.el.ul(
            rx.foreach(
                J.invoices.to(list[dict]),
                lambda i: rx.el.li(
                    i.part,
                    " · ",
                    row_link(i.number, routes.invoice_path(i.number.to(str))),
                    " · ",
                    i.total,
                    " · ",
                    i.status_label,
                    class_name="py-1",
                    data_testid="job-invoice",
                ),
            ),
        ),
    )


def status_card() -> rx.Component:
    return rx.cond(
        J.open,
        rx.el.div(
            rx.el.span("Move the job to:", class_name="text-sm font-semibold"),
            rx.foreach(
                J.next_statuses.to(list[str]),
                lambda s: action_button(
                    rx.match(s, *[(k.value, v) for k, v in STATUS_LABELS.items()], s),
                    State.set_status(s),
                    rx.cond(s == "cancelled", DANGER_BUTTON, f"{SECONDARY_BUTTON} py-1.5"),
                    disabled=State.working,
                ),
            ),
            class_name="flex flex-wrap items-center gap-2",
        ),
    )


def history_card() -> rx.Component:
    return history_details(
        J.events,
        lambda e: rx.el.li(e.when, " · ", e.who, " · ", e.detail, class_name="text-sm"),
        class_name=STAFF_CARD,
    )


def heading() -> rx.Component:
    estimate = J.estimate_number.to(str)
    return rx.el.div(
        record_title("Job ", J.number, status=J.status_label, status_test_id="job-status"),
        rx.el.p(J.title, class_name="text-lg font-semibold text-slate-900"),
        customer_contact(
            J.customer_name, J.customer_id, J.customer_email, J.customer_phone, J.address
        ),
        rx.cond(
            J.estimate_number,
            rx.el.p(
                "Contract ",
                link(estimate, href=routes.estimate_path(estimate), class_name="underline"),
                " · ",
                J.signed_words,
                " · ",
                link(
                    "Contract PDF",
                    href=routes.estimate_path(estimate) + "/pdf",
                    class_name="font-semibold text-orange-800 underline",
                ),
                class_name="text-sm text-slate-700",
            ),
        ),
        problem_text(State.action_error),
        status_text(State.action_note),
        status_card(),
        class_name=f"{STAFF_CARD} flex flex-col gap-2",
    )


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
            link(
                "Open the schedule",
                href=routes.SCHEDULE.path,
                class_name="text-sm font-semibold underline",
            ),
            class_name="flex flex-wrap items-baseline justify-between gap-2",
        ),
        rows_or(
            State.days,
            day_row,
            "No days on the schedule yet.",
            "mt-2 text-slate-700",
            "mt-2 text-sm",
            data_testid="job-days",
        ),
        class_name=STAFF_CARD,
    )


def costs_card() -> rx.Component:
    number = J.number.to(str)
    return budget_card(
        State.budget,
        record_links(
            ("Costs: add a receipt, a bill or a crew day", routes.job_costs_path(number)),
            ("Trust books", routes.trust_books_path(number)),
            class_name="mt-3 text-sm",
        ),
    )


def photos_card() -> rx.Component:
    return staff_card(
        "Photos and the customer's page",
        rx.el.p(
            link(
                "Photos and the daily log",
                href=routes.job_photos_path(J.number.to(str)),
                class_name="font-semibold underline",
                data_testid="job-photos-link",
            ),
            ": add them from the phone, show them on the customer's project page (its links "
            "are made and revoked there) and put a finished job's pictures on the website.",
            class_name="mt-2 text-sm text-slate-700",
        ),
    )


@page(routes.JOB, on_load=(State.load,))
def job_detail() -> rx.Component:
    cards = record_cards(
        heading(),
        money_card(),
        costs_card(),
        duties_card(),
        days_card(),
        photos_card(),
        schedule_card(),
        change_orders_card(),
        invoices_card(),
        books_line(JobDetailState.in_quickbooks, "job-quickbooks"),
        history_card(),
        test_id="job-page",
    )
    return record_page(State, "Job", NO_JOB, cards)
