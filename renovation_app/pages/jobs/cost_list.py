"""The costs page's list: every cost with its receipt, a subcontractor's bill with its
payment form, its lien waiver (the link, the PDF, a scan signed on paper) and its deletion."""

import reflex as rx

from renovation_app import routes
from renovation_app.components.forms import (
    action_button,
    busy_button,
    input_field,
    select_field,
    state_options,
    tick_box,
)
from renovation_app.components.links import link
from renovation_app.components.staff import confirmed_delete, row_form, staff_card
from renovation_app.components.staff.paper import paper_form
from renovation_app.components.styles import (
    BUTTON,
    SECONDARY_BUTTON,
    TICK_BOX_BY_WORDS,
)
from renovation_app.components.ui import rows_or
from renovation_app.content.costs import PAID_HOW
from renovation_app.state.jobs import JobCostsState, JobWaiverScanState

State = JobCostsState
P = State.page
Scan = JobWaiverScanState
SCAN_ID = "waiver-scan"
OUTSTANDING = "rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900"
RECEIVED = "rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900"


def paid_how_field() -> rx.Component:
    return select_field(
        "How",
        "pay-paid_how",
        [rx.el.option(v, value=k) for k, v in PAID_HOW.items() if k != "payroll"],
        State.pay["paid_how"].to(str),
        lambda v: State.set_pay("paid_how", v),
    )


def funded_by_field() -> rx.Component:
    """Which of the owner's payments paid this bill, when the user says so."""
    return select_field(
        "Paid from the owner's payment (optional)",
        "pay-funded_by_payment_id",
        state_options(P.payments, "Not said"),
        State.pay["funded_by_payment_id"].to(str),
        lambda v: State.set_pay("funded_by_payment_id", v),
    )


def lapse_warning() -> rx.Component:
    return rx.cond(
        State.lapse,
        tick_box(
            State.lapse_ticked,
            State.set_lapse_ticked,
            rx.el.span(State.lapse, " I confirm the payment anyway."),
            class_name="flex items-start gap-2 rounded bg-amber-50 p-3 font-semibold text-amber-900",
            box=TICK_BOX_BY_WORDS,
            role="alert",
            data_testid="lapse-warning",
        ),
    )


def save_button(words: str, on_click, test_id: str) -> rx.Component:
    """A button of the costs' cards, which says "Saving..." while a save is under way."""
    return busy_button(
        State.working,
        "Saving...",
        words,
        BUTTON,
        type="button",
        on_click=on_click,
        data_testid=test_id,
    )


def pay_form() -> rx.Component:
    return row_form(
        rx.el.div(
            field_pay("Paid on", "paid_on", type="date"),
            paid_how_field(),
            field_pay("Check number or reference", "paid_reference"),
            funded_by_field(),
            class_name="grid gap-3 sm:grid-cols-2",
        ),
        lapse_warning(),
        action=save_button("Record the payment", State.record_payment, "record-payment"),
        on_cancel=State.close_pay,
        gap="gap-3",
    )


def field_pay(label: str, name: str, **props) -> rx.Component:
    return input_field(
        label, f"pay-{name}", State.pay[name].to(str), lambda v: State.set_pay(name, v), **props
    )


def waiver_part(row: rx.Var) -> rx.Component:
    pdf = routes.job_costs_path(P.number.to(str)) + "/waivers/" + row.waiver_id.to(str) + "/pdf"
    return rx.match(
        row.waiver,
        (
            "received",
            rx.el.span(
                rx.el.span("Waiver received", class_name=RECEIVED),
                " ",
                link("PDF", href=pdf, class_name="underline"),
            ),
        ),
        (
            "outstanding",
            rx.el.span(
                rx.el.span("Waiver outstanding", class_name=OUTSTANDING),
                " ",
                link(
                    "Signing link",
                    href=row.waiver_url.to(str),
                    class_name="underline",
                    data_testid="waiver-link",
                ),
                " · ",
                link("PDF", href=pdf, class_name="underline"),
            ),
        ),
        rx.fragment(),
    )


def delete_part(row: rx.Var) -> rx.Component:
    return confirmed_delete(
        State.deleting == row.id.to(int),
        "Delete this cost? ",
        State.delete(row.id),
        State.keep,
        State.ask_delete(row.id),
        yes_test_id="confirm-delete",
    )


def scan_form(row: rx.Var) -> rx.Component:
    """The waiver signed on paper: who signed, on which day (on or after the payment), the scan."""
    return rx.cond(
        (Scan.paper_for > 0) & (Scan.paper_for == row.waiver_id.to(int)),
        paper_form(
            Scan,
            SCAN_ID,
            (
                "The signed waiver: a PDF, JPEG or PNG",
                "Choose the signed waiver (PDF, JPEG or PNG)",
            ),
            ("Record the signed waiver", "record-waiver-scan"),
        ),
        rx.cond(
            row.waiver == "outstanding",
            action_button(
                "Record a waiver signed on paper",
                Scan.open_paper(row.waiver_id),
                "text-sm font-semibold underline",
            ),
        ),
    )


def cost_row(row: rx.Var) -> rx.Component:
    receipt = routes.job_costs_path(P.number.to(str)) + "/" + row.id.to(str) + "/receipt"
    return rx.el.li(
        rx.el.div(
            rx.el.div(
                rx.el.p(rx.el.strong(row.payee), " · ", row.kind_label, " · ", row.category_label),
                rx.el.p(
                    row.day,
                    rx.cond(row.hours, " · " + row.hours.to(str) + " h", ""),
                    rx.cond(row.rate, " at " + row.rate.to(str), ""),
                    " · ",
                    row.description,
                    class_name="text-sm text-slate-700",
                ),
                rx.el.p(row.paid, " ", waiver_part(row), class_name="text-sm text-slate-700"),
            ),
            rx.el.p(
                row.total, class_name="text-right font-bold tabular-nums", data_testid="cost-total"
            ),
            class_name="flex items-start justify-between gap-3",
        ),
        rx.el.div(
            rx.cond(
                row.receipt,
                link("Receipt", href=receipt, class_name="text-sm font-semibold underline"),
            ),
            link(
                "Change",
                href="#cost-form",
                on_click=State.edit(row.id),
                class_name="text-sm font-semibold underline",
            ),
            rx.cond(
                row.unpaid_bill,
                action_button(
                    "Pay",
                    State.open_pay(row.id),
                    "text-sm font-semibold text-orange-800 underline",
                    "pay-bill",
                ),
            ),
            rx.cond(row.waiver == "", delete_part(row)),
            class_name="mt-1 flex flex-wrap gap-4",
        ),
        rx.cond(State.paying == row.id.to(int), pay_form()),
        scan_form(row),
        class_name="border-t border-slate-100 py-3",
        data_testid="cost-row",
    )


def costs_list() -> rx.Component:
    return staff_card(
        "Costs",
        rows_or(P.rows, cost_row, "No costs yet.", "mt-2 text-slate-700", "mt-2"),
        rx.cond(
            P.older.to(int) > 0,
            rx.el.button(
                "Show the ",
                P.older.to(str),
                " older costs",
                type="button",
                on_click=State.show_every_cost,
                class_name=f"{SECONDARY_BUTTON} mt-3",
            ),
        ),
    )
