"""Estimates: written by staff, sent with a link, accepted and signed (or declined) by the
customer as a New York home-improvement contract, cancellable for three business days, and
made a job (services/jobs) when signed."""

from renovation_app.services.estimates.answering import (
    Answer,
    LinkState,
    accept,
    decline,
    read_link,
    record_view,
)
from renovation_app.services.estimates.cancelling import cancel_contract
from renovation_app.services.estimates.mail import queue_expiry_reminder
from renovation_app.services.estimates.queries import (
    EstimateListPage,
    EstimateRow,
    customer_estimate_pdf,
    form_values,
    get_estimate,
    list_estimates,
    staff_estimate_pdf,
    typed_lines,
)
from renovation_app.services.estimates.records import estimate_lines
from renovation_app.services.estimates.saving import (
    contract_settings_problem,
    create_estimate,
    revise_estimate,
    send_estimate,
    update_draft,
)
from renovation_app.services.estimates.validation import ValidEstimate, validate_estimate
from renovation_app.services.estimates.views import OPEN_STATUSES, EstimateLineView, EstimateView

__all__ = [
    "OPEN_STATUSES",
    "estimate_lines",
    "queue_expiry_reminder",
    "Answer",
    "EstimateLineView",
    "EstimateListPage",
    "EstimateRow",
    "EstimateView",
    "LinkState",
    "ValidEstimate",
    "accept",
    "cancel_contract",
    "contract_settings_problem",
    "create_estimate",
    "customer_estimate_pdf",
    "decline",
    "form_values",
    "typed_lines",
    "get_estimate",
    "list_estimates",
    "read_link",
    "record_view",
    "revise_estimate",
    "send_estimate",
    "staff_estimate_pdf",
    "update_draft",
    "validate_estimate",
]
