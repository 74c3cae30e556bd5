"""QuickBooks at office scale: 1,000 customers, 4,500 invoices and 4,500 payments (10,000
records) queued and pushed by three workers through the fake QuickBooks Online, then the books
compared: every record there once, each invoice's total and balance equal to ours to the cent.
Prints records per second and the comparison.

Run: .venv/bin/python -m bench.quickbooks [--invoices 4500] [--customers 1000] [--workers 3]
"""

import argparse
import os
import tempfile
import threading
import time
from datetime import date, timedelta
from pathlib import Path

DATABASE = Path(tempfile.mkdtemp(prefix="bench-quickbooks-")) / "books.db"
os.environ["DATABASE_URL"] = f"sqlite:///{DATABASE}"  # before the app reads its settings


def make_books(invoices: int, customers: int, admin_id: int) -> None:
    """Customers, one-line invoices and a check paying part of each, written in bulk, then
    queued for QuickBooks as the services queue them."""
    from renovation_app.db import db_session
    from renovation_app.models import Customer, CustomerContact, Invoice, InvoiceLine, Payment
    from renovation_app.services import quickbooks

    with db_session() as session:
        people = [Customer(name=f"Customer {n}") for n in range(customers)]
        session.add_all(people)
        session.flush()
        for person in people:
            session.add(
                CustomerContact(
                    customer_id=person.id, kind="email", value=f"c{person.id}@example.com"
                )
            )
        rows = []
        for n in range(invoices):
            person = people[n % customers]
            cents = 10_000 + 37 * n
            invoice = Invoice(
                number=f"2026-{n + 1:05d}",
                year=2026,
                customer_name=person.name,
                customer_email=f"c{person.id}@example.com",
                status="sent",
                subtotal_cents=cents,
                total_cents=cents,
                due_date=date(2026, 12, 31),
                author_id=admin_id,
                customer_id=person.id,
            )
            session.add(invoice)
            rows.append(invoice)
        session.flush()
        for invoice in rows:
            session.add(
                InvoiceLine(
                    invoice_id=invoice.id,
                    position=1,
                    label="Work",
                    price_cents=invoice.total_cents,
                    unit_price_cents=invoice.total_cents,
                )
            )
            session.add(
                Payment(
                    invoice_id=invoice.id,
                    method="check",
                    amount_cents=invoice.total_cents // 3,
                    status="succeeded",
                    reference=f"{invoice.id}",
                    record_key=f"bench-{invoice.id}",
                    received_on=date(2026, 11, 20),
                )
            )
        session.flush()
        for invoice in rows:
            quickbooks.queue_invoice_sync(session, invoice)
        session.commit()


def push_with_workers(workers: int) -> float:
    from renovation_app.services import quickbooks

    def work(name: str) -> None:
        while quickbooks.push_due(batch=50, worker=name) or quickbooks.push_due(
            batch=50, worker=name
        ):
            pass

    start = time.perf_counter()
    threads = [threading.Thread(target=work, args=(f"w{i}",)) for i in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start


def compare(fake) -> list[str]:
    """Where QuickBooks and we disagree (nothing, we hope)."""
    from sqlmodel import select

    from renovation_app.db import db_session
    from renovation_app.models import Invoice, Payment

    with db_session() as session:
        ours = {i.number: i for i in session.exec(select(Invoice))}
        paid = {p.invoice_id: p.amount_cents for p in session.exec(select(Payment))}
    theirs = {}
    for record in fake.of("Invoice"):
        theirs.setdefault(record["DocNumber"], []).append(record)
    problems = [
        f"{n}: {len(theirs.get(n, []))} in QuickBooks" for n in ours if len(theirs.get(n, [])) != 1
    ]
    for number, invoice in ours.items():
        [record] = theirs.get(number, [None])[:1] or [None]
        if record is None:
            continue
        if round(record["TotalAmt"] * 100) != invoice.total_cents:
            problems.append(f"{number}: total {record['TotalAmt']} != {invoice.total_cents}")
        if round(record["Balance"] * 100) != invoice.total_cents - paid[invoice.id]:
            problems.append(f"{number}: balance {record['Balance']}")
    if len(fake.of("Payment")) != len(paid):
        problems.append(f"{len(fake.of('Payment'))} payments in QuickBooks, {len(paid)} here")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--invoices", type=int, default=4_500)
    parser.add_argument("--customers", type=int, default=1_000)
    parser.add_argument("--workers", type=int, default=3)
    args = parser.parse_args()

    from renovation_app.models import Role
    from renovation_app.settings import settings
    from tests.factories import signed_in, staff_user, turn_on_two_step
    from tests.factories.quickbooks import connect_quickbooks, map_quickbooks
    from tests.fakes import quickbooks_server as fakes
    from tests.prod_server import migrate

    migrate(os.environ["DATABASE_URL"])
    fake = fakes.FakeQuickBooks().start()
    for name, value in (
        ("quickbooks_client_id", fakes.CLIENT_ID),
        ("quickbooks_client_secret", fakes.CLIENT_SECRET),
        ("quickbooks_discovery_url", fake.discovery_url),
        ("quickbooks_api_base", fake.url),
        ("quickbooks_redirect_uri", "http://localhost:3000/api/quickbooks/callback"),
    ):
        setattr(settings, name, value)
    admin = staff_user(Role.ADMIN, name="Bench Admin", email="bench@example.com")
    turn_on_two_step(admin.id)
    connect_quickbooks(fake, signed_in(admin))
    map_quickbooks(fake, signed_in(admin))
    make_books(args.invoices, args.customers, admin.id)
    records = args.customers + 2 * args.invoices
    seconds = push_with_workers(args.workers)
    problems = compare(fake)
    fake.stop()
    print(
        f"{records} records pushed by {args.workers} workers in {seconds:.1f} s "
        f"({records / seconds:.0f} records/s, {len(fake.requests)} requests)"
    )
    print("books agree to the cent" if not problems else "\n".join(["DISAGREE:", *problems[:20]]))
    print(f"(database {DATABASE}; {timedelta(seconds=round(seconds))})")


if __name__ == "__main__":
    main()
