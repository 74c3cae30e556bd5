"""The totals of any document (estimate, invoice, and the documents to come), from its lines,
its discount and its sales tax rate. Validation, the forms' live totals, the saved amounts and
the PDFs all come from `document_totals`; a total sent by a browser is never read.

Tax is New York's (content/tax.py): a line is taxed by its category, rounded half up per line;
a discount is shared between the taxed and untaxed lines in proportion to their amounts and
its taxed share lowers the tax."""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from renovation_app.content.tax import (
    DEFAULT_TAX_AREA,
    RATE_SCALE,
    TAX_AREAS,
    TAX_CATEGORIES,
    TaxArea,
)

TAXED_CATEGORIES = frozenset(category.slug for category in TAX_CATEGORIES if category.taxed)


class PricedLine(Protocol):
    """What the totals read of a line: a saved one, a checked one or one being typed."""

    @property
    def price_cents(self) -> int: ...

    @property
    def tax_category(self) -> str: ...


@dataclass(frozen=True)
class TypedAmount:
    """A line as far as the totals are concerned (a form's line while it is typed)."""

    price_cents: int
    tax_category: str = ""


@dataclass(frozen=True)
class DocumentTotals:
    subtotal_cents: int  # the counted lines, before the discount
    discount_cents: int  # at most the subtotal
    tax_cents: int  # the lines' tax less the discount's taxed share's
    line_tax_cents: tuple[int, ...]  # each counted line's tax, in the lines' order

    @property
    def total_cents(self) -> int:
        return self.subtotal_cents - self.discount_cents + self.tax_cents


def is_taxed(tax_category: str) -> bool:
    return tax_category in TAXED_CATEGORIES


def line_tax_cents(price_cents: int, rate: int) -> int:
    """The sales tax of one taxed line, rounded half up to the cent (8.875% of $200.00 =
    $17.75). Tax is rounded per line and the lines' taxes added up."""
    return (price_cents * rate + RATE_SCALE // 2) // RATE_SCALE


def discount_tax_cents(work: int, taxed: int, discount: int, rate: int) -> int:
    """The tax a discount takes off: its share of the taxed lines (`taxed` of `work`),
    rounded half up to the cent, taxed like a negative line. $100 off $800 untaxed + $200
    taxed at 8.875%: $20.00 of it is taxed, so the tax falls by $1.78 ($17.75 -> $15.97)."""
    if not discount or not taxed or work <= 0:
        return 0
    taxed_share = (discount * taxed + work // 2) // work
    return line_tax_cents(taxed_share, rate)


def document_totals(
    lines: Iterable[PricedLine], discount_cents: int, rate: int, discounted: int | None = None
) -> DocumentTotals:
    """The totals of the lines given (the caller leaves out optional lines not chosen). With
    `discounted`, only the first that many lines share the discount: a job's final invoice
    lists its contract's lines first, then its change orders', which the discount never had."""
    lines = list(lines)
    sharing = lines if discounted is None else lines[:discounted]
    taxes = tuple(
        line_tax_cents(line.price_cents, rate) if is_taxed(line.tax_category) else 0
        for line in lines
    )
    subtotal = sum(line.price_cents for line in lines)
    # The discount is shared over the work (credits, such as a deposit already billed, take
    # no part), so a final invoice's tax is the contract's tax less what was billed before.
    work = sum(line.price_cents for line in sharing if line.price_cents > 0)
    taxed = sum(
        line.price_cents
        for line, tax in zip(sharing, taxes, strict=False)
        if tax and line.price_cents > 0
    )
    # At most the work it is taken off (credits, such as invoices already billed, do not
    # shrink it: a final invoice keeps the contract's whole discount).
    discount = min(max(discount_cents, 0), work)
    tax = sum(taxes) - discount_tax_cents(work, taxed, discount, rate)
    return DocumentTotals(subtotal, discount, tax, taxes)


TAX_AREA_BY_SLUG = {area.slug: area for area in TAX_AREAS}
NO_TAX_AREA = "Please choose where the work is done, for its sales tax rate."


def read_tax_area(errors: dict[str, str], value: object) -> TaxArea:
    """A document's tax area (New York City when none is given); an unknown one is an error
    under "tax_area" and counts as New York City meanwhile."""
    area = TAX_AREA_BY_SLUG.get(str(value or DEFAULT_TAX_AREA))
    if area is None:
        errors["tax_area"] = NO_TAX_AREA
    return area or TAX_AREA_BY_SLUG[DEFAULT_TAX_AREA]
