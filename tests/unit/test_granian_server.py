"""The production server as configured (renovation_app/granian_server.py): a crashed worker is
respawned, and a connection that sends no whole request is closed within seconds."""

import socket
import subprocess
import sys
import textwrap
import time

import granian.server
import pytest
from granian.constants import Interfaces

from renovation_app.granian_server import HEADER_READ_SECONDS, configure_granian
from tests.prod_server import free_port

TINY_APP = """
async def app(scope, receive, send):
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})
"""


@pytest.fixture
def stock_granian(monkeypatch) -> type:
    """granian.server.Server as Granian ships it (rxconfig may have configured it already),
    put back as it was after the test."""
    stock = next(
        c for c in granian.server.Server.__mro__ if "configured_for_the_site" not in vars(c)
    )
    monkeypatch.setattr(granian.server, "Server", stock)
    return stock


def test_every_server_reflex_starts_respawns_workers_and_reads_headers_for_seconds_only(
    stock_granian,
):
    configure_granian()
    configure_granian()  # twice wraps it once
    server = granian.server.Server("tiny:app", interface=Interfaces.ASGI)
    assert type(server).__mro__[1] is stock_granian
    assert server.respawn_failed_workers is True
    assert server.http1_settings.header_read_timeout == HEADER_READ_SECONDS * 1000 <= 10_000


def _seconds_until_closed(port: int, sent: bytes) -> float:
    with socket.create_connection(("127.0.0.1", port)) as connection:
        connection.settimeout(40)
        start = time.monotonic()
        connection.sendall(sent)
        while connection.recv(1024):  # an answer, then the close
            pass
        return time.monotonic() - start


@pytest.mark.slow
def test_a_blank_line_or_an_idle_keep_alive_is_closed_within_seconds(tmp_path):
    (tmp_path / "tiny.py").write_text(TINY_APP)
    port = free_port()
    script = textwrap.dedent(f"""
        from renovation_app.granian_server import configure_granian
        configure_granian()
        import granian.server
        granian.server.Server("tiny:app", address="127.0.0.1", port={port}, interface="asgi",
                              workers=1).serve()
    """)
    env_path = f"{tmp_path}:{':'.join(sys.path)}"
    server = subprocess.Popen(
        [sys.executable, "-c", script],
        env={"PYTHONPATH": env_path},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        limit = HEADER_READ_SECONDS + 2
        assert _seconds_until_closed(port, b"\r\n") < limit
        assert _seconds_until_closed(port, b"GET / HTTP/1.1\r\nHost: x\r\n") < limit
        assert _seconds_until_closed(port, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n") < limit
    finally:
        server.terminate()
        server.wait(10)
