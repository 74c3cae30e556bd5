"""The crew's day on a phone and the timesheets."""

from renovation_app.pages.time_clock import timesheet, timesheets, today  # noqa: F401
