"""'Enter Payment Details': the card dialog of the staff invoice page and the pay page (which
also offers a US bank account debit), and the 'Payment processing' notice of a bank debit."""

import reflex as rx
from reflex_components_radix.primitives.dialog import dialog

from renovation_app.components.forms import action_button
from renovation_app.components.react.stripe import card_field, stripe_elements
from renovation_app.components.styles import BUTTON, SECONDARY_BUTTON
from renovation_app.components.ui import alert_text
from renovation_app.content import BUSINESS
from renovation_app.content.fees import BANK_DEBIT_LABEL, BANK_DEBIT_MANDATE
from renovation_app.services.payments import NOT_SET_UP, payments_enabled


def pay_button(state, label, can_pay: rx.Var, whole_balance: bool = False) -> rx.Component:
    """The button that opens the dialog (for what is due now, or the whole balance), or a
    disabled one with the reason when cards are not set up."""
    if not payments_enabled():
        if whole_balance:
            return rx.fragment()
        return rx.el.div(
            rx.el.button(
                label,
                type="button",
                disabled=True,
                aria_describedby="pay-note",
                class_name=f"{BUTTON} opacity-60",
            ),
            rx.el.p(NOT_SET_UP, id="pay-note", class_name="text-sm text-slate-600"),
            class_name="flex flex-wrap items-center gap-3",
        )
    return rx.cond(
        can_pay,
        action_button(
            label,
            state.open_whole_payment if whole_balance else state.open_payment,
            SECONDARY_BUTTON if whole_balance else BUTTON,
            "open-whole-payment" if whole_balance else "open-payment",
        ),
    )


def dialog_buttons(state) -> rx.Component:
    """Cancel and Pay; both wait while the card is being charged."""
    return rx.el.div(
        dialog.close(
            rx.el.button(
                "Cancel",
                type="button",
                disabled=state.processing,
                class_name="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold",
            ),
        ),
        action_button(
            rx.cond(state.processing, "Processing...", "Pay"),
            state.pay,
            f"{BUTTON} disabled:opacity-60",
            "pay-button",
            disabled=state.processing | (~state.card_ready & (state.pay_method == "card")),
        ),
        class_name="mt-6 flex justify-end gap-3",
    )


def processing_notice(amount: rx.Var, how: rx.Var, cents: rx.Var) -> rx.Component:
    """ "Payment processing": a bank debit Stripe accepted that the bank has not settled."""
    return rx.cond(
        cents > 0,
        rx.el.div(
            rx.el.p("Payment processing", class_name="font-bold text-amber-900"),
            rx.el.p(
                rx.el.strong(amount, data_testid="processing-amount"),
                " by ",
                rx.el.span(how, data_testid="processing-method"),
                ". It counts as paid once the bank settles it (usually 4 business days); "
                "if it fails, the balance is open again.",
                class_name="text-sm text-amber-900",
            ),
            role="status",
            class_name="rounded-md border border-amber-300 bg-amber-50 px-4 py-3",
            data_testid="payment-processing",
        ),
    )


def _method_choice(state) -> rx.Component:
    """Card or US bank account: two radio buttons (the card field stays mounted when hidden).

    The radios are uncontrolled: a controlled radio springs back until the server's answer
    arrives, so a press looked ignored on a slow link. The dialog's content mounts afresh on
    each opening, from the state's choice."""

    def option(value: str, label: str) -> rx.Component:
        return rx.el.label(
            rx.el.input(
                type="radio",
                name="pay-method",
                value=value,
                default_checked=state.pay_method == value,
                on_change=state.choose_pay_method,  # the radio's value
                disabled=state.processing,
                data_testid=f"method-{value}",
            ),
            label,
            class_name="flex items-center gap-2 text-sm font-semibold",
        )

    return rx.el.fieldset(
        rx.el.legend("Pay by", class_name="text-sm font-semibold"),
        rx.el.div(
            option("card", "Card"), option("bank", BANK_DEBIT_LABEL), class_name="flex gap-6"
        ),
        class_name="mt-4",
    )


def _bank_mandate(state, amount_due: rx.Var) -> rx.Component:
    before, after = BANK_DEBIT_MANDATE.replace("{business}", BUSINESS.name).split("{amount}")
    return rx.cond(
        state.pay_method == "bank",
        rx.el.p(
            before,
            rx.el.strong(amount_due),
            after,
            class_name="mt-4 text-sm text-slate-700",
            data_testid="bank-mandate",
        ),
    )


def payment_dialog(state, amount_due: rx.Var, bank_debit: bool = False) -> rx.Component:
    """The dialog; `bank_debit` offers a US bank account beside the card (the pay page)."""
    if not payments_enabled():
        return rx.fragment()
    return dialog.root(
        dialog.portal(
            dialog.overlay(class_name="fixed inset-0 z-50 bg-slate-900/60"),
            dialog.content(
                dialog.title(
                    "Enter Payment Details", class_name="text-xl font-extrabold text-slate-900"
                ),
                dialog.description(
                    "Amount due: ",
                    rx.el.strong(amount_due, data_testid="payment-amount"),
                    class_name="mt-1 text-slate-700",
                ),
                _method_choice(state) if bank_debit else rx.fragment(),
                rx.el.div(
                    rx.el.label(
                        "Card", html_for="card-field", class_name="mt-4 block text-sm font-semibold"
                    ),
                    stripe_elements(
                        card_field(
                            id="card-field",
                            on_ready=state.card_is_ready,
                            on_card_change=state.card_changed,
                        ),
                    ),
                    # hidden, not removed, for a bank debit: Stripe.js stays loaded for both
                    class_name=rx.cond(state.pay_method == "bank", "hidden", ""),
                ),
                _bank_mandate(state, amount_due) if bank_debit else rx.fragment(),
                alert_text(
                    state.payment_error, "payment-error", "mt-2 text-sm font-medium text-red-700"
                ),
                dialog_buttons(state),
                class_name="fixed left-1/2 top-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 "
                "-translate-y-1/2 rounded-xl bg-white p-6 shadow-xl",
                data_testid="payment-dialog",
            ),
        ),
        open=state.dialog_open,
        on_open_change=state.set_dialog_open,
    )
