"""The staff customer screens: the list with its search (/customers) and one customer
(/customers/<id>) with their timeline and merging."""

import asyncio
import dataclasses
import json
from typing import ClassVar

import reflex as rx

from renovation_app.routes import CUSTOMERS, customer_path
from renovation_app.services import customers, quickbooks, reminders
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import whole_number
from renovation_app.state.record import RecordPage
from renovation_app.state.staff import SearchedListMixin, StaffState
from renovation_app.state.texts import CustomerTextsMixin


class CustomerSuggestionsMixin(rx.State, mixin=True):
    """A billing form offers existing customers matching the name, e-mail or phone being typed;
    "Use" fills the form's fields (ids `<field_prefix>name`, `...email`, `...phone`,
    `...address`) from the chosen customer."""

    suggestions: list[customers.CustomerRow] = []
    used_customer_id: int = 0
    field_prefix: ClassVar[str] = ""

    @rx.event
    async def suggest(self, text: str):
        found = await asyncio.to_thread(customers.suggest_customers, str(text)[:100])
        # The customer already put in the form is not offered again (a late search that
        # was typed before "Use" would otherwise bring the panel back).
        self.suggestions = [row for row in found if row.id != self.used_customer_id]

    @rx.event
    async def use_customer(self, customer_id: int):
        customer_id = whole_number(customer_id) or 0
        contact = await asyncio.to_thread(customers.contact_of, customer_id)
        self.suggestions = []
        if contact is None:
            return
        self.used_customer_id = customer_id
        fields = {
            f"{self.field_prefix}{name}": value
            for name, value in dataclasses.asdict(contact).items()
        }
        yield rx.call_script(f"window.renovation.fillFields({json.dumps(fields)})")


class CustomerListState(SearchedListMixin, StaffState):
    search_fields: ClassVar[tuple[str, ...]] = ("q",)
    list_path: ClassVar[str] = CUSTOMERS.path
    rows: list[customers.CustomerRow] = []

    def _listing(self, query: str, status: str, page: int) -> customers.CustomerListPage:
        return customers.list_customers(query, page)

    def _show_rows(self, listing: customers.CustomerListPage) -> None:
        # The words as searched (trimmed, or none when refused) fill the box and the links.
        self.rows, self.query = listing.rows, listing.query


class CustomerState(RecordPage, CustomerTextsMixin, StaffState):
    customer: customers.CustomerView | None = None
    merge_id: str = ""
    action_error: str = ""
    in_quickbooks: dict[str, str] = {}

    async def _read_record(self, key: str) -> bool:
        if (customer_id := whole_number(key)) is not None:
            self.customer = await asyncio.to_thread(customers.customer_view, customer_id)
        if self.customer is not None:
            await self._read_texts(self.customer.id)
            self.in_quickbooks = await asyncio.to_thread(
                quickbooks.record_words, quickbooks.SyncKind.CUSTOMER, self.customer.id
            )
        return self.customer is not None

    @rx.event
    async def load(self):
        if await self._open_record() and str(self.customer.id) != self._record_key():
            yield rx.redirect(customer_path(str(self.customer.id)))  # merged: the one kept

    @rx.event
    def set_merge_id(self, text: str):
        self.merge_id = text.strip()[:12]

    @rx.event
    async def merge(self):
        """Merge the customer whose number was typed into this one."""
        if self.customer is None:
            return
        merged = whole_number(self.merge_id)
        if merged is None:
            self.action_error = "Type the number of the customer to merge into this one."
            return
        try:
            await asyncio.to_thread(
                customers.merge_customers,
                self.customer.id,
                merged,
                self._signed_in_user(),
            )
        except ActionRefused as refused:
            self.action_error = refused.message
            return
        self.customer = await asyncio.to_thread(customers.customer_view, self.customer.id)
        self.action_error, self.merge_id = "", ""
        yield rx.toast.success("The customers are merged.", duration=2000)

    @rx.event
    async def toggle_reminders(self):
        """Pause (or resume) reminders on every invoice and estimate of this customer."""
        if self.customer is None:
            return
        paused = not self.customer.reminders_paused
        cancelled = await asyncio.to_thread(
            reminders.set_customer_reminders, self.customer.id, paused, self._user_id
        )
        self.customer = await asyncio.to_thread(customers.customer_view, self.customer.id)
        words = "Reminders resumed." if not paused else "Reminders paused"
        if paused:
            words += f" ({cancelled} queued cancelled)." if cancelled else "."
        yield rx.toast.success(words, duration=2000)
