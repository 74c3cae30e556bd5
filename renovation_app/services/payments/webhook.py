"""What Stripe reports: the signed webhook and the browser's report after confirming.

Stripe is the source of truth. Every report (the browser, the webhook, a replay, a late or
out-of-order event) is recorded under the invoice's lock, after which the invoice's status is
derived again from its recorded totals (ledger.settle_invoice).
"""

import json

import stripe
from sqlmodel import Session

from renovation_app.db import db_session, insert_or_ignore
from renovation_app.models import InvoiceStatus, Payment, PaymentStatus, StripeEvent, utc_now
from renovation_app.services.billing import format_usd, record_event
from renovation_app.services.errors import ActionRefused
from renovation_app.services.mail import wake_outbox_worker
from renovation_app.services.payments import ledger
from renovation_app.services.payments.gateway import stripe_client
from renovation_app.services.payments.ledger import locked_payment, method_words
from renovation_app.services.payments.receipts import queue_receipts, queue_staff_notice
from renovation_app.services.payments.refunds import record_charge_refunded, record_refund_update
from renovation_app.settings import settings

PAYMENT_FAILED = "Payment failed. Please try again."


WEBHOOK_MAX_BYTES = 1024 * 1024


def _card(intent: dict) -> tuple[str, str, str]:
    charge = intent.get("latest_charge")
    if not isinstance(charge, dict):
        return (charge or ""), "", ""
    card = (charge.get("payment_method_details") or {}).get("card") or {}
    return charge.get("id", ""), str(card.get("brand", ""))[:20], str(card.get("last4", ""))[:4]


def _mismatch(intent: dict, payment: Payment) -> str:
    received = intent.get("amount_received")
    currency = str(intent.get("currency") or "").lower()
    if currency != "usd" or received != payment.amount_cents:
        return (
            f"Stripe took {received} {currency or '?'} (smallest units) where this site asked "
            f"for {format_usd(payment.amount_cents)}: check the payment in Stripe."
        )
    return ""


def _record_succeeded(session: Session, intent: dict) -> bool:
    """Record a succeeded payment once, then settle the invoice. A void invoice stays void (the
    money is recorded and flagged for a refund); a payment that does not match what we asked
    is held for review; a receipt goes out only for money that is still paid."""
    found = locked_payment(session, intent["id"])
    if found is None:
        return False
    payment, invoice = found
    if payment.status in (PaymentStatus.SUCCEEDED, PaymentStatus.REVIEW):
        return False
    now = utc_now()
    payment.charge_id, payment.card_brand, payment.card_last4 = _card(intent)
    if problem := _mismatch(intent, payment):
        payment.status, payment.last_error = PaymentStatus.REVIEW, problem[:300]
        session.add(payment)
        record_event(session, invoice.id, "attention", problem)
        ledger.settle_invoice(session, invoice, now)
        queue_staff_notice(session, invoice, "Payment to check", problem)
        return True
    payment.status, payment.last_error = PaymentStatus.SUCCEEDED, ""
    payment.succeeded_at = now
    session.add(payment)
    session.flush()
    ledger.settle_invoice(session, invoice, now)
    paid_words = f"{format_usd(payment.amount_cents)} by {method_words(payment)}"
    if invoice.status == InvoiceStatus.VOID:
        words = f"{paid_words} after the invoice was voided: refund it."
        record_event(session, invoice.id, "attention", words)
        queue_staff_notice(session, invoice, "Payment on a void invoice", words)
        return True
    record_event(session, invoice.id, "paid", paid_words)
    if payment.amount_refunded_cents >= payment.amount_cents:
        record_event(session, invoice.id, "attention", "No receipt: already refunded in full.")
        return True
    queue_receipts(session, invoice, payment, now)
    return True


def _record_failed(session: Session, intent: dict) -> bool:
    found = locked_payment(session, intent["id"])
    if found is None:
        return False
    payment, invoice = found
    error = str((intent.get("last_payment_error") or {}).get("message") or PAYMENT_FAILED)[:300]
    if payment.status in (PaymentStatus.SUCCEEDED, PaymentStatus.REVIEW, PaymentStatus.CANCELED):
        return False  # a late failure of an intent that has since ended changes nothing
    if payment.status == PaymentStatus.FAILED and payment.last_error == error:
        return False  # the same decline reported again: one history row
    payment.status, payment.last_error = PaymentStatus.FAILED, error
    session.add(payment)
    record_event(session, invoice.id, "payment_failed", error[:200])
    return True


def _record_dispute(session: Session, dispute: dict) -> bool:
    """A chargeback opened or closed: the payment's dispute status, a history row, a notice."""
    intent_id = dispute.get("payment_intent")
    found = locked_payment(session, intent_id) if isinstance(intent_id, str) else None
    if found is None:
        return False
    payment, invoice = found
    status = str(dispute.get("status") or "")[:30]
    amount = int(dispute.get("amount") or 0)
    payment.dispute_status, payment.dispute_amount_cents = status, amount
    session.add(payment)
    session.flush()
    words = f"Card dispute of {format_usd(amount)} ({dispute.get('reason') or 'no reason'}): "
    words += status.replace("_", " ")
    record_event(session, invoice.id, "attention", words)
    ledger.settle_invoice(session, invoice, utc_now())
    queue_staff_notice(session, invoice, "Card dispute", words)
    return True


def _apply(session: Session, kind: str, obj: dict) -> bool:
    if kind == "payment_intent.succeeded":
        return _record_succeeded(session, obj)
    if kind == "payment_intent.payment_failed":
        return _record_failed(session, obj)
    if kind == "charge.refunded":
        return record_charge_refunded(session, obj)
    if kind in ("charge.refund.updated", "refund.updated", "refund.failed"):
        return record_refund_update(session, obj)
    if kind in ("charge.dispute.created", "charge.dispute.updated", "charge.dispute.closed"):
        return _record_dispute(session, obj)
    return False


WEBHOOK_EVENTS = (
    "payment_intent.succeeded",
    "payment_intent.payment_failed",
    "charge.refunded",
    "charge.refund.updated",
    "charge.dispute.created",
    "charge.dispute.closed",
)


def handle_webhook(payload: bytes, signature: str | None) -> str:
    """Verify Stripe's signature and apply the event once. Returns "applied", "duplicate" or
    "ignored"; raises ValueError for a payload that does not verify (answered with 400)."""
    if not settings.stripe_webhook_secret:
        raise ValueError("webhooks are not set up")
    try:
        stripe.WebhookSignature.verify_header(payload, signature, settings.stripe_webhook_secret)
        event = json.loads(payload)
        event_id, kind, obj = event["id"], event["type"], event["data"]["object"]
    except (stripe.SignatureVerificationError, ValueError, KeyError, TypeError) as bad:
        raise ValueError(f"webhook refused: {bad}") from bad
    with db_session() as session:
        stored = session.execute(
            insert_or_ignore(
                session,
                StripeEvent,
                id=str(event_id)[:100],
                type=str(kind)[:60],
                received_at=utc_now(),
            ).returning(StripeEvent.id)  # a row back only when this is the first time
        ).first()
        if stored is None:
            return "duplicate"
        applied = _apply(session, kind, obj)
        session.commit()  # the event id and its effects together, or neither
    wake_outbox_worker()
    return "applied" if applied else "ignored"


def confirm_from_browser(payment_intent_id: str, invoice_id: int) -> str:
    """After Stripe.js confirmed: read the intent from Stripe (never the browser's word) and
    record it. Returns the intent's status."""
    if not isinstance(payment_intent_id, str) or not payment_intent_id.startswith("pi_"):
        raise ActionRefused(PAYMENT_FAILED)
    intent = (
        stripe_client()
        .v1.payment_intents.retrieve(payment_intent_id, params={"expand": ["latest_charge"]})
        .to_dict()
    )
    if str((intent.get("metadata") or {}).get("invoice_id")) != str(invoice_id):
        raise ActionRefused(PAYMENT_FAILED)  # another invoice's payment: not this one's
    with db_session() as session:
        record_intent(session, intent)
        session.commit()
    wake_outbox_worker()
    return intent["status"]


def record_intent(session: Session, intent: dict) -> bool:
    """Record what a PaymentIntent read from Stripe says (succeeded, or declined), as its
    webhook would; True when something changed here."""
    if intent.get("status") == "succeeded":
        return _record_succeeded(session, intent)
    if intent.get("last_payment_error"):
        return _record_failed(session, intent)
    return False
