"""The staff schedule."""

from renovation_app.state.schedule.calendar import ScheduleState

__all__ = ["ScheduleState"]
