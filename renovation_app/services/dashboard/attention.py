"""The dashboard's needs-attention list: New York's escrow and lien deadlines, subcontractors'
insurance certificates lapsing soon or lapsed, invoices a person must look at (a bounced
e-mail, a payment problem, long late), a clock out forgotten, who holds many visits booked online,
then QuickBooks to connect again and what it refused."""

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import func, text
from sqlmodel import Session, select

from renovation_app import routes
from renovation_app.models import INVOICE_FLAGGED, Invoice, QuickBooksSync, SyncState, utc_now
from renovation_app.routes import SCHEDULE, invoice_path, subcontractor_path
from renovation_app.services.billing import REMINDABLE_STATUSES, needs_attention
from renovation_app.services.compliance import duty_rows
from renovation_app.services.quickbooks.connection import connection_view_in
from renovation_app.services.schedule.open_bookings import heavy_bookers
from renovation_app.services.schedule.times import day_words, hour_words, new_york, week_of
from renovation_app.services.subcontractors import expiring_certificates
from renovation_app.services.time_clock import forgotten_entries, timesheet_path
from renovation_app.services.words import counted

LATE_ATTENTION_DAYS = 30
ATTENTION_ROWS = 50
SUBCONTRACTOR = "Subcontractor's insurance"
ONLINE_BOOKINGS = "Visits booked online"
TIME_CLOCK = "Time clock"
QUICKBOOKS = "QuickBooks"


@dataclass(frozen=True)
class AttentionRow:
    number: str  # an invoice's number, or a subcontractor's company
    customer: str  # the invoice's customer, or what the row is about
    words: str
    link: str = ""  # the page that settles it: the invoice's, the subcontractor's


def attention_rows(
    session: Session, today: date, now: datetime | None = None
) -> list[AttentionRow]:
    """New York's deadlines first (escrow deposits and notices late, liens coming), then the
    certificates (a lapsed one stops a sub's payment), soonest first; then the invoices, worst
    first; then who holds many visits booked online."""
    duties = [
        AttentionRow(row.job, row.about, row.words, row.link) for row in duty_rows(session, today)
    ]
    certificates = [
        AttentionRow(e.company, SUBCONTRACTOR, e.words, subcontractor_path(str(e.subcontractor_id)))
        for e in expiring_certificates(session, today)
    ]
    now = now or utc_now()
    clocks = _forgotten_clocks(session, now)
    rows = duties + certificates + _invoices(session, today) + clocks + _bookers(session, now)
    return rows + _books(session, now)


def _books(session: Session, now: datetime) -> list[AttentionRow]:
    """QuickBooks to connect again soon (or now), and what it refused."""
    view = connection_view_in(session, now)
    words = [view.problem or view.renew_warning] if view.connected else []
    refused = session.exec(
        select(func.count())
        .select_from(QuickBooksSync)
        .where(QuickBooksSync.state == SyncState.NEEDS_ATTENTION)
    ).one()
    if refused:
        words.append(f"{counted(refused, 'record')} refused by QuickBooks: see why, and retry.")
    return [
        AttentionRow(view.company_name or QUICKBOOKS, QUICKBOOKS, w, routes.QUICKBOOKS.path)
        for w in words
        if w
    ]


def _forgotten_clocks(session: Session, now: datetime) -> list[AttentionRow]:
    """A person clocked in for 12 hours or more forgot to clock out: their timesheet closes it."""
    rows = []
    for entry, name, number in forgotten_entries(session, now):
        since = new_york(entry.started_at)
        hours = int((now - entry.started_at).total_seconds() // 3600)
        rows.append(
            AttentionRow(
                name,
                TIME_CLOCK,
                f"Clocked in on {number} since {hour_words(since.time())}, {day_words(since)} "
                f"({hours} hours): forgot to "
                "clock out? Close the entry with its end and a reason.",
                timesheet_path(week_of(since.date()), entry.user_id),
            )
        )
    return rows


def _bookers(session: Session, now: datetime) -> list[AttentionRow]:
    """An e-mail, phone or address holding as many open online bookings as one may: each holds
    a window nobody else can book, so the office checks they are real (call, or cancel)."""
    return [
        AttentionRow(
            booker.who,
            ONLINE_BOOKINGS,
            f"{counted(len(booker.starts), 'open visit')} booked online ("
            + ", ".join(day_words(new_york(start)) for start in booker.starts)
            + "); more are refused. Call to check they are real, or cancel them.",
            SCHEDULE.path,
        )
        for booker in heavy_bookers(session, now)
    ]


def _invoices(session: Session, today: date) -> list[AttentionRow]:
    """Invoices a person must look at: a bounced e-mail, a failed or disputed payment, money
    after a void (ledger notes), and unpaid invoices more than 30 days late; worst first.
    Two queries, each on its own index (the flagged invoices', the unpaid ones' status),
    merged: one query with OR read every invoice."""
    late_before = today - timedelta(days=LATE_ATTENTION_DAYS)
    oldest_first = (Invoice.due_date, Invoice.id)
    flagged = session.exec(
        select(Invoice).where(text(INVOICE_FLAGGED)).order_by(*oldest_first).limit(ATTENTION_ROWS)
    ).all()
    late = session.exec(
        select(Invoice)
        .where(Invoice.status.in_(REMINDABLE_STATUSES), Invoice.due_date < late_before)
        .order_by(*oldest_first)
        .limit(ATTENTION_ROWS)
    ).all()
    unique = {invoice.id: invoice for invoice in (*flagged, *late)}
    rows = sorted(unique.values(), key=lambda i: (i.due_date, i.id))[:ATTENTION_ROWS]
    found = []
    for invoice in rows:
        words = needs_attention(invoice) or (
            f"Unpaid {counted((today - invoice.due_date).days, 'day')} after its due date."
        )
        found.append(
            AttentionRow(invoice.number, invoice.customer_name, words, invoice_path(invoice.number))
        )
    return found
