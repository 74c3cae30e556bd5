"""The office's figures: what is owed and how late, what came in, what is held in escrow,
estimates waiting, revenue by month split by service and by borough, and what needs a person.

Every sum is one SQL aggregate over the invoices and payments (no per-invoice reads), so the
page stays fast at 100,000 invoices; the CSV exports (dashboard/exports.py) read the same
rows with the same rules, so their totals equal these figures.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime

from sqlalchemy import and_, case, func
from sqlmodel import Session, select

from renovation_app.content.invoice_options import INVOICE_OPTIONS
from renovation_app.db import db_session
from renovation_app.models import (
    ENDED_JOB_STATUSES,
    OPEN_CHANGE_ORDER_STATUSES,
    ChangeOrder,
    Estimate,
    EstimateStatus,
    Invoice,
    InvoiceLine,
    InvoiceRevision,
    InvoiceStatus,
    Job,
    Payment,
    PaymentStatus,
    utc_now,
)
from renovation_app.routes import JOBS
from renovation_app.services.billing import (
    REMINDABLE_STATUSES,
    business_day_start,
    business_today,
    format_usd,
)
from renovation_app.services.billing.aging import AGE_BUCKETS, bucket_of
from renovation_app.services.customers.locations import LOCATIONS
from renovation_app.services.dashboard.attention import AttentionRow, attention_rows
from renovation_app.services.dashboard.counting import (
    NET_CENTS,
    in_range,
    last_months,
    month_start,
    paid_by_invoice,
)
from renovation_app.services.dashboard.margins import Margins, margins
from renovation_app.services.estimates import OPEN_STATUSES as OPEN_ESTIMATES
from renovation_app.services.reviews.asking import review_counts
from renovation_app.services.texts.queueing import texts_off_reason
from renovation_app.services.texts.views import unread_texts_count

OTHER_WORK, NOT_GIVEN = "Other work", "Not given"
# The charts' series, fixed so the page draws one bar per series: the catalogue's services
# (a free-text line counts as other work) and the boroughs (an invoice without one: not given).
SERVICE_SERIES = tuple(dict.fromkeys([*(option.label for option in INVOICE_OPTIONS), OTHER_WORK]))
BOROUGH_SERIES = (*LOCATIONS, NOT_GIVEN)
SERVICE_LABELS = set(SERVICE_SERIES)


@dataclass(frozen=True)
class Figure:
    label: str
    amount: str
    cents: int
    count: int = 0
    link: str = ""  # the list that shows the invoices behind it


@dataclass
class Dashboard:
    today: str
    owed: Figure
    overdue: Figure
    paid_this_month: Figure
    paid_last_month: Figure
    held: Figure
    estimates_waiting: int
    accepted_this_month: Figure
    # Change orders sent and not yet signed: work that is not approved yet.
    changes_waiting: Figure
    aging: list[Figure] = field(default_factory=list)
    by_service: list[dict] = field(default_factory=list)  # {"month": "Dec 25", <label>: dollars}
    by_borough: list[dict] = field(default_factory=list)
    attention: list[AttentionRow] = field(default_factory=list)
    margins: Margins = field(default_factory=Margins)  # revenue less job costs; overruns
    unread_texts: int = 0  # texts in that nobody has read (/texts)
    texts_off: bool = False  # no Twilio settings: nothing is texted
    reviews: str = ""  # "5 asked, 3 opened": review requests after final payments


def _received(session: Session, start: date, end: date, label: str) -> Figure:
    """Money received in [start, end) and kept: a payment refunded in full counts nothing."""
    cents, count = session.exec(
        select(func.coalesce(func.sum(NET_CENTS), 0), func.count(Payment.id)).where(
            Payment.status == PaymentStatus.SUCCEEDED, in_range(start, end), NET_CENTS > 0
        )
    ).one()
    return Figure(label, format_usd(cents), cents, count)


def _receivables(session: Session, today: date) -> tuple[Figure, Figure, list[Figure]]:
    """Owed now, overdue, and owed by age, from one grouped query over unpaid invoices."""
    unpaid = Invoice.status.in_(REMINDABLE_STATUSES)
    paid = paid_by_invoice(unpaid)
    balance = Invoice.total_cents - func.coalesce(paid.c.paid, 0)
    rows = session.exec(
        select(Invoice.due_date, func.sum(balance), func.count(Invoice.id))
        .outerjoin(paid, paid.c.invoice_id == Invoice.id)
        .where(unpaid)
        .group_by(Invoice.due_date)
    ).all()
    sums = {b.key: [0, 0] for b in AGE_BUCKETS}
    for due_date, cents, count in rows:
        bucket = sums[bucket_of(due_date, today).key]
        bucket[0] += int(cents or 0)
        bucket[1] += count
    aging = [
        Figure(
            b.label,
            format_usd(sums[b.key][0]),
            sums[b.key][0],
            sums[b.key][1],
            f"/invoices?age={b.key}",
        )
        for b in AGE_BUCKETS
    ]
    owed_cents = sum(f.cents for f in aging)
    late = aging[1:]
    owed = Figure("Owed now", format_usd(owed_cents), owed_cents, sum(f.count for f in aging))
    overdue_cents = sum(f.cents for f in late)
    overdue = Figure(
        "Overdue", format_usd(overdue_cents), overdue_cents, sum(f.count for f in late)
    )
    return owed, overdue, aging


def _held(session: Session) -> Figure:
    """Money received before the work was substantially complete (escrow), net of refunds."""
    cents = session.exec(
        select(func.coalesce(func.sum(NET_CENTS), 0))
        .join(Invoice, Invoice.id == Payment.invoice_id)
        .where(
            Payment.status == PaymentStatus.SUCCEEDED,
            Invoice.work_completed_on.is_(None),
            Invoice.status != InvoiceStatus.VOID,
        )
    ).one()
    return Figure("Held before completion", format_usd(cents), cents)


def _estimates(session: Session, start: date, end: date) -> tuple[int, Figure]:
    waiting = session.exec(
        select(func.count(Estimate.id)).where(Estimate.status.in_(OPEN_ESTIMATES))
    ).one()
    cents, count = session.exec(
        select(
            func.coalesce(func.sum(Estimate.accepted_total_cents), 0), func.count(Estimate.id)
        ).where(
            Estimate.accepted_at >= business_day_start(start),
            Estimate.accepted_at < business_day_start(end),
            Estimate.status != EstimateStatus.CANCELLED,  # the owner took it back
        )
    ).one()
    return waiting, Figure("Accepted this month", format_usd(cents), cents, count)


def _changes_waiting(session: Session) -> Figure:
    cents, count = session.exec(
        select(func.coalesce(func.sum(ChangeOrder.total_cents), 0), func.count(ChangeOrder.id))
        .join(Job, Job.id == ChangeOrder.job_id)
        .where(
            ChangeOrder.status.in_(OPEN_CHANGE_ORDER_STATUSES),
            Job.status.not_in(ENDED_JOB_STATUSES),
        )
    ).one()
    words = f"{count} change order{'s' if count != 1 else ''}, {format_usd(cents)}"
    return Figure("Changes awaiting a signature", words, cents, count, JOBS.path)


# The closed months' revenue, per worker: those months change only when a payment in them is
# recorded late or voided, or an invoice's lines are revised; the fingerprint below notices
# each of these, and the month that is still running is always read afresh.
_closed_months: dict[tuple[date, date], tuple[tuple, dict, dict]] = {}


def _revenue(session: Session, today: date) -> tuple[list[dict], list[dict]]:
    """Money received per month for 12 months, by borough and by service."""
    months, ends = last_months(today)
    closed = (months[0], months[-1])
    fingerprint = _closed_fingerprint(session, *closed)
    cached = _closed_months.get(closed)
    if cached is None or cached[0] != fingerprint:
        cached = (fingerprint, *_revenue_sums(session, months[:-1], ends[:-1]))
        _closed_months.clear()  # only the latest year is ever asked for
        _closed_months[closed] = cached
    by_service, by_borough = _revenue_sums(session, months[-1:], ends[-1:])
    by_service.update(cached[1])
    by_borough.update(cached[2])
    return _rows(months, by_service, SERVICE_SERIES), _rows(months, by_borough, BOROUGH_SERIES)


def _closed_fingerprint(session: Session, start: date, end: date) -> tuple:
    """What the closed months' revenue depends on: which payments are in them and what they
    kept (a late, voided, refunded or re-dated one changes the count, the net sum or the sum of
    ids) and the invoices'
    revisions (which can change lines and place; counted, as ids may commit out of order)."""
    payments = session.exec(
        select(
            func.count(Payment.id),
            func.coalesce(func.sum(NET_CENTS), 0),
            func.coalesce(func.sum(Payment.id), 0),
        ).where(Payment.status == PaymentStatus.SUCCEEDED, in_range(start, end))
    ).one()
    revisions = session.exec(select(func.count(InvoiceRevision.id))).one()
    return (*payments, revisions)


def _received_per_invoice_month(months: list[date], ends: list[date]):
    """Net cents received per invoice and month (the index of the month in `months`, each
    ending at the same place in `ends`), with the invoice's place: a CTE named "pay"."""
    received = and_(Payment.status == PaymentStatus.SUCCEEDED, in_range(months[0], ends[-1]))
    # The month each payment falls in, worked out by the database from the same rule as
    # in_range (its recorded day, else its Stripe time in New York), and summed per invoice
    # and month there: a year of a busy office is ~13,000 payments, and reading each one's
    # time into Python was most of the dashboard's time.
    by_day = case(*[(Payment.received_on < end, k) for k, end in enumerate(ends)])
    by_time = case(
        *[(Payment.succeeded_at < business_day_start(end), k) for k, end in enumerate(ends)]
    )
    month = case((Payment.received_on.is_not(None), by_day), else_=by_time).label("month")
    return (
        select(
            Payment.invoice_id.label("invoice_id"),
            month,
            Invoice.location.label("location"),
            func.sum(NET_CENTS).label("cents"),
        )
        .join(Invoice, Invoice.id == Payment.invoice_id)
        .where(received)
        .group_by(Payment.invoice_id, month, Invoice.location)
        .cte("pay")
    )


def _line_shares(pay):
    """Each invoice's month of money split over its lines (month, label, cents): a subquery."""
    # split() in SQL, so a year of payments is never read row by row: each line's share is
    # rounded down, the last line (from_last = 1) takes what is left, and an invoice whose
    # lines add up to nothing (or that has none) puts it all under "Other work". The lines
    # are joined by their invoice_id index; the windows need a level each.
    per_invoice_month = (pay.c.invoice_id, pay.c.month)
    lines = (
        select(
            pay.c.invoice_id,
            pay.c.month,
            pay.c.cents,
            InvoiceLine.label,
            InvoiceLine.price_cents,
            func.sum(InvoiceLine.price_cents).over(partition_by=per_invoice_month).label("total"),
            func.row_number()
            .over(partition_by=per_invoice_month, order_by=InvoiceLine.position.desc())
            .label("from_last"),
        )
        .select_from(pay.outerjoin(InvoiceLine, InvoiceLine.invoice_id == pay.c.invoice_id))
        .subquery("lines")
    )
    priced = lines.c.total > 0
    part = case((priced, lines.c.cents * lines.c.price_cents // lines.c.total), else_=0)
    others = func.sum(part).over(partition_by=(lines.c.invoice_id, lines.c.month)) - part
    last = lines.c.from_last == 1
    return select(
        lines.c.month,
        case((priced, lines.c.label), else_=OTHER_WORK).label("label"),
        case(
            (priced & last, lines.c.cents - others),
            (priced, part),
            (last, lines.c.cents),
            else_=0,
        ).label("cents"),
    ).subquery("share")


def _revenue_sums(
    session: Session, months: list[date], ends: list[date]
) -> tuple[dict[date, dict], dict[date, dict]]:
    """Per month in `months` (each ending at the same place in `ends`): cents by service and by
    borough. A payment is split over its invoice's lines in proportion to their amounts (in
    whole cents, the remainder to the last line), so each month's services add up to what came
    in."""
    pay = _received_per_invoice_month(months, ends)
    share = _line_shares(pay)
    connection = session.connection()
    by_borough = {m: defaultdict(int) for m in months}
    by_service = {m: defaultdict(int) for m in months}
    for index, location, cents in connection.execute(
        select(pay.c.month, pay.c.location, func.sum(pay.c.cents)).group_by(
            pay.c.month, pay.c.location
        )
    ):
        by_borough[months[index]][location if location in LOCATIONS else NOT_GIVEN] += int(cents)
    for index, label, cents in connection.execute(
        select(share.c.month, share.c.label, func.sum(share.c.cents)).group_by(
            share.c.month, share.c.label
        )
    ):
        by_service[months[index]][label if label in SERVICE_LABELS else OTHER_WORK] += int(cents)
    return by_service, by_borough


def split(cents: int, lines: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """`cents` over the lines in proportion to their amounts; exact to the cent. The rule the
    dashboard's revenue query (_revenue) follows in SQL."""
    total = sum(c for _, c in lines)
    if total <= 0:
        return [(OTHER_WORK, cents)]
    shares, given = [], 0
    for index, (label, amount) in enumerate(lines):
        share = cents - given if index == len(lines) - 1 else cents * amount // total
        shares.append((label, share))
        given += share
    return shares


def _rows(months: list[date], sums: dict, series: list[str]) -> list[dict]:
    """Recharts rows: the month's name and each series in dollars (cents / 100)."""
    return [
        {"month": m.strftime("%b %y"), **{s: sums[m].get(s, 0) / 100 for s in series}}
        for m in months
    ]


def _reviews(session: Session) -> str:
    counts = review_counts(session)
    return f"{counts.sent} asked, {counts.opened} opened"


def dashboard(now: datetime | None = None) -> Dashboard:
    now = now or utc_now()
    today = business_today(now)
    this_month, last_month, next_month = (
        month_start(today),
        month_start(today, 1),
        month_start(today, -1),
    )
    with db_session() as session:
        owed, overdue, aging = _receivables(session, today)
        waiting, accepted = _estimates(session, this_month, next_month)
        by_service, by_borough = _revenue(session, today)
        return Dashboard(
            today=today.isoformat(),
            owed=owed,
            overdue=overdue,
            paid_this_month=_received(session, this_month, next_month, "Received this month"),
            paid_last_month=_received(session, last_month, this_month, "Received last month"),
            held=_held(session),
            estimates_waiting=waiting,
            accepted_this_month=accepted,
            changes_waiting=_changes_waiting(session),
            aging=aging,
            by_service=by_service,
            by_borough=by_borough,
            attention=attention_rows(session, today, now),
            margins=margins(session, today),
            unread_texts=unread_texts_count(session),
            texts_off=bool(texts_off_reason()),
            reviews=_reviews(session),
        )
