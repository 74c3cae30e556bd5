"""Alembic environment: the same database URL and tables as the app."""

from logging.config import fileConfig

from alembic import context
from sqlmodel import SQLModel

from renovation_app import models  # noqa: F401  (registers the tables)
from renovation_app.db import get_engine

if context.config.config_file_name is not None:
    fileConfig(context.config.config_file_name, disable_existing_loggers=False)

target_metadata = SQLModel.metadata


def run_migrations() -> None:
    engine = get_engine()
    with engine.connect() as connection:
        context.configure(
            connection=connection,
            target_metadata=target_metadata,
            render_as_batch=connection.dialect.name == "sqlite",
        )
        with context.begin_transaction():
            context.run_migrations()


run_migrations()
