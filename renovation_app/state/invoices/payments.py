"""The staff invoice page's money actions beside the card: record a check, Zelle, bank
transfer or cash payment, void a recorded one (admins), mark the work complete (admins)."""

import asyncio
import logging
import secrets

import reflex as rx

from renovation_app.services import invoicing, payments
from renovation_app.services.billing import business_today
from renovation_app.services.errors import ActionRefused, FormInvalid
from renovation_app.services.fields import whole_number
from renovation_app.state.invoices.detail import InvoiceDetailState

log = logging.getLogger(__name__)


class InvoicePaymentsState(InvoiceDetailState):
    record_errors: dict[str, str] = {}
    return_errors: dict[str, str] = {}
    record_key: str = ""  # one per opened form: a double click records one payment
    recording: bool = False
    today: str = ""

    @rx.event
    def new_record_form(self):
        self.record_errors, self.recording = {}, False
        self.record_key = secrets.token_urlsafe(16)
        self.today = business_today().isoformat()

    async def _record_form(self, errors_var: str, action, *args) -> bool:
        """Run a recording form's service call in a worker thread; its field errors or refusal
        go to `errors_var`. True when it was recorded (the invoice is shown again)."""
        number = self.invoice.get("number", "")
        try:
            await asyncio.to_thread(action, number, *args, self._signed_in_user())
        except FormInvalid as invalid:
            setattr(self, errors_var, invalid.errors)
        except ActionRefused as refused:
            setattr(self, errors_var, {"form": refused.message})
        else:
            await self._show(number)
            return True
        finally:
            self.recording = False
        return False

    @rx.event
    async def record(self, form_data: dict):
        if self.recording:
            return
        self.recording, self.record_errors = True, {}
        yield
        key = str(form_data.get("record_key") or "")
        if await self._record_form("record_errors", payments.record_payment, form_data, key):
            self.new_record_form()
            yield rx.toast.success("The payment is recorded and the receipt queued.", duration=3000)

    @rx.event
    async def record_return(self, form_data: dict):
        if self.recording:
            return
        self.recording, self.return_errors = True, {}
        yield
        paid = whole_number(str(form_data.get("payment_id") or "")) or 0
        if await self._record_form("return_errors", payments.record_return, paid, form_data):
            yield rx.toast.success("The money given back is recorded.", duration=3000)

    async def _invoice_action(self, action, *args) -> bool:
        """Run an invoice action in a worker thread: its refusal shows on the page; done, the
        invoice is shown again. True when it was done."""
        number = self.invoice.get("number", "")
        try:
            await asyncio.to_thread(action, number, *args, self._signed_in_user())
        except ActionRefused as refused:
            self.action_error = refused.message
            return False
        self.action_error = ""
        await self._show(number)
        return True

    @rx.event
    async def void_payment(self, form_data: dict):
        if await self._invoice_action(
            payments.void_recorded_payment,
            whole_number(str(form_data.get("payment_id") or "")) or 0,
            str(form_data.get("reason") or ""),
        ):
            yield rx.toast.success("The payment is void.", duration=2000)

    @rx.event
    async def mark_complete(self, form_data: dict):
        if await self._invoice_action(
            invoicing.mark_work_completed, str(form_data.get("completed_on") or "")
        ):
            yield rx.toast.success("The work is marked substantially complete.", duration=2000)
