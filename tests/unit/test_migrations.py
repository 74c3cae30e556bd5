"""The migrations upgrade a database that holds data, not only an empty one.

On SQLite a migration that changes a column copies the table and drops the old one; with the
rows of other tables pointing at it, that failed ("FOREIGN KEY constraint failed") and left the
database half-migrated. An office upgrading its install must keep every invoice.
"""

import os
import subprocess
import sys

import pytest
from sqlalchemy import create_engine, text

from tests.prod_server import ROOT

# The first revision with invoices; every later one runs over rows that point at them.
WITH_INVOICES = "a3invoices"


def alembic(database_url: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "alembic", *args],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": database_url},
        capture_output=True,
        text=True,
    )


@pytest.fixture
def database_with_an_invoice(tmp_path) -> str:
    url = f"sqlite:///{tmp_path / 'office.db'}"
    assert alembic(url, "upgrade", WITH_INVOICES).returncode == 0
    with create_engine(url).begin() as connection:
        connection.execute(
            text(
                "INSERT INTO user (id, email, name, password_hash, role, active, created_at) "
                "VALUES (1, 'owner@example.com', 'Owner', 'x', 'admin', 1, '2026-01-05 10:00:00')"
            )
        )
        connection.execute(
            text(
                "INSERT INTO invoice (id, number, year, customer_name, customer_email, "
                "customer_phone, customer_address, note, status, subtotal_cents, total_cents, "
                "currency, due_date, pay_token, location, created_at, void_reason, author_id) "
                "VALUES (1, '2026-0001', 2026, 'Dana Reyes', 'dana@example.com', '', "
                "'12 Atlantic Ave', '', 'sent', 120000, 120000, 'usd', '2026-02-05', 'tok', "
                "'Brooklyn', '2026-01-05 10:00:00', '', 1)"
            )
        )
        connection.execute(
            text(
                "INSERT INTO invoice_line (id, invoice_id, position, service, label, "
                "description, price_cents) VALUES (1, 1, 0, 'kitchenRemodelling', "
                "'Kitchen Remodelling', '', 120000)"
            )
        )
        connection.execute(
            text(
                "INSERT INTO invoice_event (id, invoice_id, kind, at, user_id, detail) "
                "VALUES (1, 1, 'created', '2026-01-05 10:00:00', 1, '')"
            )
        )
    return url


def test_an_office_database_with_invoices_upgrades_to_the_newest_schema(database_with_an_invoice):
    url = database_with_an_invoice
    upgraded = alembic(url, "upgrade", "head")
    assert upgraded.returncode == 0, upgraded.stderr[-2000:]
    assert "head" in alembic(url, "current").stdout
    with create_engine(url).connect() as connection:
        invoice = connection.execute(
            text("SELECT number, total_cents, customer_name FROM invoice")
        ).one()
        assert tuple(invoice) == ("2026-0001", 120000, "Dana Reyes")
        assert connection.execute(text("SELECT count(*) FROM invoice_line")).scalar() == 1
        assert connection.execute(text("SELECT count(*) FROM invoice_event")).scalar() == 1
        assert connection.execute(text("PRAGMA foreign_key_check")).fetchall() == []
        tables = connection.execute(text("SELECT name FROM sqlite_master")).scalars().all()
        assert not [t for t in tables if t.startswith("_alembic_tmp")]


def test_a_migration_that_would_leave_rows_pointing_nowhere_is_refused(tmp_path):
    """Foreign keys are off while SQLite copies tables, so the check after is what keeps them."""
    url = f"sqlite:///{tmp_path / 'broken.db'}"
    assert alembic(url, "upgrade", WITH_INVOICES).returncode == 0
    with create_engine(url).begin() as connection:
        connection.execute(text("PRAGMA foreign_keys=OFF"))
        connection.execute(
            text(
                "INSERT INTO invoice_event (id, invoice_id, kind, at, detail) "
                "VALUES (1, 999, 'created', '2026-01-05 10:00:00', '')"
            )
        )
    upgraded = alembic(url, "upgrade", "head")
    assert upgraded.returncode != 0
    assert "pointing nowhere" in upgraded.stderr
