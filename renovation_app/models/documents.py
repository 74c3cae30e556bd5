"""What every document (estimate, invoice, and the documents to come) has in common: its lines.

A document's line is one shape whatever the document: a catalogue service or free text, the
words of the work and its materials, quantity x unit price, the New York sales tax category
and its tax, and whether the customer may leave it out. Each document's line table adds only
the link to its document (see estimates.py, invoices.py)."""

from sqlmodel import Field, SQLModel

from renovation_app.content.costs import DEFAULT_COST_CATEGORY
from renovation_app.content.tax import DEFAULT_TAX_CATEGORY


class DocumentLine(SQLModel):
    """The columns of a line of any document (not a table by itself)."""

    id: int | None = Field(default=None, primary_key=True)
    position: int
    service: str = Field(default="", max_length=40)  # a catalogue slug, or "" for free text
    description: str = Field(default="", max_length=500)
    quantity_milli: int = 1000  # thousandths: 2.5 -> 2500
    unit: str = Field(default="", max_length=20)  # "sq ft", "hours"; "" for a lump sum
    unit_price_cents: int = 0
    price_cents: int = 0  # quantity x unit price, rounded half up
    # New York sales tax (content/tax.py): the line's category, and its tax in cents at the
    # document's rate.
    tax_category: str = Field(default=DEFAULT_TAX_CATEGORY, max_length=30)
    tax_cents: int = 0
    # The job's estimated cost of the line (staff only, never on the customer's document):
    # its cost category (content/costs.py) and what a unit costs the business.
    cost_category: str = Field(default=DEFAULT_COST_CATEGORY, max_length=20)
    unit_cost_cents: int = 0
    optional: bool = False  # the customer may tick it in or out (an estimate's choice)
    chosen: bool = True  # counted: a required line, or an optional line the customer took
