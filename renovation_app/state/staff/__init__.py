"""The signed-in staff area: the guarded base state, the guard, signing in and out, what every
list and every saved form share."""

from renovation_app.state.staff.base import StaffState
from renovation_app.state.staff.forms import SavedFormMixin
from renovation_app.state.staff.paging import PagedListMixin, SearchedListMixin

__all__ = ["PagedListMixin", "SavedFormMixin", "SearchedListMixin", "StaffState"]
