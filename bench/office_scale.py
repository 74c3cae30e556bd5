"""Ten years of a busy office: how fast the staff screens' queries stay at that size.

Makes 5,000 customers, 100,000 invoices (about 200,000 lines), 150,000 payments, 400,000
history rows and an e-mail per invoice, and 5,000 jobs (bench/office_jobs.py: each a signed
estimate billed by three of its customer's invoices as far as the work has gone, with about
15,000 change orders, most of them signed), on SQLite and on PostgreSQL, then measures the
server's time for what each staff screen asks (p50/p95 of 50 calls, after 3 warm-up calls):
the invoice list's first page, each filter and each kind of search, a customer page, the
customer search, the dashboard, the job list (a search, a status), a busy job's page, the
owner's signature of a change order (each call a fresh one: the contract amended, the signed
PDF made and queued to the owner and the office; nothing delivers it), and the full CSV export
of the invoices with the process's memory growth.

The time is the service call each page's handler makes (the same functions, in this process):
what the server spends; the websocket adds its round trip on top.

Run: .venv/bin/python -m bench.office_scale [--engine sqlite|postgres|both] [--scale 1.0]
(`--scale 0.1` makes a tenth of everything, for a quick look). Each engine runs in a process of
its own, since the app reads DATABASE_URL when it is imported.
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CALLS = 50
WARM_UP = 3
SEED = 20261125
TODAY = date(2026, 11, 25)
GOALS_MS = {"list": 100, "customer": 100, "dashboard": 300, "job": 100, "sign": 300}
CSV_GOAL_S, CSV_MEMORY_GOAL_MB = 10.0, 100

FIRST = ["Dana", "Luis", "Mei", "Sam", "Priya", "Omar", "Zoë", "Ivan", "Ana", "Kofi", "Rosa", "Eli"]
LAST = ["Reyes", "Cohen", "Nowak", "Okafor", "Schmidt", "Rossi", "Kim", "Haddad", "Murphy", "Diaz"]
STREETS = ["Atlantic Ave", "Court St", "Broadway", "Flatbush Ave", "Ditmars Blvd", "Arthur Ave"]


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def make_office(database_url: str, scale: float) -> tuple[dict, dict]:
    """The rows, written in batches with SQLAlchemy Core (the ORM would take many minutes)."""
    from sqlalchemy import create_engine, insert

    from bench.office_jobs import make_jobs
    from renovation_app import models as m
    from renovation_app.content.invoice_options import INVOICE_OPTIONS
    from renovation_app.services.customers.locations import LOCATIONS

    rng = random.Random(SEED)
    n_customers, n_invoices = int(5000 * scale), int(100_000 * scale)
    n_jobs = int(5000 * scale)
    engine = create_engine(database_url)
    start = datetime(2016, 11, 26, 14, tzinfo=UTC)
    span = (datetime(2026, 11, 24, 20, tzinfo=UTC) - start).total_seconds()
    slugs = [o.slug for o in INVOICE_OPTIONS]
    labels = {o.slug: o.label for o in INVOICE_OPTIONS}

    def write(table, rows: list[dict]) -> None:
        with engine.begin() as connection:
            for i in range(0, len(rows), 5000):
                connection.execute(insert(table), rows[i : i + 5000])

    write(
        m.User.__table__,
        [{"id": 1, "email": "owner@example.com", "name": "Owner", "password_hash": "x",
          "role": "admin", "active": True, "created_at": start}],
    )  # fmt: skip
    customers, contacts, addresses = [], [], []
    for cid in range(1, n_customers + 1):
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)} {cid}"
        location = rng.choice(LOCATIONS)
        address = f"{rng.randint(1, 999)} {rng.choice(STREETS)}, {location}, NY"
        customers.append({"id": cid, "name": name, "notes": "", "created_at": start,
                          "reminders_paused": False, "mail_problem": ""})  # fmt: skip
        contacts.append({"customer_id": cid, "kind": "email", "value": f"c{cid}@example.com"})
        contacts.append(
            {"customer_id": cid, "kind": "phone", "value": f"(718) 555-{cid % 10000:04d}"}
        )
        addresses.append({"customer_id": cid, "address": address, "borough": location})
    write(m.Customer.__table__, customers)
    write(m.CustomerContact.__table__, contacts)
    write(m.CustomerAddress.__table__, addresses)

    invoices, lines, events, payments, emails = [], [], [], [], []
    counters: dict[int, int] = {}
    for iid in range(1, n_invoices + 1):
        created = start + timedelta(seconds=span * iid / n_invoices)
        year = created.year
        counters[year] = counters.get(year, 0) + 1
        cid = rng.randint(1, n_customers)
        customer = customers[cid - 1]
        age_days = (TODAY - created.date()).days
        due = created.date() + timedelta(days=14)
        # Old work is settled; the last months hold what is still owed.
        roll = rng.random()
        if roll < 0.03:
            status = "void"
        elif age_days > 120 or roll < 0.55:
            status = "paid"
        elif roll < 0.7:
            status = "partially_paid"
        else:
            status = "sent"
        chosen = rng.sample(slugs, rng.choice((1, 1, 2, 3)))
        prices = [rng.randint(20, 3000) * 100 for _ in chosen]
        total = sum(prices)
        invoices.append({
            "id": iid, "number": f"{year}-{counters[year]:04d}", "year": year,
            "customer_name": customer["name"], "customer_email": f"c{cid}@example.com",
            "customer_phone": "", "customer_address": addresses[cid - 1]["address"], "note": "",
            "status": status, "subtotal_cents": total, "tax_area": "nyc", "tax_rate": 0,
            "tax_cents": 0, "total_cents": total, "currency": "usd", "due_date": due,
            "location": addresses[cid - 1]["borough"],
            "customer_id": cid, "created_at": created, "sent_at": created,
            "paid_at": created + timedelta(days=9) if status == "paid" else None,
            "voided_at": created + timedelta(days=2) if status == "void" else None,
            "void_reason": "Duplicate" if status == "void" else "", "attention": "",
            "author_id": 1, "request_hash": "", "estimate_part": "", "discount_cents": 0,
            "revision": 1, "reminder_days": "", "reminders_paused": False, "mail_problem": "",
            "estimate_id": None, "job_id": None,
            # Paid work of past months is finished (its money is no longer held in escrow).
            "work_completed_on": created.date() + timedelta(days=10)
            if status == "paid" and age_days > 60 else None,
        })  # fmt: skip
        for position, (slug, price) in enumerate(zip(chosen, prices, strict=True)):
            lines.append({
                "invoice_id": iid, "position": position, "service": slug, "label": labels[slug],
                "description": "", "quantity_milli": 1000, "unit": "", "unit_price_cents": price,
                "price_cents": price, "tax_category": "capital_improvement", "tax_cents": 0,
            })  # fmt: skip
        kinds = ["created", "emailed", "delivered", "viewed"]
        # Paid invoices are paid in one or two parts; a partly paid one has its first part.
        parts = [total]
        if status in ("paid", "partially_paid") and rng.random() < 0.58:
            parts = [total // 2, total - total // 2]
        if status == "partially_paid":
            parts = [total // 2]
        if status in ("paid", "partially_paid"):
            for n, amount in enumerate(parts):
                when = created + timedelta(days=5 + 10 * n)
                payments.append({
                    "invoice_id": iid, "payment_intent_id": f"pi_{iid}_{n}",
                    "method": rng.choice(("card", "card", "check", "zelle")), "reference": "",
                    "amount_cents": amount, "amount_refunded_cents": 0, "currency": "usd",
                    "status": "succeeded", "card_brand": "", "last_error": "", "attempt": 1,
                    "created_at": when, "succeeded_at": when, "charge_id": "",
                    "void_reason": "", "dispute_status": "", "dispute_amount_cents": 0,
                })  # fmt: skip
                kinds.append("paid")
        if status == "void":
            kinds.append("voided")
        for n, kind in enumerate(kinds[:4]):
            events.append(
                {"invoice_id": iid, "kind": kind, "at": created + timedelta(hours=n), "detail": ""}
            )
        emails.append({
            "to": f"c{cid}@example.com", "reply_to": "", "subject": "Invoice", "html": "<p>.</p>",
            "text": ".", "kind": "invoice", "about_kind": "invoice", "about_id": iid,
            "idempotency_key": f"invoice-{iid}", "status": "sent", "attempts": 1,
            "next_attempt_at": created, "claim_token": "", "last_error": "",
            "provider_id": f"re_{iid}", "created_at": created, "sent_at": created,
            "delivery": "delivered", "delivery_at": created, "delivery_detail": "",
        })  # fmt: skip
    # The jobs bill some of those invoices (which are updated to point at them).
    job_rows, picks = make_jobs(rng, TODAY, customers, addresses, invoices, n_jobs, CALLS + WARM_UP)
    write(m.Estimate.__table__, job_rows["estimate"])
    write(m.EstimateLine.__table__, job_rows["estimate_line"])
    write(m.Job.__table__, job_rows["job"])
    write(m.Invoice.__table__, invoices)
    write(m.InvoiceLine.__table__, lines)
    write(m.InvoiceEvent.__table__, events)
    write(m.Payment.__table__, payments)
    write(m.OutboxEmail.__table__, emails + job_rows["outbox_email"])
    write(
        m.InvoiceCounter.__table__,
        [{"year": year, "last_number": n} for year, n in counters.items()],
    )
    for model, table in (
        (m.JobStage, "job_stage"),
        (m.Signature, "signature"),
        (m.ChangeOrder, "change_order"),
        (m.ChangeOrderLine, "change_order_line"),
        (m.JobEvent, "job_event"),
        (m.CustomerLink, "customer_link"),
        (m.JobCounter, "job_counter"),
        (m.EstimateCounter, "estimate_counter"),
    ):
        write(model.__table__, job_rows[table])
    if engine.dialect.name == "postgresql":  # rows written with their ids: move the sequences
        with engine.begin() as connection:
            for table in ("user", "customer", "invoice", "estimate", "job", "signature",
                          "change_order"):  # fmt: skip
                connection.exec_driver_sql(
                    f"SELECT setval(pg_get_serial_sequence('\"{table}\"', 'id'), "
                    f'(SELECT max(id) FROM "{table}"))'
                )
    with engine.begin() as connection:  # fresh statistics, as a live database keeps them
        connection.exec_driver_sql("ANALYZE")
    counts = {
        "customers": len(customers),
        "invoices": len(invoices),
        "lines": len(lines),
        "payments": len(payments),
        "history": len(events),
        "emails": len(emails) + len(job_rows["outbox_email"]),
        "jobs": len(job_rows["job"]),
        "job_invoices": sum(1 for i in invoices if i["job_id"]),
        "change_orders": len(job_rows["change_order"]),
        "change_order_lines": len(job_rows["change_order_line"]),
        "signatures": len(job_rows["signature"]),
        "job_history": len(job_rows["job_event"]),
    }
    return counts, picks


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
    """Every measured call, with its goal group ('list', 'customer', 'dashboard', 'job',
    'sign', '')."""
    import time_machine

    from renovation_app.db import db_session
    from renovation_app.models import CustomerLinkKind
    from renovation_app.services import change_orders, jobs, links
    from renovation_app.services.customers import customer_view, list_customers
    from renovation_app.services.dashboard import dashboard, figures

    def fresh_dashboard():
        figures._closed_months.clear()
        return dashboard()

    from renovation_app.services.invoicing import InvoiceFilters, list_invoices

    rng = random.Random(SEED + 1)
    results = []

    def add(name: str, group: str, call) -> None:
        results.append({"name": name, "group": group, **timed(call)})
        print(f"  {name:44} p50 {results[-1]['p50']:7.1f} ms  p95 {results[-1]['p95']:7.1f} ms")

    def listing(**query):
        return lambda _n: list_invoices(InvoiceFilters.from_query(query))

    with time_machine.travel(datetime(2026, 11, 25, 15, tzinfo=UTC), tick=True):
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
        ids = [rng.randint(1, counts["customers"]) for _ in range(CALLS + WARM_UP)]
        add("customer page (record and timeline)", "customer", lambda n: customer_view(ids[n]))
        add("customer search", "list", lambda _n: list_customers("Nowak"))
        add("dashboard", "dashboard", lambda _n: dashboard())
        # A worker's first visit, or the first after a change to a closed month: nothing kept.
        add("dashboard, closed months read afresh", "", lambda _n: fresh_dashboard())

        add("job list, first page", "job", lambda _n: jobs.list_jobs("", "", 1))
        add("  job search: a customer's name", "job", lambda _n: jobs.list_jobs("Okafor", "", 1))
        add("  job status: in progress", "job", lambda _n: jobs.list_jobs("", "in_progress", 1))
        busy = picks["busy_jobs"]
        check_job(jobs.get_job(busy[0]))
        add(
            "job page (change orders, invoices)", "job", lambda n: jobs.get_job(busy[n % len(busy)])
        )
        # The owner's links as the e-mails carry them (made again from their salts).
        with db_session() as session:
            kind = CustomerLinkKind.CHANGE_ORDER
            tokens = iter([links.link_token(session, kind, i) for i in picks["to_sign"]])
        drawing = "M 10 50 L 40 20 L 80 70 L 120 30 L 160 60 L 200 25 L 240 65 L 280 40"

        def sign(_n: int) -> None:  # a fresh change order each time: it can be signed once
            # The owner signs what the link showed (its hash), as the page sends it.
            token = next(tokens)
            seen = change_orders.read_link(token).change_order["document_sha256_shown"]
            change_orders.sign(token, "Maria Lopez", True, drawing, "c" * 64, seen)

        add("read and sign a change order (PDF, e-mails)", "sign", sign)
        check_job(jobs.get_job(picks["signed_job"]))  # its schedule moved by the signature

    return results


def check_job(view) -> None:
    """The made rows add up as the app keeps them: the stages make the contract value."""
    assert view is not None and view.change_orders and view.invoices
    assert sum(stage.amount_cents for stage in view.stages) == view.value_cents, view.number


def csv_export() -> dict:
    """The full invoices CSV, in a process that has done nothing else (the one that made the
    rows keeps their memory, which the export would then reuse unseen): its time and the
    process's memory growth while it streams."""
    from renovation_app.services.dashboard.exports import invoices_csv

    sample = {"peak": 0.0, "run": True}

    def watch() -> None:
        while sample["run"]:
            sample["peak"] = max(sample["peak"], rss_mb())
            time.sleep(0.02)

    chunks = invoices_csv(date(2016, 1, 1), date(2026, 12, 1))
    header = next(chunks)  # imports done, the query not yet run
    before = rss_mb()
    sample["peak"] = before
    watcher = threading.Thread(target=watch)
    watcher.start()
    began = time.perf_counter()
    rows = sum(chunk.count("\r\n") for chunk in chunks)
    seconds = time.perf_counter() - began
    sample["run"] = False
    watcher.join()
    assert header.startswith("number,")
    growth = sample["peak"] - before
    print(f"  CSV of {rows} invoices: {seconds:.1f} s, memory growth {growth:.0f} MB")
    return {"name": "invoices CSV", "group": "csv", "rows": rows, "seconds": seconds,
            "memory_mb": growth}  # fmt: skip


def child(database_url: str, scale: float) -> None:
    """One engine: migrate, fill, measure; the results as JSON on the last line."""
    from tests.prod_server import migrate

    migrate(database_url)
    began = time.perf_counter()
    counts, picks = make_office(database_url, scale)
    print(f"  made {counts} in {time.perf_counter() - began:.0f} s", flush=True)
    print(f"  job pages: {len(picks['busy_jobs'])} jobs with 4+ change orders and 2+ invoices")
    results = measure(counts, picks)
    print(json.dumps({"counts": counts, "results": results}))


def csv_child() -> None:
    print(json.dumps(csv_export()))


def run_child(label: str, database_url: str, scale: float) -> dict:
    print(f"\n{label}", flush=True)
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "RESEND_API_KEY": "",
        "PYTHONPATH": str(ROOT),
    }

    def own_process(*args: str):
        """Runs this module with `args`; prints what it printed, returns its last line's JSON."""
        done = subprocess.run(
            [sys.executable, "-m", "bench.office_scale", *args],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            text=True,
            check=True,
        )
        *shown, last = done.stdout.strip().splitlines()
        print("\n".join(shown))
        return json.loads(last)

    run = own_process("--child", database_url, "--scale", str(scale))
    run["results"].append(own_process("--csv-child"))
    return run


def report(runs: dict[str, dict]) -> None:
    names = [r["name"] for r in next(iter(runs.values()))["results"] if r["group"] != "csv"]
    print("\nServer time, ms (p50 / p95 of 50 calls)")
    print(f"{'':46}" + "".join(f"{label:>24}" for label in runs))
    for name in names:
        cells = []
        for run in runs.values():
            row = next(r for r in run["results"] if r["name"] == name)
            goal = GOALS_MS.get(row["group"])
            flag = "" if goal is None or row["p95"] <= goal else " !"
            cells.append(f"{row['p50']:.1f} / {row['p95']:.1f}{flag}")
        print(f"{name:46}" + "".join(f"{c:>24}" for c in cells))
    for label, run in runs.items():
        csv_row = next(r for r in run["results"] if r["group"] == "csv")
        print(
            f"{label}: CSV of {csv_row['rows']} invoices in {csv_row['seconds']:.1f} s "
            f"(goal {CSV_GOAL_S:.0f} s), memory growth {csv_row['memory_mb']:.0f} MB "
            f"(goal {CSV_MEMORY_GOAL_MB} MB)"
        )
    print(
        "Goals: list, customer and job p95 <= 100 ms, dashboard and signing p95 <= 300 ms; "
        "'!' misses one."
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--engine", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--child", default="")
    parser.add_argument("--csv-child", action="store_true")
    args = parser.parse_args()
    if args.csv_child:
        csv_child()
        return
    if args.child:
        child(args.child, args.scale)
        return
    runs: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="renovation-office-") as tmp:
        os.chmod(tmp, 0o755)
        if args.engine in ("sqlite", "both"):
            url = f"sqlite:///{Path(tmp) / 'office.db'}"
            runs["SQLite"] = run_child("SQLite", url, args.scale)
        if args.engine in ("postgres", "both"):
            sys.path.insert(0, str(ROOT / "scripts"))
            from prod_stack import ensure_packages, private_postgres

            (Path(tmp) / "pg").mkdir()
            with private_postgres(Path(tmp) / "pg", ensure_packages()) as database:
                runs["PostgreSQL"] = run_child("PostgreSQL", database, args.scale)
    report(runs)


if __name__ == "__main__":
    main()
