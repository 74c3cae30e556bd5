"""One validation of the estimate form. Amounts are computed from the typed quantities and
prices; a total sent by a browser is never read."""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, timedelta

from renovation_app.content.compliance import PROPERTY_TYPES
from renovation_app.content.languages import SALE_LANGUAGES
from renovation_app.content.tax import DEFAULT_TAX_AREA
from renovation_app.models import DepositKind
from renovation_app.services.billing import (
    MAX_TOTAL_CENTS,
    PriceInvalid,
    business_today,
    format_usd,
    parse_price,
)
from renovation_app.services.billing.lines import ValidLine, read_lines
from renovation_app.services.billing.money import parse_percent
from renovation_app.services.billing.totals import document_totals, read_tax_area
from renovation_app.services.customers.fields import read_contact
from renovation_app.services.customers.records import ContactDetails
from renovation_app.services.errors import FormInvalid
from renovation_app.services.fields import check_text, iso_date, text_of, whole_number

TEXT_MAX = 2000
CONTINGENCIES_MAX = 1000
DEFAULT_VALID_DAYS = 30
LATEST_DAYS = 730
OLDEST_HOME = 1600


@dataclass(frozen=True)
class ValidEstimate:
    contact: ContactDetails
    note: str
    lines: tuple[ValidLine, ...]
    discount_cents: int
    deposit_kind: DepositKind
    deposit_value: int  # basis points or cents
    deposit_due_date: date | None
    valid_until: date
    start_date: date | None
    completion_date: date | None
    contingencies: str
    time_of_essence: bool
    progress_schedule: str
    tax_area: str = DEFAULT_TAX_AREA
    tax_rate: int = 0  # of the tax area, thousandths of a percent
    language: str = "en"  # of the sale: the notice of cancellation is given in it too
    year_built: int | None = None  # of the home: before 1978, lead-safe work
    property_type: str = ""  # counts the lien deadline; "" not known


def _date(errors: dict, key: str, value: object, today: date, required_default=None):
    text = value.strip() if isinstance(value, str) else ""
    if not text:
        return required_default
    parsed = iso_date(text)
    if parsed is None:
        errors[key] = "Please give a date, like 2026-12-07."
    elif parsed < today:
        errors[key] = "This date cannot be in the past."
    elif parsed > today + timedelta(days=LATEST_DAYS):
        errors[key] = "This date must be within two years from today."
    else:
        return parsed
    return required_default


def _amount(errors: dict, key: str, text: object) -> int:
    value = text.strip() if isinstance(text, str) else ""
    if not value:
        return 0
    try:
        return parse_price(value)
    except PriceInvalid as invalid:
        errors[key] = invalid.message
        return 0


def _deposit(errors: dict, raw: Mapping) -> tuple[DepositKind, int]:
    kind_text = str(raw.get("deposit_kind") or DepositKind.NONE)
    if kind_text not in DepositKind.__members__.values():
        errors["deposit"] = "Please choose no deposit, a percentage or an amount."
        return DepositKind.NONE, 0
    kind = DepositKind(kind_text)
    text = str(raw.get("deposit_value") or "").strip().removesuffix("%").strip()
    if kind == DepositKind.NONE:
        return kind, 0
    if kind == DepositKind.AMOUNT:
        return kind, _amount(errors, "deposit", text) or _missing(errors)
    try:
        return kind, parse_percent(text)
    except ValueError:
        errors["deposit"] = "Please give the deposit as a percentage from 1 to 100, like 30."
        return kind, 0


def _missing(errors: dict) -> int:
    errors.setdefault("deposit", "Please enter the deposit amount.")
    return 0


def _totals_fit(errors: dict, lines, discount: int, deposit_kind, deposit_value: int, rate: int):
    """Every line chosen must fit in one card payment; the required lines alone must be more
    than the discount and at least the deposit."""
    if any(k == "lines" or k.startswith("line:") for k in errors):
        return
    if document_totals(lines, discount, rate).total_cents > MAX_TOTAL_CENTS:
        errors["lines"] = f"The total must be {format_usd(MAX_TOTAL_CENTS)} or less."
    required = [line for line in lines if not line.optional]
    least = document_totals(required, discount, rate)
    if discount >= least.subtotal_cents:
        errors["discount"] = "The discount must be less than the total of the required lines."
    elif deposit_kind == DepositKind.AMOUNT and deposit_value > least.total_cents:
        errors["deposit"] = "The deposit cannot be more than the total of the required lines."


def read_home_and_sale(errors: dict, raw: Mapping, today: date) -> tuple[str, int | None, str]:
    """The language of the sale, the year the home was built (optional) and its type."""
    language = str(raw.get("language") or "en")
    if language not in SALE_LANGUAGES:
        errors["language"] = "Please choose the language the sale was made in."
    year_text = str(raw.get("year_built") or "").strip()
    year = whole_number(year_text) if len(year_text) == 4 else None
    if year_text and (year is None or not OLDEST_HOME <= year <= today.year):
        errors["year_built"] = f"Please give a year from {OLDEST_HOME} to {today.year}, or none."
    property_type = str(raw.get("property_type") or "")
    if property_type and property_type not in PROPERTY_TYPES:
        errors["property_type"] = "Please choose the type of building."
    return language, year, property_type


def validate_estimate(raw: Mapping[str, object], today: date | None = None) -> ValidEstimate:
    """Check every field of the estimate form; raise FormInvalid with a message per field."""
    today = today or business_today()
    errors: dict[str, str] = {}
    contact = read_contact(errors, raw)
    note = check_text(errors, "note", text_of(raw, "note"), TEXT_MAX, multiline=True)
    area = read_tax_area(errors, raw.get("tax_area"))
    empty = "Please add at least one line with its price."
    lines = read_lines(errors, raw.get("lines"), "estimate", empty, optional_allowed=True)
    discount = _amount(errors, "discount", raw.get("discount"))
    deposit_kind, deposit_value = _deposit(errors, raw)
    _totals_fit(errors, lines, discount, deposit_kind, deposit_value, area.rate)
    valid_until = _date(errors, "valid_until", raw.get("valid_until"), today)
    valid_until = valid_until or today + timedelta(days=DEFAULT_VALID_DAYS)
    start = _date(errors, "start_date", raw.get("start_date"), today)
    completion = _date(errors, "completion_date", raw.get("completion_date"), today)
    if start and completion and completion < start:
        errors["completion_date"] = "The completion date cannot be before the start date."
    deposit_due = _date(errors, "deposit_due_date", raw.get("deposit_due_date"), today)
    contingencies = check_text(
        errors, "contingencies", text_of(raw, "contingencies"), CONTINGENCIES_MAX, True
    )
    schedule = check_text(
        errors, "progress_schedule", text_of(raw, "progress_schedule"), TEXT_MAX, True
    )
    language, year_built, property_type = read_home_and_sale(errors, raw, today)
    if errors:
        raise FormInvalid(errors)
    return ValidEstimate(
        contact=contact,
        note=note,
        lines=lines,
        discount_cents=discount,
        deposit_kind=deposit_kind,
        deposit_value=deposit_value,
        deposit_due_date=deposit_due,
        valid_until=valid_until,
        start_date=start,
        completion_date=completion,
        contingencies=contingencies,
        time_of_essence=bool(raw.get("time_of_essence")),
        progress_schedule=schedule,
        tax_area=area.slug,
        tax_rate=area.rate,
        language=language,
        year_built=year_built,
        property_type=property_type,
    )
