"""What the tests look up afterwards: the e-mails queued of a kind, the tables holding a text,
and the queries a piece of work made."""

from collections.abc import Iterator
from contextlib import contextmanager

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlmodel import select

from renovation_app.db import db_session, get_engine
from renovation_app.models import OutboxEmail


def mails(kind: str) -> list[OutboxEmail]:
    with db_session() as session:
        # In the order queued: PostgreSQL gives rows back in no set order without one.
        return session.exec(
            select(OutboxEmail).where(OutboxEmail.kind == kind).order_by(OutboxEmail.id)
        ).all()


def tables_holding(text: str, engine: Engine | None = None) -> set[str]:
    """The tables that hold `text` anywhere in a row: in a text column, or in bytes (an
    attachment)."""
    found = set()
    with (engine or get_engine()).connect() as connection:
        for table in sa.inspect(connection).get_table_names():
            for row in connection.execute(sa.text(f'SELECT * FROM "{table}"')):
                if any(_holds(value, text) for value in row):
                    found.add(table)
                    break
    return found


def _holds(value: object, text: str) -> bool:
    if isinstance(value, memoryview):
        value = value.tobytes()
    if isinstance(value, bytes):
        return text.encode() in value
    return text in str(value)


@contextmanager
def count_queries() -> Iterator[list[str]]:
    """The statements that read a table while the block runs (not a connection's ping or its
    setup), for a test that a page reads its rows in a few queries and not one per row."""
    statements: list[str] = []

    def count(_connection, _cursor, statement: str, *_args) -> None:
        if " FROM " in statement.upper():
            statements.append(statement)

    engine = get_engine()
    sa.event.listen(engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        sa.event.remove(engine, "before_cursor_execute", count)
