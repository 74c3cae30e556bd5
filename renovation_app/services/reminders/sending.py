"""Payment reminders through the outbox: each step of an invoice or estimate goes out at most
once, ever.

The job (`send_due_reminders`) runs in every worker. For each step that fell due it holds the
invoice's lock, reads which steps were already sent, and writes the Reminder row and its
e-mail in one transaction; the Reminder's unique (about, step) key is the backstop, so three
workers or a restart in the middle never send a step twice. Paying, voiding, revising or
pausing cancels a reminder still waiting in the outbox (mail.cancel_queued).
"""

import asyncio
import logging
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from renovation_app.content import BUSINESS
from renovation_app.db import db_session
from renovation_app.models import (
    Customer,
    Estimate,
    Invoice,
    OutboxEmail,
    Reminder,
    utc_now,
)
from renovation_app.services import audit
from renovation_app.services.billing import (
    REMINDABLE_STATUSES,
    InvoiceView,
    business_today,
    by_number,
    lock_invoice,
    locked_invoice,
    long_date,
    record_event,
    stages_of,
    view_of,
)
from renovation_app.services.errors import ActionRefused
from renovation_app.services.estimates import OPEN_STATUSES as OPEN_ESTIMATE_STATUSES
from renovation_app.services.estimates import estimate_lines, queue_expiry_reminder
from renovation_app.services.invoicing import staff_view
from renovation_app.services.limits import allow
from renovation_app.services.mail import (
    About,
    EmailKind,
    EmailMessage,
    build_email,
    cancel_queued_reminders,
    one_line,
    queue_email,
    wake_outbox_worker,
)
from renovation_app.services.payments import MoneySummary, money_summary
from renovation_app.services.reminders.schedule import (
    ScheduleInvalid,
    Step,
    days_text,
    due_steps,
    estimate_step,
    invoice_steps,
    next_step,
    parse_days,
    when_words,
)
from renovation_app.services.staff import SignedInUser
from renovation_app.settings import settings

log = logging.getLogger(__name__)


def default_days() -> tuple[int, ...]:
    return parse_days(settings.reminder_days)


def invoice_days(invoice: Invoice) -> tuple[int, ...]:
    """The invoice's own reminder days, or the settings' default."""
    try:
        return parse_days(invoice.reminder_days) if invoice.reminder_days else default_days()
    except ScheduleInvalid:  # a value saved before a rule changed: the default, not nothing
        return default_days()


def _customer_paused(session: Session, customer_id: int | None) -> bool:
    customer = session.get(Customer, customer_id) if customer_id else None
    return bool(customer and customer.reminders_paused)


def _sent_steps(session: Session, about: About, about_id: int) -> set[str]:
    return set(
        session.exec(
            select(Reminder.step).where(Reminder.about_kind == about, Reminder.about_id == about_id)
        )
    )


def _record_step(
    session: Session,
    about: About,
    about_id: int,
    step: Step,
    email: OutboxEmail,
    now: datetime,
    user_id: int | None = None,
) -> None:
    """The step's row, with its e-mail: the unique (about, step) key refuses a second one."""
    session.flush()  # gives the e-mail its id
    session.add(
        Reminder(
            about_kind=about,
            about_id=about_id,
            step=step.key,
            due_on=step.on,
            email_id=email.id,
            created_at=now,
            user_id=user_id,
        )
    )


def _reminder_email(
    view: InvoiceView, money: MoneySummary, step: Step, today: date
) -> EmailMessage:
    amount = money.pay_now if step.stage else money.balance
    what = f"The {step.stage} payment of {amount}" if step.stage else f"Payment of {amount}"
    words = f"{what} on invoice {view.number} {when_words(step.due_date, today, long_date)}"
    return build_email(
        EmailKind.REMINDER,
        one_line(view.customer_email),
        reply_to=BUSINESS.email,
        invoice=view,
        money=money,
        words=words,
        late=step.due_date < today,
        amount=amount,
    )


def _queue_reminder(
    session: Session,
    invoice: Invoice,
    view: InvoiceView,
    money: MoneySummary,
    step: Step,
    today: date,
    now: datetime,
    user_id: int | None = None,
) -> None:
    """One reminder e-mail, its step's row and its history line (`view` and `money`: the
    invoice as the caller read it under its lock)."""
    email = queue_email(
        session, _reminder_email(view, money, step, today), About.INVOICE, invoice.id
    )
    _record_step(session, About.INVOICE, invoice.id, step, email, now, user_id)
    who = "sent by staff" if user_id else f"step {step.key}"
    record_event(
        session,
        invoice.id,
        "reminded",
        f"{money.balance} due, to {invoice.customer_email} ({who})",
        user_id=user_id,
        at=now,
    )


def _wants_reminders(session: Session, invoice: Invoice, money: MoneySummary) -> bool:
    """Sent, unpaid, not paused (nor its customer), and no bank debit on its way."""
    return (
        invoice.status in REMINDABLE_STATUSES
        and invoice.sent_at is not None
        and not invoice.reminders_paused
        and not _customer_paused(session, invoice.customer_id)
        and money.balance_cents > 0
        and money.processing_cents == 0
    )


def _steps(session: Session, invoice: Invoice, money: MoneySummary) -> list[Step]:
    """Every step of the invoice still owed (its days, its stages, what is paid)."""
    stages = stages_of(session, invoice.id)
    return invoice_steps(invoice.due_date, stages, money.paid_cents, invoice_days(invoice))


def _due_now(session: Session, invoice: Invoice, today: date) -> tuple[MoneySummary, list[Step]]:
    """What the invoice owes and the steps to send today (none when it wants no reminder)."""
    money = money_summary(session, invoice, today)
    if not _wants_reminders(session, invoice, money):
        return money, []
    sent = _sent_steps(session, About.INVOICE, invoice.id)
    return money, due_steps(
        _steps(session, invoice, money), business_today(invoice.sent_at), today, sent
    )


def _remind_invoice(invoice_id: int, today: date, now: datetime) -> int:
    """Send the steps of one invoice that fell due; how many were queued. Most runs find none:
    that is read without the lock, so a run writes nothing for an invoice with nothing due."""
    with db_session() as session:
        invoice = session.get(Invoice, invoice_id)
        if not _due_now(session, invoice, today)[1]:
            return 0
        session.rollback()  # end the read before taking the lock
        lock_invoice(session, invoice_id)
        invoice = session.get(Invoice, invoice_id, populate_existing=True)
        money, todo = _due_now(session, invoice, today)  # again, under the lock
        if todo:
            view = view_of(session, invoice)
            for step in todo:
                _queue_reminder(session, invoice, view, money, step, today, now)
        try:
            session.commit()
        except IntegrityError:  # another worker sent the same step a moment ago
            session.rollback()
            return 0
        return len(todo)


def _remind_estimate(estimate_id: int, today: date, now: datetime) -> int:
    """The one reminder of an estimate before it expires."""
    with db_session() as session:
        estimate = session.get(Estimate, estimate_id)
        if estimate.status not in OPEN_ESTIMATE_STATUSES or estimate.sent_at is None:
            return 0
        if _customer_paused(session, estimate.customer_id):
            return 0
        step = estimate_step(estimate.valid_until, settings.estimate_reminder_days)
        done = _sent_steps(session, About.ESTIMATE, estimate.id)
        sent_on = business_today(estimate.sent_at)
        if today > estimate.valid_until or not due_steps([step], sent_on, today, done):
            return 0
        email = queue_expiry_reminder(session, estimate, estimate_lines(session, estimate.id))
        _record_step(session, About.ESTIMATE, estimate.id, step, email, now)
        try:
            session.commit()
        except IntegrityError:
            session.rollback()
            return 0
        return 1


def _candidates() -> tuple[list[int], list[int]]:
    """Invoices and estimates that may have a step due: cheap filters only (status, paused)."""
    with db_session() as session:
        invoices = session.exec(
            select(Invoice.id)
            .where(
                Invoice.status.in_(REMINDABLE_STATUSES),
                Invoice.reminders_paused == False,  # noqa: E712 (SQL)
                Invoice.sent_at.is_not(None),
            )
            .order_by(Invoice.id)
        ).all()
        estimates = session.exec(
            select(Estimate.id)
            .where(Estimate.status.in_(OPEN_ESTIMATE_STATUSES), Estimate.sent_at.is_not(None))
            .order_by(Estimate.id)
        ).all()
    return list(invoices), list(estimates)


def send_due_reminders(now: datetime | None = None) -> int:
    """Queue every reminder step that fell due by today; how many were queued. Safe to run
    in any number of workers at once and after any downtime."""
    now = now or utc_now()
    today = business_today(now)
    invoice_ids, estimate_ids = _candidates()
    queued = 0
    for invoice_id in invoice_ids:
        try:
            queued += _remind_invoice(invoice_id, today, now)
        except Exception:  # one invoice that cannot be read does not stop the others
            log.exception("reminders: invoice %s failed", invoice_id)
    for estimate_id in estimate_ids:
        try:
            queued += _remind_estimate(estimate_id, today, now)
        except Exception:
            log.exception("reminders: estimate %s failed", estimate_id)
    if queued:
        wake_outbox_worker()
    return queued


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
        nearest = _steps(session, invoice, money)[0].due_date
        step = Step(f"manual:{today.isoformat()}", today, nearest)
        if step.key in _sent_steps(session, About.INVOICE, invoice.id):
            raise ActionRefused("A reminder was already sent today.")
        view = view_of(session, invoice)
        _queue_reminder(session, invoice, view, money, step, today, now, user_id=user.id)
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


def reminders_if_due(now: datetime | None = None) -> int | None:
    """One worker's round: only the first worker to ask within the period runs it (the unique
    step key keeps it right if two do)."""
    with db_session() as session:
        period = timedelta(seconds=settings.reminder_check_seconds)
        due = allow(session, "job:reminders", 1, period, now)
        session.commit()
    return send_due_reminders(now) if due else None


async def reminder_worker(check_seconds: float) -> None:
    """Reflex lifespan task: look for reminders that fell due every few minutes."""
    while True:
        try:
            await asyncio.to_thread(reminders_if_due)
        except Exception:  # the database briefly away: the next round tries again
            log.exception("reminders: the round failed")
        await asyncio.sleep(check_seconds)


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
        if _wants_reminders(session, invoice, money):
            sent = _sent_steps(session, About.INVOICE, invoice.id)
            coming = next_step(
                _steps(session, invoice, money), business_today(invoice.sent_at), today, sent
            )
            next_words = long_date(coming.on) if coming else ""
        return ReminderSettings(
            days=invoice.reminder_days,
            default_days=days_text(default_days()),
            paused=invoice.reminders_paused,
            customer_paused=_customer_paused(session, invoice.customer_id),
            next_words=next_words,
        )
