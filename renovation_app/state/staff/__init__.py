"""The signed-in staff area: the guarded base state, the guard, signing in and out."""

from renovation_app.state.staff.base import StaffState
from renovation_app.state.staff.paging import PagedListMixin, SearchedListMixin

__all__ = ["PagedListMixin", "SearchedListMixin", "StaffState"]
