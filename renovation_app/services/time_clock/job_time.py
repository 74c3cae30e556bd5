"""A job's clocked time that no approved week has priced yet, per person: the costs page shows it
to admins beside the labour already counted, so the margin's missing hours are in sight."""

from collections import defaultdict
from datetime import datetime

from sqlmodel import Session, col, select

from renovation_app.models import TimeEntry, User, utc_now
from renovation_app.services.time_clock.hours import hours_words, worked_minutes


def waiting_time(session: Session, job_id: int, now: datetime | None = None) -> list[list[str]]:
    """[[person, hours], ...] of the job's entries not yet approved, the open ones up to now."""
    now = now or utc_now()
    query = select(TimeEntry).where(
        TimeEntry.job_id == job_id, col(TimeEntry.timesheet_week_id).is_(None)
    )
    minutes: dict[int, int] = defaultdict(int)
    for entry in session.exec(query):
        minutes[entry.user_id] += worked_minutes(
            entry.started_at, entry.ended_at or now, entry.break_seconds
        )
    if not minutes:
        return []
    names = {
        u.id: u.name or u.email
        for u in session.exec(select(User).where(col(User.id).in_(set(minutes))))
    }
    return sorted([names[user_id], hours_words(m)] for user_id, m in minutes.items())
