"""The staff customer screens: the list with its search (/customers) and one customer
(/customers/<id>) with their timeline and merging."""

import asyncio
import json
import logging
from typing import ClassVar

import reflex as rx

from renovation_app.routes import customer_path
from renovation_app.services import customers
from renovation_app.services.errors import ActionRefused
from renovation_app.state.payments import path_part
from renovation_app.state.staff import StaffState

log = logging.getLogger(__name__)


class CustomerSuggestionsMixin(rx.State, mixin=True):
    """A billing form offers existing customers matching the name, e-mail or phone being typed;
    "Use" fills the form's fields (ids `<field_prefix>name`, `...email`, `...phone`,
    `...address`) from the chosen customer."""

    suggestions: list[customers.CustomerRow] = []
    field_prefix: ClassVar[str] = ""

    @rx.event
    async def suggest(self, text: str):
        self.suggestions = await asyncio.to_thread(customers.suggest_customers, str(text)[:100])

    @rx.event
    async def use_customer(self, customer_id: int):
        view = await asyncio.to_thread(customers.customer_view, int(customer_id))
        self.suggestions = []
        if view is None:
            return
        prefix = self.field_prefix
        fields = {
            f"{prefix}name": view.name,
            f"{prefix}email": view.emails[0] if view.emails else "",
            f"{prefix}phone": view.phones[0] if view.phones else "",
            f"{prefix}address": view.address_lines[0] if view.address_lines else "",
        }
        yield rx.call_script(f"window.renovation.fillFields({json.dumps(fields)})")


class CustomerListState(StaffState):
    rows: list[customers.CustomerRow] = []
    query: str = ""
    page: int = 1
    page_count: int = 1
    total_count: int = 0

    @rx.event
    async def load(self):
        params = self.router.url.query_parameters
        page = params.get("page", "1")
        listing = await asyncio.to_thread(
            customers.list_customers, params.get("q", ""), int(page) if page.isdigit() else 1
        )
        self.rows = listing.rows
        self.query, self.page = listing.query, listing.page
        self.page_count, self.total_count = listing.page_count, listing.total_count


class CustomerState(StaffState):
    customer: customers.CustomerView | None = None
    merge_id: str = ""
    action_error: str = ""

    @rx.event
    async def load(self):
        self.action_error, self.merge_id = "", ""
        number = path_part(self, 1)
        found = (
            await asyncio.to_thread(customers.customer_view, int(number))
            if number.isdigit()
            else None
        )
        self.customer = found
        if found is not None and str(found.id) != number:  # merged: show the one kept
            yield rx.redirect(customer_path(str(found.id)))

    @rx.event
    def set_merge_id(self, text: str):
        self.merge_id = text.strip()[:12]

    @rx.event
    async def merge(self):
        """Merge the customer whose number was typed into this one."""
        if self.customer is None:
            return
        if not self.merge_id.isdigit():
            self.action_error = "Type the number of the customer to merge into this one."
            return
        try:
            await asyncio.to_thread(
                customers.merge_customers,
                self.customer.id,
                int(self.merge_id),
                self._signed_in_user(),
            )
        except ActionRefused as refused:
            self.action_error = refused.message
            return
        self.customer = await asyncio.to_thread(customers.customer_view, self.customer.id)
        self.action_error, self.merge_id = "", ""
        yield rx.toast.success("The customers are merged.", duration=2000)
