"""How the dashboard and its CSV exports count money, in SQL: what a payment kept, which
payments fall in a range of days, each invoice's paid total; and where a month starts and
which months the dashboard's charts cover."""

from datetime import date

from sqlalchemy import and_, case, func, or_
from sqlmodel import select

from renovation_app.models import Invoice, Payment, PaymentStatus
from renovation_app.services.billing import business_day_start


def month_start(day: date, back: int = 0) -> date:
    """The first day of the month `back` months before `day`'s."""
    index = day.year * 12 + day.month - 1 - back
    return date(index // 12, index % 12 + 1, 1)


MONTHS = 12  # the charts' and the margins' period: this month and the eleven before it


def last_months(today: date) -> tuple[list[date], list[date]]:
    """The first days of the MONTHS months up to today's, oldest first, and of the month
    after each (the end of each month, exclusive)."""
    months = [month_start(today, back) for back in range(MONTHS - 1, -1, -1)]
    return months, [*months[1:], month_start(today, -1)]


# What a payment brought in and the business kept: its amount less what was refunded or
# returned of it (never below nothing). Revenue, "received" and escrow all count this.
NET_CENTS = Payment.amount_cents - case(
    (Payment.amount_refunded_cents > Payment.amount_cents, Payment.amount_cents),
    else_=Payment.amount_refunded_cents,
)


def paid_by_invoice(*invoice_conditions):
    """Each invoice's succeeded payments (the ledger's "paid"), as a subquery to join; with
    conditions, only for the invoices that meet them (the unpaid ones are a few of 100,000)."""
    query = select(Payment.invoice_id, func.sum(Payment.amount_cents).label("paid")).where(
        Payment.status == PaymentStatus.SUCCEEDED
    )
    if invoice_conditions:
        query = query.where(Payment.invoice_id.in_(select(Invoice.id).where(*invoice_conditions)))
    return query.group_by(Payment.invoice_id).subquery()


def in_range(start: date, end: date):
    """Payments received on a day in [start, end): by their recorded day, or their Stripe time."""
    return or_(
        and_(
            Payment.received_on.is_not(None),
            Payment.received_on >= start,
            Payment.received_on < end,
        ),
        and_(
            Payment.received_on.is_(None),
            Payment.succeeded_at >= business_day_start(start),
            Payment.succeeded_at < business_day_start(end),
        ),
    )
