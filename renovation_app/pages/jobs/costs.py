"""/jobs/<number>/costs: a job's costs. The budget first, then the form to add a purchase (the
receipt photographed with the phone), a subcontractor's bill or a crew day, then every cost
with its payment and its lien waiver (cost_list.py). Made for a phone: receipts are added at
the counter."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.costs import budget_card
from renovation_app.components.forms import (
    action_button,
    input_field,
    select_field,
    state_options,
    tick_box,
)
from renovation_app.components.links import link
from renovation_app.components.staff import (
    NO_JOB,
    record_cards,
    record_links,
    record_page,
    staff_card,
    with_cancel,
)
from renovation_app.components.staff.upload import labelled_upload
from renovation_app.components.styles import (
    BUTTON,
    CARD_TITLE,
    FIELD_LABEL,
    INPUT,
    PILL,
    SECONDARY_BUTTON,
    STAFF_CARD,
)
from renovation_app.components.ui import problem_text, status_text
from renovation_app.content.costs import COST_CATEGORIES, PAID_HOW
from renovation_app.pages.jobs.cost_list import costs_list, save_button
from renovation_app.pages.registry import page
from renovation_app.services.costs.entry import PURCHASE_CATEGORIES
from renovation_app.state.jobs import JobCostsState
from renovation_app.state.jobs.costs import RECEIPT_ID

State = JobCostsState
P = State.page
# JPEG, PNG and WebP: an iPhone turns its HEIC photo into a JPEG for a page that asks for these.
RECEIPTS = {
    "image/jpeg": [".jpg", ".jpeg"],
    "image/png": [".png"],
    "image/webp": [".webp"],
    "application/pdf": [".pdf"],
}
KINDS = (("purchase", "Purchase"), ("sub_bill", "Subcontractor bill"), ("labour", "Crew day"))


def field(label: str, name: str, **props) -> rx.Component:
    return input_field(
        label, f"cost-{name}", State.form[name].to(str), lambda v: State.set_form(name, v), **props
    )


def choice(
    label: str, name: str, options: list[tuple[str, str]] | rx.Var, on_change=None, value=None
) -> rx.Component:
    items = (
        state_options(options, "Choose...")
        if isinstance(options, rx.Var)
        else [
            rx.el.option("Choose...", value=""),
            [rx.el.option(words, value=slug) for slug, words in options],
        ]
    )
    return select_field(
        label,
        f"cost-{name}",
        items,
        value if value is not None else State.form[name].to(str),
        on_change or (lambda v: State.set_form(name, v)),
    )


CATEGORY_WORDS = {c.slug: c.label for c in COST_CATEGORIES}


def purchase_fields() -> rx.Component:
    return rx.fragment(
        choice("Category", "category", [(c, CATEGORY_WORDS[c]) for c in PURCHASE_CATEGORIES]),
        field("Vendor", "payee", placeholder="Home Depot", auto_complete="organization"),
        field("Day of the receipt", "incurred_on", type="date"),
        field("Amount before tax ($)", "amount", input_mode="decimal", placeholder="0.00"),
        field("Sales tax paid ($)", "tax", input_mode="decimal", placeholder="0.00"),
        choice("Paid by", "paid_how", [(k, v) for k, v in PAID_HOW.items() if k != "payroll"]),
        field("What was bought (optional)", "description"),
        tick_box(
            State.credit,
            State.set_credit,
            "A vendor's credit (money back: the amount comes off)",
            class_name="flex items-center gap-2 text-sm sm:col-span-2",
        ),
        rx.el.div(
            labelled_upload(
                "The receipt: a photo or a PDF",
                rx.el.button(
                    "Photograph or choose the receipt", type="button", class_name=SECONDARY_BUTTON
                ),
                id=RECEIPT_ID,
                multiple=False,
                max_files=1,
                accept=RECEIPTS,
                max_size=15 * 1024 * 1024,
            ),
            rx.cond(
                rx.selected_files(RECEIPT_ID).length() > 0,
                rx.el.p(
                    rx.foreach(rx.selected_files(RECEIPT_ID), lambda name: rx.el.span(name)),
                    " ",
                    action_button(
                        "Remove",
                        rx.clear_selected_files(RECEIPT_ID),
                        "font-semibold text-red-700 underline",
                    ),
                    class_name="text-sm",
                    data_testid="receipt-chosen",
                ),
            ),
            class_name="flex flex-col gap-2 sm:col-span-2",
        ),
    )


def sub_bill_fields() -> rx.Component:
    return rx.fragment(
        choice("Subcontractor", "subcontractor_id", P.subcontractors.to(list[dict])),
        field("What the bill is for", "description", placeholder="Rough plumbing"),
        field("Day of the bill", "incurred_on", type="date"),
        field("Due", "due_on", type="date"),
        field("Amount ($)", "amount", input_mode="decimal", placeholder="0.00"),
        field("Tax on it, if any ($)", "tax", input_mode="decimal", placeholder="0.00"),
    )


def labour_fields() -> rx.Component:
    return rx.fragment(
        choice("Who worked", "worker_id", P.workers.to(list[dict])),
        field("Day worked", "incurred_on", type="date"),
        field("Hours", "hours", input_mode="decimal", placeholder="8"),
        field("Work done (optional)", "description"),
    )


def reason_field() -> rx.Component:
    return rx.cond(
        ~P.open.to(bool),
        rx.el.div(
            rx.el.label(
                "This job is closed: your reason for the change (admins)",
                html_for="cost-reason",
                class_name=FIELD_LABEL,
            ),
            rx.el.input(
                id="cost-reason", value=State.reason, on_change=State.set_reason, class_name=INPUT
            ),
            rx.el.p(
                "It is recorded with every change, payment and deletion of this job's costs.",
                class_name="text-sm text-slate-600",
            ),
            class_name="flex flex-col gap-1",
        ),
    )


def add_button() -> rx.Component:
    with_receipt = (State.kind == "purchase") & (rx.selected_files(RECEIPT_ID).length() > 0)
    changing = with_cancel(
        save_button("Save the changes", State.save_changes, "save-cost"), State.stop_editing
    )
    return rx.cond(
        State.editing > 0,
        changing,
        rx.cond(
            with_receipt,
            save_button(
                "Add the cost",
                State.add_with_receipt(rx.upload_files(upload_id=RECEIPT_ID)),
                "add-cost",
            ),
            save_button("Add the cost", State.add, "add-cost"),
        ),
    )


def add_card() -> rx.Component:
    return rx.el.section(
        rx.el.h3(
            rx.cond(State.editing > 0, "Change a cost", "Add a cost"),
            class_name=CARD_TITLE,
            id="cost-form",
        ),
        rx.cond(
            State.editing == 0,
            rx.el.div(
                *[
                    action_button(
                        words,
                        State.choose_kind(kind),
                        rx.cond(State.kind == kind, BUTTON, SECONDARY_BUTTON),
                        aria_pressed=rx.cond(State.kind == kind, "true", "false"),
                    )
                    for kind, words in KINDS
                ],
                role="group",
                aria_label="Kind of cost",
                class_name="mt-3 flex flex-wrap gap-2",
            ),
        ),
        rx.el.div(
            rx.match(
                State.kind,
                ("sub_bill", sub_bill_fields()),
                ("labour", labour_fields()),
                purchase_fields(),
            ),
            class_name="mt-4 grid gap-3 sm:grid-cols-2",
        ),
        rx.el.div(add_button(), class_name="mt-4"),
        class_name=STAFF_CARD,
    )


def heading() -> rx.Component:
    number = P.number.to(str)
    return rx.el.div(
        rx.el.h2("Costs of job ", number, class_name="text-2xl font-extrabold"),
        rx.el.p(P.title, class_name="text-lg font-semibold"),
        record_links(
            ("Back to the job", routes.job_path(number)),
            ("Trust books", routes.trust_books_path(number)),
            class_name="text-sm",
        ),
        rx.cond(
            ~P.open.to(bool),
            rx.el.span("Closed: changes need an admin and a reason", class_name=PILL),
        ),
        reason_field(),
        problem_text(State.error, "costs-error"),
        status_text(State.note),
        class_name=f"{STAFF_CARD} flex flex-col gap-1",
    )


def waiting_time() -> rx.Component:
    """Admins: the job's clocked hours that no approved timesheet has priced yet."""
    waiting = P.waiting_time.to(list[list[str]])
    return rx.cond(
        waiting.length() > 0,
        staff_card(
            "Clocked time waiting for approval",
            rx.el.p(
                "Not in the labour costs yet: approve the week on ",
                link("Timesheets", href=routes.TIMESHEETS.path, class_name="underline"),
                ".",
                class_name="text-sm text-slate-600",
            ),
            rx.el.ul(
                rx.foreach(waiting, lambda w: rx.el.li(w[0], ": ", w[1], " h")),
                class_name="mt-2 list-disc pl-5",
            ),
            data_testid="costs-waiting-time",
        ),
    )


@page(routes.JOB_COSTS, on_load=(State.load,))
def job_costs() -> rx.Component:
    cards = record_cards(
        heading(),
        budget_card(P.budget.to(dict)),
        waiting_time(),
        add_card(),
        costs_list(),
        test_id="costs-page",
    )
    return record_page(State, "Job costs", NO_JOB, cards)
