"""Alembic environment: the same database URL and tables as the app."""

from contextlib import nullcontext
from logging.config import fileConfig

from alembic import context
from sqlmodel import SQLModel

from renovation_app import models  # noqa: F401  (registers the tables)
from renovation_app.db import get_engine

# A caller may hand over its own connection (the migration tests run Alembic in their process,
# on a database of their own); the command line uses the app's engine and the logging of
# alembic.ini.
GIVEN = context.config.attributes.get("connection")
if GIVEN is None and context.config.config_file_name is not None:
    fileConfig(context.config.config_file_name, disable_existing_loggers=False)

target_metadata = SQLModel.metadata


def _not_trigram_index(item, name, type_, reflected, compare_to) -> bool:
    """PostgreSQL's trigram indexes (migration b2officescale) live outside the models: a
    comparison of the models with the database leaves them be."""
    return not (type_ == "index" and name and name.endswith("_trgm"))


def run_migrations() -> None:
    with nullcontext(GIVEN) if GIVEN is not None else get_engine().connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            # SQLite changes a column by copying its table and dropping the old one, which the
            # rows of other tables still point at: foreign keys are off while it does (SQLite's
            # own procedure; the pragma only takes effect outside a transaction) and checked
            # once it is done.
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()  # ends the transaction SQLAlchemy began, so Alembic owns its own
        context.configure(
            connection=connection,
            target_metadata=target_metadata,
            render_as_batch=sqlite,
            include_object=_not_trigram_index,
        )
        with context.begin_transaction():
            context.run_migrations()
            if sqlite:
                broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                if broken:
                    raise RuntimeError(f"The migration left rows pointing nowhere: {broken[:5]}")


run_migrations()
