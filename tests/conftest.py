"""Test-wide setup: every test run gets its own migrated database, never data/."""

import os
import tempfile
from pathlib import Path

import pytest

from tests.prod_server import migrate

_TMP = Path(tempfile.mkdtemp(prefix="renovation-tests-"))
# Set before renovation_app.settings is imported anywhere. TEST_DATABASE_URL runs the same
# tests against another engine (e.g. a private PostgreSQL, as the production stack check does).
os.environ["DATABASE_URL"] = os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{_TMP / 'unit.db'}"
# Never reach a real service from tests, whatever a developer's .env says.
for _name in (
    "RESEND_API_KEY",
    "STRIPE_SECRET_KEY",
    "ADMIN_EMAIL",
    "ADMIN_PASSWORD",
    "GOOGLE_CLIENT_ID",
    "GOOGLE_ALLOWED_DOMAIN",
    "QUICKBOOKS_CLIENT_ID",
    "QUICKBOOKS_CLIENT_SECRET",
):
    os.environ[_name] = ""


@pytest.fixture(scope="session", autouse=True)
def _migrated_test_database() -> None:
    migrate(os.environ["DATABASE_URL"])


@pytest.fixture
def clean_db():
    """Empty every table before a test that needs a clean slate."""
    return empty_database()


def empty_database():
    """Empty every table (the audit log too); returns the engine."""
    from sqlmodel import SQLModel

    from renovation_app import models  # noqa: F401
    from renovation_app.db import get_engine

    engine = get_engine()
    with engine.begin() as connection:
        _empty_audit_log(connection)
        for table in reversed(SQLModel.metadata.sorted_tables):
            if table.name != "audit_event":
                connection.execute(table.delete())
    return engine


def _empty_audit_log(connection) -> None:
    """The audit log refuses DELETE and TRUNCATE (triggers): the table's owner turns its
    TRUNCATE trigger off for the emptying on PostgreSQL; on SQLite the DELETE trigger is dropped
    for the emptying and made again as the migration made it."""
    from sqlalchemy import text

    if connection.dialect.name == "postgresql":
        connection.execute(text("ALTER TABLE audit_event DISABLE TRIGGER audit_event_no_truncate"))
        connection.execute(text("TRUNCATE audit_event"))
        connection.execute(text("ALTER TABLE audit_event ENABLE TRIGGER audit_event_no_truncate"))
        return
    connection.execute(text("DROP TRIGGER audit_event_no_delete"))
    connection.execute(text("DELETE FROM audit_event"))
    connection.execute(
        text(
            "CREATE TRIGGER audit_event_no_delete BEFORE DELETE ON audit_event "
            "BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END"
        )
    )


@pytest.fixture
def photo_storage(tmp_path, monkeypatch):
    """The files storage in a folder of its own (disk), fresh for the test; yields the folder."""
    from renovation_app.services.files.storage import reset_storage
    from renovation_app.settings import settings

    monkeypatch.setattr(settings, "files_dir", str(tmp_path / "files"))
    monkeypatch.setattr(settings, "files_storage", "disk")
    reset_storage()
    yield tmp_path / "files"
    reset_storage()


@pytest.fixture
def twilio(monkeypatch, clean_db):
    """Texts on, through the fake Twilio the real SDK talks to, on an emptied database; yields
    the fake (its messages, its fault modes, signed webhooks)."""
    from renovation_app.settings import settings
    from tests.fakes.twilio_server import ACCOUNT_SID, AUTH_TOKEN, FakeTwilio

    fake = FakeTwilio().start()
    monkeypatch.setattr(settings, "twilio_account_sid", ACCOUNT_SID)
    monkeypatch.setattr(settings, "twilio_auth_token", AUTH_TOKEN)
    monkeypatch.setattr(settings, "twilio_from_number", "+15005550006")
    monkeypatch.setattr(settings, "twilio_api_base", fake.url)
    yield fake
    fake.stop()


@pytest.fixture
def quickbooks(monkeypatch, clean_db):
    """QuickBooks on, through the fake QuickBooks Online the real clients talk to (Intuit's
    OAuth through intuit-oauth, the accounting API through httpx), on an emptied database;
    yields the fake (its records, fault modes and signed webhooks)."""
    from renovation_app.settings import settings
    from tests.fakes.quickbooks_server import (
        CLIENT_ID,
        CLIENT_SECRET,
        VERIFIER_TOKEN,
        FakeQuickBooks,
    )

    fake = FakeQuickBooks().start()
    monkeypatch.setattr(settings, "quickbooks_client_id", CLIENT_ID)
    monkeypatch.setattr(settings, "quickbooks_client_secret", CLIENT_SECRET)
    monkeypatch.setattr(
        settings, "quickbooks_redirect_uri", "http://localhost:3000/api/quickbooks/callback"
    )
    monkeypatch.setattr(settings, "quickbooks_discovery_url", fake.discovery_url)
    monkeypatch.setattr(settings, "quickbooks_api_base", fake.url)
    monkeypatch.setattr(settings, "quickbooks_webhook_verifier_token", VERIFIER_TOKEN)
    monkeypatch.setattr(settings, "quickbooks_timeout_seconds", 1.0)
    yield fake
    fake.stop()
