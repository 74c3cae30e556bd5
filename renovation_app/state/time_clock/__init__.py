"""The crew's day (/today) and timesheets (/timesheets, a person's week)."""

from renovation_app.state.time_clock.timesheets import TimesheetsState, TimesheetState
from renovation_app.state.time_clock.today import TodayState

__all__ = ["TimesheetState", "TimesheetsState", "TodayState"]
