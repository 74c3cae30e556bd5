"""The owner's right to cancel: until midnight of the third business day after signing
(General Business Law §771), counting Monday to Friday less New York's public holidays."""

from datetime import UTC, date, datetime, time, timedelta

from renovation_app.models import Estimate, EstimateStatus
from renovation_app.services.billing import BUSINESS_TIMEZONE
from renovation_app.services.business_days import business_days_after

BUSINESS_DAYS_TO_CANCEL = 3


def _aware(moment: datetime) -> datetime:
    # SQLite gives back naive UTC times.
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def cancellation_days(signed_at: datetime) -> tuple[date, date]:
    """The New York day of signing (the date of the transaction) and the last day the owner may
    cancel, the third business day after it (a signature on a Friday evening can be cancelled
    until the end of Wednesday, or Thursday when Monday is a holiday)."""
    signed_on = _aware(signed_at).astimezone(BUSINESS_TIMEZONE).date()
    return signed_on, business_days_after(signed_on, BUSINESS_DAYS_TO_CANCEL)


def cancellation_deadline(signed_at: datetime) -> datetime:
    """The last moment (UTC) the owner may cancel: the end of the last day to cancel."""
    _, day = cancellation_days(signed_at)
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
