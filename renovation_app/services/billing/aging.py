"""Accounts receivable by age: how long past its due date an unpaid invoice is. The dashboard
sums each bucket and the invoice list filters by one (`?age=31-60`), with the same rule."""

from dataclasses import dataclass
from datetime import date, timedelta

from renovation_app.models import Invoice
from renovation_app.services.billing.views import REMINDABLE_STATUSES


@dataclass(frozen=True)
class AgeBucket:
    key: str  # the list's ?age= value
    label: str
    first_day: int | None  # days past due, inclusive; None: not yet due
    last_day: int | None  # None: no upper end


AGE_BUCKETS = (
    AgeBucket("current", "Not yet due", None, 0),
    AgeBucket("1-30", "1-30 days late", 1, 30),
    AgeBucket("31-60", "31-60 days late", 31, 60),
    AgeBucket("61-90", "61-90 days late", 61, 90),
    AgeBucket("over-90", "Over 90 days late", 91, None),
)
BUCKET_BY_KEY = {b.key: b for b in AGE_BUCKETS}


def bucket_of(due_date: date, today: date) -> AgeBucket:
    late = (today - due_date).days
    for bucket in AGE_BUCKETS[1:]:
        if late >= bucket.first_day and (bucket.last_day is None or late <= bucket.last_day):
            return bucket
    return AGE_BUCKETS[0]


def age_conditions(key: str, today: date) -> list:
    """SQL conditions for the unpaid invoices of one bucket (due dates in its range)."""
    bucket = BUCKET_BY_KEY[key]
    conditions = [Invoice.status.in_(REMINDABLE_STATUSES)]
    if bucket.first_day is None:
        conditions.append(Invoice.due_date >= today)
    else:
        conditions.append(Invoice.due_date <= today - timedelta(days=bucket.first_day))
    if bucket.first_day is not None and bucket.last_day is not None:
        conditions.append(Invoice.due_date >= today - timedelta(days=bucket.last_day))
    return conditions
