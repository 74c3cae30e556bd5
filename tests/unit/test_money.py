"""Typed prices become integer cents; anything that is not a plain positive amount is refused."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from renovation_app.services.billing.money import (
    MAX_LINE_CENTS,
    MAX_TOTAL_CENTS,
    PriceInvalid,
    format_usd,
    parse_price,
)


@pytest.mark.parametrize(
    ("text", "cents"),
    [
        ("1250", 125_000),
        ("1,250.5", 125_050),
        ("$1,250.50", 125_050),
        (" 99.9 ", 9_990),
        ("0.01", 1),
        (".5", 50),
        ("12.", 1_200),
        ("$ 40", 4_000),
        ("999,999.99", MAX_LINE_CENTS),
        ("0.29", 29),  # 0.29 * 100 is 28.999999999999996 in floats
        ("1.13", 113),
    ],
)
def test_typed_prices_become_exact_cents(text, cents):
    assert parse_price(text) == cents


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "enter a price"),
        ("   ", "enter a price"),
        ("abc", "in dollars"),
        ("NaN", "in dollars"),
        ("nan", "in dollars"),
        ("inf", "in dollars"),
        ("-inf", "in dollars"),
        ("Infinity", "in dollars"),
        ("1e3", "in dollars"),
        ("0x10", "in dollars"),
        ("--5", "in dollars"),
        ("$$5", "in dollars"),
        ("1,25", "in dollars"),
        ("12,50.00", "in dollars"),
        ("1 250", "in dollars"),
        (".", "in dollars"),
        ("١٢٣", "in dollars"),  # Arabic-Indic digits
        ("１２", "in dollars"),  # full-width digits
        ("1_000", "in dollars"),
        ("+5", "in dollars"),
        ("5" * 50, "in dollars"),
        ("-5", "more than $0.00"),
        ("-$5", "more than $0.00"),
        ("$-5", "more than $0.00"),
        ("0", "more than $0.00"),
        ("0.00", "more than $0.00"),
        ("-0", "more than $0.00"),
        ("1.005", "at most 2 decimals"),
        ("1.500", "at most 2 decimals"),
        ("1000000.00", "$999,999.99 or less"),
        ("99,999,999,999", "$999,999.99 or less"),
    ],
)
def test_bad_prices_are_refused_in_plain_words(text, words):
    with pytest.raises(PriceInvalid) as invalid:
        parse_price(text)
    assert words in invalid.value.message


def test_a_price_that_is_not_text_is_refused():
    with pytest.raises(PriceInvalid):
        parse_price(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cents", "text"),
    [
        (0, "$0.00"),
        (5, "$0.05"),
        (125_000, "$1,250.00"),
        (125_050, "$1,250.50"),
        (MAX_TOTAL_CENTS, "$999,999.99"),
        (-1_999, "-$19.99"),
    ],
)
def test_amounts_are_written_in_us_dollars(cents, text):
    assert format_usd(cents) == text


@given(st.integers(min_value=1, max_value=MAX_LINE_CENTS))
def test_every_formatted_amount_reads_back_as_the_same_cents(cents):
    assert parse_price(format_usd(cents)) == cents
    assert parse_price(format_usd(cents).replace(",", "").removeprefix("$")) == cents
