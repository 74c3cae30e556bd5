"""The staff list of invoices (/invoices), filtered and paged from the address's query."""

import asyncio
import dataclasses
import logging
from typing import ClassVar

import reflex as rx

from renovation_app.services import invoicing, payments
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import whole_number
from renovation_app.services.invoicing import DraftRow, InvoiceFilters, InvoiceRow, list_invoices
from renovation_app.state.staff import PagedListMixin, StaffState

log = logging.getLogger(__name__)


class InvoiceListState(PagedListMixin, StaffState):
    search_fields: ClassVar[tuple[str, ...]] = ("search", "status", "type", "location", "sort")
    rows: list[InvoiceRow] = []
    filters: dict[str, str] = {}
    options: dict[str, list[dict]] = {}
    checking: bool = False
    drafts: list[DraftRow] = []

    @rx.event
    async def delete_draft(self, draft_id: int):
        try:
            await asyncio.to_thread(
                invoicing.delete_draft, whole_number(draft_id) or 0, self._signed_in_user()
            )
        except (ActionRefused, ValueError) as refused:
            yield rx.toast.error(str(refused), duration=4000)
        else:
            yield rx.toast.success("Draft deleted.", duration=2000)
        self.drafts = await asyncio.to_thread(invoicing.list_drafts)

    @rx.event
    async def check_payments(self):
        """Ask Stripe about every card payment still open here (as the hourly job does)."""
        if self.checking:
            return
        self.checking = True
        yield
        try:
            found = await asyncio.to_thread(payments.reconcile_payments)
        except Exception:
            log.exception("reconcile: on demand failed")
            self.checking = False
            yield rx.toast.error("Stripe could not be reached. Please try again.", duration=4000)
            return
        self.checking = False
        words = f"Checked {found.checked} open card payment(s) with Stripe"
        words += f": {found.recorded} recorded." if found.recorded else ": nothing was missing."
        yield rx.toast.success(words, duration=4000)
        if found.recorded:
            yield InvoiceListState.load

    @rx.event
    async def load(self):
        filters = InvoiceFilters.from_query(self.router.url.query_parameters)
        listing = await asyncio.to_thread(list_invoices, filters)
        self.drafts = await asyncio.to_thread(invoicing.list_drafts)
        self.rows = list(listing.rows)
        applied = listing.filters
        self.filters = {k: str(v) for k, v in dataclasses.asdict(applied).items()}
        self.options = {
            name: [dataclasses.asdict(o) for o in getattr(listing, f"{name}_options")]
            for name in ("status", "type", "location", "sort")
        }
        self._show_page(listing, lambda n: f"/invoices{applied.with_page(n).query_string()}")
