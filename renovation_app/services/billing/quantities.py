"""Quantities of a line, shared by estimates and invoices: stored in thousandths, amount =
quantity x unit price rounded half up to the cent."""

import re
from decimal import Decimal

from renovation_app.services.billing.money import PriceInvalid, parse_price

MILLI = 1000  # quantities are stored in thousandths: 2.5 sq ft -> 2500
QUANTITY_MAX_MILLI = 100_000 * MILLI
_QUANTITY = re.compile(r"[0-9]{1,6}(?:\.[0-9]{1,3})?|\.[0-9]{1,3}")


def line_cents(quantity_milli: int, unit_price_cents: int) -> int:
    """Quantity times unit price, rounded half up to the cent (also for negative prices,
    such as a deposit taken off a final invoice)."""
    sign = -1 if unit_price_cents < 0 else 1
    return sign * ((quantity_milli * abs(unit_price_cents) + MILLI // 2) // MILLI)


def parse_quantity(text: object) -> int:
    """ "2.5" -> 2500 thousandths; empty is 1 (a lump sum). Raises ValueError with a message."""
    value = text.strip() if isinstance(text, str) else str(text if text is not None else "")
    if not value:
        return MILLI
    if not _QUANTITY.fullmatch(value):
        raise ValueError("Please give the quantity as a number, like 1 or 2.5.")
    milli = int(Decimal(value) * MILLI)
    if milli <= 0:
        raise ValueError("The quantity must be more than 0.")
    if milli > QUANTITY_MAX_MILLI:
        raise ValueError("The quantity must be 100,000 or less.")
    return milli


def quantity_text(quantity_milli: int) -> str:
    """2500 -> "2.5", 1000 -> "1"."""
    whole, rest = divmod(quantity_milli, MILLI)
    return f"{whole}" if not rest else f"{whole}.{rest:03d}".rstrip("0")


def cents_or_zero(text: str) -> int:
    """A typed price, or 0 while it does not read as one (live totals, lists of drafts)."""
    try:
        return parse_price(text)
    except PriceInvalid:
        return 0


def typed_line_cents(quantity: str, unit_price: str) -> int:
    """A line as typed so far, for live totals: $0.00 while its quantity or price does not
    read (an empty quantity is 1)."""
    try:
        return line_cents(parse_quantity(quantity), cents_or_zero(unit_price))
    except ValueError:
        return 0
