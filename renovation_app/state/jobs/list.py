"""/jobs: every job, newest first, searched and filtered by status."""

import asyncio
from urllib.parse import urlencode

import reflex as rx

from renovation_app.routes import JOBS
from renovation_app.services import jobs
from renovation_app.services.billing.money import shown
from renovation_app.state.staff import PagedListMixin, StaffState


class JobListState(PagedListMixin, StaffState):
    search_fields = ("q", "status")
    rows: list[dict] = []  # JobRow in words beside its cents (billing.shown)
    query: str = ""
    status: str = ""

    @rx.event
    async def load(self):
        params = self.router.url.query_parameters
        self.query, self.status = params.get("q", "")[:100], params.get("status", "")[:30]
        listing = await asyncio.to_thread(
            jobs.list_jobs, self.query, self.status, self._requested_page()
        )
        self.rows = shown(listing.rows)
        search = {"q": self.query, "status": self.status}
        self._show_page(
            listing.page,
            listing.page_count,
            listing.total_count,
            lambda n: f"{JOBS.path}?{urlencode({**search, 'page': n})}",
        )
