"""The Content-Security-Policy follows the build being served: a build written into the folder
while the server runs does not leave the pages refusing their own inline scripts."""

import base64
import hashlib
import os

import pytest
from starlette.testclient import TestClient

from renovation_app.api import create_api, csp
from renovation_app.api.middleware import SecurityMiddleware


def script_hash(body: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"


def write_page(build_dir, path: str, script: str, moment_ns: int) -> None:
    """A built page with one inline script, stamped with a time of its own (a build's write)."""
    page = build_dir / path / "index.html"
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(f"<html><head><script>{script}</script></head></html>", encoding="utf-8")
    os.utime(page, ns=(moment_ns, moment_ns))


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def served(tmp_path, monkeypatch):
    """The app's middleware around our API, serving a build folder of our own, with a clock
    the test moves."""
    clock = Clock()
    monkeypatch.setattr(csp, "BUILD_DIR", tmp_path)
    monkeypatch.setattr(csp, "_clock", clock)
    monkeypatch.setattr(csp, "_seen", None)
    return TestClient(SecurityMiddleware(create_api())), tmp_path, clock


def policy(client: TestClient) -> str:
    return client.get("/robots.txt").headers["content-security-policy"]


def test_a_build_written_while_the_server_runs_changes_the_policy_with_it(served):
    client, build_dir, clock = served
    write_page(build_dir, "login", "window.first = 1", 1_000_000_000_000)
    assert script_hash("window.first = 1") in policy(client)

    # A new build rewrites the page in place and adds another one.
    write_page(build_dir, "login", "window.second = 22", 2_000_000_000_000)
    write_page(build_dir, "contact", "window.contact = 3", 2_000_000_000_000)
    clock.now += csp.RECHECK_SECONDS
    after = policy(client)
    assert script_hash("window.second = 22") in after
    assert script_hash("window.contact = 3") in after
    assert script_hash("window.first = 1") not in after


def test_the_build_is_looked_at_no_more_than_once_a_second(served, monkeypatch):
    client, build_dir, clock = served
    write_page(build_dir, "login", "window.first = 1", 1_000_000_000_000)
    assert script_hash("window.first = 1") in policy(client)
    looks = []
    real_pages = csp._pages
    monkeypatch.setattr(csp, "_pages", lambda folder: looks.append(folder) or real_pages(folder))
    write_page(build_dir, "login", "window.second = 22", 2_000_000_000_000)
    for _ in range(20):
        assert script_hash("window.first = 1") in policy(client)
    assert looks == []
    clock.now += csp.RECHECK_SECONDS
    assert script_hash("window.second = 22") in policy(client)
    assert len(looks) == 1
