"""Card payments through Stripe: PaymentIntents, what Stripe reports, receipts and disputes.

Rules: the amount charged is the invoice's outstanding balance read from the database (never
from the browser); the browser only ever gets a PaymentIntent's client secret; Stripe is the
source of truth, and every report (the browser after confirming, the webhook, a replay, a late
or out-of-order event) is recorded under the invoice's lock, after which the invoice's status is
derived again from its recorded totals (ledger.settle_invoice). Refunds are in refunds.py.
"""

import json
import logging
from dataclasses import dataclass
from datetime import timedelta

import stripe
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, func, select

from renovation_app.content import BUSINESS
from renovation_app.db import db_session, insert_or_ignore
from renovation_app.models import (
    Invoice,
    InvoiceStatus,
    Payment,
    PaymentStatus,
    StripeEvent,
    utc_now,
)
from renovation_app.services import ledger
from renovation_app.services.invoices import lock_invoice
from renovation_app.services.ledger import card_words, paid_cents, record_event
from renovation_app.services.mail import wake_outbox_worker
from renovation_app.services.money import format_usd
from renovation_app.services.payment_mail import queue_receipts, queue_staff_notice
from renovation_app.services.refunds import record_charge_refunded, record_refund_update
from renovation_app.services.stripe_gateway import (
    NOT_SET_UP,
    OPEN_INTENT_STATUSES,
    PaymentRefused,
    payments_enabled,
    stripe_client,
)
from renovation_app.services.throttle import allow
from renovation_app.settings import settings

__all__ = [
    "NOT_SET_UP",
    "PAYMENT_FAILED",
    "CardCheckout",
    "PaymentRefused",
    "confirm_from_browser",
    "handle_webhook",
    "outstanding_cents",
    "payment_summary",
    "payments_enabled",
    "start_card_payment",
]

log = logging.getLogger(__name__)

PAYMENT_FAILED = "Payment failed. Please try again."
WEBHOOK_MAX_BYTES = 1024 * 1024
TOO_MANY_TRIES = (
    "Too many payment attempts in a short time. Please wait 10 minutes or call us to pay."
)
# "Pay now" on one pay link, and from one client address: each start asks Stripe once or twice.
PAY_LINK_TRIES = 10
CLIENT_TRIES = 20
TRIES_WINDOW = timedelta(minutes=10)


@dataclass(frozen=True)
class CardCheckout:
    """What the payment dialog needs: the intent's client secret and what it is for."""

    client_secret: str
    payment_intent_id: str
    amount_cents: int
    amount: str
    customer_name: str


def outstanding_cents(session: Session, invoice: Invoice) -> int:
    return max(invoice.total_cents - paid_cents(session, invoice.id), 0)


# --- starting a card payment ---------------------------------------------------------------------


def _payable(session: Session, invoice: Invoice | None) -> tuple[Invoice, int]:
    if invoice is None or invoice.status == InvoiceStatus.VOID:
        raise PaymentRefused("This invoice cannot be paid: it does not exist or is void.")
    due = outstanding_cents(session, invoice)
    if due <= 0:
        raise PaymentRefused(f"Invoice {invoice.number} is already paid.")
    return invoice, due


def _reusable_intent(client: stripe.StripeClient, session: Session, invoice: Invoice, due: int):
    """An open PaymentIntent of this invoice for this amount, if there is one. Intents found
    cancelled at Stripe are marked so here (the next key then differs)."""
    for payment in session.exec(
        select(Payment)
        .where(
            Payment.invoice_id == invoice.id,
            Payment.status.in_((PaymentStatus.OPEN, PaymentStatus.FAILED)),
        )
        .order_by(Payment.id.desc())
    ):
        intent = client.v1.payment_intents.retrieve(payment.payment_intent_id)
        if intent.status == "canceled":
            payment.status = PaymentStatus.CANCELED
            session.add(payment)
        elif intent.status in OPEN_INTENT_STATUSES and intent.amount == due:
            return intent
    return None


def _check_tries(session: Session, invoice_id: int, client_hash: str) -> None:
    """Limit "Pay now" per pay link and per client address (each try reads Stripe)."""
    if not allow(session, f"pay-link:{invoice_id}", PAY_LINK_TRIES, TRIES_WINDOW) or (
        client_hash and not allow(session, f"pay-client:{client_hash}", CLIENT_TRIES, TRIES_WINDOW)
    ):
        session.rollback()
        raise PaymentRefused(TOO_MANY_TRIES)
    session.commit()


def start_card_payment(invoice_id: int, client_hash: str | None = None) -> CardCheckout:
    """The PaymentIntent for the invoice's outstanding balance: an open one of the same amount
    is reused; otherwise one is created with an idempotency key per invoice, attempt and amount,
    so a double click or a retried request makes one PaymentIntent. `client_hash` (the pay
    page's caller) turns on the per-link and per-address limits; staff pages pass None."""
    client = stripe_client()
    with db_session() as session:
        if client_hash is not None:
            _check_tries(session, invoice_id, client_hash)
        lock_invoice(session, invoice_id)  # a void waits for us, or we see it
        invoice, due = _payable(session, session.get(Invoice, invoice_id))
        intent = _reusable_intent(client, session, invoice, due)
        if intent is None:
            # Clicks while no intent is open share one key (so Stripe makes one intent); a new
            # key only once an earlier intent of the invoice has ended (paid or canceled).
            ended = session.exec(
                select(func.count())
                .select_from(Payment)
                .where(
                    Payment.invoice_id == invoice.id,
                    Payment.status.in_((PaymentStatus.SUCCEEDED, PaymentStatus.CANCELED)),
                )
            ).one()
            attempt = 1 + ended
            # No receipt_email: Stripe would mail its own receipt beside ours in live mode.
            intent = client.v1.payment_intents.create(
                params={
                    "amount": due,
                    "currency": "usd",
                    "payment_method_types": ["card"],
                    "description": f"Invoice {invoice.number} from {BUSINESS.name}",
                    "metadata": {"invoice_id": str(invoice.id), "invoice_number": invoice.number},
                },
                options={"idempotency_key": f"invoice-{invoice.id}-attempt-{attempt}-{due}"},
            )
            session.add(
                Payment(
                    invoice_id=invoice.id,
                    payment_intent_id=intent.id,
                    amount_cents=due,
                    attempt=attempt,
                )
            )
        try:
            session.commit()
        except IntegrityError:  # the same click twice: Stripe gave both the same intent
            session.rollback()
        return CardCheckout(
            client_secret=intent.client_secret,
            payment_intent_id=intent.id,
            amount_cents=due,
            amount=format_usd(due),
            customer_name=invoice.customer_name,
        )


# --- recording what Stripe reports ----------------------------------------------------------------


def _card(intent: dict) -> tuple[str, str, str]:
    charge = intent.get("latest_charge")
    if not isinstance(charge, dict):
        return (charge or ""), "", ""
    card = (charge.get("payment_method_details") or {}).get("card") or {}
    return charge.get("id", ""), str(card.get("brand", ""))[:20], str(card.get("last4", ""))[:4]


def _locked_payment(session: Session, intent_id: str) -> tuple[Payment, Invoice] | None:
    """Our row for a PaymentIntent and its invoice, with the invoice's lock held. Only intents
    this site created have a row (it is written before the client secret leaves the server):
    any other intent is not ours to record."""
    payment = session.exec(select(Payment).where(Payment.payment_intent_id == intent_id)).first()
    if payment is None:
        log.warning("stripe: payment intent %s was not created by this site", intent_id)
        return None
    lock_invoice(session, payment.invoice_id)
    session.refresh(payment)
    invoice = session.get(Invoice, payment.invoice_id)
    session.refresh(invoice)
    return payment, invoice


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
    found = _locked_payment(session, intent["id"])
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
    payment.succeeded_at = payment.receipt_queued_at = now
    session.add(payment)
    session.flush()
    ledger.settle_invoice(session, invoice, now)
    paid_words = f"{format_usd(payment.amount_cents)} by {card_words(payment)}"
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
    found = _locked_payment(session, intent["id"])
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
    found = _locked_payment(session, intent_id) if isinstance(intent_id, str) else None
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
        raise PaymentRefused(PAYMENT_FAILED)
    intent = (
        stripe_client()
        .v1.payment_intents.retrieve(payment_intent_id, params={"expand": ["latest_charge"]})
        .to_dict()
    )
    if str((intent.get("metadata") or {}).get("invoice_id")) != str(invoice_id):
        raise PaymentRefused(PAYMENT_FAILED)  # another invoice's payment: not this one's
    with db_session() as session:
        if intent["status"] == "succeeded":
            _record_succeeded(session, intent)
        elif intent.get("last_payment_error"):
            _record_failed(session, intent)
        session.commit()
    wake_outbox_worker()
    return intent["status"]


def payment_summary(invoice_id: int) -> ledger.MoneySummary:
    """Paid, refunded and due amounts of an invoice, and its payments, for its page."""
    with db_session() as session:
        invoice = session.get(Invoice, invoice_id)
        due = outstanding_cents(session, invoice) if invoice else 0
        return ledger.money_summary(session, invoice_id, due)
