"""The busy office's job costs (bench/office_scale.py): about 200,000 costs over its 5,000 jobs,
the crew whose days they are and 60 subcontractors, as plain rows for bulk inserts; and the
costs' timed calls (measure_costs).

Every contract and change order line gets a unit cost (60-80 % of its price, the job's own
ratio), so each job has its estimated cost by category. A job then costs its estimate as far as
its work has been billed (80-100 % of it); one job in eight has run 10-40 % over in one
category, and a third hired equipment nobody estimated. The costs are that money in items of a
usual size, about 200,000 in all, dated within the job's life (from its making to its
substantial completion, or today): crew days of 20 workers at their loaded hourly cost (set on
their accounts), paid by payroll; purchases (materials with the city's 8.875 % sales tax, four
in ten with a receipt photographed, 2 % of them a vendor's credit; permits; disposal;
equipment hire); and subcontractors' bills, paid by check or transfer ten days to two months
later (half of an open job's bills of the last three months not yet). Each paid bill has its
lien waiver, its link and its e-mail; nine in ten older waivers are signed (typed, drawn, a few
on paper), a third of the newer ones. One purchase or crew day in a hundred was deleted
(entered twice). The subcontractors renew both certificates every year; their newest lapse
within the year (some within the month), and every twentieth let its workers' compensation
lapse (its bills paid since confirm the lapse). The ten-year job (office_jobs.LONG_CUSTOMER's)
gets its costs the same way: about 3,200.
"""

import random
from collections import defaultdict
from datetime import UTC, date, datetime, time, timedelta
from types import SimpleNamespace

from bench.office_jobs import LONG_CUSTOMER, drawing, link_row
from renovation_app import models as m
from renovation_app.services.costs.budget import line_cost
from renovation_app.services.costs.entry import labour_cost
from renovation_app.services.estimates.document import canonical, document_hash

N_WORKERS, N_SUBS = 20, 60
TAXED = ("materials", "equipment", "other")  # 8.875 %; permits and disposal fees are not
# A usual item of each category, in cents: how a category's money is split into costs.
ITEM_CENTS = {
    "labour": 40_000,
    "materials": 15_000,
    "subcontractor": 90_000,
    "permits": 30_000,
    "disposal": 45_000,
    "equipment": 25_000,
    "other": 10_000,
}
VENDORS = {
    "materials": [
        "Home Depot",
        "Lowe's",
        "Feldman Lumber",
        "Tile Bar",
        "Ferguson",
        "Build It Green",
    ],
    "permits": ["NYC Department of Buildings", "NYC DOT", "Con Edison"],
    "disposal": ["Brooklyn Dumpster Co.", "Queens Carting"],
    "equipment": ["Sunbelt Rentals", "United Rentals"],
    "other": ["Staples", "Parking and tolls"],
}
WHAT = {
    "materials": [
        "Lumber and plywood",
        "Drywall and compound",
        "Tile and thinset",
        "Plumbing fittings",
        "Wire, boxes and breakers",
        "Paint and primer",
    ],
    "permits": ["Alteration permit", "Sidewalk shed permit", "Gas shut-off"],
    "disposal": ["20-yard dumpster", "Debris removal"],
    "equipment": ["Scaffold, one week", "Floor sander, two days", "Mini excavator, one day"],
    "other": ["Site supplies", "Parking"],
    "labour": ["Demolition", "Framing", "Drywall", "Tile setting", "Trim and paint", "Clean-up"],
}
TRADES = ["Plumbing", "Electrical", "HVAC", "Masonry", "Roofing", "Flooring", "Glazing"]
FIRST = ["Hector", "Wei", "Tomasz", "Jamal", "Grace", "Nikos", "Fatima", "Ray", "Lena", "Oscar"]
LAST = ["Alvarez", "Chen", "Kowalski", "Brooks", "Adeyemi", "Papadakis", "Singh", "Walsh"]
LAPSE = "Workers' compensation insurance lapsed on {}."
COST = {  # every column of a job_cost row, so the bulk insert gets the same keys each time
    "subcontractor_id": None,
    "worker_id": None,
    "hours_milli": 0,
    "hourly_cost_cents": 0,
    "tax_cents": 0,
    "credit": False,
    "due_on": None,
    "paid_on": None,
    "paid_how": "",
    "paid_reference": "",
    "funded_by_payment_id": None,
    "lapse_confirmed": "",
    "receipt_sha256": "",
    "receipt_name": "",
    "receipt_type": "",
    "author_id": 1,
    "form_token": None,
    "updated_at": None,
    "deleted_at": None,
    "deleted_reason": "",
}


def on_day(day: date) -> datetime:
    return datetime.combine(day, time(14), tzinfo=UTC)  # 9 or 10 am in New York


def workers(rng: random.Random, start: datetime) -> list[dict]:
    """The crew: staff accounts (ids 2-21) with their loaded hourly cost, $38.00-$78.50."""
    return [
        {
            "id": n + 2,
            "email": f"crew{n + 1}@example.com",
            "password_hash": "x",
            "name": f"{FIRST[n % len(FIRST)]} {LAST[n % len(LAST)]}",
            "role": "staff",
            "active": True,
            "created_at": start,
            "hourly_cost_cents": rng.randint(38, 78) * 100 + rng.choice((0, 50)),
        }
        for n in range(N_WORKERS)
    ]


def subcontractors(rng: random.Random, start: datetime, today: date):
    """The subcontractors, their certificates (both kinds, renewed yearly) and the day each
    lapsed sub's workers' compensation lapsed."""
    subs, certificates, lapsed = [], [], {}
    for sid in range(1, N_SUBS + 1):
        trade = TRADES[sid % len(TRADES)]
        subs.append(
            {
                "id": sid,
                "company": f"{rng.choice(LAST)} {trade} {sid}",
                "trade": trade,
                "contact_name": f"{rng.choice(FIRST)} {rng.choice(LAST)}",
                "active": True,
                "email": f"sub{sid}@example.com",
                "phone": f"(347) 555-{sid:04d}",
                "licence_number": f"{rng.randint(1_000_000, 2_200_000)}-DCA",
                "created_at": start,
            }
        )
        renewed = start.date() + timedelta(days=rng.randint(0, 364))
        while renewed <= today:
            expires = renewed + timedelta(days=365)
            for kind in ("general_liability", "workers_comp"):
                if kind == "workers_comp" and sid % 20 == 0 and expires > today:
                    lapsed[sid] = renewed  # not renewed: it lapsed on its last expiry
                    continue
                warned = expires - timedelta(days=30)
                certificates.append(
                    {
                        "subcontractor_id": sid,
                        "kind": kind,
                        "expires_on": expires,
                        "file_sha256": f"{rng.getrandbits(256):064x}",
                        "file_name": "certificate.pdf",
                        "file_type": "application/pdf",
                        "uploaded_by": 1,
                        "uploaded_at": on_day(renewed - timedelta(days=3)),
                        "warned_at": on_day(warned) if warned <= today else None,
                    }
                )
            renewed = expires
    return subs, certificates, lapsed


def price_lines(rng: random.Random, rows: dict) -> dict[int, dict[str, int]]:
    """Gives the contract and change order lines their unit cost; returns each job's estimated
    cost by category (its chosen contract lines and signed change orders: budget.py's rule)."""
    ratio = {job["id"]: rng.uniform(0.6, 0.8) for job in rows["job"]}  # estimate id = job id
    estimated: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    orders = {co["id"]: co for co in rows["change_order"]}
    lines = [(line["estimate_id"], True, line) for line in rows["estimate_line"]] + [
        (
            orders[line["change_order_id"]]["job_id"],
            orders[line["change_order_id"]]["status"] == "signed",
            line,
        )
        for line in rows["change_order_line"]
    ]
    for job_id, counts, line in lines:
        line["unit_cost_cents"] = round(abs(line["unit_price_cents"]) * ratio[job_id])
        if counts and line["chosen"]:
            estimated[job_id][line["cost_category"]] += line_cost(SimpleNamespace(**line))
    return estimated


def billed_share(rows: dict) -> dict[int, float]:
    """How far each job's work has gone: the share of its stages already billed."""
    billed, total = defaultdict(int), defaultdict(int)
    for stage in rows["job_stage"]:
        total[stage["job_id"]] += stage["amount_cents"]
        billed[stage["job_id"]] += stage["amount_cents"] if stage["invoice_id"] else 0
    return {j: min(max(billed[j] / total[j], 0.1), 1.0) if total[j] > 0 else 1.0 for j in total}


def spent(rng: random.Random, estimated: dict[str, int], share: float) -> dict[str, int]:
    """What a job has cost by category so far (with tax)."""
    actual = {
        c: round(cents * share * rng.uniform(0.8, 1.0))
        for c, cents in estimated.items()
        if cents > 0
    }
    if actual and rng.random() < 0.125:  # over in one category, whatever the work left
        category = rng.choice(sorted(actual))
        actual[category] = round(estimated[category] * rng.uniform(1.1, 1.4))
    if rng.random() < 0.3:
        actual["equipment"] = round(sum(estimated.values()) * share * rng.uniform(0.01, 0.03))
    return actual


def split(rng: random.Random, cents: int, parts: int) -> list[int]:
    weights = [rng.uniform(0.5, 1.5) for _ in range(parts)]
    return [round(cents * w / sum(weights)) for w in weights]


def sub_bill_document(job: dict, sub: dict, cost: dict) -> dict:
    """What the subcontractor signed (as services/lien_waivers/document.py builds it, in short)."""
    return {
        "title": "Waiver and release of lien upon payment",
        "subcontractor": sub["company"],
        "amount": cost["amount_cents"],
        "paid_on": cost["paid_on"].isoformat(),
        "how": f"{cost['paid_how']} {cost['paid_reference']}",
        "address": job["address"],
        "job": job["number"],
        "licence": sub["licence_number"],
        "bill": cost["description"],
    }


class CostMaker:
    """The rows of the costs, job by job, by table in `rows` (in the order they are written)."""

    def __init__(self, rng: random.Random, today: date, crew: list[dict], subs, lapsed) -> None:
        self.rng, self.today, self.crew, self.subs, self.lapsed = rng, today, crew, subs, lapsed
        self.rows: dict[str, list[dict]] = {
            "job_cost": [],
            "signature": [],
            "lien_waiver": [],
            "customer_link": [],
            "outbox_email": [],
        }
        self.first_signature = 1

    def add_job(self, job: dict, actual: dict[str, int], per_item: float) -> None:
        """The job's costs: each category's money in items of about ITEM_CENTS / per_item."""
        rng = self.rng
        first = job["created_at"].date()
        span = max(((job["substantially_complete_on"] or self.today) - first).days, 0)
        subs, crew = rng.sample(self.subs, rng.randint(1, 3)), rng.sample(self.crew, 4)
        for category, cents in actual.items():
            if cents <= 0:
                continue
            for part in split(rng, cents, max(1, round(cents / ITEM_CENTS[category] * per_item))):
                day = first + timedelta(days=rng.randint(0, span))
                if category == "labour":
                    cost = self._crew_day(rng.choice(crew), day, part)
                elif category == "subcontractor":
                    cost = self._sub_bill(job, rng.choice(subs), day, part)
                else:
                    cost = self._purchase(category, day, part)
                cost.update(
                    id=len(self.rows["job_cost"]) + 1,
                    job_id=job["id"],
                    category=category,
                    incurred_on=day,
                    created_at=on_day(day),
                )
                if cost["kind"] != "sub_bill" and rng.random() < 0.01:
                    cost.update(
                        deleted_at=on_day(day) + timedelta(days=1), deleted_reason="Entered twice"
                    )
                self.rows["job_cost"].append(cost)
                if cost["paid_on"] and cost["kind"] == "sub_bill":
                    self._waiver(job, self.subs[cost["subcontractor_id"] - 1], cost)

    def _crew_day(self, worker: dict, day: date, part: int) -> dict:
        rate, rng = worker["hourly_cost_cents"], self.rng
        hours = min(max(round(part * 4 / rate), 4), 48) * 250  # 1 to 12 hours, by quarters
        return {
            **COST,
            "kind": "labour",
            "payee": worker["name"],
            "description": rng.choice(WHAT["labour"]),
            "worker_id": worker["id"],
            "amount_cents": labour_cost(hours, rate),
            "hours_milli": hours,
            "hourly_cost_cents": rate,
            "paid_on": day,
            "paid_how": "payroll",
        }

    def _purchase(self, category: str, day: date, part: int) -> dict:
        rng = self.rng
        taxed = category in TAXED
        amount = round(part / 1.08875) if taxed else part
        tax = (amount * 8875 + 50_000) // 100_000 if taxed else 0
        credit = category == "materials" and rng.random() < 0.02
        sign, what = -1 if credit else 1, rng.choice(WHAT[category])
        receipt, how = rng.random() < 0.4, rng.choice(("card", "card", "card", "check", "cash"))
        return {
            **COST,
            "kind": "purchase",
            "payee": rng.choice(VENDORS[category]),
            "description": f"Returned: {what}" if credit else what,
            "amount_cents": sign * amount,
            "tax_cents": sign * tax,
            "credit": credit,
            "paid_on": day,
            "paid_how": how,
            "paid_reference": str(rng.randint(1000, 9999)) if how == "check" else "",
            "receipt_sha256": f"{rng.getrandbits(256):064x}" if receipt else "",
            "receipt_name": "receipt.jpg" if receipt else "",
            "receipt_type": "image/jpeg" if receipt else "",
        }

    def _sub_bill(self, job: dict, sub: dict, day: date, part: int) -> dict:
        rng = self.rng
        paid_on = day + timedelta(days=rng.randint(10, 60))
        recent = job["substantially_complete_on"] is None and (self.today - day).days < 90
        if paid_on > self.today or (recent and rng.random() < 0.5):
            paid_on = None
        how = rng.choice(("check", "check", "ach")) if paid_on else ""
        lapse = self.lapsed.get(sub["id"])
        return {
            **COST,
            "kind": "sub_bill",
            "payee": sub["company"],
            "description": f"{sub['trade']}, invoice {rng.randint(100, 9999)}",
            "amount_cents": part,
            "subcontractor_id": sub["id"],
            "due_on": day + timedelta(days=30),
            "paid_on": paid_on,
            "paid_how": how,
            "paid_reference": str(rng.randint(1000, 9999)) if how == "check" else "",
            "lapse_confirmed": LAPSE.format(lapse)
            if paid_on and lapse and paid_on >= lapse
            else "",
        }

    def _waiver(self, job: dict, sub: dict, cost: dict) -> None:
        """The paid bill's waiver, its link and e-mail; signed, as most older ones are."""
        rng, paid = self.rng, cost["paid_on"]
        waiver_id, made = len(self.rows["lien_waiver"]) + 1, on_day(paid)
        signature_id = None
        if rng.random() < (0.9 if (self.today - paid).days > 60 else 0.35):
            signed = min(paid + timedelta(days=rng.randint(1, 20)), self.today)
            signature_id = self._signature(job, sub, cost, waiver_id, on_day(signed))
        self.rows["lien_waiver"].append(
            {
                "id": waiver_id,
                "cost_id": cost["id"],
                "job_id": job["id"],
                "subcontractor_id": sub["id"],
                "amount_cents": cost["amount_cents"],
                "paid_on": paid,
                "created_at": made,
                "signature_id": signature_id,
            }
        )
        self.rows["customer_link"].append(link_row(m.CustomerLinkKind.LIEN_WAIVER, waiver_id, made))
        self.rows["outbox_email"].append(
            {
                "to": sub["email"],
                "reply_to": "",
                "subject": "Lien waiver",
                "html": "<p>.</p>",
                "text": ".",
                "kind": "lien_waiver",
                "about_kind": "job",
                "about_id": job["id"],
                "idempotency_key": f"lien-waiver-{waiver_id}",
                "status": "sent",
                "attempts": 1,
                "next_attempt_at": made,
                "claim_token": "",
                "last_error": "",
                "provider_id": f"re_lw_{waiver_id}",
                "created_at": made,
                "sent_at": made,
                "delivery": "delivered",
                "delivery_at": made,
                "delivery_detail": "",
            }
        )

    def _signature(self, job: dict, sub: dict, cost: dict, waiver_id: int, at: datetime) -> int:
        rng = self.rng
        method = rng.choices(("typed", "drawn", "paper"), weights=(60, 32, 8))[0]
        document = sub_bill_document(job, sub, cost)
        signature_id = self.first_signature + len(self.rows["signature"])
        paper = method == "paper"
        self.rows["signature"].append(
            {
                "id": signature_id,
                "kind": "lien_waiver",
                "record_id": waiver_id,
                "method": method,
                "signer_name": sub["contact_name"],
                "signed_at": at,
                "address_hash": "" if paper else f"{rng.getrandbits(256):064x}",
                "document_sha256": document_hash(document),
                "document": canonical(document),
                "drawing": drawing(rng) if method == "drawn" else "",
                "scan_sha256": f"{rng.getrandbits(256):064x}" if paper else "",
                "scan_name": "signed-lien-waiver.pdf" if paper else "",
                "scan_type": "application/pdf" if paper else "",
                "recorded_by": 1 if paper else None,
            }
        )
        return signature_id


def make_costs(
    rng: random.Random, today: date, start: datetime, rows: dict, n_costs: int, n_pick: int
) -> tuple[dict[str, list[dict]], dict, dict]:
    """The cost rows by table, in the order to write them (the contract and change order lines
    of `rows`, the jobs' rows, get their unit costs here, so make them before writing those);
    what the bench opens (`cost_jobs`: the n_pick jobs with the most costs, the ten-year job
    aside); and the counts."""
    estimated, share = price_lines(rng, rows), billed_share(rows)
    actual = {job["id"]: spent(rng, estimated[job["id"]], share[job["id"]]) for job in rows["job"]}
    items = sum(c / ITEM_CENTS[k] for spend in actual.values() for k, c in spend.items() if c > 0)
    crew = workers(rng, start)
    subs, certificates, lapsed = subcontractors(rng, start, today)
    maker = CostMaker(rng, today, crew, subs, lapsed)
    maker.first_signature = len(rows["signature"]) + 1
    for job in rows["job"]:
        maker.add_job(job, actual[job["id"]], n_costs / items)
    made = maker.rows
    per_job = defaultdict(int)
    for cost in made["job_cost"]:
        per_job[cost["job_id"]] += cost["deleted_at"] is None
    long_id = next(job["id"] for job in rows["job"] if job["customer_id"] == LONG_CUSTOMER)
    busy = sorted((j for j in per_job if j != long_id), key=lambda j: (-per_job[j], j))[:n_pick]
    number = {job["id"]: job["number"] for job in rows["job"]}
    picks = {
        "cost_jobs": [number[j] for j in busy],
        "cost_counts": [per_job[j] for j in busy],
        "long_job_costs": per_job[long_id],
    }
    tables = {"user": crew, "subcontractor": subs, "insurance_certificate": certificates, **made}
    return tables, picks, cost_counts(tables)


def cost_counts(tables: dict[str, list[dict]]) -> dict[str, int]:
    costs = tables["job_cost"]
    return {
        "costs": len(costs),
        "crew_days": sum(c["kind"] == "labour" for c in costs),
        "purchases": sum(c["kind"] == "purchase" for c in costs),
        "sub_bills": sum(c["kind"] == "sub_bill" for c in costs),
        "unpaid_sub_bills": sum(c["kind"] == "sub_bill" and not c["paid_on"] for c in costs),
        "credits": sum(c["credit"] for c in costs),
        "deleted": sum(c["deleted_at"] is not None for c in costs),
        "receipts": sum(bool(c["receipt_sha256"]) for c in costs),
        "lien_waivers_signed": len(tables["signature"]),
    }


def measure_costs(add, picks: dict) -> None:
    """The costs' timed calls (office_scale.measure's `add`): a job's staff pages as they load
    them (the job page with its costs card, and its costs page with the budget), on the jobs
    with the most costs and on the ten-year job; the ten-year job's trust books, from its first
    day to today (the page's default)."""
    from renovation_app.services import costs, jobs
    from renovation_app.services.trust_books import trust_books_view

    def with_costs(number: str) -> tuple:
        return jobs.get_job(number), costs.get_budget(number), costs.get_job_costs(number, _owner())

    busy, ten_years, counted = picks["cost_jobs"], picks["long_job"], picks["cost_counts"]
    check_costs(*with_costs(busy[0]))
    name = f"job page and costs page ({min(counted)}-{max(counted)} costs)"
    add(name, "costs", lambda n: with_costs(busy[n % len(busy)]))
    check_costs(*with_costs(ten_years))
    name = f"  the ten-year job ({picks['long_job_costs']:,} costs)"
    add(name, "costs", lambda _n: with_costs(ten_years))
    books = trust_books_view(ten_years)
    assert books.start <= "2016-11-26" and books.opening_cents == 0, books.start
    assert books.closing_cents == books.received_cents - books.paid_cents
    print(
        f"  trust books of {books.number}: {len(books.received_rows)} received, "
        f"{len(books.paid_rows)} paid, {len(books.payable_rows)} payable, from {books.start}"
    )
    add(
        "trust books, the ten-year job (first day to today)",
        "trust",
        lambda _n: trust_books_view(ten_years),
    )


def _owner():
    from renovation_app.models import Role
    from renovation_app.services.staff import SignedInUser

    return SignedInUser(1, "owner@example.com", "Owner", Role.ADMIN, True)  # sees the rates


def check_costs(view, budget: dict, page) -> None:
    """The job's costs add up as its budget counts them (the card and the costs page agree);
    the page lists the newest and counts the rest."""
    from renovation_app.services import costs

    assert view is not None and page is not None and page.rows, page
    assert budget == page.budget
    every = page if not page.older else costs.get_job_costs(page.number, _owner(), show_all=True)
    assert len(every.rows) == len(page.rows) + page.older, page.number
    assert sum(row.total_cents for row in every.rows) == budget["actual_cents"], page.number
