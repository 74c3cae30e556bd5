"""What a job's costs are sorted into: a small fixed list, not free cost codes (free codes end
as dozens of near-duplicates nobody can compare). The estimate's lines carry one of these too,
so a job's estimated and actual costs meet category by category."""

from dataclasses import dataclass


@dataclass(frozen=True)
class CostCategory:
    slug: str
    label: str


COST_CATEGORIES = (
    CostCategory("materials", "Materials"),
    CostCategory("subcontractor", "Subcontractor"),
    CostCategory("labour", "Labour"),
    CostCategory("permits", "Permits and fees"),
    CostCategory("equipment", "Equipment"),
    CostCategory("disposal", "Disposal"),
    CostCategory("other", "Other"),
)
COST_CATEGORY_LABELS = {category.slug: category.label for category in COST_CATEGORIES}
DEFAULT_COST_CATEGORY = "other"

# How a cost was paid (a sub bill, a purchase).
PAID_HOW = {
    "check": "Check",
    "ach": "Bank transfer",
    "card": "Business card",
    "cash": "Cash",
    "payroll": "Payroll",
}

# A subcontractor's insurance certificates.
CERTIFICATE_KINDS = {
    "general_liability": "General liability",
    "workers_comp": "Workers' compensation",
}
CERTIFICATE_WARNING_DAYS = 30  # the office is told this many days before one lapses
