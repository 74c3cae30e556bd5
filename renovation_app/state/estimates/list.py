"""/estimates: the newest revision of each estimate, searched and filtered by status."""

import asyncio
from urllib.parse import urlencode

import reflex as rx

from renovation_app.routes import ESTIMATES
from renovation_app.services import estimates
from renovation_app.state.staff import PagedListMixin, StaffState


class EstimateListState(PagedListMixin, StaffState):
    search_fields = ("q", "status")
    rows: list[estimates.EstimateRow] = []
    query: str = ""
    status: str = ""

    @rx.event
    async def load(self):
        params = self.router.url.query_parameters
        self.query, self.status = params.get("q", "")[:100], params.get("status", "")[:20]
        listing = await asyncio.to_thread(
            estimates.list_estimates, self.query, self.status, self._requested_page()
        )
        self.rows = listing.rows
        search = {"q": self.query, "status": self.status}
        self._show_page(
            listing.page,
            listing.page_count,
            listing.total_count,
            lambda n: f"{ESTIMATES.path}?{urlencode({**search, 'page': n})}",
        )
