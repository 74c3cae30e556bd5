"""New York business days: Monday to Friday less New York's public holidays, as General
Construction Law §24 lists them. One calendar for every business-day rule: the owner's right to
cancel and the refund after it, the escrow deadlines and the owner's escrow notice, a deadline
that falls on a closed day (§25-a), and the online booking windows.

§24: New Year's Day, Martin Luther King Jr. Day, Lincoln's Birthday (February 12), Washington's
Birthday, Memorial Day, Flag Day (the second Sunday in June), Juneteenth, Independence Day, Labor
Day, Columbus Day, Veterans' Day, Thanksgiving Day and Christmas Day, "and if any of such days
except Flag day is Sunday, the next day thereafter"; each general election day. A holiday on a
Saturday moves nowhere (the `holidays` package's "observed" Friday is not in the statute), and
Susan B. Anthony Day is a commemoration, not a §24 holiday. Days the President or the Governor
may appoint cannot be known ahead."""

from datetime import date, timedelta
from functools import cache

import holidays

# §24's holidays as the `holidays` package names them (its New York calendar without its
# "observed" days); Flag Day, which it lacks, is added below.
STATUTE_HOLIDAYS = frozenset(
    {
        "New Year's Day",
        "Martin Luther King Jr. Day",
        "Lincoln's Birthday",
        "Washington's Birthday",
        "Memorial Day",
        "Juneteenth National Independence Day",
        "Independence Day",
        "Labor Day",
        "Columbus Day",
        "Election Day",
        "Veterans Day",
        "Thanksgiving Day",
        "Christmas Day",
    }
)
SUNDAY = 6


def flag_day(year: int) -> date:
    """The second Sunday in June."""
    first = date(year, 6, 1)
    return first + timedelta(days=(SUNDAY - first.weekday()) % 7 + 7)


@cache
def public_holidays(year: int) -> frozenset[date]:
    """New York's public holidays of `year` (General Construction Law §24), the Mondays after
    those on a Sunday included."""
    listed = holidays.country_holidays("US", subdiv="NY", years=year, observed=False)
    days = {day for day in listed if STATUTE_HOLIDAYS.intersection(listed.get_list(day))}
    mondays = {day + timedelta(days=1) for day in days if day.weekday() == SUNDAY}
    return frozenset(days | mondays | {flag_day(year)})


def is_holiday(day: date) -> bool:
    return day in public_holidays(day.year)


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


def business_day_on_or_after(day: date) -> date:
    """`day`, or the next business day when it is a Saturday, Sunday or public holiday: the day
    a deadline that falls on a closed day moves to (General Construction Law §25-a)."""
    return day if is_business_day(day) else business_days_after(day, 1)


def business_day_on_or_before(day: date) -> date:
    """`day`, or the last business day before it when it is a closed day: the safe day."""
    return day if is_business_day(day) else business_day_before(day)
