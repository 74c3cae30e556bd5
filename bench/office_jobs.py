"""The busy office's jobs (bench/office_scale.py): 5,000 signed contracts over ten years, each
an accepted estimate with its job, its payment schedule and about three change orders; and the
timed calls of the job pages and of the owner's signature (measure_jobs, measure_signing).

Each job is a customer's run of three invoices already made: the deposit, the progress
payment and the final invoice, billed as far as the job has gone (all three for jobs more than
a year old; the newest have billed only the deposit). Billed stages are their invoices' totals
(the invoices point at the job and its estimate); the stages not yet billed carry the rest, so
the stages add up to the contract value (the contract and its signed change orders) as the app
keeps them. One job lasts ten years: a stage per invoice of LONG_CUSTOMER (one invoice in 400),
its final one not yet billed. Change orders have one to three lines (a fifth are credits); most
are signed (typed, drawn, a few on paper); some declined or withdrawn; the newest of an open
job may wait for the owner. Each has its link and e-mail. Lines carry a cost category (the
contract a line per category; office_costs.py prices them). Plain rows, for bulk inserts.
"""

import random
from collections import Counter, defaultdict
from datetime import UTC, date, datetime, timedelta
from types import SimpleNamespace
from zoneinfo import ZoneInfo

from renovation_app import models as m
from renovation_app.services import links
from renovation_app.services.change_orders.document import canonical, document_hash
from renovation_app.services.change_orders.document import change_order_document as co_document
from renovation_app.services.signatures import LinkSigning

NEW_YORK = ZoneInfo("America/New_York")
LONG_CUSTOMER = 1
REASONS = [
    "The owner asked for a double vanity instead of the single one.",
    "Rot found behind the tub wall: the studs and the subfloor are replaced.",
    "The owner chose a cheaper faucet after all.",
    "The inspector asked for a second GFCI circuit in the kitchen.",
    "Recessed lights added in the hallway, as the owner asked on site.",
    "The tile changes to a larger format; less labour, dearer tile.",
]
WORK = [  # a change order line's words, service and cost category
    ("Double vanity, installed", "plumbing", "subcontractor"),
    ("Subfloor replaced, 40 sq ft", "carpentry", "labour"),
    ("GFCI circuit, 20 A", "electrical", "subcontractor"),
    ("Recessed light, 4 in., installed", "electrical", "subcontractor"),
    ("Porcelain tile, 24 x 48 in.", "tiling", "materials"),
    ("Towel warmer, hard-wired", "electrical", "subcontractor"),
]
ESTIMATE_PARTS = (  # the contract's lines: words ("" for the job's title), cost category, %
    ("", "labour", 35),
    ("Materials, as chosen", "materials", 33),
    ("Plumbing and electrical, by licensed trades", "subcontractor", 22),
    ("Permits and filings", "permits", 4),
    ("Dumpster and disposal", "disposal", 6),
)


def link_row(kind: m.CustomerLinkKind, record_id: int, at: datetime) -> dict:
    """A customer link as links.issue_link makes it (given a stand-in session that keeps it)."""
    added: list[m.CustomerLink] = []
    links.issue_link(SimpleNamespace(add=added.append), kind, record_id)
    return {
        "kind": str(kind),
        "record_id": record_id,
        "token_hash": added[0].token_hash,
        "salt": added[0].salt,
        "created_at": at,
        "expires_at": None,
        "revoked_at": None,
    }


def outbox_row(to: str, kind: str, about: tuple[str, int], key: str, at: datetime) -> dict:
    """An e-mail sent and delivered, in the outbox's columns (its words stand in)."""
    return {
        "to": to,
        "reply_to": "",
        "subject": kind,
        "html": "<p>.</p>",
        "text": ".",
        "kind": kind,
        "about_kind": about[0],
        "about_id": about[1],
        "idempotency_key": key,
        "status": "sent",
        "attempts": 1,
        "next_attempt_at": at,
        "claim_token": "",
        "last_error": "",
        "provider_id": f"re_{key}",
        "created_at": at,
        "sent_at": at,
        "delivery": "delivered",
        "delivery_at": at,
        "delivery_detail": "",
    }


def drawing(rng: random.Random) -> str:
    """A drawn signature's strokes in its 300 x 100 box, about 1.5 KB as a finger draws it."""
    strokes = []
    for _ in range(rng.randint(2, 4)):
        x, y = rng.uniform(10, 60), rng.uniform(30, 70)
        points = [f"M {x:.1f} {y:.1f}"]
        for _ in range(rng.randint(25, 45)):
            x, y = min(x + rng.uniform(1, 6), 295), min(max(y + rng.uniform(-8, 8), 5), 95)
            points.append(f"L {x:.1f} {y:.1f}")
        strokes.append(" ".join(points))
    return " ".join(strokes)


def _runs(invoices: list[dict]) -> tuple[list[dict], list[list[dict]]]:
    """The ten-year job's run (every invoice of LONG_CUSTOMER that counts), and every other
    customer's invoices that count, in the order made, three at a time."""
    by_customer: dict[int, list[dict]] = defaultdict(list)
    for invoice in invoices:
        if invoice["status"] != "void":
            by_customer[invoice["customer_id"]].append(invoice)
    long_run = by_customer.pop(LONG_CUSTOMER)
    runs = [rows[i : i + 3] for rows in by_customer.values() for i in range(0, len(rows) - 2, 3)]
    return long_run, runs


def _billed(rng: random.Random, age_days: int) -> int:
    """How many of the three stages a job of that age has billed."""
    after = ((365, (3,)), (180, (2, 3)), (60, (1, 2)), (-1, (1,)))  # days old, stages billed
    return rng.choice(next(stages for days, stages in after if age_days > days))


def _status(rng: random.Random, billed: list[dict], age_days: int) -> str:
    if len(billed) == 3:
        return "closed" if all(i["status"] == "paid" for i in billed) else "substantially_complete"
    if len(billed) > 1:  # two of three, or the ten-year job's many (its final still to bill)
        return "in_progress"
    return "signed" if age_days < 10 else rng.choice(("scheduled", "in_progress"))


def _lines(rng: random.Random, value: int, co_id: int, credit_ok: bool = True) -> list[dict]:
    lines = []
    for position in range(rng.choice((1, 1, 2, 2, 3))):
        words, service, category = rng.choice(WORK)
        price = max(int(value * rng.uniform(0.005, 0.03)) // 100, 10) * 100
        if credit_ok and rng.random() < 0.2:
            words, price = f"Taken out: {words}", -price
        lines.append(
            {
                "change_order_id": co_id,
                "position": position,
                "service": service,
                "description": words,
                "quantity_milli": 1000,
                "unit": "",
                "unit_price_cents": price,
                "price_cents": price,
                "tax_category": "capital_improvement",
                "tax_cents": 0,
                "optional": False,
                "chosen": True,
                "removes": "",
                "cost_category": category,
                "unit_cost_cents": 0,
            }
        )
    return lines


class JobMaker:
    """The rows of the jobs, built job by job, by table in `rows`."""

    def __init__(self, rng: random.Random, today: date, customers, addresses) -> None:
        self.rng, self.today, self.customers, self.addresses = rng, today, customers, addresses
        self.now = datetime(today.year, today.month, today.day, 15, tzinfo=UTC)  # the bench's
        self.rows: dict[str, list[dict]] = defaultdict(list)
        self.counters: dict[str, dict[int, int]] = {"job": {}, "estimate": {}}
        self.open_jobs: list[dict] = []  # with a stage not yet billed: they take a signature

    def _number(self, kind: str, prefix: str, at: datetime) -> tuple[str, int]:
        year = at.astimezone(NEW_YORK).year
        counter = self.counters[kind]
        counter[year] = counter.get(year, 0) + 1
        return f"{prefix}-{year}-{counter[year]:04d}", year

    def event(self, job_id: int, kind: str, at: datetime, detail: str, staff: bool = True):
        self.rows["job_event"].append(
            {
                "job_id": job_id,
                "kind": kind,
                "at": at,
                "user_id": 1 if staff else None,
                "detail": detail[:500],
            }
        )

    def add_job(self, job_id: int, run: list[dict]) -> None:
        rng, first = self.rng, run[0]
        created = first["created_at"] - timedelta(days=1, hours=rng.randint(0, 8))
        age_days = (self.today - created.date()).days
        billed = run[:-1] if len(run) > 3 else run[: _billed(rng, age_days)]
        status = _status(rng, billed, age_days)
        settled = len(billed) == len(run)  # the final invoice billed every signed change
        if settled:
            value = sum(i["total_cents"] for i in billed)
        else:  # the deposit is 30 % of the value, the progress payment 40 %, the final 10 %
            share = {1: 0.3, 2: 0.7}.get(len(billed), 0.9)
            value = round(sum(i["total_cents"] for i in billed) / share)
        cid = first["customer_id"]
        customer, address = self.customers[cid - 1], self.addresses[cid - 1]
        number, year = self._number("job", "J", created)
        estimate_number, estimate_year = self._number("estimate", "E", created - timedelta(days=7))
        start = created.date() + timedelta(days=14)
        job = {
            "id": job_id,
            "number": number,
            "year": year,
            "customer_id": cid,
            "estimate_id": job_id,
            "title": rng.choice(
                (
                    "Kitchen remodel",
                    "Bathroom remodel",
                    "Basement finishing",
                    "Roof replacement",
                    "Brownstone facade",
                )
            ),
            "customer_name": customer["name"],
            "customer_email": f"c{cid}@example.com",
            "customer_phone": f"(718) 555-{cid % 10000:04d}",
            "address": address["address"],
            "location": address["borough"],
            "status": status,
            "contract_cents": 0,
            "tax_area": "nyc",
            "tax_rate": 0,
            "start_date": start,
            "completion_date": start + timedelta(days=60),
            "substantially_complete_on": billed[-1]["created_at"].date()
            if status in ("substantially_complete", "closed")
            else None,
            "form_token": None,
            "author_id": 1,
            "created_at": created,
            "closed_at": billed[-1]["paid_at"] if status == "closed" else None,
        }
        made = f"from contract {estimate_number} signed by {customer['name']}"
        self.event(job_id, "made", created, made, staff=False)
        last = billed[-1]["created_at"] if settled else self.now - timedelta(days=20)
        signed = self._change_orders(job, value, created, max(last, created), settled)
        job["contract_cents"] = value - sum(co["total_cents"] for co, _ in signed)
        for i, (co, lines) in enumerate(signed):
            self._signature(job, co, lines, signed[:i])
        self.rows["job"].append(job)
        self._stages(job, run, billed, value)
        self._estimate(job, estimate_number, estimate_year, created, billed[0]["total_cents"])
        if not settled and len(run) == 3:
            self.open_jobs.append(job)

    def _stages(self, job: dict, run: list[dict], billed: list[dict], value: int) -> None:
        phases = (
            [f"Phase {n} done" for n in range(1, len(run) - 1)]
            if len(run) > 3
            else ["Rough-in done"]
        )
        parts = ("deposit", *["progress"] * len(phases), "final")
        labels = ("Deposit", *phases, "Final payment")
        amounts = [i["total_cents"] for i in billed]
        if len(amounts) == 1:
            amounts.append(round(value * 0.4))
        if len(amounts) == len(run) - 1:
            amounts.append(value - sum(amounts))
        for position, (kind, label, cents) in enumerate(zip(parts, labels, amounts, strict=True)):
            invoice = run[position] if position < len(billed) else None
            self.rows["job_stage"].append(
                {
                    "job_id": job["id"],
                    "position": position,
                    "kind": kind,
                    "label": label,
                    "amount_cents": cents,
                    "invoice_id": invoice["id"] if invoice else None,
                }
            )
            if invoice is not None:
                invoice.update(job_id=job["id"], estimate_id=job["id"], estimate_part=kind)
                self.event(
                    job["id"],
                    "invoiced",
                    invoice["created_at"],
                    f"{label}: invoice {invoice['number']}",
                )
        if len(billed) >= 2 or job["status"] != "signed":
            self.event(
                job["id"], "status", job["created_at"] + timedelta(days=10), "Now in progress"
            )

    def _estimate(self, job: dict, number: str, year: int, signed: datetime, deposit: int):
        rng, total = self.rng, job["contract_cents"]
        created = signed - timedelta(days=7)
        parts = ESTIMATE_PARTS if total >= 2000 else ESTIMATE_PARTS[:1]
        split = [total * share // 100 for _, _, share in parts[1:]]
        split.insert(0, total - sum(split))
        lines = [
            (words or job["title"], category, cents)
            for (words, category, _), cents in zip(parts, split, strict=True)
        ]
        for position, (words, category, cents) in enumerate(lines):
            self.rows["estimate_line"].append(
                {
                    "estimate_id": job["id"],
                    "position": position,
                    "service": "kitchenRemodelling",
                    "description": words,
                    "quantity_milli": 1000,
                    "unit": "",
                    "unit_price_cents": cents,
                    "price_cents": cents,
                    "tax_category": "capital_improvement",
                    "tax_cents": 0,
                    "optional": False,
                    "chosen": True,
                    "cost_category": category,
                    "unit_cost_cents": 0,
                }
            )
        document = {
            "title": "Home improvement contract",
            "number": number,
            "owner": job["customer_name"],
            "address": job["address"],
            "lines": [{"description": w, "amount": c} for w, _, c in lines],
            "terms": "The contract's terms, as signed. " * 40,
        }
        status = "invoiced" if job["status"] in ("closed", "substantially_complete") else "accepted"
        self.rows["estimate"].append(
            {
                "id": job["id"],
                "number": number,
                "revision": 1,
                "year": year,
                "customer_id": job["customer_id"],
                "customer_name": job["customer_name"],
                "customer_email": job["customer_email"],
                "customer_phone": job["customer_phone"],
                "customer_address": job["address"],
                "location": job["location"],
                "note": "",
                "status": status,
                "discount_cents": 0,
                "tax_area": "nyc",
                "tax_rate": 0,
                "deposit_kind": "percent",
                "deposit_value": 3000,
                "deposit_due_date": None,
                "valid_until": created.date() + timedelta(days=30),
                "start_date": job["start_date"],
                "completion_date": job["completion_date"],
                "contingencies": "",
                "time_of_essence": False,
                "progress_schedule": "Rough-in done: 40%",
                "form_token": None,
                "author_id": 1,
                "created_at": created,
                "sent_at": created,
                "viewed_at": created + timedelta(hours=3),
                "accepted_at": signed,
                "signer_name": job["customer_name"],
                "signer_address_hash": f"{rng.getrandbits(256):064x}",
                "document_sha256": document_hash(document),
                "signed_document": canonical(document),
                "accepted_total_cents": total,
                "accepted_deposit_cents": deposit,
                "declined_at": None,
                "decline_reason": "",
                "cancelled_at": None,
            }
        )

    def _change_orders(
        self, job: dict, value: int, begin: datetime, end: datetime, settled: bool
    ) -> list[tuple[dict, list[dict]]]:
        """The job's change orders, made in order between `begin` and `end`; the signed ones.
        The newest of a job not yet settled may still wait for the owner's signature."""
        rng = self.rng
        count = rng.choice((1, 2, 2, 3, 3, 3, 3, 4, 4, 5))
        signed = []
        for n in range(1, count + 1):
            at = begin + (end - begin) * n / (count + 1)
            roll = rng.random()
            status = "signed" if roll < 0.85 else "declined" if roll < 0.95 else "withdrawn"
            if not settled and n == count and rng.random() < 0.3:
                at = max(self.now - timedelta(days=rng.randint(1, 20)), begin + timedelta(hours=2))
                status = rng.choice(("sent", "viewed"))
            co = self.add_change_order(job, n, value, at, status)
            if status == "signed":
                signed.append(co)
        return signed

    def add_change_order(
        self, job: dict, n: int, value: int, at: datetime, status: str, credit_ok: bool = True
    ) -> tuple[dict, list[dict]]:
        rng = self.rng
        co_id = len(self.rows["change_order"]) + 1
        lines = _lines(rng, value, co_id, credit_ok)
        total = sum(line["price_cents"] for line in lines)
        answered = at + timedelta(days=rng.randint(0, 4), hours=rng.randint(1, 9))
        co = {
            "id": co_id,
            "job_id": job["id"],
            "number": n,
            "reason": rng.choice(REASONS),
            "days": rng.choice((0, 0, 2, 3, 5, 7, -2)),
            "payment": "next" if total < 0 else rng.choice(("spread", "spread", "next")),
            "status": status,
            "subtotal_cents": total,
            "tax_cents": 0,
            "total_cents": total,
            "valid_until": at.date() + timedelta(days=14),
            "form_token": None,
            "author_id": 1,
            "created_at": at,
            "viewed_at": at + timedelta(hours=2) if status != "sent" else None,
            "answered_at": answered if status in ("signed", "declined", "withdrawn") else None,
            "decline_reason": "Too dear for now." if status == "declined" else "",
            "signature_id": None,
            "invoice_id": None,
        }
        self.rows["change_order"].append(co)
        self.rows["change_order_line"] += lines
        self.rows["customer_link"].append(link_row(m.CustomerLinkKind.CHANGE_ORDER, co_id, at))
        self.rows["outbox_email"].append(
            outbox_row(
                job["customer_email"],
                "change_order",
                ("job", job["id"]),
                f"change-order-{co_id}",
                at,
            )
        )
        self.event(job["id"], "change_order_sent", at, f"CO-{n}, sent to {job['customer_email']}")
        if status in ("signed", "declined", "withdrawn"):
            self.event(
                job["id"],
                f"change_order_{status}",
                answered,
                f"CO-{n}",
                staff=status == "withdrawn",
            )
        return co, lines

    def _signature(self, job: dict, co: dict, lines: list[dict], before: list) -> None:
        rng = self.rng
        document = co_document(
            m.Job(**job),
            m.ChangeOrder(**co),
            [m.ChangeOrderLine(**line) for line in lines],
            [m.ChangeOrder(**earlier) for earlier, _ in before],
            f"{job['number']}, signed by {job['customer_name']}",
        )
        method = rng.choices(("typed", "drawn", "paper"), weights=(45, 50, 5))[0]
        signature_id = len(self.rows["signature"]) + 1
        co["signature_id"] = signature_id
        self.rows["signature"].append(
            {
                "id": signature_id,
                "kind": "change_order",
                "record_id": co["id"],
                "method": method,
                "signer_name": job["customer_name"],
                "signed_at": co["answered_at"],
                "address_hash": f"{rng.getrandbits(256):064x}" if method != "paper" else "",
                "document_sha256": document_hash(document),
                "document": canonical(document),
                "drawing": drawing(rng) if method == "drawn" else "",
                "scan_sha256": f"{rng.getrandbits(256):064x}" if method == "paper" else "",
                "scan_name": "signed-change-order.pdf" if method == "paper" else "",
                "scan_type": "application/pdf" if method == "paper" else "",
                "recorded_by": 1 if method == "paper" else None,
            }
        )


def make_jobs(
    rng: random.Random, today: date, customers, addresses, invoices, n_jobs: int, n_sign: int
) -> tuple[dict[str, list[dict]], dict]:
    """The rows of `n_jobs` jobs, by table (the invoices they bill are updated in place), and
    what the bench opens: the job numbers of busy job pages, the change orders to sign (the
    first on the job `signed_job`)."""
    maker = JobMaker(rng, today, customers, addresses)
    long_run, runs = _runs(invoices)
    runs = sorted([long_run, *rng.sample(runs, n_jobs - 1)], key=lambda run: run[0]["id"])
    for job_id, run in enumerate(runs, start=1):
        maker.add_job(job_id, run)
    # Fresh change orders waiting for the owner on open jobs, one per signature timed.
    to_sign, numbers = [], Counter(co["job_id"] for co in maker.rows["change_order"])  # 1..n
    for i in range(n_sign):
        job = maker.open_jobs[i % len(maker.open_jobs)]
        numbers[job["id"]] += 1
        at, value = maker.now - timedelta(days=1), job["contract_cents"]
        co, _ = maker.add_change_order(job, numbers[job["id"]], value, at, "sent", False)
        to_sign.append(co["id"])
    per_job = Counter(co["job_id"] for co in maker.rows["change_order"])
    invoiced = Counter(stage["job_id"] for stage in maker.rows["job_stage"] if stage["invoice_id"])
    busy = [  # the newest first: open jobs with change orders waiting, and just closed ones
        job["number"]
        for job in reversed(maker.rows["job"])
        if per_job[job["id"]] >= 4 and invoiced[job["id"]] >= 2
    ]
    rows = dict(maker.rows)
    for kind in ("job", "estimate"):
        counted = maker.counters[kind].items()
        rows[f"{kind}_counter"] = [{"year": y, "last_number": n} for y, n in counted]
    long_job = maker.rows["job"][next(i for i, run in enumerate(runs) if run is long_run)]
    picks = {
        "busy_jobs": busy,
        "to_sign": to_sign,
        "signed_job": maker.open_jobs[0]["number"],
        "long_job": long_job["number"],
    }
    return rows, picks


def measure_jobs(add, picks: dict) -> None:
    from renovation_app.services import jobs

    add("job list, first page", "job", lambda _n: jobs.list_jobs("", "", 1))
    add("  job search: a customer's name", "job", lambda _n: jobs.list_jobs("Okafor", "", 1))
    add("  job status: in progress", "job", lambda _n: jobs.list_jobs("", "in_progress", 1))
    busy = picks["busy_jobs"]
    check_job(jobs.get_job(busy[0]))
    add("job page (change orders, invoices)", "job", lambda n: jobs.get_job(busy[n % len(busy)]))


def measure_signing(add, picks: dict) -> None:
    """The owner's signature of a change order, each call a fresh one (it is signed once)."""
    from renovation_app.db import db_session
    from renovation_app.models import CustomerLinkKind
    from renovation_app.services import change_orders, jobs, links

    with db_session() as session:  # the owner's links as the e-mails carry them
        kind = CustomerLinkKind.CHANGE_ORDER
        tokens = iter([links.link_token(session, kind, i) for i in picks["to_sign"]])
    strokes = "M 10 50 L 40 20 L 80 70 L 120 30 L 160 60 L 200 25 L 240 65 L 280 40"

    def sign(_n: int) -> None:  # the owner signs what the link showed (its hash), as the page
        token = next(tokens)
        seen = change_orders.read_link(token).change_order["document_sha256_shown"]
        change_orders.sign(token, LinkSigning("Maria Lopez", True, strokes, "c" * 64, seen))

    add("read and sign a change order (PDF, e-mails)", "sign", sign)
    check_job(jobs.get_job(picks["signed_job"]))  # its schedule moved by the signature


def check_job(view) -> None:
    """The made rows add up as the app keeps them: the stages make the contract value."""
    assert view is not None and view.change_orders and view.invoices
    assert sum(stage.amount_cents for stage in view.stages) == view.value_cents, view.number
