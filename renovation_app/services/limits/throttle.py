"""Atomic check-and-record for rate limits, on SQLite and PostgreSQL alike."""

from datetime import datetime, timedelta

from sqlalchemy import delete, update
from sqlmodel import Session, func, select

from renovation_app.db import insert_or_ignore
from renovation_app.models import RateHit, ThrottleLock, utc_now


def lock_key(session: Session, key: str, now: datetime | None = None) -> None:
    """Hold the lock row of `key` until the caller's transaction ends.

    Call it first in a transaction: the UPDATE takes the row lock on PostgreSQL and the write
    lock on SQLite, so a second request for the same key waits here until the first has
    counted and recorded. Without it 20 parallel requests all count 0 and all pass.
    """
    now = now or utc_now()
    session.execute(insert_or_ignore(session, ThrottleLock, key=key[:120], touched_at=now))
    session.execute(
        update(ThrottleLock).where(ThrottleLock.key == key[:120]).values(touched_at=now)
    )


def allow(
    session: Session, key: str, limit: int, window: timedelta, now: datetime | None = None
) -> bool:
    """Count one use of `key` unless `limit` uses fall within the last `window`; True when it
    was allowed (and counted). Part of the caller's transaction; old hits are cleared."""
    now = now or utc_now()
    lock_key(session, f"rate:{key}", now)
    since = now - window
    session.execute(delete(RateHit).where(RateHit.key == key[:120], RateHit.at < since))
    used = session.exec(
        select(func.count()).select_from(RateHit).where(RateHit.key == key[:120])
    ).one()
    if used >= limit:
        return False
    session.add(RateHit(key=key[:120], at=now))
    return True
