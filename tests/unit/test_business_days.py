"""New York's one business-day calendar: the public holidays of General Construction Law §24 for
2026-2028, typed from the statute (the Mondays after holidays on a Sunday included, nothing moved
off a Saturday), and the days a deadline on a closed day moves to under §25-a."""

from datetime import date

import pytest

from renovation_app.services.business_days import (
    business_day_on_or_after,
    business_day_on_or_before,
    business_days_after,
    is_business_day,
    public_holidays,
)

# General Construction Law §24, year by year.
STATUTE = {
    2026: [
        date(2026, 1, 1),  # New Year's Day (Thursday)
        date(2026, 1, 19),  # Dr. Martin Luther King, Jr. day: third Monday of January
        date(2026, 2, 12),  # Lincoln's birthday
        date(2026, 2, 16),  # Washington's birthday: third Monday in February
        date(2026, 5, 25),  # Memorial day: last Monday in May
        date(2026, 6, 14),  # Flag day: second Sunday in June
        date(2026, 6, 19),  # Juneteenth
        date(2026, 7, 4),  # Independence day (a Saturday: no day moves)
        date(2026, 9, 7),  # Labor day: first Monday in September
        date(2026, 10, 12),  # Columbus day: second Monday in October
        date(2026, 11, 3),  # general election day
        date(2026, 11, 11),  # Veterans' day
        date(2026, 11, 26),  # Thanksgiving day: fourth Thursday in November
        date(2026, 12, 25),  # Christmas day
    ],
    2027: [
        date(2027, 1, 1),
        date(2027, 1, 18),
        date(2027, 2, 12),
        date(2027, 2, 15),
        date(2027, 5, 31),
        date(2027, 6, 13),  # Flag day: a Sunday, and the one day the next Monday is not added for
        date(2027, 6, 19),  # Juneteenth on a Saturday
        date(2027, 7, 4),  # Independence day on a Sunday ...
        date(2027, 7, 5),  # ... "the next day thereafter"
        date(2027, 9, 6),
        date(2027, 10, 11),
        date(2027, 11, 2),
        date(2027, 11, 11),
        date(2027, 11, 25),
        date(2027, 12, 25),  # a Saturday
    ],
    2028: [
        date(2028, 1, 1),  # a Saturday
        date(2028, 1, 17),
        date(2028, 2, 12),  # a Saturday
        date(2028, 2, 21),
        date(2028, 5, 29),
        date(2028, 6, 11),
        date(2028, 6, 19),
        date(2028, 7, 4),
        date(2028, 9, 4),
        date(2028, 10, 9),
        date(2028, 11, 7),
        date(2028, 11, 11),  # a Saturday
        date(2028, 11, 23),
        date(2028, 12, 25),
    ],
}


@pytest.mark.parametrize("year", sorted(STATUTE))
def test_the_public_holidays_are_exactly_general_construction_law_24s(year):
    assert sorted(public_holidays(year)) == STATUTE[year]


@pytest.mark.parametrize(
    "day",
    [
        date(2027, 6, 18),  # the Friday before Juneteenth on a Saturday
        date(2027, 12, 24),  # the Friday before Christmas on a Saturday
        date(2027, 12, 31),  # the Friday before New Year's Day 2028, a Saturday
        date(2028, 2, 11),  # the Friday before Lincoln's birthday on a Saturday
        date(2028, 11, 10),  # the Friday before Veterans' day on a Saturday
        date(2028, 2, 15),  # Susan B. Anthony Day: a commemoration, not in §24
        date(2027, 6, 14),  # the Monday after Flag day
    ],
)
def test_days_the_statute_does_not_name_are_business_days(day):
    assert is_business_day(day)


def test_the_monday_after_a_sunday_holiday_is_skipped_in_counting():
    # Thursday July 1, 2027: Friday 2nd, (Monday 5th), Tuesday 6th, Wednesday 7th.
    assert business_days_after(date(2027, 7, 1), 3) == date(2027, 7, 7)


@pytest.mark.parametrize(
    ("nominal", "allowed", "safe"),
    [
        (date(2027, 2, 28), date(2027, 3, 1), date(2027, 2, 26)),  # a Sunday
        (date(2027, 7, 3), date(2027, 7, 6), date(2027, 7, 2)),  # a Saturday, then July 5th
        (date(2027, 11, 25), date(2027, 11, 26), date(2027, 11, 24)),  # Thanksgiving
        (date(2027, 3, 3), date(2027, 3, 3), date(2027, 3, 3)),  # a Wednesday stays
    ],
)
def test_a_deadline_on_a_closed_day_moves_to_the_next_business_day_with_a_safe_day_before(
    nominal, allowed, safe
):
    assert business_day_on_or_after(nominal) == allowed
    assert business_day_on_or_before(nominal) == safe
