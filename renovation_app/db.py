"""The database engine and sessions, from settings.database_url."""

import threading
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from functools import cache
from pathlib import Path

from sqlalchemy import event
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlmodel import Session, create_engine

from renovation_app.settings import settings


@cache
def get_engine(url: str | None = None) -> Engine:
    url = url or settings.database_url
    if url.startswith("sqlite:///"):
        Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection, _record) -> None:
            # WAL lets readers and one writer work at once; foreign keys are off by default.
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            # In WAL mode NORMAL is still safe against app crashes; it skips an fsync per commit.
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


@contextmanager
def db_session() -> Iterator[Session]:
    with Session(get_engine(), expire_on_commit=False) as session:
        yield session


_sqlite_writer = threading.Lock()


@contextmanager
def write_session() -> Iterator[Session]:
    """A session for a transaction that writes (busy paths: enquiries, the outbox).

    SQLite has one writer. Threads that find it busy wait in SQLite's busy handler, which
    sleeps and retries (up to 100 ms a time): under a burst of requests the lock then sits idle
    between sleeps and throughput collapses (open loop at 200/s: about 60 answered/s). Here the
    writers of this process queue on a lock instead and each starts as the last one commits.
    PostgreSQL has row locks and needs none of this.
    """
    sqlite = get_engine().dialect.name == "sqlite"
    with _sqlite_writer if sqlite else nullcontext(), db_session() as session:
        yield session


def insert_or_ignore(session: Session, model, **values):
    """INSERT ... ON CONFLICT DO NOTHING for the session's database (SQLite or PostgreSQL)."""
    dialect = session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    return insert(model).values(**values).on_conflict_do_nothing()
