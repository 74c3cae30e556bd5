"""New York business days: Monday to Friday less New York's public holidays. The owner's right
to cancel, the escrow deadlines and the online booking windows all count them."""

from datetime import date, timedelta
from functools import cache

import holidays


@cache
def _new_york_holidays(year: int) -> holidays.HolidayBase:
    return holidays.country_holidays("US", subdiv="NY", years=(year, year + 1))


def is_holiday(day: date) -> bool:
    """A New York public holiday."""
    return day in _new_york_holidays(day.year)


def is_business_day(day: date) -> bool:
    return day.weekday() < 5 and not is_holiday(day)


def business_days_after(day: date, count: int) -> date:
    """The `count`th business day after `day` (the day itself is not counted)."""
    counted = 0
    while counted < count:
        day += timedelta(days=1)
        if is_business_day(day):
            counted += 1
    return day


def business_day_before(day: date) -> date:
    """The last business day before `day`."""
    day -= timedelta(days=1)
    while not is_business_day(day):
        day -= timedelta(days=1)
    return day
