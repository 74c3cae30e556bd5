"""The time clock at office scale: 40 people over ten years of weekdays, four entries a day on
one or two jobs (about 416,000 entries), every week approved into labour costs but the last two
(about 200,000 job costs from timesheets), one job that ran the whole ten years. Then the server
time of what the timesheet and costs screens ask (p50/p95 of 50 calls after 3 warm-ups):
one person's week, everyone's week (the office's timesheets), a job's costs with its time
waiting for approval, the ten-year job's, and a tap of the clock. Goal: p95 <= 100 ms.

Run: .venv/bin/python -m bench.time_clock [--engine sqlite|postgres|both] [--scale 1.0]
"""

import argparse
import json
import random
import statistics
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

from sqlalchemy import create_engine
from sqlmodel import SQLModel

from bench.engines import in_own_process, on_each_engine

ROOT = Path(__file__).resolve().parent.parent
PEOPLE, YEARS, JOB_SPAN_DAYS, JOBS_AT_ONCE = 40, 10, 40, 8
TODAY = date(2026, 11, 25)  # a Wednesday
CALLS, WARM_UP, GOAL_MS = 50, 3, 100
SEED = 52
# A day's four entries, New York wall hours: the morning on one job, the afternoon on another.
DAY = ((7, 0, 11, 0), (11, 30, 13, 0), (13, 30, 15, 0), (15, 0, 17, 0))


def _instant(day: date, hour: int, minute: int) -> datetime:
    from renovation_app.services.schedule.times import instant_of

    return instant_of(day, datetime.min.time().replace(hour=hour, minute=minute))


def make_office(database_url: str, scale: float) -> dict:
    """Rows written in bulk; returns what the measured calls pick from."""
    from renovation_app.services.time_clock.hours import labour_cents, split_week

    rng = random.Random(SEED)
    engine = create_engine(database_url)
    start = TODAY - timedelta(days=int(365 * YEARS * scale))
    first_monday = start - timedelta(days=start.weekday())
    made_at = datetime.combine(start, datetime.min.time(), tzinfo=UTC)
    users = [
        {
            "id": n,
            "email": f"crew{n}@example.com",
            "name": f"Crew Member {n}",
            "password_hash": "x",
            "role": "admin" if n == 1 else "staff",
            "active": True,
            "created_at": made_at,
            "totp_secret": "",
            "totp_last_step": 0,
            "hourly_cost_cents": rng.randint(38, 78) * 100,
            "overtime_exempt": n == 1,
            "location_consent": n % 2 == 0,
        }
        for n in range(1, PEOPLE + 1)
    ]
    windows = (TODAY - first_monday).days // JOB_SPAN_DAYS + 1
    jobs = [
        {
            "id": j,
            "number": f"J-{2016 + j // 60}-{j:04d}",
            "year": 2016 + j // 60,
            "title": "Kitchen remodel",
            "customer_name": f"Owner {j}",
            "customer_email": f"owner{j}@example.com",
            "customer_phone": "",
            "address": f"{j} Court St, Brooklyn, NY 11201",
            "location": "",
            "status": "in_progress",
            "contract_cents": 5_000_000,
            "tax_area": "nyc",
            "tax_rate": 0,
            "tax_category": "",
            "property_type": "",
            "author_id": 1,
            "created_at": made_at,
        }
        for j in range(1, windows * JOBS_AT_ONCE + 2)
    ]
    long_job = len(jobs)  # the ten-year job: person 1 starts every day there
    entries, weeks, costs = [], [], []
    entry_id = 0
    last_approved = TODAY - timedelta(days=TODAY.weekday()) - timedelta(days=14)
    monday = first_monday
    while monday < TODAY:
        for person in users:
            week_entries = []
            for offset in range(5):
                day = monday + timedelta(days=offset)
                if day >= TODAY or rng.random() < 0.04:  # a day off now and then
                    continue
                window = (day - first_monday).days // JOB_SPAN_DAYS
                morning = window * JOBS_AT_ONCE + person["id"] % JOBS_AT_ONCE + 1
                afternoon = window * JOBS_AT_ONCE + (person["id"] + 3) % JOBS_AT_ONCE + 1
                if person["id"] == 1:
                    morning = long_job
                for n, (h1, m1, h2, m2) in enumerate(DAY):
                    entry_id += 1
                    week_entries.append(
                        {
                            "id": entry_id,
                            "user_id": person["id"],
                            "job_id": morning if n < 2 else afternoon,
                            "started_at": _instant(day, h1, m1),
                            "ended_at": _instant(day, h2, m2),
                            "break_seconds": 0,
                            "break_started_at": None,
                            "started_late": rng.random() < 0.01,
                            "ended_late": False,
                            "off_schedule": False,
                            "in_latitude": 40.68 if person["location_consent"] else None,
                            "in_longitude": -73.94 if person["location_consent"] else None,
                            "correction_reason": "",
                            "created_at": made_at,
                            "timesheet_week_id": None,
                        }
                    )
            if week_entries and monday <= last_approved:
                week_id = len(weeks) + 1
                weeks.append(
                    {
                        "id": week_id,
                        "user_id": person["id"],
                        "week_start": monday,
                        "approved_at": made_at,
                        "approved_by": 1,
                        "reopened_reason": "",
                    }
                )
                per_day: dict = {}
                for entry in week_entries:
                    entry["timesheet_week_id"] = week_id
                rows = [SimpleNamespace(**e) for e in week_entries]
                for worked in split_week(rows, person["overtime_exempt"]):
                    key = (worked.job_id, worked.day)
                    regular, overtime = per_day.get(key, (0, 0))
                    per_day[key] = (regular + worked.regular, overtime + worked.overtime)
                for (job_id, day), (regular, overtime) in per_day.items():
                    costs.append(
                        {
                            "job_id": job_id,
                            "kind": "labour",
                            "category": "labour",
                            "incurred_on": day,
                            "payee": person["name"],
                            "description": "Timesheet",
                            "amount_cents": labour_cents(
                                regular, overtime, person["hourly_cost_cents"]
                            ),
                            "tax_cents": 0,
                            "credit": False,
                            "worker_id": person["id"],
                            "hours_milli": (regular + overtime) * 1000 // 60,
                            "hourly_cost_cents": person["hourly_cost_cents"],
                            "paid_on": day,
                            "paid_how": "payroll",
                            "paid_reference": "",
                            "lapse_confirmed": "",
                            "receipt_sha256": "",
                            "receipt_name": "",
                            "receipt_type": "",
                            "author_id": 1,
                            "created_at": made_at,
                            "deleted_reason": "",
                            "timesheet_week_id": week_id,
                        }
                    )
            entries.extend(week_entries)
        monday += timedelta(days=7)
    tables = SQLModel.metadata.tables
    with engine.begin() as connection:
        connection.execute(tables["user"].insert(), users)
        connection.execute(tables["job"].insert(), jobs)
        connection.execute(tables["timesheet_week"].insert(), weeks)
        for at in range(0, len(entries), 20_000):
            connection.execute(tables["time_entry"].insert(), entries[at : at + 20_000])
        for at in range(0, len(costs), 20_000):
            connection.execute(tables["job_cost"].insert(), costs[at : at + 20_000])
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            for table in ("user", "job", "timesheet_week", "time_entry"):
                connection.exec_driver_sql(
                    f"SELECT setval(pg_get_serial_sequence('\"{table}\"', 'id'), "
                    f'(SELECT max(id) FROM "{table}"))'
                )
        connection.exec_driver_sql("ANALYZE")
    mondays = sorted({w["week_start"] for w in weeks})
    return {
        "counts": {"entries": len(entries), "weeks": len(weeks), "costs": len(costs)},
        "mondays": [d.isoformat() for d in mondays[-520:]],
        "jobs": [j["number"] for j in jobs[-200:]],
        "long_job": jobs[-1]["number"],
    }


def timed(call) -> dict:
    for n in range(WARM_UP):
        call(n)
    times = []
    for n in range(CALLS):
        began = time.perf_counter()
        call(n)
        times.append((time.perf_counter() - began) * 1000)
    times.sort()
    return {"p50": statistics.median(times), "p95": times[int(0.95 * (len(times) - 1))]}


def measure(picks: dict) -> dict:
    import time_machine

    from renovation_app.models import Role, TapAction
    from renovation_app.services import costs, time_clock
    from renovation_app.services.staff import SignedInUser

    admin = SignedInUser(1, "crew1@example.com", "Crew Member 1", Role.ADMIN)
    rng = random.Random(SEED + 1)
    mondays = [date.fromisoformat(d) for d in picks["mondays"]]
    results = {}
    with time_machine.travel(datetime(2026, 11, 25, 20, tzinfo=UTC), tick=True):
        results["a person's week"] = timed(
            lambda n: time_clock.week_view(admin, rng.randint(2, PEOPLE), rng.choice(mondays))
        )
        results["everyone's week (timesheets)"] = timed(
            lambda n: time_clock.week_overview(admin, rng.choice(mondays))
        )
        results["a job's costs with its time"] = timed(
            lambda n: costs.get_job_costs(rng.choice(picks["jobs"]), admin)
        )
        results["the ten-year job's costs"] = timed(
            lambda n: costs.get_job_costs(picks["long_job"], admin)
        )
        tapper = SignedInUser(PEOPLE, "", "", Role.STAFF)
        actions = [TapAction.CLOCK_IN, TapAction.CLOCK_OUT]
        job_id = len(picks["jobs"])  # any job of the office

        def tap(n: int) -> None:
            made = time_clock.Tap(
                key=f"bench-tap-{n}-{rng.getrandbits(32)}",
                action=actions[n % 2],
                tapped_at=datetime.now(UTC),
                job_id=job_id,
                off_schedule_ok=True,
            )
            time_clock.record_tap(tapper, made)

        results["a tap of the clock"] = timed(tap)
    return results


def child(database_url: str, scale: float) -> None:
    from tests.prod_server import migrate

    migrate(database_url)
    began = time.perf_counter()
    picks = make_office(database_url, scale)
    print(f"  made {picks['counts']} in {time.perf_counter() - began:.0f} s", flush=True)
    import renovation_app.renovation_app  # noqa: F401  the app loaded, as a server worker has it

    results = measure(picks)
    for name, row in results.items():
        print(f"  {name:35} p50 {row['p50']:6.1f} ms  p95 {row['p95']:6.1f} ms", flush=True)
    print(json.dumps({"counts": picks["counts"], "results": results}))


def run_child(label: str, database_url: str, scale: float) -> dict:
    print(f"\n{label}", flush=True)
    return in_own_process(
        "bench.time_clock", database_url, "--child", database_url, "--scale", str(scale)
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--engine", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--child", default="")
    args = parser.parse_args()
    if args.child:
        child(args.child, args.scale)
        return
    runs = on_each_engine(
        args.engine, "renovation-clock-", lambda label, url: run_child(label, url, args.scale)
    )
    print(f"\nServer time, ms (p50 / p95 of {CALLS} calls); goal p95 <= {GOAL_MS} ms")
    for label, run in runs.items():
        print(f"{label}: {run['counts']}")
        for name, row in run["results"].items():
            flag = "" if row["p95"] <= GOAL_MS else " !"
            print(f"  {name:35} {row['p50']:6.1f} / {row['p95']:6.1f}{flag}")


if __name__ == "__main__":
    main()
