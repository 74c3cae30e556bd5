"""Browser tests: the production app on a free loopback port, driven by Debian's Chromium."""

import os
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tests.conftest import ROOT, migrate
from tests.fakes.resend_server import FakeResend

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Site:
    """The running production server and what the tests need to reach it."""

    def __init__(self, url: str, database_url: str, resend: FakeResend) -> None:
        self.url = url
        self.database_url = database_url
        self.resend = resend


@pytest.fixture(scope="session")
def resend_fake() -> FakeResend:
    fake = FakeResend().start()
    yield fake
    fake.stop()


@pytest.fixture(scope="session")
def site(resend_fake: FakeResend) -> Site:
    """Start `reflex run --env prod` once per test session with its own database."""
    tmp = Path(tempfile.mkdtemp(prefix="renovation-e2e-"))
    database_url = f"sqlite:///{tmp / 'e2e.db'}"
    migrate(database_url)
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "SITE_URL": url,
        "RESEND_API_KEY": "re_test_fake_key",
        "RESEND_API_URL": resend_fake.url,
        "OUTBOX_POLL_SECONDS": "0.5",
        "CONTACT_RATE_LIMIT": "1000",
        "REFLEX_USE_SYSTEM_BUN": "1",
    }
    log = open(tmp / "server.log", "w")  # noqa: SIM115  (closed below)
    server = subprocess.Popen(
        [
            "reflex",
            "run",
            "--env",
            "prod",
            "--single-port",
            "--backend-host",
            "127.0.0.1",
            "--backend-port",
            str(port),
            "--frontend-port",
            str(port),
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        _wait_until_up(url, server, tmp / "server.log")
        yield Site(url, database_url, resend_fake)
    finally:
        _stop(server)
        log.close()


def _stop(server: subprocess.Popen) -> None:
    """SIGTERM the server's process group (reflex and its workers); SIGKILL if it lingers."""
    try:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)
    except ProcessLookupError:
        return
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)


def _wait_until_up(url: str, server: subprocess.Popen, log_path: Path) -> None:
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"server exited early:\n{log_path.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/api/health", timeout=2) as answer:
                if answer.status == 200:
                    # the frontend is served once the page answers too
                    urllib.request.urlopen(url + "/", timeout=5).read()
                    return
        except OSError:
            pass
        time.sleep(1)
    raise RuntimeError(f"server did not start:\n{log_path.read_text()[-3000:]}")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args, site: Site):
    return {**browser_context_args, "base_url": site.url}


def _block_remote(route) -> None:
    host = urlparse(route.request.url).hostname or ""
    if host in ("127.0.0.1", "localhost"):
        route.continue_()
    else:
        route.abort()


@pytest.fixture
def context(context):
    """Every request that leaves the machine is refused: tests never depend on the internet."""
    context.route("**/*", _block_remote)
    return context


def open_page(page, path: str) -> None:
    """Go to a page and wait until Reflex has connected and hydrated its state."""
    page.goto(path)
    page.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached", timeout=30000)


def run_cli(site: Site, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    """The staff account command, against the e2e server's database."""
    import sys

    return subprocess.run(
        [sys.executable, "-m", "renovation_app.cli", *args],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": site.database_url},
        input=stdin,
        text=True,
        capture_output=True,
        check=True,
    )
