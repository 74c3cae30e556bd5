"""What Stripe reports: the signed webhook and the browser's report after confirming.

Stripe is the source of truth. Every report (the browser, the webhook, a replay, a late or
out-of-order event) is recorded under the invoice's lock, after which the invoice's status is
derived again from its recorded totals (ledger.settle_invoice).

A bank debit (us_bank_account) is first "processing" for days: recorded as such, not counted
as paid, then succeeded (paid, receipt) or failed (the balance reopens, the office is told).
A payment only moves forward: open or failed -> processing -> succeeded or failed.
"""

import json

import stripe
from sqlmodel import Session

from renovation_app.db import db_session, insert_or_ignore
from renovation_app.models import (
    InvoiceStatus,
    Payment,
    PaymentMethod,
    PaymentStatus,
    StripeEvent,
    utc_now,
)
from renovation_app.services.billing import format_usd, record_event
from renovation_app.services.errors import ActionRefused
from renovation_app.services.mail import wake_outbox_worker
from renovation_app.services.payments.gateway import stripe_client
from renovation_app.services.payments.ledger import locked_payment, method_words, settle_invoice
from renovation_app.services.payments.receipts import queue_receipts, queue_staff_notice
from renovation_app.services.payments.refunds import record_charge_refunded, record_refund_update
from renovation_app.settings import settings

PAYMENT_FAILED = "Payment failed. Please try again."


WEBHOOK_MAX_BYTES = 1024 * 1024


BANK = "us_bank_account"  # Stripe's payment method type of a US bank account debit (ACH)


def _how_paid(details: dict) -> tuple[str, str, str]:
    """(type, card brand or bank name, last 4) of a charge's payment_method_details or a
    PaymentMethod; ("", "", "") when it says neither."""
    kind = str(details.get("type") or "")
    if kind == BANK:
        bank = details.get(BANK) or {}
        return kind, str(bank.get("bank_name") or "")[:20], str(bank.get("last4") or "")[:4]
    if kind == "card":
        card = details.get("card") or {}
        return kind, str(card.get("brand") or "")[:20], str(card.get("last4") or "")[:4]
    return "", "", ""


def _note_how_paid(payment: Payment, details: dict) -> None:
    """The payment's method (card or bank debit) and its brand or bank and last 4, when
    Stripe's object says so (a webhook's intent carries only the charge's id)."""
    kind, name, last4 = _how_paid(details)
    if kind:
        payment.method = PaymentMethod.BANK_DEBIT if kind == BANK else PaymentMethod.CARD
        payment.card_brand, payment.card_last4 = name, last4


def _note_charge(payment: Payment, intent: dict) -> None:
    charge = intent.get("latest_charge")
    if isinstance(charge, str) and charge:
        payment.charge_id = charge[:100]
    elif isinstance(charge, dict):
        payment.charge_id = str(charge.get("id") or "")[:100]
        _note_how_paid(payment, charge.get("payment_method_details") or {})


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
    if payment.status != PaymentStatus.PROCESSING:
        # Not seen processing: a card (a bank debit is processing first), unless the charge
        # below says otherwise. A processing bank debit keeps its bank and last 4.
        payment.method, payment.card_brand, payment.card_last4 = PaymentMethod.CARD, "", ""
    _note_charge(payment, intent)
    if problem := _mismatch(intent, payment):
        payment.status, payment.last_error = PaymentStatus.REVIEW, problem[:300]
        session.add(payment)
        record_event(session, invoice.id, "attention", problem)
        settle_invoice(session, invoice, now)
        queue_staff_notice(session, invoice, "Payment to check", problem)
        return True
    payment.status, payment.last_error = PaymentStatus.SUCCEEDED, ""
    payment.succeeded_at = now
    session.add(payment)
    session.flush()
    settle_invoice(session, invoice, now)
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


def _record_processing(session: Session, intent: dict) -> bool:
    """A bank debit Stripe accepted: recorded as processing (not paid) until it settles. Only
    an open or declined payment moves to processing, so a replayed or late event after the
    success or failure changes nothing."""
    if intent.get("status") != "processing":
        return False  # Stripe's current intent has moved on: this event is stale
    found = locked_payment(session, intent["id"])
    if found is None:
        return False
    payment, invoice = found
    if payment.status not in (PaymentStatus.OPEN, PaymentStatus.FAILED):
        return False
    _note_charge(payment, intent)
    if payment.method == PaymentMethod.CARD and not payment.card_last4:
        payment.method = PaymentMethod.BANK_DEBIT  # what takes days here is a bank debit
    payment.status, payment.last_error = PaymentStatus.PROCESSING, ""
    session.add(payment)
    session.flush()
    record_event(
        session,
        invoice.id,
        "payment_processing",
        f"{format_usd(payment.amount_cents)} by {method_words(payment)} is processing: "
        "not paid until the bank settles it (usually 4 business days).",
    )
    settle_invoice(session, invoice, utc_now())
    return True


def _record_failed(session: Session, intent: dict) -> bool:
    found = locked_payment(session, intent["id"])
    if found is None:
        return False
    payment, invoice = found
    failure = intent.get("last_payment_error") or {}
    error = str(failure.get("message") or PAYMENT_FAILED)[:300]
    if payment.status in (PaymentStatus.SUCCEEDED, PaymentStatus.REVIEW, PaymentStatus.CANCELED):
        return False  # a late failure of an intent that has since ended changes nothing
    if payment.status == PaymentStatus.FAILED and payment.last_error == error:
        return False  # the same decline reported again: one history row
    was_processing = payment.status == PaymentStatus.PROCESSING
    _note_how_paid(payment, failure.get("payment_method") or {})
    payment.status, payment.last_error = PaymentStatus.FAILED, error
    session.add(payment)
    session.flush()
    record_event(session, invoice.id, "payment_failed", error[:200])
    if was_processing or payment.method == PaymentMethod.BANK_DEBIT:
        # Money the office counted on for days did not come: the balance is open again.
        words = f"Bank debit of {format_usd(payment.amount_cents)} failed: {error}"[:500]
        record_event(session, invoice.id, "attention", words)
        settle_invoice(session, invoice, utc_now())
        queue_staff_notice(session, invoice, "Bank debit failed", words)
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
    settle_invoice(session, invoice, utc_now())
    queue_staff_notice(session, invoice, "Card dispute", words)
    return True


def _apply(session: Session, kind: str, obj: dict) -> bool:
    if kind == "payment_intent.processing":
        return _record_processing(session, obj)
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
    "payment_intent.processing",
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
    if kind in ("payment_intent.processing", "payment_intent.succeeded"):
        obj = _current_intent(obj, required=kind == "payment_intent.processing")
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


def _current_intent(event_intent: dict, required: bool) -> dict:
    """The intent as Stripe has it now, with its charge (the event's copy carries only the
    charge's id, and may be older than another event already recorded). A processing event is
    recorded only from Stripe's current intent (`required`: an error is answered 500 and Stripe
    sends the event again later); a success keeps the event's own state and only borrows the
    charge's card or bank details."""
    try:
        current = (
            stripe_client()
            .v1.payment_intents.retrieve(
                str(event_intent["id"]), params={"expand": ["latest_charge"]}
            )
            .to_dict()
        )
    except (stripe.StripeError, ActionRefused):
        if required:
            raise
        return event_intent
    if required:
        return current
    charge = current.get("latest_charge")
    if isinstance(charge, dict) and charge.get("id") == event_intent.get("latest_charge"):
        return {**event_intent, "latest_charge": charge}
    return event_intent


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
    """Record what a PaymentIntent read from Stripe says (succeeded, processing, or declined),
    as its webhook would; True when something changed here."""
    if intent.get("status") == "succeeded":
        return _record_succeeded(session, intent)
    if intent.get("status") == "processing":
        return _record_processing(session, intent)
    if intent.get("last_payment_error"):
        return _record_failed(session, intent)
    return False
