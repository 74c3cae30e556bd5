"""The rules of one document line, the same on an estimate and an invoice (and any document
to come): how many lines, the description and unit, the catalogue service, the quantity and
the unit price. Each document adds its own parts (tax on an invoice, optional on an estimate)."""

from collections.abc import Mapping
from dataclasses import dataclass

from renovation_app.content import INVOICE_OPTIONS
from renovation_app.services.billing.money import NOT_A_NUMBER, PriceInvalid, parse_price
from renovation_app.services.billing.quantities import line_cents, parse_quantity
from renovation_app.services.fields import check_text, is_blank, text_of

LINES_MAX = 40
DESCRIPTION_MAX = 500
UNIT_MAX = 20
CATALOGUE = {option.slug: option for option in INVOICE_OPTIONS}
NOT_OFFERED = "This is not one of the services we offer."


@dataclass(frozen=True)
class TypedLine:
    """One line as checked: its catalogue service ("" for free text), the words typed, the
    quantity in thousandths and the unit price in cents."""

    service: str
    description: str
    quantity_milli: int
    unit: str
    unit_price_cents: int

    @property
    def amount_cents(self) -> int:
        return line_cents(self.quantity_milli, self.unit_price_cents)


def price_text(value: object) -> str:
    """A price from a form (text) or JSON (a number) as text for parse_price."""
    if isinstance(value, str):
        return value
    if value is None:
        return ""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)  # floats print as their shortest form; nan and inf stay refused
    raise PriceInvalid(NOT_A_NUMBER)


def too_many_lines(errors: dict[str, str], value: object, document: str, empty: str) -> bool:
    """Whether the lines cannot be read at all: none (the `empty` message), or more than a
    document holds; the reason goes under "lines"."""
    if not isinstance(value, list | tuple) or not value:
        errors["lines"] = empty
        return True
    if len(value) > LINES_MAX:
        errors["lines"] = f"An {document} has at most {LINES_MAX} lines."
        return True
    return False


def read_line(errors: dict[str, str], key: str, item: Mapping) -> TypedLine | None:
    """Check one line's service, description, unit, quantity and unit price; a problem goes
    under `key` and gives None. A line needs words: its own, or a catalogue service's name
    ("Other work" says nothing by itself, so it needs its own)."""
    service = str(item.get("service") or "").strip()
    if service and service not in CATALOGUE:
        errors[key] = NOT_OFFERED
        return None
    description = check_text(errors, key, text_of(item, "description"), DESCRIPTION_MAX, True)
    unit = check_text(errors, key, text_of(item, "unit"), UNIT_MAX, multiline=False)
    if key in errors:
        return None
    option = CATALOGUE.get(service)
    if is_blank(description) and (option is None or option.description_required):
        errors[key] = f"Please describe the work on the {option.label if option else 'this'} line."
        return None
    try:
        quantity = parse_quantity(item.get("quantity"))
        unit_price = parse_price(price_text(item.get("unit_price", item.get("price"))))
    except PriceInvalid as invalid:
        errors[key] = invalid.message
        return None
    except ValueError as invalid:
        errors[key] = str(invalid)
        return None
    return TypedLine(service, description, quantity, unit, unit_price)
