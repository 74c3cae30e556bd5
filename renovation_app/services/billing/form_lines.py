"""A document form's lines as typed (the line editor's rows, shared by the estimate and invoice
forms): their live amounts and totals, computed as the server will save them, and the mapping
between the rows, the form's fields and the typed payload the validation reads."""

import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields

from renovation_app.content.costs import COST_CATEGORY_LABELS
from renovation_app.content.tax import DEFAULT_TAX_AREA, DEFAULT_TAX_CATEGORY
from renovation_app.services.billing.lines import CATALOGUE, DESCRIPTION_MAX
from renovation_app.services.billing.money import PriceInvalid, format_usd, parse_price
from renovation_app.services.billing.quantities import (
    cents_or_zero,
    quantity_text,
    typed_line_cents,
)
from renovation_app.services.billing.totals import (
    TAX_AREA_BY_SLUG,
    DocumentTotals,
    TypedAmount,
    document_totals,
)

PRICE_TEXT_MAX = 40


def new_key() -> str:
    return secrets.token_hex(4)


@dataclass
class LineDraft:
    """One row of the line editor as typed; `key` names its inputs (`<field>-<key>`)."""

    key: str = field(default_factory=new_key)
    service: str = ""  # a catalogue slug, or "" for free text
    description: str = ""
    quantity: str = "1"
    unit: str = ""
    unit_price: str = ""
    tax_category: str = DEFAULT_TAX_CATEGORY
    # The estimated cost, for staff only: never on what the customer sees.
    cost_category: str = ""  # chosen with our cost; "other" when no cost is estimated
    unit_cost: str = ""
    optional: bool = False
    # A change order's line: a credit (work taken off), or a line of the contract taken out
    # ("estimate_line:12"; its words and price are the contract's, not editable).
    credit: bool = False
    removes: str = ""

    @property
    def amount_cents(self) -> int:
        amount = typed_line_cents(self.quantity, self.unit_price)
        return -amount if self.credit or self.removes else amount


CHOICES = ("optional", "credit")
TEXT_FIELDS = tuple(f.name for f in fields(LineDraft) if f.name not in ("key", "removes", *CHOICES))


def price_note(text: str) -> str:
    """Why a typed unit price does not count (it then counts as $0.00), or ""."""
    if not text.strip():
        return ""
    try:
        parse_price(text)
    except PriceInvalid as invalid:
        return f"{invalid.message} Counts as $0.00."
    return ""


def rate_of(tax_area: str) -> int:
    return TAX_AREA_BY_SLUG.get(tax_area, TAX_AREA_BY_SLUG[DEFAULT_TAX_AREA]).rate


def live_totals(lines: Iterable[LineDraft], discount: str, tax_area: str) -> DocumentTotals:
    """The totals of the lines as typed (required lines only), as the server computes them: a
    price or quantity that does not read counts as $0.00."""
    amounts = [
        TypedAmount(line.amount_cents, line.tax_category) for line in lines if not line.optional
    ]
    return document_totals(amounts, cents_or_zero(discount), rate_of(tax_area))


def edited(line: LineDraft, name: str, value: object) -> bool:
    """Set one field of a row from the browser; False when the field or value is not one."""
    if line.removes:
        return False  # the contract's words and price, as the server will read them
    if name in CHOICES:
        setattr(line, name, bool(value))
    elif name not in TEXT_FIELDS or not isinstance(value, str):
        return False
    elif name == "service" and value and value not in CATALOGUE:
        return False
    elif name == "cost_category" and value and value not in COST_CATEGORY_LABELS:
        return False
    else:
        setattr(line, name, value[:DESCRIPTION_MAX])
    return True


def posted_lines(lines: Iterable[LineDraft], form_data: Mapping) -> list[dict]:
    """The lines of a posted form, as the validation reads them: what the browser shows in
    each row's inputs (`<field>-<key>`), with the choices the server holds."""
    return [
        {
            **{
                name: str(form_data.get(f"{name}-{line.key}", getattr(line, name)) or "")
                for name in TEXT_FIELDS
            },
            "optional": line.optional,
            "credit": line.credit,
            "removes": line.removes,
        }
        for line in lines
    ]


def drafts_from(typed: Iterable[Mapping], limit: int) -> list[LineDraft]:
    """Rows from typed lines (a saved draft, a document to change, the tab's own copy); what
    is not a line's field is left out and every text is cut to its length."""
    rows = []
    for item in list(typed)[:limit]:
        if not isinstance(item, Mapping):
            continue
        line = LineDraft(key=str(item.get("key") or new_key())[:8])
        for name in (*TEXT_FIELDS, *CHOICES):
            if name in item and item[name] is not None:
                edited(line, name, item[name] if name in CHOICES else str(item[name]))
        line.removes = str(item.get("removes") or "")[:40]
        rows.append(line)
    return rows


def price_typed(cents: int) -> str:
    """12345 -> "123.45", as the form takes an amount ("" for none)."""
    return f"{cents // 100}.{cents % 100:02d}" if cents else ""


def typed_from_row(row) -> dict:
    """A saved line of any document (models/documents.py) as the line editor types it."""
    return {
        "service": row.service if row.service in CATALOGUE else "",
        "description": row.description,
        "quantity": quantity_text(row.quantity_milli),
        "unit": row.unit,
        "unit_price": price_typed(row.unit_price_cents),
        "tax_category": row.tax_category,
        "cost_category": row.cost_category,
        "unit_cost": price_typed(row.unit_cost_cents),
        "optional": row.optional,
    }


def amount_texts(lines: Iterable[LineDraft]) -> dict[str, str]:
    return {line.key: format_usd(line.amount_cents) for line in lines}


def price_notes(lines: Iterable[LineDraft]) -> dict[str, str]:
    return {line.key: note for line in lines if (note := price_note(line.unit_price))}
