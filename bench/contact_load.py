"""Load benchmark: N concurrent clients POST /api/contact against the production server.

Run: .venv/bin/python -m bench.contact_load [--clients 200] [--requests 1000]
Prints requests per second, p50/p95 latency, and checks stored rows == 201 answers.
A closed loop: each client sends its next request when the last one is answered, so mean
latency is about clients / throughput; the client shares the machine's cores with the server.
"""

import argparse
import asyncio
import statistics
import time

import httpx
from sqlalchemy import create_engine, text

from tests.prod_server import prod_server

ENQUIRY = {
    "name": "Load Test",
    "email": "load@example.com",
    "phone": "(718) 555-0142",
    "service": "floor-tile",
    "message": "Benchmark enquiry.",
}


async def run_load(
    url: str, clients: int, requests: int
) -> tuple[list[float], dict[int, int], float]:
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    queue: asyncio.Queue[int] = asyncio.Queue()
    for i in range(requests):
        queue.put_nowait(i)
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)

    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60) as client:

        async def worker() -> None:
            while True:
                try:
                    queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                start = time.perf_counter()
                try:
                    answer = await client.post("/api/contact", json=ENQUIRY)
                    status = answer.status_code
                except httpx.HTTPError:
                    status = 0  # connection error or timeout
                latencies.append(time.perf_counter() - start)
                statuses[status] = statuses.get(status, 0) + 1

        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(clients)))
        elapsed = time.perf_counter() - started
    return latencies, statuses, elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--requests", type=int, default=2000)
    args = parser.parse_args()
    # One client address for all: lift the rate limit so it measures the server, not the limit.
    with prod_server({"CONTACT_RATE_LIMIT": str(10**9)}) as server:
        latencies, statuses, elapsed = asyncio.run(
            run_load(server.url, args.clients, args.requests)
        )
        with create_engine(server.database_url).connect() as connection:
            stored = connection.execute(text("SELECT count(*) FROM enquiry")).scalar_one()
            queued = connection.execute(text("SELECT count(*) FROM outbox_email")).scalar_one()
    latencies.sort()
    p = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000  # noqa: E731
    created = statuses.get(201, 0)
    print(f"contact load: {args.requests} requests from {args.clients} concurrent clients")
    print(f"  throughput   {args.requests / elapsed:8.1f} requests/s  ({elapsed:.1f} s)")
    print(
        f"  latency      p50 {p(0.50):.0f} ms   p95 {p(0.95):.0f} ms   max {latencies[-1] * 1000:.0f} ms"
        f"   mean {statistics.mean(latencies) * 1000:.0f} ms"
    )
    print(f"  answers      {dict(sorted(statuses.items()))}")
    print(
        f"  stored rows  {stored} enquiries, {queued} outbox e-mails; 201 answers {created}: "
        f"{'MATCH' if stored == created and queued == 2 * created else 'MISMATCH'}"
    )


if __name__ == "__main__":
    main()
