"""/jobs: every job, newest first, searched and filtered by status."""

from typing import ClassVar

from renovation_app.routes import JOBS
from renovation_app.services import jobs
from renovation_app.services.billing.money import shown
from renovation_app.state.staff import SearchedListMixin, StaffState


class JobListState(SearchedListMixin, StaffState):
    list_path: ClassVar[str] = JOBS.path
    rows: list[dict] = []  # JobRow in words beside its cents (billing.shown)

    def _listing(self, query: str, status: str, page: int) -> jobs.JobListPage:
        return jobs.list_jobs(query, status, page)

    def _show_rows(self, listing: jobs.JobListPage) -> None:
        self.rows = shown(listing.rows)
