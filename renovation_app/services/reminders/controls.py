"""What staff do with reminders: send one now, change an invoice's days or pause them, pause a
customer's, and the schedule as the invoice page shows it."""

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.exc import IntegrityError
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Customer, Estimate, Invoice, utc_now
from renovation_app.services import audit
from renovation_app.services.billing import (
    REMINDABLE_STATUSES,
    InvoiceView,
    business_today,
    by_number,
    locked_invoice,
    long_date,
    record_event,
    view_of,
)
from renovation_app.services.errors import ActionRefused
from renovation_app.services.invoicing import staff_view
from renovation_app.services.mail import About, cancel_queued_reminders, wake_outbox_worker
from renovation_app.services.payments import money_summary
from renovation_app.services.reminders.schedule import Step, days_text, next_step, parse_days
from renovation_app.services.reminders.sending import (
    customer_paused,
    default_days,
    owed_steps,
    queue_reminder,
    sent_steps,
    wants_reminders,
)
from renovation_app.services.staff import SignedInUser


def send_reminder_now(number: str, user: SignedInUser, now: datetime | None = None) -> InvoiceView:
    """Staff's "Send reminder now": one reminder today with the balance and the pay link.
    A second press the same day (a double click, a second tab) sends nothing more."""
    now = now or utc_now()
    today = business_today(now)
    with db_session() as session:
        invoice = locked_invoice(session, number)
        money = money_summary(session, invoice, today)
        if invoice.status not in REMINDABLE_STATUSES or money.balance_cents <= 0:
            raise ActionRefused(f"Invoice {invoice.number} has nothing to remind of.")
        if money.processing_cents:
            raise ActionRefused("A bank debit is on its way: no reminder while it settles.")
        # It speaks of the earliest unpaid stage's due date, or the invoice's.
        nearest = owed_steps(session, invoice, money)[0].due_date
        step = Step(f"manual:{today.isoformat()}", today, nearest)
        if step.key in sent_steps(session, About.INVOICE, invoice.id):
            raise ActionRefused("A reminder was already sent today.")
        view = view_of(session, invoice)
        queue_reminder(session, invoice, view, money, step, today, now, user_id=user.id)
        try:
            session.commit()
        except IntegrityError:
            session.rollback()
            raise ActionRefused("A reminder was already sent today.") from None
        view = staff_view(session, invoice)
    wake_outbox_worker()
    return view


def set_invoice_reminders(
    number: str, days: str, paused: bool, user: SignedInUser, now: datetime | None = None
) -> InvoiceView:
    """Change an invoice's reminder days ("" for the default) or pause them; pausing cancels a
    reminder still waiting in the outbox. Raises ScheduleInvalid for days that do not read."""
    now = now or utc_now()
    own = days_text(parse_days(days)) if days.strip() else ""
    with db_session() as session:
        invoice = locked_invoice(session, number)
        if own == days_text(default_days()):
            own = ""
        if (own, paused) != (invoice.reminder_days, invoice.reminders_paused):
            invoice.reminder_days, invoice.reminders_paused = own, paused
            session.add(invoice)
            words = "paused" if paused else f"days {own or days_text(default_days())}"
            if paused:
                cancelled = cancel_queued_reminders(session, About.INVOICE, invoice.id)
                words += f", {cancelled} queued cancelled" if cancelled else ""
            record_event(
                session, invoice.id, "reminders", f"Reminders {words}", user_id=user.id, at=now
            )
        session.commit()
        return staff_view(session, invoice)


def set_customer_reminders(
    customer_id: int, paused: bool, user_id: int | None = None, now: datetime | None = None
) -> int:
    """Pause or resume reminders for every invoice and estimate of a customer; pausing cancels
    what is queued. Returns how many queued reminders were cancelled."""
    cancelled = 0
    with db_session() as session:
        customer = session.get(Customer, customer_id)
        if customer is None:
            raise ActionRefused("There is no such customer.")
        customer.reminders_paused = paused
        session.add(customer)
        audit.record(
            session,
            "customer.reminders_paused" if paused else "customer.reminders_resumed",
            user_id=user_id,
            record_kind="customer",
            record_id=customer_id,
        )
        if paused:
            for about, model in ((About.INVOICE, Invoice), (About.ESTIMATE, Estimate)):
                ids = session.exec(select(model.id).where(model.customer_id == customer_id)).all()
                for about_id in ids:
                    cancelled += cancel_queued_reminders(session, about, about_id)
        session.commit()
    return cancelled


@dataclass(frozen=True)
class ReminderSettings:
    """An invoice's reminder schedule as staff see it."""

    days: str  # its own days, "" when it follows the default
    default_days: str  # "-3, 0, 7, 14"
    paused: bool
    customer_paused: bool
    next_words: str  # "December 4, 2026", "" when none is coming


def reminder_settings(number: str, now: datetime | None = None) -> ReminderSettings | None:
    """What the invoice page shows of the schedule: the days, paused or not, and the next."""
    today = business_today(now)
    with db_session() as session:
        invoice = by_number(session, number)
        if invoice is None:
            return None
        money = money_summary(session, invoice, today)
        next_words = ""
        if wants_reminders(session, invoice, money):
            sent = sent_steps(session, About.INVOICE, invoice.id)
            coming = next_step(
                owed_steps(session, invoice, money), business_today(invoice.sent_at), today, sent
            )
            next_words = long_date(coming.on) if coming else ""
        return ReminderSettings(
            days=invoice.reminder_days,
            default_days=days_text(default_days()),
            paused=invoice.reminders_paused,
            customer_paused=customer_paused(session, invoice.customer_id),
            next_words=next_words,
        )
