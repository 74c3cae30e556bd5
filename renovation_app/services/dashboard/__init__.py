"""The office's dashboard: receivables by age, money received, escrow, estimates, revenue
charts, what needs attention; and the CSV exports with the same numbers."""

from renovation_app.services.dashboard.figures import (
    BOROUGH_SERIES,
    SERVICE_SERIES,
    AttentionRow,
    Dashboard,
    Figure,
    dashboard,
    split,
)

__all__ = [
    "BOROUGH_SERIES",
    "SERVICE_SERIES",
    "AttentionRow",
    "Dashboard",
    "Figure",
    "dashboard",
    "split",
]
