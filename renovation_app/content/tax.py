"""New York sales tax on a contractor's invoice lines, as data.

New York taxes a contractor's work two ways (Tax Bulletins ST-104 and ST-129): a capital
improvement, with the customer's Form ST-124 on file, is not taxed; repair, maintenance and
installation that is not a capital improvement is taxed at the combined state and local rate
of where the work is done. Rates are in thousandths of a percent (8.875% -> 8875).
"""

from dataclasses import dataclass

RATE_SCALE = 100_000  # 8875 / 100_000 = 8.875%


@dataclass(frozen=True)
class TaxCategory:
    slug: str
    label: str  # on the invoice, the PDF and the e-mail
    taxed: bool
    short: str  # in the line editor's select, where the whole label is cut off


CAPITAL_IMPROVEMENT = TaxCategory(
    "capital_improvement",
    "Capital improvement (Form ST-124 on file): no sales tax",
    False,
    "Capital improvement (ST-124): no tax",
)
REPAIR = TaxCategory(
    "repair", "Repair, maintenance or installation: taxed", True, "Repair or installation: taxed"
)
TAX_CATEGORIES = (CAPITAL_IMPROVEMENT, REPAIR)
DEFAULT_TAX_CATEGORY = CAPITAL_IMPROVEMENT.slug
# Why an invoice with capital improvement lines charges no sales tax on them, on its PDF and its
# e-mail: Tax Law §1105(c)(3) taxes services to real property except a capital improvement
# (§1101(b)(9)), which the customer's signed Form ST-124 certifies (Tax Bulletin ST-104).
CAPITAL_IMPROVEMENT_NOTE = (
    "Capital improvement: Form ST-124 on file. No sales tax is charged on it (New York Tax Law "
    "§1105(c)(3))."
)


def rate_text(rate: int) -> str:
    """A rate in thousandths of a percent as written: 8875 -> "8.875%", 4000 -> "4%"."""
    return f"{rate // 1000}.{rate % 1000:03d}".rstrip("0").rstrip(".") + "%"


@dataclass(frozen=True)
class TaxArea:
    slug: str
    label: str
    rate: int  # thousandths of a percent


# The combined rates of where the business works (New York State 4% plus local tax).
TAX_AREAS = (
    TaxArea("nyc", "New York City", 8875),
    TaxArea("nassau", "Nassau County", 8625),
    TaxArea("suffolk", "Suffolk County", 8625),
    TaxArea("westchester", "Westchester County", 8375),
)
DEFAULT_TAX_AREA = "nyc"
