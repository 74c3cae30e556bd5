"""/estimates: the newest revision of each estimate, searched and filtered by status."""

from typing import ClassVar

from renovation_app.routes import ESTIMATES
from renovation_app.services import estimates
from renovation_app.state.staff import SearchedListMixin, StaffState


class EstimateListState(SearchedListMixin, StaffState):
    list_path: ClassVar[str] = ESTIMATES.path
    rows: list[estimates.EstimateRow] = []

    def _listing(self, query: str, status: str, page: int) -> estimates.EstimateListPage:
        return estimates.list_estimates(query, status, page)
