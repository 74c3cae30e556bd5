"""GET /api/exports/{kind}.csv: staff only, a checked date range, and the same numbers as the
dashboard (owed, received this month)."""

import csv
import io
from datetime import UTC, date, datetime

import pytest
import time_machine

from renovation_app.models import Role
from renovation_app.services import invoicing
from renovation_app.services.dashboard import dashboard
from tests.factories import invoice_payload, record_payment, sign_in, staff_user

TODAY = date(2026, 11, 25)
RANGE = "from=2026-01-01&to=2026-12-31"


def rows(answer) -> list[dict]:
    return list(csv.DictReader(io.StringIO(answer.text)))


def made(user, token: str, price: str, name: str = "Ann Customer") -> str:
    raw = invoice_payload(
        name=name, email=f"{token}@example.com", due_date="2026-12-01", price=price
    )
    return invoicing.create_invoice(invoicing.validate_invoice(raw), user.id, token).number


@pytest.mark.parametrize("cookie", [None, "forged-token"])
def test_signed_out_or_forged_sessions_export_nothing(client, cookie):
    if cookie:
        client.cookies.set("staff_session", cookie)
    for kind in ("invoices", "payments", "customers"):
        assert client.get(f"/api/exports/{kind}.csv?{RANGE}").status_code == 401


def test_a_bad_range_or_kind_is_refused_with_a_message(staff_client):
    for query in ("", "from=2026-12-31&to=2026-01-01", "from=yesterday&to=2026-01-01"):
        answer = staff_client.get(f"/api/exports/invoices.csv?{query}")
        assert answer.status_code == 422 and "YYYY-MM-DD" in answer.json()["error"]
    assert staff_client.get(f"/api/exports/users.csv?{RANGE}").status_code == 404


def test_the_csvs_hold_the_dashboards_numbers(client, staff):
    with time_machine.travel(datetime(2026, 11, 20, 15, tzinfo=UTC), tick=False):
        first = made(staff, "one", "1000")
        made(staff, "two", "2500.50", name="=HYPERLINK(evil)")
        record_payment(
            first, staff, method="zelle", amount="400", received_on="2026-11-20", reference="Z1"
        )
    with time_machine.travel(datetime(TODAY.year, TODAY.month, TODAY.day, 15, tzinfo=UTC)):
        sign_in(client, staff.email)  # a session of this (frozen) day
        board = dashboard()
        invoices = client.get(f"/api/exports/invoices.csv?{RANGE}")
        received = client.get("/api/exports/payments.csv?from=2026-11-01&to=2026-11-30")
        people = client.get(f"/api/exports/customers.csv?{RANGE}")
    assert invoices.headers["content-type"].startswith("text/csv")
    assert (
        'filename="invoices-2026-01-01-to-2026-12-31.csv"'
        in invoices.headers["content-disposition"]
    )
    lines = rows(invoices)
    assert [r["number"] for r in lines] == [first, "2026-0002"]
    owed = sum(round(float(r["balance_due"]) * 100) for r in lines)
    assert owed == board.owed.cents == (600 + 2500.50) * 100
    assert lines[1]["customer"] == "'=HYPERLINK(evil)"  # never run as a formula
    [payment] = rows(received)
    assert round(float(payment["amount"]) * 100) == board.paid_this_month.cents == 400_00
    assert (payment["invoice"], payment["method"], payment["reference"]) == (first, "zelle", "Z1")
    assert sorted(r["name"] for r in rows(people)) == ["'=HYPERLINK(evil)", "Ann Customer"]


def test_the_audit_log_csv_is_for_admins_and_its_download_is_itself_audited(client, staff):
    sign_in(client, staff.email)
    assert client.get("/api/exports/audit.csv").status_code == 403  # staff, not admin
    client.cookies.clear()
    assert client.get("/api/exports/audit.csv").status_code == 401
    boss = staff_user(Role.ADMIN, name="Bo Boss", email="boss@example.com")
    sign_in(client, boss.email)  # asserts the 200
    answer = client.get("/api/exports/audit.csv?person=sam")
    assert answer.status_code == 200 and "attachment" in answer.headers["content-disposition"]
    exported = rows(answer)
    assert [(r["Action"], r["Person"]) for r in exported] == [
        ("sign_in", "Sam Staff <sam@example.com>")
    ]
    again = rows(client.get("/api/exports/audit.csv?person=boss"))
    assert [r["Action"] for r in again] == ["sign_in", "export.audit", "export.audit"]


def test_every_export_leaves_one_audit_row(staff_client, staff):
    from sqlmodel import select

    from renovation_app.db import db_session
    from renovation_app.models import AuditEvent

    assert staff_client.get(f"/api/exports/payments.csv?{RANGE}").status_code == 200
    with db_session() as session:
        rows_ = session.exec(select(AuditEvent).where(AuditEvent.action == "export.payments"))
        [row] = rows_.all()
    assert row.user_id == staff.id and row.detail == "2026-01-01 to 2026-12-31"
    assert row.client_hash  # the client, hashed
