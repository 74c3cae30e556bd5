"""The reminder job: each step of an invoice or estimate that fell due goes out through the
outbox, at most once, ever.

The job (`send_due_reminders`) runs in every worker. For each step that fell due it holds the
invoice's lock, reads which steps were already sent, and writes the Reminder row and its
e-mail in one transaction; the Reminder's unique (about, step) key is the backstop, so three
workers or a restart in the middle never send a step twice. Paying, voiding, revising or
pausing cancels a reminder still waiting in the outbox (mail.cancel_queued).
"""

import logging
from datetime import date, datetime, timedelta

from sqlalchemy.exc import IntegrityError
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Estimate, Invoice, utc_now
from renovation_app.services.billing import (
    REMINDABLE_STATUSES,
    business_today,
    lock_invoice,
    view_of,
)
from renovation_app.services.compliance import send_due_office_notices
from renovation_app.services.estimates import OPEN_STATUSES as OPEN_ESTIMATE_STATUSES
from renovation_app.services.estimates import estimate_lines, queue_expiry_reminder
from renovation_app.services.limits import allow
from renovation_app.services.mail import About, wake_outbox_worker
from renovation_app.services.reminders.schedule import due_steps, estimate_step
from renovation_app.services.reminders.sending import (
    customer_paused,
    due_now,
    queue_reminder,
    record_step,
    sent_steps,
)
from renovation_app.services.rounds import every
from renovation_app.services.schedule.notices import send_appointment_notices
from renovation_app.services.subcontractors import warn_expiring_certificates
from renovation_app.settings import settings

log = logging.getLogger(__name__)


def _remind_invoice(invoice_id: int, today: date, now: datetime) -> int:
    """Send the steps of one invoice that fell due; how many were queued. Most runs find none:
    that is read without the lock, so a run writes nothing for an invoice with nothing due."""
    with db_session() as session:
        invoice = session.get(Invoice, invoice_id)
        if not due_now(session, invoice, today)[1]:
            return 0
        session.rollback()  # end the read before taking the lock
        lock_invoice(session, invoice_id)
        invoice = session.get(Invoice, invoice_id, populate_existing=True)
        money, todo = due_now(session, invoice, today)  # again, under the lock
        if todo:
            view = view_of(session, invoice)
            for step in todo:
                queue_reminder(session, invoice, view, money, step, today, now)
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
        if customer_paused(session, estimate.customer_id):
            return 0
        step = estimate_step(estimate.valid_until, settings.estimate_reminder_days)
        done = sent_steps(session, About.ESTIMATE, estimate.id)
        sent_on = business_today(estimate.sent_at)
        if today > estimate.valid_until or not due_steps([step], sent_on, today, done):
            return 0
        email = queue_expiry_reminder(session, estimate, estimate_lines(session, estimate.id))
        record_step(session, About.ESTIMATE, estimate.id, step, email, now)
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
    try:  # customers told the day before we come (once per appointment and time)
        queued += send_appointment_notices(now)
    except Exception:
        log.exception("reminders: appointment notices failed")
    try:  # the office told of insurance certificates that lapse soon (once each)
        warn_expiring_certificates(now)
    except Exception:
        log.exception("reminders: insurance certificate warnings failed")
    try:  # the office told of escrow and lien deadlines (once each)
        queued += send_due_office_notices(now)
    except Exception:
        log.exception("reminders: escrow and lien notices failed")
    if queued:
        wake_outbox_worker()
    return queued


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
    await every(
        check_seconds, reminders_if_due, log, "reminders: the round failed", first_wait=False
    )
