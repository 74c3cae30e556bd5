"""Reconciliation: ask Stripe about every card or bank debit payment still open (or processing)
here, so a webhook that never arrived leaves no money unrecorded. It runs every hour (one worker at a time) and on demand
from the staff invoice list; what it fixes is written in the invoice's history."""

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import STRIPE_METHODS, Payment, PaymentStatus, utc_now
from renovation_app.services.billing import lock_invoice, record_event
from renovation_app.services.limits import allow
from renovation_app.services.mail import wake_outbox_worker
from renovation_app.services.payments.gateway import payments_enabled, stripe_client
from renovation_app.services.payments.webhook import record_intent
from renovation_app.services.rounds import every

log = logging.getLogger(__name__)

# Intents older than this are not asked about again (Stripe cancels abandoned ones anyway; a
# bank debit settles within a few business days).
LOOK_BACK = timedelta(days=30)
# Payments whose intent may still change at Stripe.
UNSETTLED = (PaymentStatus.OPEN, PaymentStatus.FAILED, PaymentStatus.PROCESSING)
EVERY = timedelta(minutes=55)  # "hourly": a worker runs it when an hour has passed
FOUND_WORDS = "Found by reconciliation with Stripe (its webhook did not arrive)."


@dataclass(frozen=True)
class Reconciliation:
    checked: int  # open or processing payments asked about
    recorded: int  # payments (or declines, cancellations) recorded by this run


def _open_intents(now: datetime) -> list[str]:
    with db_session() as session:
        return list(
            session.exec(
                select(Payment.payment_intent_id).where(
                    Payment.method.in_(STRIPE_METHODS),
                    Payment.status.in_(UNSETTLED),
                    Payment.created_at >= now - LOOK_BACK,
                )
            )
        )


def _record_cancelled(intent_id: str) -> bool:
    with db_session() as session:
        payment = session.exec(
            select(Payment).where(Payment.payment_intent_id == intent_id)
        ).first()
        if payment is None:
            return False
        lock_invoice(session, payment.invoice_id)
        session.refresh(payment)
        if payment.status not in UNSETTLED:
            return False
        payment.status = PaymentStatus.CANCELED
        session.add(payment)
        session.commit()
        return True


def _reconcile_one(client, intent_id: str) -> bool:
    intent = client.v1.payment_intents.retrieve(
        intent_id, params={"expand": ["latest_charge"]}
    ).to_dict()
    if intent["status"] == "canceled":
        return _record_cancelled(intent_id)
    with db_session() as session:
        changed = record_intent(session, intent)
        if changed and intent["status"] == "succeeded":
            payment = session.exec(
                select(Payment).where(Payment.payment_intent_id == intent_id)
            ).one()
            record_event(session, payment.invoice_id, "attention", FOUND_WORDS)
        session.commit()
    return changed


def reconcile_payments(now: datetime | None = None) -> Reconciliation:
    """Ask Stripe about each open or processing payment of the last 30 days and record what it
    says (processing, succeeded, failed or cancelled).
    Running it twice records nothing twice: each intent is recorded once under its lock."""
    if not payments_enabled():
        return Reconciliation(0, 0)
    client = stripe_client()
    intent_ids = _open_intents(now or utc_now())
    recorded = 0
    for intent_id in intent_ids:
        try:
            recorded += _reconcile_one(client, intent_id)
        except Exception:  # one intent Stripe cannot answer for does not stop the others
            log.exception("reconcile: could not check %s", intent_id)
    if recorded:
        wake_outbox_worker()
    return Reconciliation(len(intent_ids), recorded)


def reconcile_if_due(now: datetime | None = None) -> Reconciliation | None:
    """The hourly run: only the first worker to ask within the hour runs it."""
    with db_session() as session:
        due = allow(session, "job:reconcile-payments", 1, EVERY, now)
        session.commit()
    return reconcile_payments(now) if due else None


async def reconciliation_worker(check_seconds: float = 300) -> None:
    """Reflex lifespan task: every few minutes, run the hourly reconciliation if it is due."""
    await every(check_seconds, reconcile_if_due, log, "reconcile: the hourly run failed")
