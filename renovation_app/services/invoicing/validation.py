"""One validation of an invoice for the form and the API. Every amount is computed here from
the typed prices; a total sent by a browser is ignored."""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, timedelta

from renovation_app.content.tax import (
    DEFAULT_TAX_AREA,
    DEFAULT_TAX_CATEGORY,
    RATE_SCALE,
    TAX_AREAS,
    TAX_CATEGORIES,
)
from renovation_app.services.billing import (
    MAX_TOTAL_CENTS,
    PriceInvalid,
    business_today,
    format_usd,
    parse_price,
)
from renovation_app.services.billing.lines import (
    CATALOGUE as OPTIONS_BY_SLUG,  # the invoice's name for it, kept for its importers
)
from renovation_app.services.billing.lines import price_text, read_line, too_many_lines
from renovation_app.services.billing.quantities import MILLI
from renovation_app.services.billing.schedule import Stage, fit_schedule, read_schedule
from renovation_app.services.customers.fields import read_contact
from renovation_app.services.errors import FormInvalid
from renovation_app.services.fields import (
    check_text,
    iso_date,
    text_of,
)

NOTE_MAX = 2000
LABEL_MAX = 100
DEFAULT_DUE_DAYS = 14
LATEST_DUE_DAYS = 365

TAX_CATEGORY_BY_SLUG = {category.slug: category for category in TAX_CATEGORIES}
TAX_AREA_BY_SLUG = {area.slug: area for area in TAX_AREAS}


def line_tax_cents(price_cents: int, rate: int) -> int:
    """The sales tax of one line, rounded half up to the cent (8.875% of $200.00 = $17.75).
    Tax is rounded per line and the lines' taxes added up."""
    return (price_cents * rate + RATE_SCALE // 2) // RATE_SCALE


@dataclass(frozen=True)
class ValidLine:
    service: str  # an INVOICE_OPTIONS slug, or "" for a free-text line
    label: str
    description: str
    price_cents: int  # the line's amount: quantity x unit price
    tax_category: str = DEFAULT_TAX_CATEGORY
    tax_cents: int = 0
    quantity_milli: int = MILLI
    unit: str = ""
    unit_price_cents: int | None = None  # None: one at price_cents

    @property
    def unit_price(self) -> int:
        return self.price_cents if self.unit_price_cents is None else self.unit_price_cents


@dataclass(frozen=True)
class ValidInvoice:
    """A checked invoice form: trimmed, e-mail normalised, phone formatted, amounts in cents."""

    name: str
    email: str
    phone: str
    address: str
    note: str
    due_date: date
    lines: tuple[ValidLine, ...]
    schedule: tuple[Stage, ...] = ()  # () when the invoice is due in one payment
    tax_area: str = DEFAULT_TAX_AREA
    tax_rate: int = 0  # of the tax area, thousandths of a percent
    discount_cents: int = 0
    discount_tax_cents: int = 0  # the tax the discount's taxed share takes off

    @property
    def subtotal_cents(self) -> int:
        return sum(line.price_cents for line in self.lines)

    @property
    def tax_cents(self) -> int:
        return sum(line.tax_cents for line in self.lines) - self.discount_tax_cents

    @property
    def total_cents(self) -> int:
        return self.subtotal_cents - self.discount_cents + self.tax_cents


def discount_tax_cents(lines: tuple[ValidLine, ...], discount: int, rate: int) -> int:
    """The tax a discount takes off. The discount is shared between the taxed and untaxed
    lines in proportion to their amounts; its taxed share, rounded half up to the cent, is
    taxed like a negative line (rounded half up). $100 off $800 untaxed + $200 taxed at
    8.875%: $20.00 of it is taxed, so the tax falls by $1.78 ($17.75 -> $15.97)."""
    subtotal = sum(line.price_cents for line in lines)
    taxed = sum(line.price_cents for line in lines if line.tax_cents)
    if not discount or not taxed or subtotal <= 0:
        return 0
    taxed_share = (discount * taxed + subtotal // 2) // subtotal
    return line_tax_cents(taxed_share, rate)


def _due_date(errors: dict[str, str], value: object, today: date) -> date:
    if value is None or (isinstance(value, str) and not value.strip()):
        return today + timedelta(days=DEFAULT_DUE_DAYS)
    parsed = iso_date(value)
    if parsed is None:
        errors["due_date"] = "Please give the due date as a date, like 2026-12-07."
    elif parsed < today:
        errors["due_date"] = "The due date cannot be in the past."
    elif parsed > today + timedelta(days=LATEST_DUE_DAYS):
        errors["due_date"] = "The due date must be within one year from today."
    else:
        return parsed
    return today


def _free_label(description: str) -> str:
    """A free-text line's label: its first line, cut at a word within LABEL_MAX characters."""
    first = description.splitlines()[0] if description else ""
    if len(first) <= LABEL_MAX:
        return first
    return first[: LABEL_MAX - 1].rsplit(" ", 1)[0] + "…"


def _line(errors: dict[str, str], key: str, item: Mapping, rate: int) -> ValidLine | None:
    typed = read_line(errors, key, item)
    if typed is None:
        return None
    category = item.get("tax_category") or DEFAULT_TAX_CATEGORY
    if category not in TAX_CATEGORY_BY_SLUG:
        errors[key] = "Please choose capital improvement (ST-124) or taxable repair."
        return None
    option, description = OPTIONS_BY_SLUG.get(typed.service), typed.description
    taxed = TAX_CATEGORY_BY_SLUG[category].taxed
    return ValidLine(
        service=typed.service,
        label=option.label if option else _free_label(description),
        description=description if option or len(description) > LABEL_MAX else "",
        price_cents=typed.amount_cents,
        tax_category=category,
        tax_cents=line_tax_cents(typed.amount_cents, rate) if taxed else 0,
        quantity_milli=typed.quantity_milli,
        unit=typed.unit,
        unit_price_cents=typed.unit_price_cents,
    )


def _lines(errors: dict[str, str], value: object, rate: int) -> tuple[ValidLine, ...]:
    """Catalogue lines (each service once) and free-text lines. A catalogue line's errors are
    keyed line:<slug>, a free line's line:<its index in the list>."""
    empty = "Please choose at least one service or add a line with its price."
    if too_many_lines(errors, value, "invoice", empty):
        return ()
    lines: list[ValidLine] = []
    seen: set[str] = set()
    for index, item in enumerate(value):
        if not isinstance(item, Mapping):
            errors["lines"] = "Every line must be a service or a description with a price."
            continue
        slug = item.get("service") or ""
        if not isinstance(slug, str):
            errors["lines"] = "Please choose a service for every line."
            continue
        slug = slug.strip()
        key = f"line:{slug[:40]}" if slug else f"line:{index}"
        if slug in seen:
            label = OPTIONS_BY_SLUG[slug].label
            errors[key] = f"{label} is listed more than once: put it on one line."
            continue
        if slug in OPTIONS_BY_SLUG:
            seen.add(slug)
        if (line := _line(errors, key, item, rate)) is not None:
            lines.append(line)
    return tuple(lines)


def _discount(errors: dict[str, str], value: object) -> int:
    try:
        text = price_text(value).strip()
        return parse_price(text) if text else 0
    except PriceInvalid as invalid:
        errors["discount"] = invalid.message
        return 0


def validate_invoice(raw: Mapping[str, object], today: date | None = None) -> ValidInvoice:
    """Check every field of an invoice form or API request; raise FormInvalid otherwise.

    `raw` keys: name, email, phone, address, note, due_date ("YYYY-MM-DD" or empty for 14
    days from today), lines (a list of {service (a catalogue slug, or "" for free text with
    its description), description, quantity (1 when empty), unit, unit_price (or price),
    tax_category: a content/tax.py category, capital improvement by default}), discount (an
    amount taken off the subtotal before tax), tax_area (a content/tax.py
    area, New York City by default), schedule (optional: a list of {label, amount ("30%" or
    "3,000"), due_date} adding up to the total, tax included). Any other key, such as
    a total, is ignored: the server computes every amount. `today` is for tests.
    """
    today = today or business_today()
    errors: dict[str, str] = {}
    contact = read_contact(errors, raw)
    note = check_text(errors, "note", text_of(raw, "note"), NOTE_MAX, multiline=True)
    due_date = _due_date(errors, raw.get("due_date"), today)
    area = TAX_AREA_BY_SLUG.get(str(raw.get("tax_area") or DEFAULT_TAX_AREA))
    if area is None:
        errors["tax_area"] = "Please choose where the work is done, for its sales tax rate."
    rate = area.rate if area else 0
    lines = _lines(errors, raw.get("lines"), rate)
    discount = _discount(errors, raw.get("discount"))
    stages = read_schedule(errors, raw.get("schedule"), today)
    schedule: tuple[Stage, ...] = ()
    discount_tax = 0
    if not any(k == "lines" or k.startswith("line:") for k in errors):
        subtotal = sum(line.price_cents for line in lines)
        discount_tax = discount_tax_cents(lines, discount, rate)
        total = subtotal - discount + sum(line.tax_cents for line in lines) - discount_tax
        if discount and discount >= subtotal:
            errors["discount"] = "The discount must be less than the subtotal of the lines."
        elif subtotal <= 0:
            errors["lines"] = "The total must be more than $0.00."
        elif total > MAX_TOTAL_CENTS:
            errors["total"] = (
                f"The total must be {format_usd(MAX_TOTAL_CENTS)} or less: the most one card "
                "payment can take. Split the work over two invoices."
            )
        elif "schedule" not in errors:
            schedule = fit_schedule(errors, total, stages)
    if errors:
        raise FormInvalid(errors)
    return ValidInvoice(
        name=contact.name,
        email=contact.email,
        phone=contact.phone,
        address=contact.address,
        note=note,
        # With a schedule, the invoice falls due with its last stage.
        due_date=schedule[-1].due_date if schedule else due_date,
        lines=lines,
        schedule=schedule,
        tax_area=area.slug if area else DEFAULT_TAX_AREA,
        tax_rate=rate,
        discount_cents=discount,
        discount_tax_cents=discount_tax,
    )
