"""The staff list of invoices (/invoices), filtered and paged from the address's query."""

import asyncio
import dataclasses

import reflex as rx

from renovation_app.services.invoicing import InvoiceFilters, InvoiceRow, list_invoices
from renovation_app.state.staff import StaffState


class InvoiceListState(StaffState):
    rows: list[InvoiceRow] = []
    total_count: int = 0
    page: int = 1
    page_count: int = 1
    filters: dict[str, str] = {}
    options: dict[str, list[dict]] = {}
    previous_link: str = ""
    next_link: str = ""

    @rx.event
    async def load(self):
        filters = InvoiceFilters.from_query(self.router.url.query_parameters)
        listing = await asyncio.to_thread(list_invoices, filters)
        self.rows = list(listing.rows)
        self.total_count, self.page, self.page_count = (
            listing.total_count,
            listing.page,
            listing.page_count,
        )
        applied = listing.filters
        self.filters = {k: str(v) for k, v in dataclasses.asdict(applied).items()}
        self.options = {
            name: [dataclasses.asdict(o) for o in getattr(listing, f"{name}_options")]
            for name in ("status", "type", "location", "sort")
        }
        self.previous_link = (
            f"/invoices{applied.with_page(listing.page - 1).query_string()}"
            if listing.page > 1
            else ""
        )
        self.next_link = (
            f"/invoices{applied.with_page(listing.page + 1).query_string()}"
            if listing.page < listing.page_count
            else ""
        )
