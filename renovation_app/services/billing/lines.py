"""The rules of a document's lines, the same on an estimate, an invoice and any document to
come: how many lines, the catalogue service, the words of the work, quantity, unit and unit
price, the sales tax category, and whether the customer may leave a line out."""

from collections.abc import Mapping
from dataclasses import dataclass

from renovation_app.content import INVOICE_OPTIONS
from renovation_app.content.costs import COST_CATEGORY_LABELS, DEFAULT_COST_CATEGORY
from renovation_app.content.tax import DEFAULT_TAX_CATEGORY, TAX_CATEGORIES
from renovation_app.services.billing.money import NOT_A_NUMBER, PriceInvalid, parse_price
from renovation_app.services.billing.quantities import MILLI, line_cents, parse_quantity
from renovation_app.services.fields import check_text, is_blank, text_of

LINES_MAX = 40
DESCRIPTION_MAX = 500
UNIT_MAX = 20
CATALOGUE = {option.slug: option for option in INVOICE_OPTIONS}
TAX_CATEGORY_BY_SLUG = {category.slug: category for category in TAX_CATEGORIES}
NOT_OFFERED = "This is not one of the services we offer."
NO_TAX_CATEGORY = "Please choose capital improvement (ST-124) or taxable repair."
NO_COST_CATEGORY = "Please choose the cost category of our cost."


@dataclass(frozen=True)
class ValidLine:
    """One checked line: its catalogue service ("" for free text), the words typed, quantity in
    thousandths, unit price in cents (negative for a credit, such as a deposit already billed),
    its tax category, and whether the customer may leave it out. `label` names it where a
    document gives it a name of its own ("Deposit"); "" otherwise."""

    service: str
    description: str
    quantity_milli: int = MILLI
    unit: str = ""
    unit_price_cents: int = 0
    tax_category: str = DEFAULT_TAX_CATEGORY
    optional: bool = False
    label: str = ""
    # The estimated cost (staff only): its category and a unit's cost to the business.
    cost_category: str = DEFAULT_COST_CATEGORY
    unit_cost_cents: int = 0

    @property
    def price_cents(self) -> int:
        return line_cents(self.quantity_milli, self.unit_price_cents)

    @property
    def words(self) -> str:
        """What the line says: its own words, or its catalogue service's name."""
        option = CATALOGUE.get(self.service)
        return self.description or (option.label if option else self.label)


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


def _words(errors: dict[str, str], key: str, item: Mapping) -> tuple[str, str, str] | None:
    """(service, description, unit) of a line, or None with the reason under `key`. A line
    needs words: its own, or a catalogue service's name ("Other work" needs its own)."""
    service = item.get("service") or ""
    service = service.strip() if isinstance(service, str) else None
    if service is None or (service and service not in CATALOGUE):
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
    return service, description, unit


def read_line(errors: dict[str, str], key: str, item: Mapping, optional_allowed: bool):
    """Check one line; a problem goes under `key` and gives None."""
    words = _words(errors, key, item)
    if words is None:
        return None
    category = item.get("tax_category") or DEFAULT_TAX_CATEGORY
    if category not in TAX_CATEGORY_BY_SLUG:
        errors[key] = NO_TAX_CATEGORY
        return None
    try:
        quantity = parse_quantity(item.get("quantity"))
        unit_price = parse_price(price_text(item.get("unit_price", item.get("price"))))
        unit_cost = _unit_cost(item.get("unit_cost"))
    except PriceInvalid as invalid:
        errors[key] = invalid.message
        return None
    except ValueError as invalid:
        errors[key] = str(invalid)
        return None
    # A cost estimated in no category would be compared with nothing (or with the wrong costs).
    cost_category = item.get("cost_category") or ("" if unit_cost else DEFAULT_COST_CATEGORY)
    if cost_category not in COST_CATEGORY_LABELS:
        errors[key] = NO_COST_CATEGORY
        return None
    optional = optional_allowed and bool(item.get("optional"))
    return ValidLine(
        *words[:2],
        quantity,
        words[2],
        unit_price,
        category,
        optional,
        cost_category=cost_category,
        unit_cost_cents=unit_cost,
    )


def _unit_cost(value: object) -> int:
    """A line's estimated unit cost: empty is "not estimated" (0)."""
    text = price_text(value)
    if not text.strip():
        return 0
    try:
        return parse_price(text)
    except PriceInvalid as invalid:
        raise PriceInvalid(
            "Our cost: " + invalid.message[0].lower() + invalid.message[1:]
        ) from None


def read_lines(
    errors: dict[str, str], value: object, document: str, empty: str, optional_allowed: bool
) -> tuple[ValidLine, ...]:
    """A document's lines; line i's problem goes under "line:i", the list's under "lines"."""
    if too_many_lines(errors, value, document, empty):
        return ()
    lines = []
    for index, item in enumerate(value):
        if not isinstance(item, Mapping):
            errors[f"line:{index}"] = "Every line must be a description with a price."
        elif line := read_line(errors, f"line:{index}", item, optional_allowed):
            lines.append(line)
    if lines and all(line.optional for line in lines):
        errors["lines"] = "At least one line must be required (not optional)."
    return tuple(lines)


def valid_from_row(row, **changes) -> ValidLine:
    """A saved line of one document as a checked line of another (a signed estimate's line on
    its final invoice), with `changes`."""
    names = [name for name in ValidLine.__dataclass_fields__ if hasattr(row, name)]
    columns = {name: getattr(row, name) for name in names}
    return ValidLine(**{**columns, **changes})


def shown_words(line) -> str:
    """What a saved line of any document says under its name, on pages, PDFs, e-mails and the
    signed contract: its words as typed."""
    return line.description


def line_columns(position: int, line: ValidLine, tax_cents: int) -> dict:
    """The columns every document's line row has (models/documents.py), from a checked line."""
    return {
        "position": position,
        "service": line.service,
        "description": line.description,
        "quantity_milli": line.quantity_milli,
        "unit": line.unit,
        "unit_price_cents": line.unit_price_cents,
        "price_cents": line.price_cents,
        "tax_category": line.tax_category,
        "tax_cents": tax_cents,
        "optional": line.optional,
        "cost_category": line.cost_category,
        "unit_cost_cents": line.unit_cost_cents,
    }
