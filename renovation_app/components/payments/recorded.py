"""The staff invoice page's payments beside the card: money held in escrow, the
"Record a payment" form (check, Zelle, bank transfer, cash) and voiding a recorded payment."""

import reflex as rx

from renovation_app.components.styles import BUTTON, DANGER_BUTTON, INPUT, SECONDARY_BUTTON
from renovation_app.components.ui import field_error, labelled
from renovation_app.models import RECORDED_METHODS
from renovation_app.services.payments.ledger import METHOD_LABELS
from renovation_app.state.invoices.payments import InvoicePaymentsState as State


def void_payment_form(pay: rx.Var) -> rx.Component:
    """An admin takes back a recorded payment (a bounced check, one entered twice)."""
    return rx.cond(
        State.is_admin & pay.can_void,
        rx.el.form(
            rx.el.input(type="hidden", name="payment_id", value=pay.id.to(str)),
            rx.el.input(
                name="reason",
                placeholder="Reason to void it",
                aria_label="Reason to void this payment",
                max_length=500,
                class_name=f"{INPUT} max-w-64 py-1 text-sm",
            ),
            rx.el.button("Void payment", type="submit", class_name=f"{DANGER_BUTTON} py-1"),
            on_submit=State.void_payment,
            reset_on_submit=True,
            class_name="mt-1 flex flex-wrap gap-2",
        ),
    )


def record_field(label: str, name: str, control: rx.Component) -> rx.Component:
    return labelled(label, control, field_error(State.record_errors, name))


def record_payment_form() -> rx.Component:
    """Record money that came outside Stripe; the amount may not pass the balance."""
    return rx.el.details(
        rx.el.summary("Record a check, Zelle, transfer or cash", class_name=SECONDARY_BUTTON),
        rx.el.form(
            rx.el.input(type="hidden", name="record_key", value=State.record_key),
            record_field(
                "Paid by",
                "method",
                rx.el.select(
                    *[rx.el.option(METHOD_LABELS[m], value=m.value) for m in RECORDED_METHODS],
                    id="record-method",
                    name="method",
                    class_name=INPUT,
                ),
            ),
            record_field(
                "Amount",
                "amount",
                rx.el.input(
                    id="record-amount",
                    name="amount",
                    input_mode="decimal",
                    placeholder="e.g. 3,000.00",
                    class_name=INPUT,
                ),
            ),
            record_field(
                "Received on",
                "received_on",
                rx.el.input(
                    id="record-received_on",
                    name="received_on",
                    type="date",
                    default_value=State.today,
                    max=State.today,
                    class_name=INPUT,
                ),
            ),
            record_field(
                "Check number or reference",
                "reference",
                rx.el.input(id="record-reference", name="reference", class_name=INPUT),
            ),
            rx.cond(
                State.record_errors["form"],
                rx.el.p(State.record_errors["form"], role="alert", class_name="text-red-700"),
            ),
            rx.el.button(
                rx.cond(State.recording, "Recording...", "Record payment"),
                type="submit",
                disabled=State.recording,
                class_name=f"{BUTTON} self-end",
            ),
            on_submit=State.record,
            class_name="mt-3 grid gap-3 sm:grid-cols-2",
            data_testid="record-payment-form",
        ),
        class_name="rounded-lg border border-slate-200 p-3",
    )


def escrow_block() -> rx.Component:
    """Money received before the work is substantially complete is held in escrow."""
    money, invoice = State.money, State.invoice
    return rx.cond(
        invoice["work_completed"],
        rx.el.p(
            "Work substantially complete on ",
            invoice["work_completed"],
            ": nothing is held in escrow.",
            class_name="text-sm text-slate-700",
            data_testid="work-completed",
        ),
        rx.cond(
            money.held_cents > 0,
            rx.el.div(
                rx.el.p(
                    "Held in escrow until the work is substantially complete: ",
                    rx.el.strong(money.held, data_testid="held-amount"),
                    class_name="text-sm text-slate-700",
                ),
                rx.cond(
                    State.is_admin,
                    rx.el.form(
                        rx.el.input(
                            name="completed_on",
                            type="date",
                            default_value=State.today,
                            max=State.today,
                            aria_label="Day the work was substantially complete",
                            class_name=f"{INPUT} max-w-48 py-1",
                        ),
                        rx.el.button(
                            "Mark work complete", type="submit", class_name=SECONDARY_BUTTON
                        ),
                        on_submit=State.mark_complete,
                        class_name="flex flex-wrap gap-2",
                    ),
                ),
                class_name="flex flex-col gap-2 rounded-lg bg-amber-50 p-3",
                data_testid="escrow",
            ),
        ),
    )
