"""Browser tests: the production app on a free loopback port, driven by Debian's Chromium."""

import base64
import os
import random
import re
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from tests.browser import CHROMIUM, CHROMIUM_ARGS
from tests.fakes.oidc_server import FakeOIDC
from tests.fakes.quickbooks_server import CLIENT_ID, CLIENT_SECRET, VERIFIER_TOKEN, FakeQuickBooks
from tests.fakes.resend_server import FakeResend
from tests.fakes.stripe_server import FakeStripe
from tests.fakes.twilio_server import ACCOUNT_SID, AUTH_TOKEN, FakeTwilio
from tests.prod_server import ROOT, prod_server

# The browser tests share the two cores with the unit tests (scripts/run_tests.sh): a save that
# makes a PDF can take longer than Playwright's 5 s default then, so assertions wait up to 15 s.
expect.set_options(timeout=15_000)

# Set by scripts/prod_stack.py (make prod-stack-test); empty for the usual embedded stack.
PROD_STACK = {
    k: v
    for k, v in (
        ("database", os.environ.get("PROD_STACK_DATABASE_URL", "")),
        ("redis", os.environ.get("PROD_STACK_REDIS_URL", "")),
    )
    if v
}

# scripts/run_tests.sh gives the browser tests a port (E2E_PORT) and, after them, runs the
# worker-crash tests on a server of their own at the same port serving the same build
# (E2E_REUSE_BUILD=1, tests/serve_build.py): the build holds its server's address, so a server
# that reuses it must listen where the first one did.
PORT = int(os.environ.get("E2E_PORT") or 0)
REUSE_BUILD = os.environ.get("E2E_REUSE_BUILD") == "1"


class Site:
    """The running production server and what the tests need to reach it."""

    def __init__(
        self,
        url: str,
        database_url: str,
        resend: FakeResend,
        stripe: FakeStripe,
        states_dir: Path,
        server_pid: int,
        google: FakeOIDC,
        twilio: FakeTwilio,
        quickbooks: FakeQuickBooks,
    ) -> None:
        self.url = url
        self.database_url = database_url
        self.resend = resend
        self.stripe = stripe
        self.states_dir = states_dir
        self.server_pid = server_pid
        self.google = google
        self.twilio = twilio
        self.quickbooks = quickbooks
        # The server's database is this test process's own (not on the production stack).
        self.shares_this_process_database = database_url == os.environ["DATABASE_URL"]


@pytest.fixture(scope="session")
def resend_fake() -> FakeResend:
    fake = FakeResend().start()
    yield fake
    fake.stop()


WEBHOOK_SECRET = "whsec_e2e_test_secret"
# Resend's delivery webhooks are signed with a base64 key (Svix).
RESEND_WEBHOOK_SECRET = "whsec_" + base64.b64encode(b"e2e resend delivery key, 32 byte").decode()


@pytest.fixture(scope="session")
def stripe_fake() -> FakeStripe:
    fake = FakeStripe().start()
    yield fake
    fake.stop()


@pytest.fixture(scope="session")
def twilio_fake() -> FakeTwilio:
    fake = FakeTwilio().start()
    yield fake
    fake.stop()


TWILIO_NUMBER = "+15005550006"


@pytest.fixture(scope="session")
def quickbooks_fake() -> FakeQuickBooks:
    fake = FakeQuickBooks().start()
    yield fake
    fake.stop()


# The fake QuickBooks Online the server's clients talk to (nothing is pushed until an admin
# connects the company on a page: tests/e2e/test_quickbooks.py, which disconnects it after).
def quickbooks_env(fake: FakeQuickBooks) -> dict[str, str]:
    return {
        "QUICKBOOKS_CLIENT_ID": CLIENT_ID,
        "QUICKBOOKS_CLIENT_SECRET": CLIENT_SECRET,
        "QUICKBOOKS_DISCOVERY_URL": fake.discovery_url,
        "QUICKBOOKS_API_BASE": fake.url,
        "QUICKBOOKS_WEBHOOK_VERIFIER_TOKEN": VERIFIER_TOKEN,
        "QUICKBOOKS_POLL_SECONDS": "0.5",
        "QUICKBOOKS_TIMEOUT_SECONDS": "2",
    }


@pytest.fixture(scope="session")
def google_fake() -> FakeOIDC:
    fake = FakeOIDC().start()
    yield fake
    fake.stop()


@pytest.fixture(scope="session")
def site(
    resend_fake: FakeResend,
    stripe_fake: FakeStripe,
    google_fake: FakeOIDC,
    twilio_fake: FakeTwilio,
    quickbooks_fake: FakeQuickBooks,
) -> Site:
    """The production server, once per test session, mailing through the fake Resend."""
    states_dir = Path(tempfile.mkdtemp(prefix="renovation-states-"))
    env = {
        "RESEND_API_KEY": "re_test_fake_key",
        "RESEND_API_URL": resend_fake.url,
        "RESEND_WEBHOOK_SECRET": RESEND_WEBHOOK_SECRET,
        "OUTBOX_POLL_SECONDS": "0.5",
        "OUTBOX_CLAIM_SECONDS": "8",  # a killed worker's mail is taken over within the test
        "CONTACT_RATE_LIMIT": "1000",  # httpx posts from several tests share 127.0.0.1
        # Every browser context claims its own client address (X-Forwarded-For, see `context`),
        # as if behind one reverse proxy, so login and contact limits count per test.
        "TRUSTED_PROXY_HOPS": "1",
        # Reflex's state on disk, so tests can prove what it keeps (no raw session token).
        "REFLEX_STATE_MANAGER_MODE": "disk",
        "REFLEX_STATES_WORKDIR": str(states_dir),
        # Card payments through the local fake Stripe (the real SDK, pointed at loopback).
        "STRIPE_SECRET_KEY": stripe_fake.secret_key,
        "STRIPE_PUBLISHABLE_KEY": stripe_fake.publishable_key,
        "STRIPE_WEBHOOK_SECRET": WEBHOOK_SECRET,
        "STRIPE_API_BASE": stripe_fake.url,
        # Printed on every estimate and contract (General Business Law §771).
        "CONTRACTOR_LICENCE": "2099999-DCA",
        "ESCROW_BANK": "Example Community Bank, Brooklyn",
        # "Sign in with Google" through the local fake OpenID provider (the real Authlib client).
        "GOOGLE_CLIENT_ID": google_fake.client_id,
        "GOOGLE_CLIENT_SECRET": google_fake.client_secret,
        "GOOGLE_DISCOVERY_URL": google_fake.discovery_url,
        # Texts through the local fake Twilio (the real SDK, pointed at loopback).
        "TWILIO_ACCOUNT_SID": ACCOUNT_SID,
        "TWILIO_AUTH_TOKEN": AUTH_TOKEN,
        "TWILIO_FROM_NUMBER": TWILIO_NUMBER,
        "TWILIO_API_BASE": twilio_fake.url,
        **quickbooks_env(quickbooks_fake),
    }
    if PROD_STACK:
        # make prod-stack-test: PostgreSQL, Reflex's Redis state manager and three workers.
        env.pop("REFLEX_STATE_MANAGER_MODE")
        env.update(REFLEX_REDIS_URL=PROD_STACK["redis"], GRANIAN_WORKERS="3")
    # The server uses this process's test database (tests/conftest.py), so tests can make
    # what they need through the services here; the production stack brings its own.
    database_url = PROD_STACK.get("database") or os.environ["DATABASE_URL"]
    with prod_server(env, database_url=database_url, port=PORT, reuse_build=REUSE_BUILD) as server:
        stripe_fake.add_webhook(f"{server.url}/api/stripe/webhook", WEBHOOK_SECRET)
        yield Site(
            server.url,
            server.database_url,
            resend_fake,
            stripe_fake,
            states_dir,
            server.pid,
            google_fake,
            twilio_fake,
            quickbooks_fake,
        )


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args, site: Site):
    return {**browser_context_args, "base_url": site.url}


def sweep(values) -> list:
    """The parameters of a sweep over every page or set: the first runs in `make test`, all of
    them in `make test-slow` (CI runs both), so the quick run keeps one of each kind."""
    return [pytest.param(v, marks=() if i == 0 else pytest.mark.slow) for i, v in enumerate(values)]


def block_remote(route) -> None:
    host = urlparse(route.request.url).hostname or ""
    if host in ("127.0.0.1", "localhost"):
        route.continue_()
    else:
        route.abort()


def random_client_address() -> str:
    return f"198.51.{random.randint(0, 255)}.{random.randint(1, 254)}"


@pytest.fixture
def context(context, stripe_fake: FakeStripe):
    """Every request that leaves the machine is refused: tests never depend on the internet.
    Each test's browser is a client of its own (see TRUSTED_PROXY_HOPS above)."""
    context.route("**/*", block_remote)
    # Stripe.js and api.stripe.com are served by the fake (routes added later are tried first).
    stripe_fake.route_playwright(context)
    context.set_extra_http_headers({"X-Forwarded-For": random_client_address()})
    return context


def open_page(page, path: str) -> None:
    """Go to a page and wait until Reflex has connected and hydrated its state."""
    page.goto(path)
    page.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached", timeout=30000)


def run_cli(site: Site, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    """The staff account command, against the e2e server's database."""
    return subprocess.run(
        [sys.executable, "-m", "renovation_app.cli", *args],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": site.database_url},
        input=stdin,
        text=True,
        capture_output=True,
        check=True,
    )


@contextmanager
def customer_pay_page(context, site, mail_text: str):
    """The pay link of an e-mail opened by the customer in a browser of their own (no staff
    session), with Stripe.js served by the fake and nothing remote reached."""
    customer = context.browser.new_context(base_url=site.url)
    customer.route("**/*", block_remote)
    site.stripe.route_playwright(customer)
    try:
        pay = customer.new_page()
        open_page(pay, re.search(r"/pay/[\w-]+", mail_text).group(0))
        yield pay
    finally:
        customer.close()
