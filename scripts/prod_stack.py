"""make prod-stack-test: the app on PostgreSQL and Redis with three workers, checked end to end.

Starts a private PostgreSQL and Redis on loopback in a temporary folder (no system service is
touched), runs the unit and API tests against that PostgreSQL and Redis (limits, numbering,
outbox and payments under real concurrency), then the browser smoke suite against the
production server with DATABASE_URL, REFLEX_REDIS_URL and GRANIAN_WORKERS=3, and stops
everything it started.
"""

import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SMOKE = [
    "tests/e2e/test_contact_form.py",
    "tests/e2e/test_staff_sign_in.py",
    "tests/e2e/test_staff_security.py",
    "tests/e2e/test_invoices.py",
    "tests/e2e/test_payments.py",
    "tests/e2e/test_money_paths.py",
    "tests/e2e/test_customers.py",
    "tests/e2e/test_estimates.py",
    "tests/e2e/test_getting_paid.py",
    "tests/e2e/test_schedule.py",
]
WORKER_CRASH = "tests/e2e/test_worker_crash.py"  # kills workers: a server of its own


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def postgres_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def ensure_packages() -> Path:
    if postgres_bin() and shutil.which("redis-server"):
        return postgres_bin()
    if os.geteuid() != 0:
        sys.exit(
            "PostgreSQL and Redis are missing: run 'sudo apt-get install -y postgresql redis-server'."
        )
    print("Installing Debian's postgresql and redis-server (apt)...", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(
        ["apt-get", "install", "-y", "-qq", "postgresql", "redis-server"],
        check=True,
        env=env,
        stdout=subprocess.DEVNULL,
    )
    return postgres_bin()


def _as_postgres(command: list[str]) -> list[str]:
    """initdb refuses root: run the server as Debian's postgres user when we are root."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@contextmanager
def private_postgres(folder: Path, bin_dir: Path):
    port = free_port()
    data = folder / "db"
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    subprocess.run(
        _as_postgres([str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "app"]),
        check=True,
        stdout=subprocess.DEVNULL,
    )
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1"
    subprocess.run(
        _as_postgres(
            [
                str(bin_dir / "pg_ctl"),
                "-D",
                str(data),
                "-o",
                options,
                "-l",
                str(folder / "log"),
                "-w",
                "start",
            ]
        ),
        check=True,
        stdout=subprocess.DEVNULL,
    )
    try:
        subprocess.run(
            [str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "app", "app"],
            check=True,
        )
        yield f"postgresql+psycopg://app@127.0.0.1:{port}/app"
    finally:
        subprocess.run(
            _as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"]),
            stdout=subprocess.DEVNULL,
        )


@contextmanager
def private_redis(folder: Path):
    port = free_port()
    pid_file = folder / "redis.pid"
    subprocess.run(
        [
            "redis-server",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(folder),
            "--daemonize",
            "yes",
            "--pidfile",
            str(pid_file),
        ],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        if pid_file.exists():
            os.kill(int(pid_file.read_text()), signal.SIGTERM)


def main() -> int:
    bin_dir = ensure_packages()
    with tempfile.TemporaryDirectory(prefix="renovation-stack-") as tmp:
        pg_folder, redis_folder = Path(tmp) / "pg", Path(tmp) / "redis"
        pg_folder.mkdir()
        redis_folder.mkdir()
        os.chmod(tmp, 0o755)
        with private_postgres(pg_folder, bin_dir) as database, private_redis(redis_folder) as redis:
            pytest = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider"]
            print(f"\nUnit and API tests on PostgreSQL ({database})", flush=True)
            unit = subprocess.run(
                [*pytest, "tests/unit", "tests/api"],
                cwd=ROOT,
                env={**os.environ, "TEST_DATABASE_URL": database, "TEST_REDIS_URL": redis},
            )
            print("\nBrowser smoke suite: PostgreSQL, Redis, three workers", flush=True)
            stack_env = {
                **os.environ,
                "PROD_STACK_DATABASE_URL": database,
                "PROD_STACK_REDIS_URL": redis,
            }
            smoke = subprocess.run([*pytest, *SMOKE], cwd=ROOT, env=stack_env)
            crash = subprocess.run([*pytest, WORKER_CRASH], cwd=ROOT, env=stack_env)
    return unit.returncode or smoke.returncode or crash.returncode


if __name__ == "__main__":
    sys.exit(main())
