"""Start and stop the production server (`reflex run --env prod`) for e2e tests and benchmarks."""

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def migrate(database_url: str) -> None:
    """Run the real Alembic migrations against a database."""
    subprocess.run(
        [sys.executable, "-m", "alembic", "upgrade", "head"],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": database_url},
        check=True,
    )


@dataclass(frozen=True)
class RunningServer:
    url: str
    database_url: str
    log_path: Path
    pid: int  # `reflex run`, which is also Granian's supervisor: its children are the workers


@contextmanager
def prod_server(
    extra_env: dict[str, str] | None = None,
    database_url: str = "",
    port: int = 0,
    reuse_build: bool = False,
) -> Iterator[RunningServer]:
    """A production server on a free loopback port with its own migrated SQLite database, or
    with the given database (e.g. the production-stack check's PostgreSQL). `reuse_build`
    serves the build already in .web (tests/serve_build.py) instead of building it again."""
    tmp = Path(tempfile.mkdtemp(prefix="renovation-server-"))
    database_url = database_url or f"sqlite:///{tmp / 'site.db'}"
    migrate(database_url)
    port = port or free_port()
    url = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "SITE_URL": url,
        "REFLEX_USE_SYSTEM_BUN": "1",
        "PATH": f"{ROOT / 'tools/node_modules/.bin'}:{Path(sys.executable).parent}:{os.environ['PATH']}",
        **(extra_env or {}),
    }
    log_path = tmp / "server.log"
    with open(log_path, "w") as log:
        command = [
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
        ]
        if reuse_build:
            command = [
                sys.executable,
                str(ROOT / "tests" / "serve_build.py"),
                "127.0.0.1",
                str(port),
            ]
        server = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            _wait_until_up(url, server, log_path)
            yield RunningServer(url, database_url, log_path, server.pid)
        finally:
            _stop(server)


def _wait_until_up(url: str, server: subprocess.Popen, log_path: Path) -> None:
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"server exited early:\n{log_path.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/api/health", timeout=2) as answer:
                if answer.status == 200:
                    urllib.request.urlopen(url + "/", timeout=5).read()
                    return
        except OSError:
            pass
        time.sleep(1)
    raise RuntimeError(f"server did not start:\n{log_path.read_text()[-3000:]}")


def _stop(server: subprocess.Popen) -> None:
    """SIGTERM the server's process group (reflex and its workers); SIGKILL if it lingers."""
    try:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)
    except ProcessLookupError:
        return
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
