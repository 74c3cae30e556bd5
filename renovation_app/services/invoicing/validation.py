"""One validation of an invoice for the form and the API. Every amount is computed here from
the typed prices; a total sent by a browser is ignored."""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from functools import cached_property

from renovation_app.content.tax import DEFAULT_TAX_AREA
from renovation_app.services.billing import (
    MAX_TOTAL_CENTS,
    PriceInvalid,
    business_today,
    format_usd,
    parse_price,
)
from renovation_app.services.billing.lines import CATALOGUE, ValidLine, price_text, read_lines
from renovation_app.services.billing.schedule import Stage, fit_schedule, read_schedule
from renovation_app.services.billing.totals import DocumentTotals, document_totals, read_tax_area
from renovation_app.services.customers.fields import read_contact
from renovation_app.services.errors import FormInvalid
from renovation_app.services.fields import check_text, iso_date, text_of

NOTE_MAX = 2000
LABEL_MAX = 100
DEFAULT_DUE_DAYS = 14
LATEST_DUE_DAYS = 365


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
    # Only the first that many lines share the discount (None: all); see document_totals.
    discounted_lines: int | None = None

    @cached_property  # read for each amount and each line's tax: computed once
    def totals(self) -> DocumentTotals:
        return document_totals(
            self.lines, self.discount_cents, self.tax_rate, self.discounted_lines
        )

    @property
    def subtotal_cents(self) -> int:
        return self.totals.subtotal_cents

    @property
    def tax_cents(self) -> int:
        return self.totals.tax_cents

    @property
    def total_cents(self) -> int:
        return self.totals.total_cents


def invoice_words(line: ValidLine) -> tuple[str, str]:
    """(label, description) as an invoice line keeps them: a catalogue line is labelled with
    its service and keeps its words as the description; a free line's label is its first
    words, with the whole text kept only when the label had to cut it."""
    if line.label:
        return line.label, line.description
    if line.service in CATALOGUE:
        return CATALOGUE[line.service].label, line.description
    first = line.description.splitlines()[0] if line.description else ""
    if len(first) <= LABEL_MAX:
        label = first
    else:
        label = first[: LABEL_MAX - 1].rsplit(" ", 1)[0] + "…"
    return label, line.description if len(line.description) > LABEL_MAX else ""


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
    area = read_tax_area(errors, raw.get("tax_area"))
    empty = "Please choose at least one service or add a line with its price."
    lines = read_lines(errors, raw.get("lines"), "invoice", empty, optional_allowed=False)
    discount = _discount(errors, raw.get("discount"))
    stages = read_schedule(errors, raw.get("schedule"), today)
    schedule: tuple[Stage, ...] = ()
    if not any(k == "lines" or k.startswith("line:") for k in errors):
        totals = document_totals(lines, discount, area.rate)
        if discount and discount >= totals.subtotal_cents:
            errors["discount"] = "The discount must be less than the subtotal of the lines."
        elif totals.subtotal_cents <= 0:
            errors["lines"] = "The total must be more than $0.00."
        elif totals.total_cents > MAX_TOTAL_CENTS:
            errors["total"] = (
                f"The total must be {format_usd(MAX_TOTAL_CENTS)} or less: the most one card "
                "payment can take. Split the work over two invoices."
            )
        elif "schedule" not in errors:
            schedule = fit_schedule(errors, totals.total_cents, stages)
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
        tax_area=area.slug,
        tax_rate=area.rate,
        discount_cents=discount,
    )
