"""The saved invoice for staff (/invoices/<number>): money, history, void, refund, card."""

import asyncio
import logging

import reflex as rx

from renovation_app.services import invoicing, payments, quickbooks
from renovation_app.services.billing import InvoiceView, format_usd
from renovation_app.services.billing.money import shown
from renovation_app.services.errors import ActionRefused
from renovation_app.state.payments import CardPaymentMixin, payment_money
from renovation_app.state.record import RecordPage
from renovation_app.state.staff import StaffState

log = logging.getLogger(__name__)


def _staff_invoice(number: str) -> tuple[InvoiceView | None, dict]:
    view = invoicing.get_invoice(number)
    return view, payment_money(view)


class InvoiceDetailState(RecordPage, CardPaymentMixin, StaffState):
    invoice: dict = {}
    # The invoice's money in words beside its cents (billing.shown), its lists apart.
    money: dict = {}
    payment_lines: list[dict] = []
    refund_lines: list[dict] = []
    stage_lines: list[dict] = []
    refund_amount: str = ""
    refund_reason: str = ""
    refund_code: str = ""
    lines: list[dict] = []
    sum_rows: list[dict] = []  # subtotal, discount, tax
    revisions: list[dict] = []  # newest first: reason, before, after, who, when
    events: list[dict] = []
    emails: list[dict] = []
    void_reason: str = ""
    action_error: str = ""
    in_quickbooks: dict[str, str] = {}  # its state there (services.quickbooks.record_words)

    @rx.var
    def can_revise(self) -> bool:
        """Sent and not paid in full (the service checks again), by its author or an admin."""
        return bool(self.invoice.get("can_be_revised")) and (
            self.is_admin or self.invoice.get("author_id") == self._user_id
        )

    @rx.var
    def can_void(self) -> bool:
        """The invoice's status allows it (the service says) and this user may."""
        return bool(self.invoice.get("can_be_voided")) and (
            self.is_admin or self.invoice.get("author_id") == self._user_id
        )

    async def _show(self, number: str) -> None:
        view, summary = await asyncio.to_thread(_staff_invoice, number)
        money = shown(summary)
        self.payment_lines, self.refund_lines = money.pop("payments"), money.pop("refunds")
        self.stage_lines, self.money = money.pop("stages"), money
        data = shown(view) if view else {}
        # The view's tuples as lists, the vars' declared type.
        self.lines = list(data.pop("lines", ()))
        self.sum_rows = list(data.pop("sum_rows", ()))
        self.revisions = list(data.pop("revisions", ()))
        self.events = list(reversed(data.pop("events", ())))  # newest first
        self.emails = list(data.pop("emails", ()))
        self.invoice = data
        if view is not None:
            self.in_quickbooks = await asyncio.to_thread(
                quickbooks.record_words, quickbooks.SyncKind.INVOICE, view.id
            )

    def _checkout(self) -> payments.CardCheckout:
        return payments.start_card_payment(self._invoice_id(), whole_balance=self.whole_balance)

    def _invoice_id(self) -> int:
        return int(self.invoice.get("id") or 0)

    async def _after_payment(self):
        await self._show(self.invoice.get("number", ""))

    @rx.event
    def set_refund_amount(self, text: str):
        self.refund_amount = text[:20]

    @rx.event
    def set_refund_reason(self, text: str):
        self.refund_reason = text[:500]

    @rx.event
    def set_refund_code(self, text: str):
        self.refund_code = text[:20]

    @rx.event
    async def refund(self):
        number = self.invoice.get("number", "")
        try:
            cents = await asyncio.to_thread(
                payments.refund,
                number,
                self._signed_in_user(),
                self.refund_amount,
                self.refund_reason,
                self.refund_code,
            )
        except ActionRefused as refused:
            self.action_error, self.refund_code = refused.message, ""
            await self._show(number)
            return
        except Exception:
            log.exception("refund of invoice %s failed", number)
            self.action_error = "The refund could not be made. Please try again."
            return
        self.action_error, self.refund_amount, self.refund_reason = "", "", ""
        self.refund_code = ""
        await self._show(number)
        yield rx.toast.success(f"Refund of {format_usd(cents)} sent to Stripe.", duration=3000)

    async def _read_record(self, key: str) -> bool:
        await self._show(key)
        return bool(self.invoice)

    @rx.event
    async def resend_email(self):
        number = self.invoice.get("number", "")
        try:
            await asyncio.to_thread(invoicing.resend_invoice_email, number, self._signed_in_user())
        except ActionRefused as refused:
            self.action_error = str(refused)
            return
        await self._show(number)
        yield rx.toast.success("The invoice e-mail is queued again.", duration=2000)

    @rx.event
    def set_void_reason(self, text: str):
        self.void_reason = text[:500]

    @rx.event
    async def void(self):
        number = self.invoice.get("number", "")
        try:
            await asyncio.to_thread(
                invoicing.void_invoice, number, self._signed_in_user(), self.void_reason
            )
        except ActionRefused as refused:
            self.action_error = str(refused)
            await self._show(number)
            return
        except Exception:
            log.exception("void of invoice %s failed", number)
            self.action_error = "The invoice could not be voided. Please try again."
            return
        self.action_error, self.void_reason = "", ""
        await self._show(number)
        yield rx.toast.success(f"Invoice {number} is void.", duration=2000)
