"""The crew's time clock: taps from the phone done once (taps.py), the hours payroll counts
(hours.py: New York weeks, breaks, overtime beyond 40 hours), the office's corrections
(corrections.py), approved weeks as labour costs (approval.py), /today (today.py), timesheets
(sheets.py) and the payroll CSV (payroll.py). Entries are kept at least six years (Labor Law
§195(4)): nothing deletes them."""

from renovation_app.services.time_clock.approval import approve_week
from renovation_app.services.time_clock.corrections import add_entry, correct_entry
from renovation_app.services.time_clock.job_time import waiting_time
from renovation_app.services.time_clock.payroll import payroll_csv
from renovation_app.services.time_clock.records import forgotten_entries
from renovation_app.services.time_clock.sheets import (
    WeekView,
    monday_of,
    timesheet_path,
    week_overview,
    week_view,
)
from renovation_app.services.time_clock.taps import NotOnSchedule, Tap, TapDone, record_tap
from renovation_app.services.time_clock.today import (
    Clock,
    ClockJob,
    TodayView,
    clock_now,
    today_view,
)

__all__ = [
    "Clock",
    "ClockJob",
    "NotOnSchedule",
    "Tap",
    "TapDone",
    "TodayView",
    "WeekView",
    "add_entry",
    "clock_now",
    "approve_week",
    "correct_entry",
    "forgotten_entries",
    "monday_of",
    "payroll_csv",
    "record_tap",
    "timesheet_path",
    "today_view",
    "waiting_time",
    "week_overview",
    "week_view",
]
