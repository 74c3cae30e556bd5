"""The migrations upgrade a database that holds data, not only an empty one.

On SQLite a migration that changes a column copies the table and drops the old one; with the
rows of other tables pointing at it, that failed ("FOREIGN KEY constraint failed") and left the
database half-migrated. An office upgrading its install must keep every invoice.
"""

import json
import os
import sqlite3
import subprocess
import sys

import pytest
from sqlalchemy import create_engine, inspect, text
from sqlmodel import Session

from renovation_app.models import CustomerLinkKind
from renovation_app.services import links
from tests.factories import tables_holding
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


# The revision before the customer links kept only hashes (d1links).
BEFORE_LINKS = "c1staff"
PAY_TOKEN = "pay-token-e-mailed-before-the-upgrade-43chars"
ESTIMATE_TOKEN = "estimate-token-e-mailed-before-the-upgrade-43"


@pytest.fixture
def database_with_customer_links(tmp_path) -> str:
    """An invoice and an estimate whose links went out in e-mails before the upgrade."""
    url = f"sqlite:///{tmp_path / 'links.db'}"
    assert alembic(url, "upgrade", BEFORE_LINKS).returncode == 0
    with create_engine(url).begin() as connection:
        connection.execute(
            text(
                "INSERT INTO user (id, email, name, password_hash, role, active, created_at, "
                "totp_secret, totp_last_step) VALUES (1, 'owner@example.com', 'Owner', 'x', "
                "'admin', 1, '2026-01-05 10:00:00', '', 0)"
            )
        )
        connection.execute(
            text(
                "INSERT INTO invoice (id, number, year, customer_name, customer_email, "
                "customer_phone, customer_address, note, status, subtotal_cents, total_cents, "
                "currency, due_date, pay_token, location, created_at, void_reason, author_id) "
                "VALUES (1, '2026-0001', 2026, 'Dana Reyes', 'dana@example.com', '', "
                "'12 Atlantic Ave', '', 'sent', 120000, 120000, 'usd', '2026-02-05', :token, "
                "'Brooklyn', '2026-01-05 10:00:00', '', 1)"
            ),
            {"token": PAY_TOKEN},
        )
        connection.execute(
            text(
                "INSERT INTO estimate (id, number, revision, year, customer_name, "
                "customer_email, customer_phone, customer_address, location, note, status, "
                "discount_cents, deposit_kind, deposit_value, valid_until, contingencies, "
                "time_of_essence, progress_schedule, token, author_id, created_at, "
                "signer_name, signer_address_hash, document_sha256, signed_document, "
                "accepted_total_cents, accepted_deposit_cents, decline_reason) VALUES (1, "
                "'E-2026-0001', 1, 2026, 'Dana Reyes', 'dana@example.com', '', '', '', '', "
                "'sent', 0, 'none', 0, '2026-03-01', '', 0, '', :token, 1, "
                "'2026-01-04 10:00:00', '', '', '', '', 0, 0, '')"
            ),
            {"token": ESTIMATE_TOKEN},
        )
    return url


def test_links_e_mailed_before_the_upgrade_still_open_their_records_and_no_token_remains(
    database_with_customer_links,
):
    url = database_with_customer_links
    upgraded = alembic(url, "upgrade", "head")
    assert upgraded.returncode == 0, upgraded.stderr[-2000:]
    engine = create_engine(url)
    for token in (PAY_TOKEN, ESTIMATE_TOKEN):
        assert tables_holding(token, engine) == set()
    columns = {c["name"] for c in inspect(engine).get_columns("invoice")}
    assert "pay_token" not in columns
    assert "token" not in {c["name"] for c in inspect(engine).get_columns("estimate")}
    # Dropped in place: the invoice table keeps its expression index (a copy would lose it).
    with engine.connect() as connection:
        indexes = connection.execute(
            text("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'invoice'")
        ).scalars()
        assert "ix_invoice_customer_name_lower" in set(indexes)
    with Session(engine) as session:
        assert links.find_record(session, CustomerLinkKind.PAY, PAY_TOKEN) == 1
        assert links.find_record(session, CustomerLinkKind.ESTIMATE, ESTIMATE_TOKEN) == 1
        assert links.find_record(session, CustomerLinkKind.ESTIMATE, PAY_TOKEN) is None
        # The next e-mail or staff page gets a link that can be made again; both open.
        new = links.link_token(session, CustomerLinkKind.PAY, 1)
        session.commit()
        assert new != PAY_TOKEN and links.link_token(session, CustomerLinkKind.PAY, 1) == new
        assert links.find_record(session, CustomerLinkKind.PAY, new) == 1
        assert links.find_record(session, CustomerLinkKind.PAY, PAY_TOKEN) == 1


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


# An office's database at d1links, written by the code of that revision, and what that code
# showed of it: tests/fixtures/office_before_e1lines/make_fixture.py says how.
OFFICE = ROOT / "tests" / "fixtures" / "office_before_e1lines"
SNAPSHOT_ON_TODAYS_CODE = """
import json, sys
from datetime import UTC, datetime
import time_machine
from renovation_app.settings import settings
settings.contractor_licence, settings.escrow_bank = "2099999-DCA", "Example Bank"
settings.secret_key = "dev-only-change-me"
from snapshot import signed_documents_made_again, snapshot
with time_machine.travel(datetime(2026, 11, 20, 15, 0, tzinfo=UTC), tick=False):
    json.dump({"seen": snapshot(), "signed": signed_documents_made_again()}, sys.stdout)
"""


def test_one_document_line_leaves_every_amount_line_tax_and_pdf_text_as_it_was(tmp_path):
    """Estimates (a signed contract with an optional line chosen, a discount, a deposit; a
    draft), their deposit and final invoices, a taxed invoice with a discount and a schedule
    that was revised, a check payment and a saved invoice draft: after migration e1lines
    every total, line, tax amount, PDF text, draft and revision reads as before, and each
    signed contract made again from its rows still matches its signature's hash."""
    database = tmp_path / "office.db"
    with sqlite3.connect(database) as connection:
        connection.executescript((OFFICE / "office.sql").read_text())
    url = f"sqlite:///{database}"
    upgraded = alembic(url, "upgrade", "head")
    assert upgraded.returncode == 0, upgraded.stderr[-2000:]
    seen = subprocess.run(
        [sys.executable, "-c", SNAPSHOT_ON_TODAYS_CODE],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": url, "PYTHONPATH": f"{ROOT}:{OFFICE}"},
        capture_output=True,
        text=True,
    )
    assert seen.returncode == 0, seen.stderr[-3000:]
    now = json.loads(seen.stdout)
    expected = json.loads((OFFICE / "expected.json").read_text())
    for number, invoice in expected["invoices"].items():
        assert now["seen"]["invoices"][number] == invoice, number
    for number, estimate in expected["estimates"].items():
        assert now["seen"]["estimates"][number] == estimate, number
    assert now["seen"] == expected
    assert now["signed"] == {"E-2026-0001": True}
