"""The staff list of invoices (/invoices), filtered and paged from the address's query."""

import asyncio
import dataclasses

import reflex as rx

from renovation_app.services.invoicing import InvoiceFilters, InvoiceRow, list_invoices
from renovation_app.state.staff import PagedListMixin, StaffState


class InvoiceListState(PagedListMixin, StaffState):
    rows: list[InvoiceRow] = []
    filters: dict[str, str] = {}
    options: dict[str, list[dict]] = {}

    @rx.event
    async def load(self):
        filters = InvoiceFilters.from_query(self.router.url.query_parameters)
        listing = await asyncio.to_thread(list_invoices, filters)
        self.rows = list(listing.rows)
        applied = listing.filters
        self.filters = {k: str(v) for k, v in dataclasses.asdict(applied).items()}
        self.options = {
            name: [dataclasses.asdict(o) for o in getattr(listing, f"{name}_options")]
            for name in ("status", "type", "location", "sort")
        }
        self._show_page(
            listing.page,
            listing.page_count,
            listing.total_count,
            lambda n: f"/invoices{applied.with_page(n).query_string()}",
        )
