"""A job's costs: purchases with their receipts, subcontractors' bills and their payment (with
the lien waiver each payment makes), crew days at loaded hourly rates; the estimated against
actual by category and the margins (budget.py); the costs CSV for the accountant."""

from renovation_app.services.costs.budget import CategoryBudget, JobBudget, job_budget
from renovation_app.services.costs.entry import labour_cost
from renovation_app.services.costs.paying import LapseNeedsConfirming, pay_sub_bill
from renovation_app.services.costs.receipts import MAX_BYTES as MAX_RECEIPT_BYTES
from renovation_app.services.costs.receipts import receipt_of, store_receipt
from renovation_app.services.costs.recording import add_cost, delete_cost, edit_cost
from renovation_app.services.costs.views import (
    CostRow,
    CostsPage,
    get_budget,
    get_job_costs,
    job_costs,
)

__all__ = [
    "CategoryBudget",
    "CostRow",
    "CostsPage",
    "JobBudget",
    "LapseNeedsConfirming",
    "MAX_RECEIPT_BYTES",
    "add_cost",
    "delete_cost",
    "edit_cost",
    "get_budget",
    "get_job_costs",
    "job_budget",
    "job_costs",
    "labour_cost",
    "pay_sub_bill",
    "receipt_of",
    "store_receipt",
]
