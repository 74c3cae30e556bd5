"""Open-loop load: POST /api/contact at fixed arrival rates against the production server.

Run: .venv/bin/python -m bench.contact_open_loop [--rates 50,100,200,400] [--seconds 10]
Request i is sent at start + i / rate whether or not earlier ones have been answered (unlike
bench.contact_load's closed loop, a slow server does not slow the arrivals), and its latency
counts from that planned moment, so waiting in the client's own queue is counted too. One worker,
SQLite, as `make run` serves; the client shares the machine's 2 cores with the server.
"""

import argparse
import asyncio
import time

import httpx
from sqlalchemy import create_engine, text

from bench.contact_load import ENQUIRY
from tests.prod_server import prod_server


async def open_loop(
    url: str, rate: float, seconds: float
) -> tuple[list[float], dict[int, int], float]:
    total = int(rate * seconds)
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    limits = httpx.Limits(max_connections=2000, max_keepalive_connections=200)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=30) as client:

        async def one(planned: float) -> None:
            try:
                answer = await client.post("/api/contact", json=ENQUIRY)
                status = answer.status_code
            except httpx.HTTPError:
                status = 0
            latencies.append(time.perf_counter() - planned)
            statuses[status] = statuses.get(status, 0) + 1

        start = time.perf_counter()
        tasks = []
        for i in range(total):
            planned = start + i / rate
            delay = planned - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            tasks.append(asyncio.create_task(one(planned)))
        await asyncio.gather(*tasks)
        elapsed = time.perf_counter() - start
    return latencies, statuses, elapsed


def percentile_ms(latencies: list[float], p: float) -> float:
    ordered = sorted(latencies)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rates", default="50,100,200,400")
    parser.add_argument("--seconds", type=float, default=10)
    args = parser.parse_args()
    print(f"POST /api/contact, open loop, {args.seconds:.0f} s per rate, 1 worker, SQLite")
    print(f"{'rate/s':>7} {'answered/s':>10} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}  answers")
    with prod_server({"CONTACT_RATE_LIMIT": str(10**9), "RESEND_API_KEY": ""}) as server:
        for rate in (float(r) for r in args.rates.split(",")):
            latencies, statuses, elapsed = asyncio.run(open_loop(server.url, rate, args.seconds))
            p50, p95, p99 = (percentile_ms(latencies, p) for p in (0.5, 0.95, 0.99))
            print(
                f"{rate:7.0f} {len(latencies) / elapsed:10.1f} {p50:8.0f} {p95:8.0f} "
                f"{p99:8.0f}  {dict(sorted(statuses.items()))}",
                flush=True,
            )
        with create_engine(server.database_url).connect() as connection:
            stored = connection.execute(text("SELECT count(*) FROM enquiry")).scalar_one()
    print(f"enquiries stored: {stored}")


if __name__ == "__main__":
    main()
