"""The estimate screens: the form (new, from an enquiry, or a draft), the list, one estimate,
and the customer's link."""

from renovation_app.state.estimates.answer import EstimateLinkState
from renovation_app.state.estimates.detail import EstimateDetailState
from renovation_app.state.estimates.form import EstimateFormState
from renovation_app.state.estimates.list import EstimateListState

__all__ = [
    "EstimateDetailState",
    "EstimateFormState",
    "EstimateLinkState",
    "EstimateListState",
]
