"""Contact enquiries: validated once for the page and the API, stored, e-mailed, listed."""

from renovation_app.services.enquiries.listing import EnquiryRow, recent_enquiries
from renovation_app.services.enquiries.submission import (
    RATE_LIMIT_MESSAGE,
    SERVICE_LABELS,
    EnquiryForm,
    TooManyEnquiries,
    submit_enquiry,
    validate_enquiry,
    wants_texts,
)

__all__ = [
    "RATE_LIMIT_MESSAGE",
    "SERVICE_LABELS",
    "EnquiryForm",
    "EnquiryRow",
    "TooManyEnquiries",
    "recent_enquiries",
    "submit_enquiry",
    "validate_enquiry",
    "wants_texts",
]
