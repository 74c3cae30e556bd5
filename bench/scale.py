"""Scaling benchmark: POST /api/contact throughput and p95 at 1 and 3 workers on PostgreSQL
(Reflex's Redis state manager), and at 1 worker on SQLite, side by side in one run.

Run: .venv/bin/python -m bench.scale [--clients 100] [--requests 1500]
Private PostgreSQL and Redis instances are started and stopped as in `make prod-stack-test`.
A closed loop from this machine: the client shares the 2 cores with the server.
"""

import argparse
import asyncio
import os
import sys
import tempfile
from pathlib import Path

from sqlalchemy import create_engine, text

from bench.contact_load import run_load
from tests.prod_server import ROOT, prod_server

sys.path.insert(0, str(ROOT / "scripts"))
from prod_stack import ensure_packages, private_postgres, private_redis  # noqa: E402

NO_LIMIT = {"CONTACT_RATE_LIMIT": str(10**9), "RESEND_API_KEY": ""}


def measure(label: str, clients: int, requests: int, env: dict, database_url: str = "") -> dict:
    with prod_server({**NO_LIMIT, **env}, database_url=database_url) as server:
        latencies, statuses, elapsed = asyncio.run(run_load(server.url, clients, requests))
        with create_engine(server.database_url).connect() as connection:
            stored = connection.execute(text("SELECT count(*) FROM enquiry")).scalar_one()
            connection.execute(text("DELETE FROM outbox_email"))
            connection.execute(text("DELETE FROM enquiry"))
            connection.commit()
    latencies.sort()
    return {
        "setup": label,
        "throughput": requests / elapsed,
        "p50": latencies[len(latencies) // 2] * 1000,
        "p95": latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))] * 1000,
        "ok": statuses.get(201, 0),
        "stored": stored,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--requests", type=int, default=1500)
    args = parser.parse_args()
    bin_dir = ensure_packages()
    rows = []
    with tempfile.TemporaryDirectory(prefix="renovation-scale-") as tmp:
        os.chmod(tmp, 0o755)
        (Path(tmp) / "pg").mkdir()
        (Path(tmp) / "redis").mkdir()
        with (
            private_postgres(Path(tmp) / "pg", bin_dir) as database,
            private_redis(Path(tmp) / "redis") as redis,
        ):
            for workers in (1, 3):
                env = {"REFLEX_REDIS_URL": redis, "GRANIAN_WORKERS": str(workers)}
                label = f"PostgreSQL, Redis, {workers} worker{'s' if workers > 1 else ''}"
                rows.append(measure(label, args.clients, args.requests, env, database))
    rows.append(measure("SQLite, 1 worker", args.clients, args.requests, {}))
    print(f"\nPOST /api/contact, {args.requests} requests from {args.clients} concurrent clients")
    print(f"{'setup':36} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8}  201s = stored rows")
    for row in rows:
        match = "yes" if row["ok"] == row["stored"] else f"NO ({row['ok']} vs {row['stored']})"
        print(
            f"{row['setup']:36} {row['throughput']:8.1f} {row['p50']:8.0f} {row['p95']:8.0f}  {match}"
        )


if __name__ == "__main__":
    main()
