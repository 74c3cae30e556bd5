"""A person's calendar feed (served by services/schedule/calendars) as a key of their account,
like a session: a phone keeps reading it without anyone signing in, so it ends when the account
is deactivated, and an admin sees on /staff who has one and can end it."""

from datetime import datetime

from sqlalchemy import update
from sqlmodel import Session, func, select

from renovation_app.models import CalendarFeed, utc_now


def end_feeds(session: Session, user_id: int, now: datetime | None = None) -> int:
    """Every live feed of the person stops answering, in the caller's transaction. Returns how
    many were live."""
    return session.execute(
        update(CalendarFeed)
        .where(CalendarFeed.user_id == user_id, CalendarFeed.revoked_at.is_(None))
        .values(revoked_at=now or utc_now())
    ).rowcount


def feed_holders(session: Session) -> dict[int, datetime]:
    """Who has a live feed: the person's id and when their feed address was made."""
    rows = session.exec(
        select(CalendarFeed.user_id, func.max(CalendarFeed.created_at))
        .where(CalendarFeed.revoked_at.is_(None))
        .group_by(CalendarFeed.user_id)
    ).all()
    return dict(rows)
