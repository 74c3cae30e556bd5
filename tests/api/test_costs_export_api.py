"""GET /api/exports/costs.csv: the job costs for the accountant, staff only, by the day each was
incurred: every cost that counts once (a deleted one never), its job, amounts as the other
exports write them, and never a crew day's hours or loaded rate."""

import csv
import io
from datetime import date

import pytest

from renovation_app.db import db_session
from renovation_app.models import CostKind, Job, JobCost, utc_now
from renovation_app.services import jobs
from renovation_app.services.dashboard import exports
from tests.factories import signed_in
from tests.factories.subcontractors import subcontractor_of

RANGE = "from=2026-01-01&to=2026-12-31"
HEADER = [
    "date",
    "job",
    "job_title",
    "kind",
    "category",
    "payee",
    "description",
    "amount",
    "tax",
    "total",
    "paid_on",
    "paid_how",
    "reference",
    "subcontractor_licence",
]


def rows(answer) -> list[dict]:
    return list(csv.DictReader(io.StringIO(answer.text)))


def small_job(user, title: str, token: str) -> Job:
    work = {
        "name": "Lee Chan",
        "email": "lee@example.com",
        "phone": "",
        "title": title,
        "address": "5 Court St, Brooklyn",
        "price": "300",
        "tax_category": "repair",
        "tax_area": "nyc",
    }
    return jobs.create_small_job(jobs.validate_small_work(work), signed_in(user), token)


def cost(job: Job, user, day: date, cents: int, **fields) -> JobCost:
    values = {
        "kind": CostKind.PURCHASE,
        "category": "materials",
        "payee": "Home Depot",
        "paid_on": day,
        "paid_how": "card",
        **fields,
    }
    with db_session() as session:
        row = JobCost(
            job_id=job.id, author_id=user.id, incurred_on=day, amount_cents=cents, **values
        )
        session.add(row)
        session.commit()
        session.refresh(row)
        return row


@pytest.fixture
def costs(staff):
    """A faucet job and a tub job: tile ($120.50 + $10.69 tax, Mar 3), Gowanus Plumbing's bill
    ($1,500, Mar 5, paid by check 1042), a crew day (8 h at a loaded $45.17/h, Mar 5), a vendor
    credit (-$20, Jun 1), a deleted $999 (Mar 4), and last year's $75 (Dec 31, 2025)."""
    faucet = small_job(staff, "Replace the faucet", "job-1")
    tub = small_job(staff, "=Reglaze the tub", "job-2")
    plumber = subcontractor_of("Gowanus Plumbing LLC", staff, licence_number="2088888-DCA")
    cost(faucet, staff, date(2026, 3, 3), 120_50, tax_cents=10_69, description="Tile and grout")
    cost(
        tub,
        staff,
        date(2026, 3, 5),
        1_500_00,
        kind=CostKind.SUB_BILL,
        category="subcontractor",
        payee=plumber.company,
        subcontractor_id=plumber.id,
        paid_on=date(2026, 3, 20),
        paid_how="check",
        paid_reference="1042",
        description="Rough-in",
    )
    cost(
        faucet,
        staff,
        date(2026, 3, 5),
        361_36,
        kind=CostKind.LABOUR,
        category="labour",
        payee="Sam Staff",
        worker_id=staff.id,
        hours_milli=8000,
        hourly_cost_cents=45_17,
        paid_how="payroll",
    )
    cost(tub, staff, date(2026, 6, 1), -20_00, credit=True, description="Returned grout")
    gone = cost(faucet, staff, date(2026, 3, 4), 999_00)
    with db_session() as session:
        row = session.get(JobCost, gone.id)
        row.deleted_at = utc_now()
        session.add(row)
        session.commit()
    cost(faucet, staff, date(2025, 12, 31), 75_00)
    return faucet, tub


@pytest.mark.parametrize("cookie", [None, "forged-token"])
def test_signed_out_or_forged_sessions_get_no_costs(client, costs, cookie):
    if cookie:
        client.cookies.set("staff_session", cookie)
    answer = client.get(f"/api/exports/costs.csv?{RANGE}")
    assert answer.status_code == 401 and "Gowanus" not in answer.text


def test_each_cost_that_counts_is_one_row_in_day_order_with_its_job(staff_client, costs):
    faucet, tub = costs
    answer = staff_client.get(f"/api/exports/costs.csv?{RANGE}")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/csv")
    assert 'filename="costs-2026-01-01-to-2026-12-31.csv"' in answer.headers["content-disposition"]
    assert answer.text.splitlines()[0].split(",") == HEADER
    got = [
        (r["date"], r["job"], r["kind"], r["amount"], r["tax"], r["total"]) for r in rows(answer)
    ]
    assert got == [
        ("2026-03-03", faucet.number, "Purchase", "120.50", "10.69", "131.19"),
        ("2026-03-05", tub.number, "Subcontractor bill", "1500.00", "0.00", "1500.00"),
        ("2026-03-05", faucet.number, "Crew day", "361.36", "0.00", "361.36"),
        ("2026-06-01", tub.number, "Purchase", "-20.00", "0.00", "-20.00"),
    ]
    total = sum(round(float(r["total"]) * 100) for r in rows(answer))
    assert total == 131_19 + 1_500_00 + 361_36 - 20_00
    bill = rows(answer)[1]
    assert bill == {
        "date": "2026-03-05",
        "job": tub.number,
        "job_title": "'=Reglaze the tub",
        "kind": "Subcontractor bill",
        "category": "Subcontractor",
        "payee": "Gowanus Plumbing LLC",
        "description": "Rough-in",
        "amount": "1500.00",
        "tax": "0.00",
        "total": "1500.00",
        "paid_on": "2026-03-20",
        "paid_how": "Check",
        "reference": "1042",
        "subcontractor_licence": "2088888-DCA",
    }
    tile = rows(answer)[0]
    assert (tile["paid_how"], tile["subcontractor_licence"]) == ("Business card", "")


def test_a_deleted_cost_and_the_loaded_rate_are_never_exported(staff_client, costs):
    text = staff_client.get(f"/api/exports/costs.csv?{RANGE}").text
    assert "999.00" not in text  # deleted
    assert "45.17" not in text and "8000" not in text  # the crew day's rate and hours
    assert not {"rate", "hourly_cost", "hours"} & set(text.splitlines()[0].split(","))


def test_the_range_is_the_days_the_costs_were_incurred_both_ends_included(staff_client, costs):
    march = rows(staff_client.get("/api/exports/costs.csv?from=2026-03-03&to=2026-03-05"))
    assert [r["date"] for r in march] == ["2026-03-03", "2026-03-05", "2026-03-05"]
    late = rows(staff_client.get("/api/exports/costs.csv?from=2026-03-04&to=2026-05-31"))
    assert [r["kind"] for r in late] == ["Subcontractor bill", "Crew day"]
    last_year = rows(staff_client.get("/api/exports/costs.csv?from=2025-12-31&to=2025-12-31"))
    assert [r["total"] for r in last_year] == ["75.00"]
    refused = staff_client.get("/api/exports/costs.csv?from=2026-12-31&to=2026-01-01")
    assert refused.status_code == 422


def test_batches_follow_each_other_without_losing_or_repeating_a_cost(
    staff_client, costs, monkeypatch
):
    """Rows of one day across the end of a batch: the next starts after the last (day, id)."""
    whole = staff_client.get("/api/exports/costs.csv?from=2025-01-01&to=2026-12-31").text
    monkeypatch.setattr(exports, "BATCH", 1)
    one_by_one = staff_client.get("/api/exports/costs.csv?from=2025-01-01&to=2026-12-31").text
    assert one_by_one == whole and len(whole.splitlines()) == 1 + 5


def test_the_export_leaves_an_audit_row(staff_client, staff, costs):
    from sqlmodel import select

    from renovation_app.models import AuditEvent

    assert staff_client.get(f"/api/exports/costs.csv?{RANGE}").status_code == 200
    with db_session() as session:
        [row] = session.exec(select(AuditEvent).where(AuditEvent.action == "export.costs")).all()
    assert row.user_id == staff.id and row.detail == "2026-01-01 to 2026-12-31"
