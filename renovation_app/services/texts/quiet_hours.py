"""Nothing is texted between 9 pm and 8 am New York time: a text due then waits for 8 am."""

from datetime import UTC, datetime, time, timedelta

from renovation_app.content.business import BUSINESS_TIMEZONE

QUIET_FROM = time(21)
QUIET_UNTIL = time(8)


def end_of_quiet_hours(when: datetime) -> datetime | None:
    """8 am New York time (in UTC) when `when` falls in the quiet hours, else None."""
    local = when.astimezone(BUSINESS_TIMEZONE)
    if QUIET_UNTIL <= local.time() < QUIET_FROM:
        return None
    day = local.date() + timedelta(days=1) if local.time() >= QUIET_FROM else local.date()
    return datetime.combine(day, QUIET_UNTIL, tzinfo=BUSINESS_TIMEZONE).astimezone(UTC)
