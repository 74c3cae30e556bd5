"""Fixtures of the payment tests: our API on loopback, the fake Stripe delivering signed
webhooks to it, an admin and a saved invoice."""

import socket
import threading
import time

import pytest
import uvicorn

from renovation_app.api import create_api
from renovation_app.models import Invoice, Job, Role
from renovation_app.services.staff import SignedInUser
from renovation_app.settings import settings
from tests.factories import job_of, make_invoice, signed_in, staff_user
from tests.factories.costs import contract_28k
from tests.fakes.stripe_server import FakeStripe

SECRET = "whsec_unit_test_secret"


@pytest.fixture(scope="module")
def api_url():
    """Our HTTP API on a free loopback port, so the fake can deliver webhooks to it."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(create_api(), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(5)


@pytest.fixture
def fake(monkeypatch, api_url, clean_db):
    fake = FakeStripe().start()
    fake.add_webhook(f"{api_url}/api/stripe/webhook", SECRET)
    monkeypatch.setattr(settings, "stripe_secret_key", fake.secret_key)
    monkeypatch.setattr(settings, "stripe_publishable_key", fake.publishable_key)
    monkeypatch.setattr(settings, "stripe_webhook_secret", SECRET)
    monkeypatch.setattr(settings, "stripe_api_base", fake.url)
    yield fake
    fake.stop()


@pytest.fixture
def admin(clean_db):
    """Bea Boss, an admin (password: tests.factories.ADMIN_PASSWORD)."""
    return staff_user(Role.ADMIN, name="Bea Boss", email="boss@example.com")


@pytest.fixture
def clerk(clean_db):
    """Cal Clerk, a member of staff who is not an admin."""
    return staff_user(name="Cal Clerk", email="clerk@example.com")


@pytest.fixture
def contract_settings(monkeypatch):
    """What every contract must print (General Business Law §771): licence and escrow bank."""
    monkeypatch.setattr(settings, "contractor_licence", "2099999-DCA")
    monkeypatch.setattr(settings, "escrow_bank", "Example Community Bank, Brooklyn")


@pytest.fixture
def user(admin) -> SignedInUser:
    """Bea Boss as the services take the signed-in user."""
    return signed_in(admin)


@pytest.fixture
def job(admin, contract_settings) -> Job:
    """The job of a signed $28,200 contract whose lines carry their estimated cost."""
    return job_of(contract_28k(admin))


@pytest.fixture
def invoice(admin) -> Invoice:
    return make_invoice(admin, "form-1", price="1250.00", phone="")
