"""New York business days: Monday to Friday less New York's public holidays. The owner's right
to cancel, the escrow deadlines and the online booking windows all count them.

Two calendars, because the `holidays` package counts days the law may not (a Friday "observed"
for a Saturday holiday, Susan B. Anthony Day): the owner's right to cancel counts every one of
them (the later deadline, in the owner's favour); the contractor's own deadlines (`strict`:
money into escrow, the owner's escrow notice) count only the holidays themselves, never moved,
so a deadline is never later than General Construction Law §24 allows."""

from datetime import date, timedelta
from functools import cache

import holidays

NOT_A_DAY_OFF = "Susan B. Anthony Day"  # a commemoration: offices and banks stay open


@cache
def _new_york_holidays(year: int) -> holidays.HolidayBase:
    return holidays.country_holidays("US", subdiv="NY", years=(year, year + 1))


@cache
def _strict_holidays(year: int) -> frozenset[date]:
    days = holidays.country_holidays("US", subdiv="NY", years=(year, year + 1), observed=False)
    return frozenset(day for day, name in days.items() if name != NOT_A_DAY_OFF)


def is_holiday(day: date, strict: bool = False) -> bool:
    """A New York public holiday (`strict`: only the holiday itself, see above)."""
    if strict:
        return day in _strict_holidays(day.year)
    return day in _new_york_holidays(day.year)


def is_business_day(day: date, strict: bool = False) -> bool:
    return day.weekday() < 5 and not is_holiday(day, strict)


def business_days_after(day: date, count: int, strict: bool = False) -> date:
    """The `count`th business day after `day` (the day itself is not counted)."""
    counted = 0
    while counted < count:
        day += timedelta(days=1)
        if is_business_day(day, strict):
            counted += 1
    return day


def business_day_before(day: date, strict: bool = False) -> date:
    """The last business day before `day`."""
    day -= timedelta(days=1)
    while not is_business_day(day, strict):
        day -= timedelta(days=1)
    return day
