"""Time on the schedule: every appointment is an instant (UTC) and every person reads it in New
York time. The two days a year that New York's clock jumps are where this goes wrong, so it is
all here: a local time that does not exist (2:30 am on the second Sunday of March) is refused,
one that happens twice (1:30 am on the first Sunday of November) is stored as the one meant
(`fold`, or the offset an ISO time carries), and a day is midnight to midnight, 23 or 25 hours
long on those Sundays."""

from datetime import UTC, date, datetime, time, timedelta

from renovation_app.content.business import BUSINESS_TIMEZONE as NEW_YORK
from renovation_app.services.errors import ActionRefused

NOT_A_TIME = "Please give the time as a date and time, like 2026-12-07T09:00."


def new_york(instant: datetime) -> datetime:
    """An instant as New York's clock reads it."""
    return instant.astimezone(NEW_YORK)


def exists(local: datetime) -> bool:
    """Whether a New York wall time happens at all (not in the spring's skipped hour)."""
    there_and_back = local.astimezone(UTC).astimezone(NEW_YORK)
    return there_and_back.replace(tzinfo=None) == local.replace(tzinfo=None, fold=0)


def ambiguous(day: date, at: time) -> bool:
    """Whether the wall time happens twice (the autumn's repeated hour)."""
    first = datetime.combine(day, at, NEW_YORK).replace(fold=0)
    second = first.replace(fold=1)
    return first.utcoffset() != second.utcoffset()


def instant_of(day: date, at: time, fold: int = 0) -> datetime:
    """The UTC instant of a New York day and wall time; `fold` 1 is the second of a time that
    happens twice. A time the clock skips is refused in words."""
    local = datetime.combine(day, at, NEW_YORK).replace(fold=fold)
    if not exists(local):
        raise ActionRefused(
            f"{hour_words(at)} does not exist on {day:%B %-d, %Y}: New York's clocks jump from "
            "2:00 to 3:00 am that night."
        )
    return local.astimezone(UTC)


def hour_words(at: time) -> str:
    """9:30 -> "9:30 am", 14:00 -> "2:00 pm"."""
    return f"{at.hour % 12 or 12}:{at.minute:02d} {'am' if at.hour < 12 else 'pm'}"


def parse_instant(text: object, fold: int = 0) -> datetime:
    """An ISO date and time from a form or the calendar: with an offset ("...-05:00", "Z") it is
    that instant; without one it is New York's wall time (the first if it happens twice, the
    second with `fold` 1)."""
    value = text.strip() if isinstance(text, str) else ""
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00")) if value else None
    except ValueError:
        parsed = None
    if parsed is None or not 2000 <= parsed.year <= 2100:
        raise ActionRefused(NOT_A_TIME)
    if parsed.tzinfo is None:
        return instant_of(parsed.date(), parsed.time(), fold)
    return parsed.astimezone(UTC)


def day_span(day: date) -> tuple[datetime, datetime]:
    """A New York day as UTC instants: its midnight to the next (23 or 25 hours when the clock
    changes that night)."""
    return instant_of(day, time.min), instant_of(day + timedelta(days=1), time.min)


def week_of(day: date) -> date:
    """The Monday of the day's week."""
    return day - timedelta(days=day.weekday())


def span_of_days(first: date, days: int) -> tuple[datetime, datetime]:
    return day_span(first)[0], day_span(first + timedelta(days=days - 1))[1]


def day_words(day: date | datetime) -> str:
    """ "Tuesday, December 8" (of a date, or of a New York time)."""
    return f"{day:%A, %B} {day.day}"


def time_words(instant: datetime) -> str:
    """ "8:00 am" in New York time, and "1:30 am EST" in the hour that happens twice (the hour
    alone would not say which)."""
    local = new_york(instant)
    words = hour_words(local.time())
    if ambiguous(local.date(), local.time()):
        words += f" {local.tzname()}"
    return words


def clock_words(instant: datetime) -> str:
    """ "Tuesday, December 8, 8:00 am" in New York time (with "EST"/"EDT" in the hour that
    happens twice)."""
    return f"{day_words(new_york(instant))}, {time_words(instant)}"


def span_words(starts: datetime, ends: datetime) -> str:
    """ "1:30 am EST - 2:30 am" in New York time; the end's day is named when it is another."""
    same_day = new_york(starts).date() == new_york(ends).date()
    return f"{time_words(starts)} - {time_words(ends) if same_day else clock_words(ends)}"


FORM_TIME = "%Y-%m-%dT%H:%M"  # what a datetime-local input holds


def form_time(text: str) -> tuple[str, int]:
    """An ISO time from the calendar ("2027-11-07T01:30:00-05:00") as the form holds it: New
    York's wall time ("2027-11-07T01:30") and which of a repeated hour it is (1: the second)."""
    try:
        parsed = datetime.fromisoformat(str(text).replace("Z", "+00:00"))
    except ValueError:
        return str(text)[:16], 0
    if parsed.tzinfo is None:
        return parsed.strftime(FORM_TIME), 0
    local = new_york(parsed)
    return local.strftime(FORM_TIME), local.fold


def repeated_time_choices(text: str) -> list[dict[str, str]]:
    """For a wall time typed in the form that New York's clock shows twice ("2027-11-07T01:30"),
    the two to choose from: {"value": fold, "label": "1:30 am EDT (first)"}; [] for any other."""
    try:
        local = datetime.fromisoformat(str(text)[:40])
    except ValueError:
        return []
    if local.tzinfo is not None or not ambiguous(local.date(), local.time()):
        return []
    day, at = local.date(), local.time()
    return [
        {"value": str(fold), "label": f"{time_words(instant_of(day, at, fold))} ({which})"}
        for fold, which in ((0, "first"), (1, "second"))
    ]
