"""GET /jobs/{number}/trust-books.pdf and .csv: staff only, a checked period, a 404 for an
unknown job, an audit row per download, and the CSV's figures are the service's."""

import csv
import io
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import (
    AuditEvent,
    CostKind,
    Invoice,
    Job,
    JobCost,
    Payment,
    PaymentMethod,
    PaymentStatus,
)
from renovation_app.services import trust_books

PERIOD = "from=2026-03-01&to=2026-03-31"


def a_job(author_id: int) -> Job:
    """J-2026-0007: a $6,000 invoice paid $2,500 by check before March and $1,000 by card in
    March (late at night in New York: already April 1 in UTC); $4,200 of costs paid in March
    and a $300 vendor credit."""
    with db_session() as session:
        job = Job(
            number="J-2026-0007",
            year=2026,
            title="Basement",
            customer_name="=Ann Owner",
            customer_email="ann@example.com",
            address="5 Elm St, Queens, NY",
            contract_cents=6000_00,
            author_id=author_id,
        )
        session.add(job)
        session.flush()
        invoice = Invoice(
            number="2026-0100",
            year=2026,
            customer_name="Ann Owner",
            customer_email="ann@example.com",
            subtotal_cents=6000_00,
            total_cents=6000_00,
            due_date=date(2026, 3, 1),
            status="partially_paid",
            author_id=author_id,
            job_id=job.id,
            sent_at=datetime(2026, 2, 10, 15, tzinfo=UTC),
        )
        session.add(invoice)
        session.flush()
        session.add_all(
            [
                Payment(
                    invoice_id=invoice.id,
                    amount_cents=2500_00,
                    status=PaymentStatus.SUCCEEDED,
                    method=PaymentMethod.CHECK,
                    reference="1001",
                    received_on=date(2026, 2, 20),
                ),
                Payment(
                    invoice_id=invoice.id,
                    amount_cents=1000_00,
                    status=PaymentStatus.SUCCEEDED,
                    payment_intent_id="pi_march",
                    succeeded_at=datetime(2026, 4, 1, 2, tzinfo=UTC),
                ),
                JobCost(
                    job_id=job.id,
                    author_id=author_id,
                    kind=CostKind.SUB_BILL,
                    category="subcontractor",
                    payee="Ace Electric",
                    incurred_on=date(2026, 3, 2),
                    paid_on=date(2026, 3, 20),
                    amount_cents=4200_00,
                ),
                JobCost(
                    job_id=job.id,
                    author_id=author_id,
                    kind=CostKind.PURCHASE,
                    credit=True,
                    category="materials",
                    payee="Lumber Co",
                    incurred_on=date(2026, 3, 25),
                    paid_on=date(2026, 3, 25),
                    amount_cents=-300_00,
                ),
            ]
        )
        session.commit()
        session.refresh(job)
        return job


def cents(text: str) -> int:
    return int(Decimal(text) * 100)


@pytest.mark.parametrize("kind", ["pdf", "csv"])
@pytest.mark.parametrize("cookie", [None, "forged-token"])
def test_signed_out_or_forged_sessions_download_nothing(client, staff, kind, cookie):
    job = a_job(staff.id)
    if cookie:
        client.cookies.set("staff_session", cookie)
    answer = client.get(f"/jobs/{job.number}/trust-books.{kind}?{PERIOD}")
    assert answer.status_code == 401 and "Ann" not in answer.text


def test_bad_dates_are_refused_with_a_message_and_an_unknown_job_is_not_found(staff_client, staff):
    job = a_job(staff.id)
    for query in (
        "",
        "from=2026-03-31&to=2026-03-01",
        "from=march&to=2026-03-31",
        "from=2026-02-30&to=2026-03-31",
        "from=2026-03-01",
    ):
        for kind in ("pdf", "csv"):
            answer = staff_client.get(f"/jobs/{job.number}/trust-books.{kind}?{query}")
            assert answer.status_code == 422 and "YYYY-MM-DD" in answer.json()["error"]
    assert staff_client.get(f"/jobs/J-1999-0404/trust-books.csv?{PERIOD}").status_code == 404
    with db_session() as session:
        assert (
            session.exec(select(AuditEvent).where(AuditEvent.action.like("export.%"))).all() == []
        )


def test_the_csv_holds_the_services_books_and_each_download_is_audited(staff_client, staff):
    job = a_job(staff.id)
    answer = staff_client.get(f"/jobs/{job.number}/trust-books.csv?{PERIOD}")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/csv")
    assert answer.headers["cache-control"] == "no-store"
    assert answer.headers["content-disposition"] == (
        'attachment; filename="trust-books-J-2026-0007-2026-03-01-to-2026-03-31.csv"'
    )
    rows = list(csv.DictReader(io.StringIO(answer.text)))
    with db_session() as session:
        books = trust_books.trust_books(
            session, session.get(Job, job.id), date(2026, 3, 1), date(2026, 3, 31)
        )
    by_section = {
        s: [r for r in rows if r["section"] == s]
        for s in ("received", "paid", "receivable", "payable", "summary")
    }
    assert [(r["date"], r["amount"]) for r in by_section["received"]] == [("2026-03-31", "1000.00")]
    assert sum(cents(r["amount"]) for r in by_section["received"]) == books.received_cents
    assert sum(cents(r["amount"]) for r in by_section["paid"]) == books.paid_cents == 3900_00
    assert [r["party"] for r in by_section["received"]] == ["'=Ann Owner"]  # never a formula
    figures = [cents(r["amount"]) for r in by_section["summary"]]
    assert figures == [
        books.opening_cents,
        books.received_cents,
        books.paid_cents,
        books.closing_cents,
        books.receivable_cents,
        books.payable_cents,
    ]
    assert figures[:4] == [2500_00, 1000_00, 3900_00, -400_00]
    assert by_section["summary"][3]["description"] == "advanced by the business on 2026-03-31"
    assert cents(by_section["receivable"][0]["amount"]) == 6000_00 - 3500_00
    pdf = staff_client.get(f"/jobs/{job.number}/trust-books.pdf?{PERIOD}")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert pdf.headers["content-type"] == "application/pdf"
    assert pdf.headers["content-disposition"].startswith("attachment;")
    with db_session() as session:
        audited = session.exec(
            select(AuditEvent).where(AuditEvent.action.like("export.trust_books%"))
        ).all()
    assert [(a.action, a.record_id, a.user_id) for a in audited] == [
        ("export.trust_books_csv", job.number, staff.id),
        ("export.trust_books_pdf", job.number, staff.id),
    ]
    assert audited[0].detail == "job J-2026-0007: 2026-03-01 to 2026-03-31"
