"""The job screens: the list, one job, its costs, its photos, its trust books, its change order form, and a
job for small work."""

from renovation_app.state.jobs.change_order_form import ChangeOrderFormState
from renovation_app.state.jobs.costs import JobCostsState
from renovation_app.state.jobs.detail import JobDetailState
from renovation_app.state.jobs.duties import JobDutiesState
from renovation_app.state.jobs.list import JobListState
from renovation_app.state.jobs.new import NewJobState
from renovation_app.state.jobs.photos import JobPhotosState
from renovation_app.state.jobs.trust_books import TrustBooksState
from renovation_app.state.jobs.waivers import JobWaiverScanState

__all__ = [
    "ChangeOrderFormState",
    "JobCostsState",
    "JobDetailState",
    "JobDutiesState",
    "JobListState",
    "JobPhotosState",
    "JobWaiverScanState",
    "NewJobState",
    "TrustBooksState",
]
