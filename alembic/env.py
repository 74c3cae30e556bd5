"""Alembic environment: the same database URL and tables as the app."""

from logging.config import fileConfig

from alembic import context
from sqlmodel import SQLModel

from renovation_app import models  # noqa: F401  (registers the tables)
from renovation_app.db import get_engine

if context.config.config_file_name is not None:
    fileConfig(context.config.config_file_name, disable_existing_loggers=False)

target_metadata = SQLModel.metadata


def _not_trigram_index(item, name, type_, reflected, compare_to) -> bool:
    """PostgreSQL's trigram indexes (migration b2officescale) live outside the models: a
    comparison of the models with the database leaves them be."""
    return not (type_ == "index" and name and name.endswith("_trgm"))


def run_migrations() -> None:
    engine = get_engine()
    with engine.connect() as connection:
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
