"""The job screens: the list, one job, and its change order form."""

from renovation_app.state.jobs.change_order_form import ChangeOrderFormState
from renovation_app.state.jobs.detail import JobDetailState
from renovation_app.state.jobs.list import JobListState

__all__ = ["ChangeOrderFormState", "JobDetailState", "JobListState"]
