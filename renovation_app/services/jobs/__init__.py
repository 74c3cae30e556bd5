"""Jobs: the work of a signed contract from the signature to the final payment: its payment
schedule, its invoices, its change orders' effect on its value, and its status."""

from renovation_app.services.jobs.billing import bill_stage
from renovation_app.services.jobs.creating import job_for_estimate, job_from_estimate
from renovation_app.services.jobs.lead_safe import LeadSafeNeedsConfirming
from renovation_app.services.jobs.listing import JobListPage, JobRow, list_jobs
from renovation_app.services.jobs.small_work import (
    SmallWork,
    create_small_job,
    validate_small_work,
)
from renovation_app.services.jobs.status import cancel_with_contract, set_job_status
from renovation_app.services.jobs.views import JobView, get_job

__all__ = [
    "SmallWork",
    "create_small_job",
    "validate_small_work",
    "JobListPage",
    "JobRow",
    "JobView",
    "LeadSafeNeedsConfirming",
    "bill_stage",
    "cancel_with_contract",
    "get_job",
    "job_for_estimate",
    "job_from_estimate",
    "list_jobs",
    "set_job_status",
]
