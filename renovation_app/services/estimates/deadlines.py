"""The owner's right to cancel: until midnight of the third business day after signing
(General Business Law §771), counting Monday to Friday less New York's public holidays."""

from datetime import UTC, datetime, time, timedelta

from renovation_app.models import Estimate, EstimateStatus
from renovation_app.services.billing import BUSINESS_TIMEZONE
from renovation_app.services.business_days import business_days_after

BUSINESS_DAYS_TO_CANCEL = 3
# After a cancellation, everything the owner paid goes back within this many days.
DAYS_TO_RETURN_PAYMENTS = 10


def cancellation_deadline(signed_at: datetime) -> datetime:
    """The last moment (UTC) the owner may cancel: the end of the third business day after the
    New York date of signing (a signature on Friday evening can be cancelled until the end of
    Wednesday, or Thursday when Monday is a holiday)."""
    if signed_at.tzinfo is None:  # SQLite gives back naive UTC times
        signed_at = signed_at.replace(tzinfo=UTC)
    day = business_days_after(
        signed_at.astimezone(BUSINESS_TIMEZONE).date(), BUSINESS_DAYS_TO_CANCEL
    )
    midnight = datetime.combine(day + timedelta(days=1), time(0), tzinfo=BUSINESS_TIMEZONE)
    return midnight.astimezone(UTC) - timedelta(microseconds=1)


def cancellation_open(estimate: Estimate, now: datetime) -> bool:
    """The owner may still cancel: a signed contract, before the deadline, whatever the office
    did meanwhile (billing the deposit or the final invoice takes no right away)."""
    return (
        estimate.status in (EstimateStatus.ACCEPTED, EstimateStatus.INVOICED)
        and estimate.accepted_at is not None
        and now <= cancellation_deadline(estimate.accepted_at)
    )
