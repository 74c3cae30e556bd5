"""The office's dashboard with a frozen clock: owed, overdue and owed by age equal the sums of
the invoices made here, each bucket's list shows the same invoices, money received per month,
held before completion, revenue split by service exactly to the cent, and needs attention."""

from datetime import UTC, date, datetime

import time_machine
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Payment
from renovation_app.services import invoicing, payments
from renovation_app.services.dashboard import dashboard, split
from renovation_app.services.invoicing import InvoiceFilters, list_invoices
from tests.factories import invoice_payload, record_payment, signed_in

MADE = date(2026, 8, 3)
TODAY = date(2026, 11, 25)


def at(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, 15, tzinfo=UTC)


def invoice(author, token: str, price: str, due: date, lines=None, location: str = "") -> str:
    raw = invoice_payload(
        name=f"Customer {token}",
        email=f"{token}@example.com",
        address="12 Atlantic Ave, Brooklyn, NY 11201" if location else "",
        due_date=str(due),
        price=price,
    )
    if lines:
        raw["lines"] = lines
    with time_machine.travel(at(MADE), tick=False):
        return invoicing.create_invoice(invoicing.validate_invoice(raw), author.id, token).number


def check(number: str, author, amount: str, day: date, key: str) -> None:
    with time_machine.travel(at(day), tick=False):
        record_payment(number, author, key, amount=amount, received_on=str(day), reference=key)


def test_receivables_by_age_equal_the_invoices_and_each_bucket_lists_them(clerk):
    current = invoice(clerk, "cur", "1000", date(2026, 12, 1))
    invoice(clerk, "late10", "2000", date(2026, 11, 15))
    late45 = invoice(clerk, "late45", "3000", date(2026, 10, 11))
    invoice(clerk, "late100", "4000", date(2026, 8, 17))
    check(late45, clerk, "500", date(2026, 11, 20), "c-45")  # partly paid: $2,500 owed
    paid = invoice(clerk, "paid", "700", date(2026, 11, 30))
    check(paid, clerk, "700", date(2026, 10, 5), "c-paid")  # paid in full last month

    with time_machine.travel(at(TODAY), tick=False):
        board = dashboard()
        by_age = {f.link.split("=")[1]: f for f in board.aging}
        assert board.owed.cents == (1000 + 2000 + 2500 + 4000) * 100 and board.owed.count == 4
        assert board.overdue.cents == (2000 + 2500 + 4000) * 100
        assert [(k, f.cents // 100, f.count) for k, f in by_age.items()] == [
            ("current", 1000, 1),
            ("1-30", 2000, 1),
            ("31-60", 2500, 1),
            ("61-90", 0, 0),
            ("over-90", 4000, 1),
        ]
        for key, figure in by_age.items():
            listed = list_invoices(InvoiceFilters.from_query({"age": key}))
            assert listed.total_count == figure.count, key
        assert [r.number for r in list_invoices(InvoiceFilters(age="current")).rows] == [current]
        assert board.paid_this_month.cents == 500_00 and board.paid_last_month.cents == 700_00
        assert board.held.cents == 1200_00  # no job marked complete: all of it is in escrow
        late = {row.number: row.words for row in board.attention}
        assert set(late) == {late45, invoice_number(board, "late100")}
        assert late[late45] == "Unpaid 45 days after its due date."


def invoice_number(board, token: str) -> str:
    return next(r.number for r in board.attention if r.customer == f"Customer {token}")


def test_revenue_by_month_splits_each_payment_over_its_lines_to_the_cent(clerk):
    lines = [
        {"service": "kitchenRemodelling", "price": "1000"},
        {"service": "bathroomRemodelling", "price": "2000"},
        {"service": "", "description": "Haul away debris", "price": "1"},
    ]
    number = invoice(clerk, "mix", "", date(2026, 11, 30), lines=lines)
    check(number, clerk, "1000.01", date(2026, 11, 20), "c-mix")
    with time_machine.travel(at(TODAY), tick=False):
        board = dashboard()
    november = board.by_service[-1]
    assert november["month"] == "Nov 26"
    assert round(sum(v for k, v in november.items() if k != "month"), 2) == 1000.01
    # $1,000.01 over lines of $1,000, $2,000 and $1: rounded down, the remainder to the last.
    assert (november["Kitchen Remodelling"], november["Bathroom Remodelling"]) == (333.22, 666.45)
    assert november["Other work"] == 0.34
    assert board.by_borough[-1]["month"] == "Nov 26"
    assert len(board.by_service) == 12


def test_split_is_exact_and_proportional():
    shares = split(100_001, [("A", 1), ("B", 2), ("C", 0)])
    assert sum(c for _, c in shares) == 100_001
    assert shares[0] == ("A", 33_333) and shares[1] == ("B", 66_667)
    assert split(500, []) == [("Other work", 500)]


def test_the_revenue_query_splits_as_split_does(clerk):
    """The database does the split (figures._revenue); split() is its rule. Random invoices
    of several lines, a $0 line among them, paid in parts over three months: each month's
    services equal what split() gives payment by payment, summed per invoice and month."""
    import random

    from renovation_app.content import INVOICE_OPTIONS

    rng = random.Random(7)
    slugs = [o.slug for o in INVOICE_OPTIONS if o.slug != "otherWork"]
    labels = {o.slug: o.label for o in INVOICE_OPTIONS}
    expected: dict[str, dict[str, int]] = {}
    for n in range(8):
        chosen = rng.sample(slugs, rng.randint(1, 4))
        prices = [rng.randint(0, 90_000) for _ in chosen]
        prices[0] = prices[0] or 1  # at least a cent on the invoice
        lines = [
            {"service": s, "price": f"{p // 100}.{p % 100:02d}"}
            for s, p in zip(chosen, prices, strict=True)
        ]
        number = invoice(clerk, f"r{n}", "", date(2026, 11, 30), lines=lines)
        total = sum(prices)
        months: dict[str, int] = {}
        for k, day in enumerate((date(2026, 9, 14), date(2026, 10, 2), date(2026, 11, 20))):
            cents = rng.randint(1, max(1, total // 4))
            check(number, clerk, f"{cents // 100}.{cents % 100:02d}", day, f"r{n}-{k}")
            months[day.strftime("%b %y")] = months.get(day.strftime("%b %y"), 0) + cents
        for month, cents in months.items():
            for label, share in split(
                cents, [(labels[s], p) for s, p in zip(chosen, prices, strict=True)]
            ):
                expected.setdefault(month, {}).setdefault(label, 0)
                expected[month][label] += share
    with time_machine.travel(at(TODAY), tick=False):
        board = dashboard()
    for row in board.by_service:
        want = expected.get(row["month"], {})
        got = {k: round(v * 100) for k, v in row.items() if k != "month" and v}
        assert got == {k: v for k, v in want.items() if v}, row["month"]


def test_the_closed_months_follow_a_late_check_a_void_and_a_revision(clerk, admin):
    """The past months' revenue is kept between visits; each change that can alter it shows."""
    lines = [
        {"service": "kitchenRemodelling", "price": "1000"},
        {"service": "bathroomRemodelling", "price": "1000"},
    ]
    number = invoice(clerk, "past", "", date(2026, 12, 31), lines=lines)

    def october():
        with time_machine.travel(at(TODAY), tick=False):
            return dashboard().by_service[-2]

    assert october()["Kitchen Remodelling"] == 0
    check(number, clerk, "200", date(2026, 10, 14), "late-check")  # recorded late, for October
    assert october()["Kitchen Remodelling"] == 100
    with db_session() as session:
        [payment] = session.exec(select(Payment)).all()
    with time_machine.travel(at(TODAY), tick=False):
        payments.void_recorded_payment(number, payment.id, "bounced", signed_in(admin))
    assert october()["Kitchen Remodelling"] == 0
    check(number, clerk, "200", date(2026, 10, 15), "second-check")
    assert october()["Kitchen Remodelling"] == 100
    raw = invoice_payload(
        name="Customer past", email="past@example.com", due_date="2026-12-31", price="2000"
    )
    with time_machine.travel(at(TODAY), tick=False):
        invoicing.revise_invoice(number, raw, "one line", signed_in(admin))
    assert october()["Kitchen Remodelling"] == 200


def test_a_payment_moved_to_another_closed_month_moves_on_the_chart(clerk, admin):
    """Voided and recorded again for the same amount in another month, with no visit between:
    the count and the sum stay the same, the payments are not."""
    number = invoice(clerk, "moved", "1000", date(2026, 12, 31))
    check(number, clerk, "200", date(2026, 10, 14), "wrong-month")

    def kitchen(month: str) -> float:
        with time_machine.travel(at(TODAY), tick=False):
            return next(r for r in dashboard().by_service if r["month"] == month)[
                "Kitchen Remodelling"
            ]

    assert (kitchen("Oct 26"), kitchen("Sep 26")) == (200, 0)
    with db_session() as session:
        [payment] = session.exec(select(Payment)).all()
    with time_machine.travel(at(TODAY), tick=False):
        payments.void_recorded_payment(number, payment.id, "wrong month", signed_in(admin))
    check(number, clerk, "200", date(2026, 9, 14), "right-month")
    assert (kitchen("Oct 26"), kitchen("Sep 26")) == (0, 200)
