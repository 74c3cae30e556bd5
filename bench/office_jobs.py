"""The busy office's jobs (bench/office_scale.py): 5,000 signed contracts over ten years, each
an accepted estimate with its job, its payment schedule and about three change orders.

Each job is a customer's run of three invoices already made: the deposit, the progress
payment and the final invoice, billed as far as the job has gone (all three for jobs more than
a year old; the newest have billed only the deposit). Billed stages are their invoices' totals
(the invoices point at the job and its estimate); the stages not yet billed carry the rest, so
the stages add up to the contract value (the contract and its signed change orders) as the app
keeps them. Change orders have one to three lines (a fifth are credits); most are signed, with
their signature (typed, drawn, now and then on paper) and the canonical document signed; some
were declined or withdrawn; the newest of an open job may still wait for the owner's signature.
Every change order has its customer link and its e-mail. Plain rows, for bulk inserts.
"""

import random
from collections import defaultdict
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from renovation_app import models as m
from renovation_app.services import links
from renovation_app.services.change_orders.document import (
    canonical,
    change_order_document,
    document_hash,
)

NEW_YORK = ZoneInfo("America/New_York")
REASONS = [
    "The owner asked for a double vanity instead of the single one.",
    "Rot found behind the tub wall: the studs and the subfloor are replaced.",
    "The owner chose a cheaper faucet after all.",
    "The inspector asked for a second GFCI circuit in the kitchen.",
    "Recessed lights added in the hallway, as the owner asked on site.",
    "The tile changes to a larger format; less labour, dearer tile.",
]
WORK = [
    ("Double vanity, installed", "plumbing"),
    ("Subfloor replaced, 40 sq ft", "carpentry"),
    ("GFCI circuit, 20 A", "electrical"),
    ("Recessed light, 4 in., installed", "electrical"),
    ("Porcelain tile, 24 x 48 in.", "tiling"),
    ("Towel warmer, hard-wired", "electrical"),
]


def _link_rows(kind: m.CustomerLinkKind, record_id: int, at: datetime) -> dict:
    """The customer link create_change_order issues, made by links.issue_link itself."""

    class Collect:
        row: m.CustomerLink

        def add(self, row: m.CustomerLink) -> None:
            self.row = row

    collect = Collect()
    links.issue_link(collect, kind, record_id)
    return {"kind": str(kind), "record_id": record_id, "token_hash": collect.row.token_hash,
            "salt": collect.row.salt, "created_at": at, "expires_at": None,
            "revoked_at": None}  # fmt: skip


def _drawing(rng: random.Random) -> str:
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


def _runs(invoices: list[dict]) -> list[list[dict]]:
    """Each customer's invoices that count, in the order made, three at a time."""
    by_customer: dict[int, list[dict]] = defaultdict(list)
    for invoice in invoices:
        if invoice["status"] != "void":
            by_customer[invoice["customer_id"]].append(invoice)
    runs = []
    for rows in by_customer.values():
        runs += [rows[i : i + 3] for i in range(0, len(rows) - 2, 3)]
    return runs


def _billed(rng: random.Random, age_days: int) -> int:
    """How many of the three stages a job of that age has billed."""
    if age_days > 365:
        return 3
    if age_days > 180:
        return rng.choice((2, 3))
    if age_days > 60:
        return rng.choice((1, 2))
    return 1


def _status(rng: random.Random, billed: list[dict], age_days: int) -> str:
    if len(billed) == 3:
        return "closed" if all(i["status"] == "paid" for i in billed) else "substantially_complete"
    if len(billed) == 2:
        return "in_progress"
    return "signed" if age_days < 10 else rng.choice(("scheduled", "in_progress"))


def _lines(rng: random.Random, value: int, co_id: int, credit_ok: bool = True) -> list[dict]:
    lines = []
    for position in range(rng.choice((1, 1, 2, 2, 3))):
        words, service = rng.choice(WORK)
        price = max(int(value * rng.uniform(0.005, 0.03)) // 100, 10) * 100
        if credit_ok and rng.random() < 0.2:
            words, price = f"Taken out: {words}", -price
        lines.append({
            "change_order_id": co_id, "position": position, "service": service,
            "description": words, "quantity_milli": 1000, "unit": "", "unit_price_cents": price,
            "price_cents": price, "tax_category": "capital_improvement", "tax_cents": 0,
            "optional": False, "chosen": True, "removes": "",
        })  # fmt: skip
    return lines


class JobMaker:
    """The rows of the jobs, built job by job, by table in `rows`."""

    def __init__(self, rng: random.Random, today: date, customers, addresses) -> None:
        self.rng, self.today = rng, today
        self.customers, self.addresses = customers, addresses
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
        self.rows["job_event"].append({"job_id": job_id, "kind": kind, "at": at,
                                       "user_id": 1 if staff else None, "detail": detail[:500]})  # fmt: skip

    def add_job(self, job_id: int, run: list[dict]) -> None:
        rng = self.rng
        first = run[0]
        created = first["created_at"] - timedelta(days=1, hours=rng.randint(0, 8))
        age_days = (self.today - created.date()).days
        billed = run[: _billed(rng, age_days)]
        status = _status(rng, billed, age_days)
        if len(billed) == 3:
            value = sum(i["total_cents"] for i in billed)
        else:  # the deposit is 30 % of the value, the progress payment 40 %
            value = round(
                sum(i["total_cents"] for i in billed) / (0.3 if len(billed) == 1 else 0.7)
            )
        cid = first["customer_id"]
        customer, address = self.customers[cid - 1], self.addresses[cid - 1]
        number, year = self._number("job", "J", created)
        estimate_number, estimate_year = self._number("estimate", "E", created - timedelta(days=7))
        start = created.date() + timedelta(days=14)
        job = {
            "id": job_id, "number": number, "year": year, "customer_id": cid,
            "estimate_id": job_id, "title": rng.choice(("Kitchen remodel", "Bathroom remodel",
            "Basement finishing", "Roof replacement", "Brownstone facade")),
            "customer_name": customer["name"], "customer_email": f"c{cid}@example.com",
            "customer_phone": f"(718) 555-{cid % 10000:04d}", "address": address["address"],
            "location": address["borough"], "status": status, "contract_cents": 0,
            "tax_area": "nyc", "tax_rate": 0, "start_date": start,
            "completion_date": start + timedelta(days=60),
            "substantially_complete_on": billed[-1]["created_at"].date()
            if status in ("substantially_complete", "closed") else None,
            "form_token": None, "author_id": 1, "created_at": created,
            "closed_at": billed[-1]["paid_at"] if status == "closed" else None,
        }  # fmt: skip
        made = f"from contract {estimate_number} signed by {customer['name']}"
        self.event(job_id, "made", created, made, staff=False)
        settled = len(billed) == 3  # the final invoice billed every signed change
        last = billed[-1]["created_at"] if settled else self.now - timedelta(days=20)
        signed = self._change_orders(job, value, created, max(last, created), settled)
        job["contract_cents"] = value - sum(co["total_cents"] for co, _ in signed)
        for i, (co, lines) in enumerate(signed):
            self._signature(job, co, lines, signed[:i])
        self.rows["job"].append(job)
        self._stages(job, run, billed, value)
        deposit = billed[0]["total_cents"]
        self._estimate(job, estimate_number, estimate_year, created, deposit)
        if not settled:
            self.open_jobs.append(job)

    def _stages(self, job: dict, run: list[dict], billed: list[dict], value: int) -> None:
        parts = ("deposit", "progress", "final")
        amounts = [i["total_cents"] for i in billed]
        if len(amounts) == 1:
            amounts.append(round(value * 0.4))
        if len(amounts) == 2:
            amounts.append(value - sum(amounts))
        labels = ("Deposit", "Rough-in done", "Final payment")
        for position, (kind, label, cents) in enumerate(zip(parts, labels, amounts, strict=True)):
            invoice = run[position] if position < len(billed) else None
            self.rows["job_stage"].append({
                "job_id": job["id"], "position": position, "kind": kind, "label": label,
                "amount_cents": cents, "invoice_id": invoice["id"] if invoice else None,
            })  # fmt: skip
            if invoice is not None:
                invoice["job_id"], invoice["estimate_id"] = job["id"], job["id"]
                invoice["estimate_part"] = kind
                self.event(job["id"], "invoiced", invoice["created_at"],
                           f"{label}: invoice {invoice['number']}")  # fmt: skip
        if len(billed) >= 2 or job["status"] != "signed":
            self.event(job["id"], "status", job["created_at"] + timedelta(days=10),
                       "Now in progress")  # fmt: skip

    def _estimate(self, job: dict, number: str, year: int, signed: datetime, deposit: int):
        rng, total = self.rng, job["contract_cents"]
        created = signed - timedelta(days=7)
        split = [total] if total < 2000 else [total - total // 3, total // 3]
        for position, cents in enumerate(split):
            self.rows["estimate_line"].append({
                "estimate_id": job["id"], "position": position, "service": "kitchenRemodelling",
                "description": job["title"] if position == 0 else "Materials, as chosen",
                "quantity_milli": 1000, "unit": "", "unit_price_cents": cents,
                "price_cents": cents, "tax_category": "capital_improvement", "tax_cents": 0,
                "optional": False, "chosen": True,
            })  # fmt: skip
        document = {"title": "Home improvement contract", "number": number, "owner":
                    job["customer_name"], "address": job["address"], "lines": [
                    {"description": job["title"], "amount": c} for c in split],
                    "terms": "The contract's terms, as signed. " * 40}  # fmt: skip
        status = "invoiced" if job["status"] in ("closed", "substantially_complete") else "accepted"
        self.rows["estimate"].append({
            "id": job["id"], "number": number, "revision": 1, "year": year,
            "customer_id": job["customer_id"], "customer_name": job["customer_name"],
            "customer_email": job["customer_email"], "customer_phone": job["customer_phone"],
            "customer_address": job["address"], "location": job["location"], "note": "",
            "status": status, "discount_cents": 0, "tax_area": "nyc", "tax_rate": 0,
            "deposit_kind": "percent", "deposit_value": 3000, "deposit_due_date": None,
            "valid_until": created.date() + timedelta(days=30),
            "start_date": job["start_date"], "completion_date": job["completion_date"],
            "contingencies": "", "time_of_essence": False,
            "progress_schedule": "Rough-in done: 40%", "form_token": None, "author_id": 1,
            "created_at": created, "sent_at": created, "viewed_at": created + timedelta(hours=3),
            "accepted_at": signed, "signer_name": job["customer_name"],
            "signer_address_hash": f"{rng.getrandbits(256):064x}",
            "document_sha256": document_hash(document), "signed_document": canonical(document),
            "accepted_total_cents": total, "accepted_deposit_cents": deposit, "declined_at": None,
            "decline_reason": "", "cancelled_at": None,
        })  # fmt: skip

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
            "id": co_id, "job_id": job["id"], "number": n, "reason": rng.choice(REASONS),
            "days": rng.choice((0, 0, 2, 3, 5, 7, -2)),
            "payment": "next" if total < 0 else rng.choice(("spread", "spread", "next")),
            "status": status, "subtotal_cents": total, "tax_cents": 0, "total_cents": total,
            "valid_until": at.date() + timedelta(days=14), "form_token": None, "author_id": 1,
            "created_at": at, "viewed_at": at + timedelta(hours=2) if status != "sent" else None,
            "answered_at": answered if status in ("signed", "declined", "withdrawn") else None,
            "decline_reason": "Too dear for now." if status == "declined" else "",
            "signature_id": None, "invoice_id": None,
        }  # fmt: skip
        self.rows["change_order"].append(co)
        self.rows["change_order_line"] += lines
        self.rows["customer_link"].append(_link_rows(m.CustomerLinkKind.CHANGE_ORDER, co_id, at))
        self.rows["email"].append({"job": job, "change_order": co})
        self.event(job["id"], "change_order_sent", at, f"CO-{n}, sent to {job['customer_email']}")
        if status in ("signed", "declined", "withdrawn"):
            self.event(job["id"], f"change_order_{status}", answered, f"CO-{n}",
                       staff=status == "withdrawn")  # fmt: skip
        return co, lines

    def _signature(self, job: dict, co: dict, lines: list[dict], before: list) -> None:
        rng = self.rng
        document = change_order_document(
            m.Job(**job),
            m.ChangeOrder(**co),
            [m.ChangeOrderLine(**line) for line in lines],
            [m.ChangeOrder(**earlier) for earlier, _ in before],
            f"{job['number']}, signed by {job['customer_name']}",
        )
        method = rng.choices(("typed", "drawn", "paper"), weights=(45, 50, 5))[0]
        signature_id = len(self.rows["signature"]) + 1
        co["signature_id"] = signature_id
        self.rows["signature"].append({
            "id": signature_id, "kind": "change_order", "record_id": co["id"], "method": method,
            "signer_name": job["customer_name"], "signed_at": co["answered_at"],
            "address_hash": f"{rng.getrandbits(256):064x}" if method != "paper" else "",
            "document_sha256": document_hash(document), "document": canonical(document),
            "drawing": _drawing(rng) if method == "drawn" else "",
            "scan_sha256": f"{rng.getrandbits(256):064x}" if method == "paper" else "",
            "scan_name": "signed-change-order.pdf" if method == "paper" else "",
            "scan_type": "application/pdf" if method == "paper" else "",
            "recorded_by": 1 if method == "paper" else None,
        })  # fmt: skip

    def emails(self) -> list[dict]:
        """The change order e-mails with their links, in the outbox's columns."""
        rows = []
        for item in self.rows.pop("email"):
            job, co = item["job"], item["change_order"]
            at = co["created_at"]
            rows.append({
                "to": job["customer_email"], "reply_to": "", "subject": "Change order",
                "html": "<p>.</p>", "text": ".", "kind": "change_order", "about_kind": "job",
                "about_id": job["id"], "idempotency_key": f"change-order-{co['id']}",
                "status": "sent", "attempts": 1, "next_attempt_at": at, "claim_token": "",
                "last_error": "", "provider_id": f"re_co_{co['id']}", "created_at": at,
                "sent_at": at, "delivery": "delivered", "delivery_at": at, "delivery_detail": "",
            })  # fmt: skip
        return rows


def make_jobs(
    rng: random.Random, today: date, customers, addresses, invoices, n_jobs: int, n_sign: int
) -> tuple[dict[str, list[dict]], dict]:
    """The rows of `n_jobs` jobs, by table (the invoices they bill are updated in place), and
    what the bench opens: the job numbers of busy job pages, the change orders to sign (the
    first on the job `signed_job`)."""
    maker = JobMaker(rng, today, customers, addresses)
    runs = sorted(rng.sample(_runs(invoices), n_jobs), key=lambda run: run[0]["id"])
    for job_id, run in enumerate(runs, start=1):
        maker.add_job(job_id, run)
    # Fresh change orders waiting for the owner on open jobs, one per signature timed.
    to_sign = []
    numbers = defaultdict(int)
    for co in maker.rows["change_order"]:
        numbers[co["job_id"]] = max(numbers[co["job_id"]], co["number"])
    for i in range(n_sign):
        job = maker.open_jobs[i % len(maker.open_jobs)]
        numbers[job["id"]] += 1
        at = maker.now - timedelta(days=1)
        value = job["contract_cents"]
        co, _ = maker.add_change_order(job, numbers[job["id"]], value, at, "sent", False)
        to_sign.append(co["id"])
    per_job = defaultdict(int)
    for co in maker.rows["change_order"]:
        per_job[co["job_id"]] += 1
    invoiced = defaultdict(int)
    for stage in maker.rows["job_stage"]:
        invoiced[stage["job_id"]] += stage["invoice_id"] is not None
    busy = [  # the newest first: open jobs with change orders waiting, and just closed ones
        job["number"]
        for job in reversed(maker.rows["job"])
        if per_job[job["id"]] >= 4 and invoiced[job["id"]] >= 2
    ]
    emails = maker.emails()
    rows = {**maker.rows, "outbox_email": emails}
    rows["job_counter"] = [{"year": y, "last_number": n} for y, n in maker.counters["job"].items()]
    rows["estimate_counter"] = [
        {"year": y, "last_number": n} for y, n in maker.counters["estimate"].items()
    ]
    picks = {"busy_jobs": busy, "to_sign": to_sign, "signed_job": maker.open_jobs[0]["number"]}
    return rows, picks
