"""/estimates: the newest revision of each estimate, searched and filtered by status."""

import asyncio

import reflex as rx

from renovation_app.services import estimates
from renovation_app.state.staff import StaffState


class EstimateListState(StaffState):
    rows: list[estimates.EstimateRow] = []
    query: str = ""
    status: str = ""
    page: int = 1
    page_count: int = 1
    total_count: int = 0

    @rx.event
    async def load(self):
        params = self.router.url.query_parameters
        page = params.get("page", "1")
        self.query, self.status = params.get("q", "")[:100], params.get("status", "")[:20]
        listing = await asyncio.to_thread(
            estimates.list_estimates, self.query, self.status, int(page) if page.isdigit() else 1
        )
        self.rows, self.page = listing.rows, listing.page
        self.page_count, self.total_count = listing.page_count, listing.total_count
