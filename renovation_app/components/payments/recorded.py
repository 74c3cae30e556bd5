"""The staff invoice page's payments beside the card: money held in escrow, the
"Record a payment" form (check, Zelle, bank transfer, cash), voiding a recorded payment and
recording one given back."""

import reflex as rx

from renovation_app.components.forms import post_form
from renovation_app.components.styles import BUTTON, DANGER_BUTTON, INPUT, SECONDARY_BUTTON
from renovation_app.components.ui import alert_text, field_error, labelled
from renovation_app.models import RECORDED_METHODS
from renovation_app.services.payments.ledger import METHOD_LABELS
from renovation_app.state.invoices.payments import InvoicePaymentsState as State


def void_payment_form(pay: rx.Var) -> rx.Component:
    """An admin takes back a recorded payment (a bounced check, one entered twice)."""
    return rx.cond(
        State.is_admin & pay["can_void"].to(bool),
        post_form(
            rx.el.input(type="hidden", name="payment_id", value=pay["id"].to(str)),
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


def means_fields(prefix: str, errors: rx.Var, means_label: str, day_label: str) -> list:
    """How money moved outside Stripe: the means, the amount, the day and a reference. One set
    of fields for money received and money given back (`prefix` keeps their ids apart)."""

    def field(label: str, name: str, control: rx.Component) -> rx.Component:
        return labelled(label, control, field_error(errors, name))

    return [
        field(
            means_label,
            "method",
            rx.el.select(
                *[rx.el.option(METHOD_LABELS[m], value=m.value) for m in RECORDED_METHODS],
                id=f"{prefix}-method",
                name="method",
                class_name=INPUT,
            ),
        ),
        field(
            "Amount",
            "amount",
            rx.el.input(
                id=f"{prefix}-amount",
                name="amount",
                input_mode="decimal",
                placeholder="e.g. 3,000.00",
                class_name=INPUT,
            ),
        ),
        field(
            day_label,
            "received_on",
            rx.el.input(
                id=f"{prefix}-received_on",
                name="received_on",
                type="date",
                default_value=State.today,
                max=State.today,
                class_name=INPUT,
            ),
        ),
        field(
            "Check number or reference",
            "reference",
            rx.el.input(id=f"{prefix}-reference", name="reference", class_name=INPUT),
        ),
    ]


def form_refusal(errors: rx.Var) -> rx.Component:
    return alert_text(errors["form"], "", "text-red-700")


def means_form(
    prefix: str, errors: rx.Var, labels: tuple[str, str, str], first: tuple = (), **props
) -> rx.Component:
    """A form recording money that moved outside Stripe: `first` (what it is about), the means
    fields, the refusal and the submit button (`labels`: the means, the day, the button)."""
    means_label, day_label, submit_words = labels
    return post_form(
        *first,
        *means_fields(prefix, errors, means_label, day_label),
        form_refusal(errors),
        rx.el.button(
            rx.cond(State.recording, "Recording...", submit_words),
            type="submit",
            disabled=State.recording,
            class_name=f"{BUTTON} self-end",
        ),
        class_name="mt-3 grid gap-3 sm:grid-cols-2",
        **props,
    )


def record_payment_form() -> rx.Component:
    """Record money that came outside Stripe; the amount may not pass the balance."""
    return rx.el.details(
        rx.el.summary("Record a check, Zelle, transfer or cash", class_name=SECONDARY_BUTTON),
        means_form(
            "record",
            State.record_errors,
            ("Paid by", "Received on", "Record payment"),
            first=(rx.el.input(type="hidden", name="record_key", value=State.record_key),),
            on_submit=State.record,
            data_testid="record-payment-form",
        ),
        class_name="rounded-lg border border-slate-200 p-3",
    )


def record_return_form() -> rx.Component:
    """An admin records money given back by hand (a cancelled contract's check deposit, a
    payment above the total): at most what is still held of the payment chosen."""
    held = rx.foreach(
        State.payment_lines,
        lambda pay: rx.cond(
            pay["returnable_cents"].to(int) > 0,
            rx.el.option(pay["how"], " (", pay["returnable"], " held)", value=pay["id"].to(str)),
        ),
    )
    chosen = labelled(
        "Payment given back",
        rx.el.select(held, id="return-payment", name="payment_id", class_name=INPUT),
    )
    return rx.cond(
        State.is_admin & (State.money["to_return_cents"].to(int) > 0),
        rx.el.details(
            rx.el.summary("Record money given back", class_name=SECONDARY_BUTTON),
            means_form(
                "return",
                State.return_errors,
                ("Given back by", "Given back on", "Record the return"),
                first=(chosen,),
                on_submit=State.record_return,
                data_testid="record-return-form",
            ),
            open=True,
            class_name="rounded-lg border border-amber-300 bg-amber-50 p-3",
        ),
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
            money["held_cents"].to(int) > 0,
            rx.el.div(
                rx.el.p(
                    "Held in escrow until the work is substantially complete: ",
                    rx.el.strong(money["held"], data_testid="held-amount"),
                    class_name="text-sm text-slate-700",
                ),
                rx.cond(
                    State.is_admin,
                    post_form(
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
