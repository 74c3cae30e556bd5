"""Quantities of a line, shared by estimates and invoices: stored in thousandths, amount =
quantity x unit price rounded half up to the cent."""

import re
from decimal import Decimal

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
