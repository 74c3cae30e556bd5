"""A remote service's Retry-After header (seconds, or an HTTP date) as the pause it asks for,
between a second and `longest`: Resend's and QuickBooks' throttling read it the same way."""

import email.utils
from datetime import UTC, datetime, timedelta

from renovation_app.services.fields import whole_number


def pause_asked(value: str | None, now: datetime, longest: timedelta) -> timedelta | None:
    """None when there is no header, or none that reads as a time."""
    value = (value or "").strip()
    if not value:
        return None
    seconds = whole_number(value, maximum=10**9)  # 30 years: any longer is no number to us
    if seconds is not None:
        delay = timedelta(seconds=seconds)
    else:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        delay = when - now
    return min(max(delay, timedelta(seconds=1)), longest)
