"""The 'Enter Payment Details' dialog, shared by the staff invoice page ('Take card payment')
and the customer's pay page ('Pay now'). The amount always comes from the server."""

import asyncio
import json
import logging

import reflex as rx

from renovation_app.services import payments
from renovation_app.services.billing import InvoiceView
from renovation_app.services.errors import ActionRefused

log = logging.getLogger(__name__)

PAYMENT_SUCCESSFUL = "Payment successful!"
BANK_DEBIT_STARTED = (
    "Bank debit started. The invoice shows it as processing until your bank settles it "
    "(usually 4 business days)."
)
BANK_NOT_LINKED = "No bank account was chosen. Choose one, or pay by card."
PAY_METHODS = ("card", "bank")


def path_part(state: rx.State, index: int) -> str:
    """A part of the page's path: index 1 of /invoices/2026-0001 is the number."""
    parts = [p for p in state.router.url.path.split("/") if p]
    return parts[index] if len(parts) > index else ""


def payment_money(view: InvoiceView | None) -> payments.MoneySummary:
    """An invoice's paid, refunded and due amounts (run in a worker thread)."""
    return payments.payment_summary(view.id) if view else payments.MoneySummary()


class CardPaymentMixin(rx.State, mixin=True):
    """Dialog states: idle, processing ('Processing...', Pay disabled), then success (dialog
    closes, toast) or failure (the card provider's message inline and in a toast)."""

    dialog_open: bool = False
    card_ready: bool = False
    processing: bool = False
    payment_error: str = ""
    amount_due: str = ""
    # The customer chose "Pay the whole balance" rather than what is due now.
    whole_balance: bool = False
    # "card", or "bank" (a US bank account debit; offered where _takes_bank_debit says so).
    pay_method: str = "card"
    _payment_intent_id: str = ""

    def _checkout(self) -> payments.CardCheckout:
        """The PaymentIntent for this page's invoice (the subclass knows which invoice)."""
        raise NotImplementedError

    def _invoice_id(self) -> int:
        raise NotImplementedError

    async def _after_payment(self):
        """Reload what the page shows once a payment is recorded."""

    def _takes_bank_debit(self) -> bool:
        """Whether this page offers a US bank account (the customer's own page does: the
        customer accepts the debit's mandate there)."""
        return False

    def reset_payment_dialog(self) -> None:
        """Closed and idle: what a page shows when it is (re)loaded."""
        self.dialog_open, self.processing, self.payment_error = False, False, ""
        self.card_ready, self._payment_intent_id = False, ""
        self.pay_method = "card"

    @rx.event
    def open_payment(self):
        self.dialog_open, self.payment_error, self.processing = True, "", False
        self.whole_balance = False

    @rx.event
    def open_whole_payment(self):
        self.dialog_open, self.payment_error, self.processing = True, "", False
        self.whole_balance = True

    @rx.event
    def choose_pay_method(self, method: str):
        if self.processing:
            return
        self.pay_method = method if method in PAY_METHODS and self._takes_bank_debit() else "card"
        self.payment_error = ""

    @rx.event
    def set_dialog_open(self, open_: bool):
        if not open_ and self.processing:
            return  # Escape or a click outside does nothing while the card is being charged
        self.dialog_open = open_

    @rx.event
    def card_is_ready(self):
        self.card_ready = True

    @rx.event
    def card_changed(self, message: str):
        self.payment_error = message[:300]

    @rx.event
    async def pay(self):
        if self.processing:
            return
        self.processing, self.payment_error = True, ""
        yield
        try:
            checkout = await asyncio.to_thread(self._checkout)
        except ActionRefused as refused:
            self.processing, self.payment_error = False, refused.message
            yield rx.toast.error(refused.message, duration=4000)
            return
        except Exception:
            log.exception("payment: could not start the card payment")
            self.processing, self.payment_error = False, payments.PAYMENT_FAILED
            yield rx.toast.error(payments.PAYMENT_FAILED, duration=4000)
            return
        self.amount_due = checkout.amount
        self._payment_intent_id = checkout.payment_intent_id
        secret, name = json.dumps(checkout.client_secret), json.dumps(checkout.customer_name)
        bank = self.pay_method == "bank" and self._takes_bank_debit()
        confirm = "renovationConfirmBank" if bank else "renovationConfirmCard"
        yield rx.call_script(f"window.{confirm}({secret}, {name})", callback=type(self).card_result)

    @rx.event
    async def card_result(self, result: dict):
        """What Stripe.js answered. Success is checked with Stripe by the server, never taken
        from the browser; a card error is Stripe's own message."""
        if not self.processing:
            return
        if not isinstance(result, dict) or not result.get("ok"):
            message = ""
            kind = result.get("kind") if isinstance(result, dict) else ""
            # Stripe's own words for a card error, and for a bank debit Stripe refused.
            if kind in ("card_error", "validation_error") or (
                kind == "invalid_request_error" and self.pay_method == "bank"
            ):
                message = str(result.get("message") or "")[:300]
            elif kind == "bank_not_linked":
                message = BANK_NOT_LINKED
            await self._confirm()  # records a decline in the invoice's history
            self.processing = False
            self.payment_error = message or payments.PAYMENT_FAILED
            yield rx.toast.error(self.payment_error, duration=4000)
            return
        status = await self._confirm()
        self.processing = False
        if status == "processing":  # a bank debit: recorded, not paid until the bank settles
            self.dialog_open = False
            await self._after_payment()
            yield rx.toast.success(BANK_DEBIT_STARTED, duration=6000)
            return
        if status != "succeeded":
            self.payment_error = payments.PAYMENT_FAILED
            yield rx.toast.error(payments.PAYMENT_FAILED, duration=4000)
            return
        self.dialog_open = False
        await self._after_payment()
        yield rx.toast.success(PAYMENT_SUCCESSFUL, duration=2000)

    async def _confirm(self) -> str:
        """Ask Stripe about the intent this dialog made (not one the browser names)."""
        try:
            return await asyncio.to_thread(
                payments.confirm_from_browser, self._payment_intent_id, self._invoice_id()
            )
        except Exception:
            log.exception("payment: could not check payment %s", self._payment_intent_id)
            return ""
