"""A production worker that dies (SIGKILL: no cleanup at all): the site stays up, no e-mail is
lost or sent twice, and nobody is signed out. Runs on the embedded stack in `make test` and on
PostgreSQL, Redis and three workers in `make prod-stack-test`."""

import re
import time
import urllib.request
import uuid

import psutil
from playwright.sync_api import Page, expect
from sqlalchemy import create_engine, text
from sqlmodel import Session

from renovation_app.services.mail import EmailMessage, queue_email
from tests.e2e.document_lines import document_lines, fill_line
from tests.e2e.test_invoices import signed_in_form


def workers(site) -> list[psutil.Process]:
    """Granian's workers: the children of `reflex run`, which is Granian's supervisor."""
    return [p for p in psutil.Process(site.server_pid).children() if p.status() != "zombie"]


def wait_until_serving(site, worker_count: int, timeout: float = 60) -> None:
    """Until Granian has respawned its workers to the full count and the site answers."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if len(workers(site)) == worker_count:
            try:
                with urllib.request.urlopen(f"{site.url}/api/health", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                pass
        time.sleep(0.2)
    raise AssertionError(f"the site did not come back with {worker_count} workers")


def worker_sending(site, fake, timeout: float = 30) -> tuple[psutil.Process, str]:
    """The worker with a request at the fake Resend right now, and that message's key."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        in_flight = dict(fake.in_flight)
        for worker in workers(site):
            for connection in worker.net_connections(kind="tcp"):
                remote, local = connection.raddr, connection.laddr
                if remote and remote.port == fake.port and local.port in in_flight:
                    return worker, in_flight[local.port]
        time.sleep(0.01)
    raise AssertionError("no worker was sending")


def outbox_statuses(engine, batch: str) -> list[str]:
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT status FROM outbox_email WHERE subject LIKE :batch"),
            {"batch": f"{batch}%"},
        )
        return [row.status for row in rows]


def test_a_worker_killed_mid_batch_loses_no_mail_and_sends_none_twice(site):
    batch, count = f"crash-{uuid.uuid4().hex[:8]}", 30
    worker_count = len(workers(site))
    fake = site.resend
    fake.delay_seconds = 0.2  # a slow provider, so a worker is caught in the middle of a send
    engine = create_engine(site.database_url)
    try:
        with Session(engine) as session:
            for n in range(count):
                message = EmailMessage(
                    to=f"{batch}-{n}@example.com",
                    subject=f"{batch} #{n}",
                    html=f"<p>{n}</p>",
                    text=str(n),
                    kind="test",
                )
                queue_email(session, message, "test", None)
            session.commit()

        victim, key_in_flight = worker_sending(site, fake)
        victim.kill()

        wait_until_serving(site, worker_count)
        deadline = time.monotonic() + 60  # the victim's claims run out after 8 s (conftest)
        while time.monotonic() < deadline:
            statuses = outbox_statuses(engine, batch)
            if statuses.count("sent") == count:
                break
            time.sleep(0.5)
    finally:
        fake.delay_seconds = 0
        engine.dispose()

    assert statuses == ["sent"] * count
    delivered = sorted(m["to"][0] for m in fake.sent if m["subject"].startswith(batch))
    assert delivered == sorted(f"{batch}-{n}@example.com" for n in range(count))  # each once
    # The message the victim was sending when it died was asked for again by another worker,
    # with the same idempotency key, so the provider sent it once.
    assert [r["key"] for r in fake.requests].count(key_in_flight) >= 2


def test_a_worker_restart_signs_nobody_out_and_keeps_the_form(page: Page, site):
    worker_count = len(workers(site))
    frames: list[str] = []  # what the server sends this page over its websockets
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    signed_in_form(page, site)
    page.fill("#invoice-name", "Kept Through Restart")
    fill_line(page, 0, service="kitchenRemodelling", price="1200", typed=True)
    total = page.get_by_test_id("invoice-total")
    expect(total).to_have_text("$1,200.00")
    time.sleep(3)  # the embedded stack writes state to disk 2 s after a change (Redis: at once)

    before_restart = len(frames)
    for worker in workers(site):  # every worker, so the one holding this page's socket too
        worker.kill()
    wait_until_serving(site, worker_count)
    # The page reconnects by itself and hydrates again (with Redis, Reflex may give it a new,
    # empty state: reflex-dev/reflex#6345; the draft then comes back from sessionStorage).
    deadline = time.monotonic() + 30
    while not any("is_hydrated" in f for f in frames[before_restart:]):
        assert time.monotonic() < deadline, "the page did not reconnect"
        page.wait_for_timeout(100)

    kitchen = document_lines(page).nth(0).get_by_label("Service")
    expect(kitchen).to_have_value("kitchenRemodelling")  # the line is kept
    fill_line(page, 1, service="floorAndTile", price="50", typed=True)
    expect(total).to_have_text("$1,250.00")
    expect(page.locator("#invoice-name")).to_have_value("Kept Through Restart")
    page.reload()
    page.wait_for_selector('#hydrated[data-hydrated="true"]', state="attached")
    expect(page).to_have_url(re.compile(r"/add-invoice/?$"))
    expect(page.get_by_test_id("invoice-form")).to_be_visible()
