"""The staff invoice page's reminders: the schedule's days, pause, and "Send reminder now"."""

import asyncio

import reflex as rx

from renovation_app.services import reminders
from renovation_app.services.errors import ActionRefused
from renovation_app.state.invoices.detail import InvoiceDetailState


class InvoiceRemindersState(InvoiceDetailState):
    reminder_days: str = ""  # as typed; "" follows the default
    default_days: str = ""
    reminders_paused: bool = False
    customer_paused: bool = False
    next_reminder: str = ""
    reminder_error: str = ""

    async def _show_reminders(self) -> None:
        found = await asyncio.to_thread(reminders.reminder_settings, self.invoice.get("number", ""))
        if found is not None:
            self.reminder_days, self.default_days = found.days, found.default_days
            self.reminders_paused, self.customer_paused = found.paused, found.customer_paused
            self.next_reminder = found.next_words

    @rx.event
    async def load_reminders(self):
        self.reminder_error = ""
        await self._show_reminders()

    @rx.event
    async def save_reminders(self, form_data: dict):
        number = self.invoice.get("number", "")
        days = str(form_data.get("reminder_days") or "")[:60]
        paused = bool(form_data.get("reminders_paused"))
        try:
            await asyncio.to_thread(
                reminders.set_invoice_reminders, number, days, paused, self._signed_in_user()
            )
        except reminders.ScheduleInvalid as invalid:
            self.reminder_error = str(invalid)
            return
        except ActionRefused as refused:
            self.reminder_error = refused.message
            return
        self.reminder_error = ""
        await self._show(number)
        await self._show_reminders()
        yield rx.toast.success("The reminder schedule is saved.", duration=2000)

    @rx.event
    async def send_reminder_now(self):
        number = self.invoice.get("number", "")
        try:
            await asyncio.to_thread(reminders.send_reminder_now, number, self._signed_in_user())
        except ActionRefused as refused:
            self.reminder_error = refused.message
            return
        self.reminder_error = ""
        await self._show(number)
        yield rx.toast.success("The reminder is queued.", duration=2000)
