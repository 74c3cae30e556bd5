"""The migrations upgrade a database that holds data, not only an empty one.

On SQLite a migration that changes a column copies the table and drops the old one; with the
rows of other tables pointing at it, that failed ("FOREIGN KEY constraint failed") and left the
database half-migrated. An office upgrading its install must keep every invoice.
"""

import json
import os
import re
import sqlite3
import subprocess
import sys

import pytest
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect, text
from sqlmodel import Session

from alembic import command
from renovation_app.models import CustomerLinkKind
from renovation_app.services import links
from tests.factories import tables_holding
from tests.prod_server import ROOT

# The first revision with invoices; every later one runs over rows that point at them.
WITH_INVOICES = "a3invoices"


def upgrade(database_url: str, revision: str) -> None:
    """`alembic upgrade <revision>` in this process (the same env.py, on a connection of its
    own): no Python start-up and no second import of the app, as the command line has."""
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "alembic"))
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
    finally:
        engine.dispose()


def is_at_head(database_url: str) -> bool:
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "alembic"))
    head = ScriptDirectory.from_config(config).get_current_head()
    with create_engine(database_url).connect() as connection:
        return MigrationContext.configure(connection).get_current_revision() == head


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
    upgrade(url, WITH_INVOICES)
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
    upgrade(url, "head")
    assert is_at_head(url)
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


@pytest.mark.slow  # an office upgraded through the links migration (2 s): `make test-slow`, run by CI
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


@pytest.mark.slow  # an office upgraded and broken (2 s): `make test-slow`, run by CI
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


@pytest.mark.slow  # renders every PDF of an office twice (8 s): `make test-slow`, run by CI
def test_one_document_line_leaves_every_amount_line_tax_and_pdf_text_as_it_was(tmp_path):
    """Estimates (a signed contract with an optional line chosen, a discount, a deposit; a
    draft), their deposit and final invoices, a taxed invoice with a discount and a schedule
    that was revised, a check payment and a saved invoice draft: after migration e1lines
    every total, line, tax amount, PDF text, draft and revision reads as before, and each
    signed contract made again from its rows has the lines and amounts of the document its
    signature hashed (its words may have been corrected since; the signed copy keeps them)."""
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


# The revision before jobs (f1jobs), and what the office fixture's signed contract holds.
BEFORE_JOBS = "e1lines"
CONTRACT_CENTS = 898588  # E-2026-0001: "total": "$8,985.88"
DEPOSIT_CENTS = 269576  # "deposit": "$2,695.76", invoice 2026-0001 (a $1,500 check paid on it)
FINAL_INVOICE_CENTS = 629012  # invoice 2026-0002, "$6,290.12": the rest of the contract


def _jobs_seen(connection) -> dict:
    """Every job with its stages, events and invoices, as plain tuples."""
    jobs = connection.execute(
        text(
            "SELECT id, number, year, estimate_id, customer_id, title, status, contract_cents, "
            "address, location, created_at, closed_at FROM job ORDER BY id"
        )
    ).all()
    return {
        job.number: {
            "job": tuple(job)[1:],
            "stages": [
                tuple(row)
                for row in connection.execute(
                    text(
                        "SELECT position, kind, label, amount_cents, invoice_id FROM job_stage "
                        "WHERE job_id = :id ORDER BY position"
                    ),
                    {"id": job.id},
                )
            ],
            "events": [
                tuple(row)
                for row in connection.execute(
                    text("SELECT kind, at, user_id, detail FROM job_event WHERE job_id = :id"),
                    {"id": job.id},
                )
            ],
            "invoices": connection.execute(
                text("SELECT number FROM invoice WHERE job_id = :id ORDER BY id"), {"id": job.id}
            )
            .scalars()
            .all(),
        }
        for job in jobs
    }


@pytest.mark.slow  # an office upgraded through the jobs migration (3-4 s): `make test-slow`, run by CI
def test_every_signed_contract_of_an_office_becomes_a_job_billed_by_its_invoices(tmp_path):
    """The office's signed contract (a deposit invoice with a check paid on it, a final invoice
    not paid yet) becomes job J-2026-0001: its stages add up to the contract exactly, the
    deposit stage points at the deposit invoice and the rest at the final invoice. The draft
    estimate and the invoice on its own make no job. Downgrade and upgrade again give the
    same."""
    database = tmp_path / "office.db"
    with sqlite3.connect(database) as connection:
        connection.executescript((OFFICE / "office.sql").read_text())
    url = f"sqlite:///{database}"
    upgraded = alembic(url, "upgrade", "head")
    assert upgraded.returncode == 0, upgraded.stderr[-2000:]
    engine = create_engine(url)
    with engine.connect() as connection:
        contract = connection.execute(
            text(
                "SELECT id, accepted_total_cents, accepted_deposit_cents FROM estimate "
                "WHERE number = 'E-2026-0001'"
            )
        ).one()
        assert (contract.accepted_total_cents, contract.accepted_deposit_cents) == (
            CONTRACT_CENTS,
            DEPOSIT_CENTS,
        )
        invoice_ids = dict(connection.execute(text("SELECT number, id FROM invoice")).all())
        jobs = _jobs_seen(connection)
        assert list(jobs) == ["J-2026-0001"]
        job = jobs["J-2026-0001"]
        number, year, estimate_id, customer_id, title, status, contract_cents = job["job"][:7]
        assert re.fullmatch(r"J-\d{4}-\d{4}", number) and year == 2026
        assert (estimate_id, customer_id, title, status) == (
            contract.id,
            1,
            "Cabinets, maple, soft close",
            "signed",  # invoiced, but its final invoice is not paid
        )
        assert contract_cents == CONTRACT_CENTS
        assert job["job"][7:] == (
            "12 Atlantic Ave, Brooklyn, NY 11201",
            "Brooklyn",
            "2026-11-20 15:00:00.000000",  # signed at 10:00 in New York
            None,
        )
        deposit, final = invoice_ids["2026-0001"], invoice_ids["2026-0002"]
        assert job["stages"] == [
            (0, "deposit", "Deposit", DEPOSIT_CENTS, deposit),
            # The contract's schedule, "Cabinets: $3,000.00", billed by the final invoice.
            (1, "progress", "Cabinets", 300000, final),
            (2, "final", "Final payment", CONTRACT_CENTS - DEPOSIT_CENTS - 300000, final),
        ]
        assert sum(stage[3] for stage in job["stages"]) == CONTRACT_CENTS
        assert sum(s[3] for s in job["stages"] if s[4] == final) == FINAL_INVOICE_CENTS
        assert job["invoices"] == ["2026-0001", "2026-0002"]
        assert job["events"] == [
            (
                "made",
                "2026-11-20 15:00:00.000000",
                None,
                "from contract E-2026-0001 signed by Maria Lopez",
            )
        ]
        without_job = connection.execute(
            text("SELECT number FROM invoice WHERE job_id IS NULL")
        ).scalars()
        assert list(without_job) == ["2026-0003"]
        draft = connection.execute(
            text(
                "SELECT count(*) FROM job JOIN estimate ON estimate.id = job.estimate_id "
                "WHERE estimate.number = 'E-2026-0002'"
            )
        ).scalar()
        assert draft == 0
        assert connection.execute(text("SELECT year, last_number FROM job_counter")).all() == [
            (2026, 1)
        ]
        assert connection.execute(text("PRAGMA foreign_key_check")).fetchall() == []

    down = alembic(url, "downgrade", BEFORE_JOBS)
    assert down.returncode == 0, down.stderr[-2000:]
    assert "job" not in inspect(engine).get_table_names()
    assert "job_id" not in {c["name"] for c in inspect(engine).get_columns("invoice")}
    with engine.connect() as connection:
        indexes = connection.execute(
            text(
                "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'invoice'"
            )
        ).all()
        # SQLite copied the invoice table to drop the column: its own indexes came back.
        assert "ix_invoice_customer_name_lower" in {name for name, _sql in indexes}
        assert "WHERE attention" in dict(indexes)["ix_invoice_flagged"]
        assert connection.execute(text("SELECT count(*) FROM invoice")).scalar() == 3
    again = alembic(url, "upgrade", "head")
    assert again.returncode == 0, again.stderr[-2000:]
    with engine.connect() as connection:
        assert _jobs_seen(connection) == jobs


def _insert(connection, table: str, **values) -> None:
    names = ", ".join(f'"{name}"' for name in values)
    marks = ", ".join(f":{name}" for name in values)
    connection.execute(text(f'INSERT INTO "{table}" ({names}) VALUES ({marks})'), values)


def _signed_estimate(connection, id: int, accepted_at: str, **values) -> None:
    row = {
        "id": id,
        "number": f"E-2026-{id:04d}",
        "revision": 1,
        "year": 2026,
        "customer_name": "Ann Owner",
        "customer_email": "ann@example.com",
        "customer_phone": "",
        "customer_address": "5 Elm St, Queens, NY 11375",
        "location": "Queens",
        "note": "",
        "status": "accepted",
        "discount_cents": 0,
        "deposit_kind": "percent",
        "deposit_value": 3000,
        "valid_until": "2027-01-31",
        "contingencies": "",
        "time_of_essence": 0,
        "progress_schedule": "",
        "author_id": 1,
        "created_at": "2026-11-01 12:00:00.000000",
        "signer_name": "Ann Owner",
        "signer_address_hash": "",
        "document_sha256": "",
        "signed_document": "{}",
        "accepted_total_cents": 2500000,
        "accepted_deposit_cents": 750000,
        "decline_reason": "",
        "accepted_at": accepted_at,
    }
    _insert(connection, "estimate", **{**row, **values})


@pytest.mark.slow  # an office upgraded through the jobs migration (2 s): `make test-slow`, run by CI
def test_a_contracts_progress_schedule_becomes_its_jobs_stages(tmp_path):
    """ "Label: 40%" is that share of the contract (rounded half up to the cent), "Label:
    $3,000.00" that amount; other lines are words only. The final stage holds the rest, and the
    progress payments are left out when they would leave less than nothing. Jobs are numbered
    by the New York year of the signature; a contract whose final invoice is paid is closed."""
    url = f"sqlite:///{tmp_path / 'schedule.db'}"
    assert alembic(url, "upgrade", BEFORE_JOBS).returncode == 0
    with create_engine(url).begin() as connection:
        _insert(
            connection,
            "user",
            id=1,
            email="owner@example.com",
            name="Owner",
            password_hash="x",
            role="admin",
            active=1,
            created_at="2026-01-05 10:00:00",
        )
        # 30/40/30 on $25,000.00, signed on New Year's Eve in New York (UTC's New Year).
        _signed_estimate(
            connection,
            1,
            "2027-01-01 04:59:00.000000",
            progress_schedule="Rough-in done: 40%\n\nPaint after the walls dry\nTiles: soon\n",
        )
        _insert(
            connection,
            "estimate_line",
            id=1,
            estimate_id=1,
            position=1,
            service="",
            description="  Kitchen   remodel ",
            quantity_milli=1000,
            unit="",
            unit_price_cents=2500000,
            optional=0,
            chosen=1,
            tax_category="capital_improvement",
        )
        # Cancelled by the owner; a dollar amount and a share with a decimal; no lines.
        _signed_estimate(
            connection,
            2,
            "2027-01-01 05:00:00.000000",
            status="cancelled",
            progress_schedule="Cabinets installed: $3,000.00\nFraming: 12.5 %\nDemo: 0%",
            accepted_total_cents=1234567,
            accepted_deposit_cents=0,
            deposit_kind="none",
        )
        # Progress payments that pass the total; its final invoice is paid.
        _signed_estimate(
            connection,
            3,
            "2026-06-01 16:00:00.000000",
            status="invoiced",
            progress_schedule="Everything up front: 90%",
            accepted_total_cents=100000,
            accepted_deposit_cents=50000,
        )
        invoice = {
            "year": 2026,
            "customer_name": "Ann Owner",
            "customer_email": "ann@example.com",
            "customer_phone": "",
            "customer_address": "",
            "note": "",
            "currency": "usd",
            "due_date": "2026-07-01",
            "location": "",
            "created_at": "2026-06-01 16:00:00",
            "void_reason": "",
            "author_id": 1,
            "estimate_id": 3,
        }
        for id, part, status, cents, paid_at in (
            (1, "deposit", "void", 50000, None),
            (2, "final", "paid", 100000, "2026-06-20 14:00:00.000000"),
        ):
            _insert(
                connection,
                "invoice",
                **invoice,
                id=id,
                number=f"2026-{id:04d}",
                status=status,
                estimate_part=part,
                subtotal_cents=cents,
                total_cents=cents,
                paid_at=paid_at,
            )
        # A draft makes no job, even with an acceptance time left in it.
        _signed_estimate(connection, 4, "2026-06-01 16:00:00.000000", status="draft")
    upgraded = alembic(url, "upgrade", "head")
    assert upgraded.returncode == 0, upgraded.stderr[-2000:]
    with create_engine(url).connect() as connection:
        jobs = _jobs_seen(connection)
        counters = connection.execute(text("SELECT year, last_number FROM job_counter")).all()
    assert list(jobs) == ["J-2026-0001", "J-2026-0002", "J-2027-0001"]
    assert jobs["J-2026-0002"]["job"][:7] == (
        "J-2026-0002",
        2026,
        1,
        None,
        "Kitchen remodel",
        "signed",
        2500000,
    )
    assert jobs["J-2026-0002"]["stages"] == [
        (0, "deposit", "Deposit", 750000, None),
        (1, "progress", "Rough-in done", 1000000, None),
        (2, "final", "Final payment", 750000, None),
    ]
    # 12.5% of $12,345.67 is $1,543.20875: $1,543.21.
    assert jobs["J-2027-0001"]["job"][:7] == (
        "J-2027-0001",
        2027,
        2,
        None,
        "Contract E-2026-0002",
        "cancelled",
        1234567,
    )
    assert jobs["J-2027-0001"]["stages"] == [
        (0, "progress", "Cabinets installed", 300000, None),
        (1, "progress", "Framing", 154321, None),
        (2, "final", "Final payment", 1234567 - 300000 - 154321, None),
    ]
    closed = jobs["J-2026-0001"]
    assert closed["job"][5] == "closed" and closed["job"][-1] == "2026-06-20 14:00:00.000000"
    # The void deposit invoice bills nothing: the paid final invoice bills every stage.
    assert closed["stages"] == [
        (0, "deposit", "Deposit", 50000, 2),
        (1, "final", "Final payment", 50000, 2),
    ]
    assert closed["invoices"] == ["2026-0001", "2026-0002"]
    for job in jobs.values():
        assert sum(stage[3] for stage in job["stages"]) == job["job"][6]
    assert counters == [(2026, 2), (2027, 1)]


def test_a_job_cancelled_before_the_upgrade_ended_when_it_was_cancelled(tmp_path):
    """Its project links' 90 days count from its cancelling (its last status change), as a
    job cancelled from now on; a job still open keeps no end."""
    url = f"sqlite:///{tmp_path / 'office.db'}"
    upgrade(url, "k1viewerlinks")
    job = (
        "INSERT INTO job (id, number, year, title, customer_name, customer_email, "
        "customer_phone, address, location, status, contract_cents, tax_area, tax_rate, "
        "author_id, created_at) VALUES (:id, :number, 2026, 'Kitchen', 'Dana Reyes', "
        "'dana@example.com', '', '12 Atlantic Ave', 'Brooklyn', :status, 100000, 'nyc', 0, 1, "
        "'2026-10-01 14:00:00.000000')"
    )
    with create_engine(url).begin() as connection:
        connection.execute(
            text(
                "INSERT INTO user (id, email, name, password_hash, role, active, created_at) "
                "VALUES (1, 'owner@example.com', 'Owner', 'x', 'admin', 1, '2026-01-05 10:00:00')"
            )
        )
        for id_, number, status in (
            (1, "J-2026-0001", "cancelled"),
            (2, "J-2026-0002", "scheduled"),
        ):
            connection.execute(text(job), {"id": id_, "number": number, "status": status})
        connection.execute(
            text(
                "INSERT INTO job_event (job_id, kind, at, detail) VALUES "
                "(1, 'status', '2026-10-20 15:00:00.000000', 'Now scheduled'), "
                "(1, 'status', '2026-11-02 15:00:00.000000', 'Now cancelled')"
            )
        )
    upgrade(url, "head")
    with create_engine(url).connect() as connection:
        ended = dict(connection.execute(text("SELECT number, closed_at FROM job")).all())
    assert ended == {"J-2026-0001": "2026-11-02 15:00:00.000000", "J-2026-0002": None}
