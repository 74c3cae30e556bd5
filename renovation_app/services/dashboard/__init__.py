"""The office's dashboard: receivables by age, money received, escrow, estimates, revenue
charts, what needs attention, margins and the jobs over their estimate; and the CSV exports
with the same numbers."""

from renovation_app.services.dashboard.figures import (
    BOROUGH_SERIES,
    SERVICE_SERIES,
    AttentionRow,
    Dashboard,
    Figure,
    dashboard,
    split,
)
from renovation_app.services.dashboard.margins import CHART_SERIES as MARGIN_SERIES
from renovation_app.services.dashboard.margins import MarginRow, Margins
from renovation_app.services.dashboard.overruns import OverRow, grouped_budgets

__all__ = [
    "BOROUGH_SERIES",
    "SERVICE_SERIES",
    "AttentionRow",
    "Dashboard",
    "MARGIN_SERIES",
    "Figure",
    "MarginRow",
    "Margins",
    "OverRow",
    "dashboard",
    "grouped_budgets",
    "split",
]
