"""Ten years of a busy office: how fast the staff screens' queries stay at that size.

Makes 5,000 customers, 100,000 invoices (about 200,000 lines), 150,000 payments, 400,000
history rows and an e-mail per invoice; 5,000 jobs (bench/office_jobs.py: each a signed estimate
billed by three of its customer's invoices as far as the work has gone, about 15,000 change
orders, and one ten-year job); 200,000 job costs with subcontractors and lien waivers
(bench/office_costs.py); 20,000 appointments (bench/office_schedule.py); on SQLite and on
PostgreSQL. Then it times what each staff screen asks (p50/p95 of 50 calls, after 3 warm-ups):
the invoice list (each filter and search), a customer page and search, the dashboard with its
margins, the job list, a busy job's page, a job's page with its costs, the ten-year job's trust
books, the owner's signature of a change order (a fresh one each call: its PDF made and queued),
the calendar's week, the windows a visitor may book; the CSVs with their memory growth.

The time is the service call each page's handler makes (the same functions, in this process):
what the server spends; the websocket adds its round trip on top.

Run: .venv/bin/python -m bench.office_scale [--engine sqlite|postgres|both] [--scale 1.0]
(`--scale 0.1` makes a tenth of everything). Each engine runs in a process of its own, since
the app reads DATABASE_URL when it is imported.
"""

import argparse
import gc
import json
import random
import statistics
import time
from collections import defaultdict
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from bench.engines import in_own_process, on_each_engine

ROOT = Path(__file__).resolve().parent.parent
CALLS = 50
WARM_UP = 3
SEED = 20261125
TODAY = date(2026, 11, 25)
START, END = datetime(2016, 11, 26, 14, tzinfo=UTC), datetime(2026, 11, 24, 20, tzinfo=UTC)
N_COSTS = 200_000
GOALS_MS = {
    "list": 100,
    "customer": 100,
    "dashboard": 300,
    "job": 100,
    "sign": 300,
    "costs": 100,
    "trust": 300,
    "week": 100,
    "windows": 50,
}
# The jobs' tables in an order their foreign keys accept (a change order names its signature).
JOB_TABLES = (
    "job_stage",
    "signature",
    "change_order",
    "change_order_line",
    "job_event",
    "customer_link",
    "job_counter",
    "estimate_counter",
)
CSV_GOAL_S, CSV_MEMORY_GOAL_MB = 10.0, 100

FIRST = ["Dana", "Luis", "Mei", "Sam", "Priya", "Omar", "Zoë", "Ivan", "Ana", "Kofi", "Rosa", "Eli"]
LAST = ["Reyes", "Cohen", "Nowak", "Okafor", "Schmidt", "Rossi", "Kim", "Haddad", "Murphy", "Diaz"]
STREETS = ["Atlantic Ave", "Court St", "Broadway", "Flatbush Ave", "Ditmars Blvd", "Arthur Ave"]


def rss_mb(field: str = "VmRSS") -> float:
    """The process's resident size now, or its peak ("VmHWM"), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    return 0.0


def make_customers(rng: random.Random, n: int) -> tuple[list[dict], list[dict], list[dict]]:
    from renovation_app.services.customers.locations import LOCATIONS

    customers, contacts, addresses = [], [], []
    for cid in range(1, n + 1):
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)} {cid}"
        location = rng.choice(LOCATIONS)
        address = f"{rng.randint(1, 999)} {rng.choice(STREETS)}, {location}, NY"
        customers.append(
            {
                "id": cid,
                "name": name,
                "notes": "",
                "created_at": START,
                "reminders_paused": False,
                "mail_problem": "",
            }
        )
        contacts += [
            {"customer_id": cid, "kind": "email", "value": f"c{cid}@example.com"},
            {"customer_id": cid, "kind": "phone", "value": f"(718) 555-{cid % 10000:04d}"},
        ]
        addresses.append({"customer_id": cid, "address": address, "borough": location})
    return customers, contacts, addresses


def invoice_status(rng: random.Random, age_days: int) -> str:
    """Old work is settled; the last months hold what is still owed."""
    roll = rng.random()
    if roll < 0.03:
        return "void"
    if age_days > 120 or roll < 0.55:
        return "paid"
    return "partially_paid" if roll < 0.7 else "sent"


def make_invoices(rng: random.Random, n: int, customers: list, addresses: list) -> dict:
    """The invoices with their lines, history, payments and e-mail, by table. One in 400 is
    office_jobs.LONG_CUSTOMER's (the ten-year job bills them all)."""
    from bench.office_jobs import LONG_CUSTOMER, outbox_row
    from renovation_app.content.invoice_options import INVOICE_OPTIONS

    labels = {o.slug: o.label for o in INVOICE_OPTIONS}
    rows: dict[str, list[dict]] = defaultdict(list)
    counters: dict[int, int] = {}
    for iid in range(1, n + 1):
        created = START + (END - START) * iid / n
        counters[created.year] = counters.get(created.year, 0) + 1
        cid = LONG_CUSTOMER if iid % 400 == 1 else rng.randint(1, len(customers))
        age_days = (TODAY - created.date()).days
        status = invoice_status(rng, age_days)
        chosen = rng.sample(list(labels), rng.choice((1, 1, 2, 3)))
        prices = [rng.randint(20, 3000) * 100 for _ in chosen]
        total, address = sum(prices), addresses[cid - 1]
        rows["invoice"].append(
            {
                "id": iid,
                "number": f"{created.year}-{counters[created.year]:04d}",
                "year": created.year,
                "customer_name": customers[cid - 1]["name"],
                "customer_email": f"c{cid}@example.com",
                "customer_phone": "",
                "customer_address": address["address"],
                "note": "",
                "status": status,
                "subtotal_cents": total,
                "tax_area": "nyc",
                "tax_rate": 0,
                "tax_cents": 0,
                "total_cents": total,
                "currency": "usd",
                "due_date": created.date() + timedelta(days=14),
                "location": address["borough"],
                "customer_id": cid,
                "created_at": created,
                "sent_at": created,
                "paid_at": created + timedelta(days=9) if status == "paid" else None,
                "voided_at": created + timedelta(days=2) if status == "void" else None,
                "void_reason": "Duplicate" if status == "void" else "",
                "attention": "",
                "author_id": 1,
                "request_hash": "",
                "estimate_part": "",
                "discount_cents": 0,
                "revision": 1,
                "reminder_days": "",
                "reminders_paused": False,
                "mail_problem": "",
                "estimate_id": None,
                "job_id": None,
                # Paid work of past months is finished (its money is no longer held in escrow).
                "work_completed_on": created.date() + timedelta(days=10)
                if status == "paid" and age_days > 60
                else None,
            }
        )
        for position, (slug, price) in enumerate(zip(chosen, prices, strict=True)):
            rows["invoice_line"].append(
                {
                    "invoice_id": iid,
                    "position": position,
                    "service": slug,
                    "label": labels[slug],
                    "description": "",
                    "quantity_milli": 1000,
                    "unit": "",
                    "unit_price_cents": price,
                    "price_cents": price,
                    "tax_category": "capital_improvement",
                    "tax_cents": 0,
                }
            )
        paid_and_recorded(rng, rows, rows["invoice"][-1])
        rows["outbox_email"].append(
            outbox_row(
                f"c{cid}@example.com", "invoice", ("invoice", iid), f"invoice-{iid}", created
            )
        )
    rows["invoice_counter"] = [{"year": y, "last_number": k} for y, k in counters.items()]
    return rows


def paid_and_recorded(rng: random.Random, rows: dict, invoice: dict) -> None:
    """The invoice's payments (a paid one in one or two parts, a partly paid one its first)
    and its first history rows."""
    iid, created, status = invoice["id"], invoice["created_at"], invoice["status"]
    total = invoice["total_cents"]
    kinds = ["created", "emailed", "delivered", "viewed"]
    parts = [total]
    if status in ("paid", "partially_paid") and rng.random() < 0.58:
        parts = [total // 2, total - total // 2]
    if status == "partially_paid":
        parts = [total // 2]
    for n, amount in enumerate(parts if status in ("paid", "partially_paid") else []):
        when = created + timedelta(days=5 + 10 * n)
        rows["payment"].append(
            {
                "invoice_id": iid,
                "payment_intent_id": f"pi_{iid}_{n}",
                "method": rng.choice(("card", "card", "check", "zelle")),
                "reference": "",
                "amount_cents": amount,
                "amount_refunded_cents": 0,
                "currency": "usd",
                "status": "succeeded",
                "card_brand": "",
                "last_error": "",
                "attempt": 1,
                "created_at": when,
                "succeeded_at": when,
                "charge_id": "",
                "void_reason": "",
                "dispute_status": "",
                "dispute_amount_cents": 0,
            }
        )
        kinds.append("paid")
    if status == "void":
        kinds.append("voided")
    for n, kind in enumerate(kinds[:4]):
        rows["invoice_event"].append(
            {"invoice_id": iid, "kind": kind, "at": created + timedelta(hours=n), "detail": ""}
        )


def make_office(database_url: str, scale: float) -> tuple[dict, dict]:
    """The rows, written in batches with SQLAlchemy Core (the ORM would take many minutes). The
    jobs bill some of the invoices (which make_jobs points at them)."""
    from sqlalchemy import create_engine, insert
    from sqlmodel import SQLModel

    from bench.office_costs import make_costs
    from bench.office_jobs import make_jobs
    from bench.office_schedule import make_schedule

    rng, engine = random.Random(SEED), create_engine(database_url)
    counts: dict[str, int] = defaultdict(int)  # the rows written, by table

    def write(tables: dict[str, list[dict]]) -> None:
        with engine.begin() as connection:
            for name, rows in tables.items():
                counts[name] += len(rows)
                for i in range(0, len(rows), 5000):
                    connection.execute(insert(SQLModel.metadata.tables[name]), rows[i : i + 5000])

    owner = {
        "id": 1,
        "email": "owner@example.com",
        "name": "Owner",
        "password_hash": "x",
        "role": "admin",
        "active": True,
        "created_at": START,
    }
    customers, contacts, addresses = make_customers(rng, int(5000 * scale))
    made = make_invoices(rng, int(100_000 * scale), customers, addresses)
    jobs, picks = make_jobs(
        rng, TODAY, customers, addresses, made["invoice"], int(5000 * scale), CALLS + WARM_UP
    )
    costs, cost_picks, cost_counts = make_costs(  # the jobs' lines get their unit costs
        random.Random(SEED + 2), TODAY, START, jobs, int(N_COSTS * scale), CALLS + WARM_UP
    )
    schedule, schedule_picks, schedule_counts = make_schedule(  # the costs made the crew
        random.Random(SEED + 3), TODAY, jobs["job"], (customers, addresses, costs), scale
    )
    write(
        {
            "user": [owner],
            "customer": customers,
            "customer_contact": contacts,
            "customer_address": addresses,
        }
    )
    emails = made.pop("outbox_email") + jobs.pop("outbox_email")
    write({name: jobs.pop(name) for name in ("estimate", "estimate_line", "job")})
    write({**made, "outbox_email": emails})
    write({name: jobs[name] for name in JOB_TABLES})
    write({**costs, **schedule})
    settle(engine, [name for name in counts if "id" in SQLModel.metadata.tables[name].c])
    counts["job_invoices"] = sum(1 for i in made["invoice"] if i["job_id"])
    return {**counts, **cost_counts, **schedule_counts}, {**picks, **cost_picks, **schedule_picks}


def settle(engine, tables: list[str]) -> None:
    """Sequences moved past the rows written to `tables` (PostgreSQL), fresh statistics."""
    with engine.begin() as connection:
        for table in tables if engine.dialect.name == "postgresql" else ():
            connection.exec_driver_sql(
                f"SELECT setval(pg_get_serial_sequence('\"{table}\"', 'id'), "
                f'(SELECT max(id) FROM "{table}"))'
            )
        connection.exec_driver_sql("ANALYZE")  # as a live database keeps them


def timed(call, calls: int = CALLS) -> dict:
    for _ in range(WARM_UP):
        call(0)
    times = []
    for n in range(calls):
        began = time.perf_counter()
        call(n)
        times.append((time.perf_counter() - began) * 1000)
    times.sort()
    return {"p50": statistics.median(times), "p95": times[int(0.95 * (len(times) - 1))]}


def measure(counts: dict, picks: dict) -> list[dict]:
    """Every measured call, with its goal group (a key of GOALS_MS, or '')."""
    import time_machine

    from bench.office_costs import measure_costs
    from bench.office_jobs import measure_jobs, measure_signing
    from bench.office_schedule import measure_schedule

    results = []

    def add(name: str, group: str, call) -> None:
        results.append({"name": name, "group": group, **timed(call)})
        print(f"  {name:50} p50 {results[-1]['p50']:7.1f} ms  p95 {results[-1]['p95']:7.1f} ms")

    with time_machine.travel(datetime(2026, 11, 25, 15, tzinfo=UTC), tick=True):
        measure_office(add, counts)
        for measure_part in (measure_jobs, measure_costs, measure_signing, measure_schedule):
            measure_part(add, picks)
    return results


def measure_office(add, counts: dict) -> None:
    """The invoice list (each filter, each kind of search), customers, the dashboard."""
    from renovation_app.services.customers import customer_view, list_customers
    from renovation_app.services.dashboard import dashboard, figures
    from renovation_app.services.invoicing import InvoiceFilters, list_invoices

    def fresh_dashboard():
        figures._closed_months.clear()
        return dashboard()

    def listing(**query):
        return lambda _n: list_invoices(InvoiceFilters.from_query(query))

    add("invoice list, first page", "list", listing())
    add("  status: partially paid", "list", listing(status="partially_paid"))
    add("  status: paid, page 40", "list", listing(status="paid", page="40"))
    add("  type: Kitchen Remodelling", "list", listing(type="kitchenRemodelling"))
    add("  location: Queens", "list", listing(location="Queens"))
    add("  age: 1-30 days late", "list", listing(age="1-30"))
    add("  sort: largest total", "list", listing(sort="total_high"))
    add("  sort: customer A-Z", "list", listing(sort="customer"))
    add("  search: a customer's name", "list", listing(search="Okafor 42"))
    add("  search: an invoice number", "list", listing(search="2025-0417"))
    add("  search: an e-mail", "list", listing(search="c77@example.com"))
    add("  search: matches nothing", "list", listing(search="zzzz"))
    rng = random.Random(SEED + 1)
    ids = [rng.randint(1, counts["customer"]) for _ in range(CALLS + WARM_UP)]
    add("customer page (record and timeline)", "customer", lambda n: customer_view(ids[n]))
    add("customer search", "list", lambda _n: list_customers("Nowak"))
    print(f"  dashboard: {dashboard().margins.over_count} open jobs over their estimate")
    add("dashboard (with margins and overruns)", "dashboard", lambda _n: dashboard())
    # A worker's first visit, or the first after a change to a closed month: nothing kept.
    add("dashboard, closed months read afresh", "", lambda _n: fresh_dashboard())


def csv_export(kind: str) -> dict:
    """A CSV of everything (services/dashboard/exports.export_rows), in a process that has done
    nothing else (the one that made the rows keeps their memory, which the export would then
    reuse unseen): its time and its memory growth, the process's peak resident size while it
    streams less its size before."""
    from renovation_app.services.dashboard.exports import export_rows

    chunks = export_rows(kind, date(2016, 1, 1), date(2026, 12, 1))
    header = next(chunks)  # imports done, the query not yet run
    Path("/proc/self/clear_refs").write_text("5")  # the peak starts again from the size now
    before, began = rss_mb(), time.perf_counter()
    rows = sum(chunk.count("\r\n") for chunk in chunks)
    seconds = time.perf_counter() - began
    growth = rss_mb("VmHWM") - before
    assert header.startswith(("number,", "date,")), header
    print(f"  CSV of {rows} {kind}: {seconds:.1f} s, memory growth {growth:.0f} MB")
    return {
        "name": f"{kind} CSV",
        "group": "csv",
        "rows": rows,
        "seconds": seconds,
        "memory_mb": growth,
    }


def child(database_url: str, scale: float) -> None:
    """One engine: migrate, fill, measure; the results as JSON on the last line."""
    from tests.prod_server import migrate

    migrate(database_url)
    began = time.perf_counter()
    counts, picks = make_office(database_url, scale)
    print(
        f"  made {counts} in {time.perf_counter() - began:.0f} s; job pages: "
        f"{len(picks['busy_jobs'])} jobs with 4+ change orders and 2+ invoices",
        flush=True,
    )
    import renovation_app.renovation_app  # noqa: F401  the app loaded, as a server worker has it

    # As the server does at start-up (renovation_app.py): the loaded app out of the GC's walks.
    gc.collect()
    gc.freeze()
    results = measure(counts, picks)
    print(json.dumps({"counts": counts, "results": results}))


def run_child(label: str, database_url: str, scale: float) -> dict:
    print(f"\n{label}", flush=True)

    def own_process(*args: str) -> dict:
        return in_own_process("bench.office_scale", database_url, *args)

    run = own_process("--child", database_url, "--scale", str(scale))
    for kind in ("invoices", "costs"):
        run["results"].append(own_process("--csv-child", kind))
    return run


def report(runs: dict[str, dict]) -> None:
    names = [r["name"] for r in next(iter(runs.values()))["results"] if r["group"] != "csv"]
    print("\nServer time, ms (p50 / p95 of 50 calls)")
    print(f"{'':52}" + "".join(f"{label:>24}" for label in runs))
    for name in names:
        cells = []
        for run in runs.values():
            row = next(r for r in run["results"] if r["name"] == name)
            goal = GOALS_MS.get(row["group"])
            flag = "" if goal is None or row["p95"] <= goal else " !"
            cells.append(f"{row['p50']:.1f} / {row['p95']:.1f}{flag}")
        print(f"{name:52}" + "".join(f"{c:>24}" for c in cells))
    for label, run in runs.items():
        for row in (r for r in run["results"] if r["group"] == "csv"):
            over = row["seconds"] > CSV_GOAL_S or row["memory_mb"] > CSV_MEMORY_GOAL_MB
            print(
                f"{label}: {row['name']} of {row['rows']} rows in {row['seconds']:.1f} s, "
                f"memory growth {row['memory_mb']:.0f} MB{' !' if over else ''}"
            )
    goals = ", ".join(f"{group} {ms}" for group, ms in GOALS_MS.items())
    print(f"Goals, p95 ms: {goals}; a CSV {CSV_GOAL_S:.0f} s, {CSV_MEMORY_GOAL_MB} MB; '!' misses")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--engine", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--child", default="")
    parser.add_argument("--csv-child", choices=("invoices", "costs"))
    args = parser.parse_args()
    if args.csv_child:
        print(json.dumps(csv_export(args.csv_child)))
        return
    if args.child:
        child(args.child, args.scale)
        return
    runs = on_each_engine(
        args.engine, "renovation-office-", lambda label, url: run_child(label, url, args.scale)
    )
    report(runs)


if __name__ == "__main__":
    main()
