"""Money as integer cents: reading a typed price and writing an amount in US dollars."""

import re
from dataclasses import fields, is_dataclass
from decimal import Decimal

# Stripe takes at most $999,999.99 in one card payment: an invoice (and so each of its lines)
# stays within it, so every invoice can be paid by card in one go.
MAX_TOTAL_CENTS = 99_999_999
MAX_LINE_CENTS = MAX_TOTAL_CENTS

# Digits, optionally grouped by commas in threes, optionally with a decimal part. ASCII only:
# no exponents, no hex, no "NaN" or "inf", no Arabic-Indic or full-width digits.
_PRICE = re.compile(r"(?P<units>[0-9]+|[0-9]{1,3}(?:,[0-9]{3})+)?(?:\.(?P<cents>[0-9]*))?")
_TEXT_MAX = 40  # longer than any price we accept, written with every comma
NOT_A_NUMBER = "Please enter a price in dollars, like 1250 or 1,250.50."


BASIS_POINTS = 10_000  # percentages in hundredths of a percent: 30% -> 3000
_PERCENT = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,2})?")


class PriceInvalid(ValueError):
    """A typed price that is not an amount we can put on an invoice; the message says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def format_usd(cents: int) -> str:
    """12_500 -> "$125.00"; negative amounts (refunds) get a leading minus."""
    sign = "-" if cents < 0 else ""
    dollars, rest = divmod(abs(cents), 100)
    return f"{sign}${dollars:,}.{rest:02d}"


def parse_price(text: str) -> int:
    """A price as people type it ("1250", "1,250.5", "$1,250.50") in integer cents.

    Raises PriceInvalid with a plain-words message when it is empty, not a number, zero or
    negative, has more than two decimals, or is more than MAX_LINE_CENTS.
    """
    value = text.strip() if isinstance(text, str) else ""
    if not value:
        raise PriceInvalid("Please enter a price.")
    negative = False
    if value.startswith("-"):  # "-5" and "-$5"
        negative, value = True, value[1:].lstrip()
    value = value.removeprefix("$").lstrip()
    if not negative and value.startswith("-"):  # "$-5"
        negative, value = True, value[1:].lstrip()
    match = _PRICE.fullmatch(value) if len(value) <= _TEXT_MAX else None
    if match is None or not (match["units"] or match["cents"]):
        raise PriceInvalid(NOT_A_NUMBER)
    decimals = match["cents"] or ""
    if len(decimals) > 2:
        raise PriceInvalid("Please give the price in dollars and cents, with at most 2 decimals.")
    amount = Decimal((match["units"] or "0").replace(",", "")) + Decimal(f"0.{decimals or 0}")
    cents = int(amount * 100)  # exact: at most two decimals
    if negative or cents <= 0:
        raise PriceInvalid("The price must be more than $0.00.")
    if cents > MAX_LINE_CENTS:
        raise PriceInvalid(f"The price must be {format_usd(MAX_LINE_CENTS)} or less.")
    return cents


def parse_percent(text: str) -> int:
    """A percentage as typed ("30", "12.5", "30 %") in basis points (3000); ValueError unless it
    is more than 0 and at most 100 with at most two decimals."""
    value = text.strip().removesuffix("%").strip() if isinstance(text, str) else ""
    if not _PERCENT.fullmatch(value):
        raise ValueError(value)
    points = int(Decimal(value) * 100)
    if not 0 < points <= BASIS_POINTS:
        raise ValueError(value)
    return points


def percent_of(total_cents: int, points: int) -> int:
    """`points` basis points of a total, rounded half up to the cent."""
    return (total_cents * points + BASIS_POINTS // 2) // BASIS_POINTS


def format_percent(points: int) -> str:
    """3000 -> "30%", 1250 -> "12.5%"."""
    whole, rest = divmod(points, 100)
    return f"{whole}%" if not rest else f"{whole}.{rest:02d}".rstrip("0") + "%"


def shown(value):
    """A view as the page, e-mail or PDF that shows it reads it: plain dicts and lists, each
    `<name>_cents` amount with `<name>` beside it in US dollars ("total_cents": 12500 gives
    "total": "$125.00"). Views carry cents; this is where they become words."""
    if is_dataclass(value) and not isinstance(value, type):
        value = {f.name: getattr(value, f.name) for f in fields(value)}
    if isinstance(value, dict):
        words = {}
        for name, item in value.items():
            words[name] = shown(item)
            if name.endswith("_cents") and isinstance(item, int) and not isinstance(item, bool):
                words[name.removesuffix("_cents")] = format_usd(item)
        return words
    if isinstance(value, list | tuple):
        return [shown(item) for item in value]
    return value
