"""Card payments through Stripe: PaymentIntents, the webhook, receipts and refunds.

Rules: the amount charged is the invoice's outstanding balance read from the database (never
from the browser); the browser only ever gets a PaymentIntent's client secret; Stripe's webhook
is the source of truth, and every way a payment is reported (the browser after confirming,
the webhook, a replay) goes through the same compare-and-set, so the invoice is marked paid and
the receipt queued exactly once.
"""

import json
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import stripe
from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, func, select

from renovation_app.content import BUSINESS
from renovation_app.db import db_session, insert_or_ignore
from renovation_app.models import (
    Invoice,
    InvoiceEvent,
    InvoiceEventKind,
    InvoiceStatus,
    Payment,
    PaymentStatus,
    Refund,
    StripeEvent,
    utc_now,
)
from renovation_app.services.auth import SignedInUser
from renovation_app.services.invoice_pdf import render_receipt_pdf
from renovation_app.services.invoices import (
    BUSINESS_TIMEZONE,
    _by_number,
    _lines_of,
    _view,
)
from renovation_app.services.mail import Attachment, EmailMessage, queue_email, wake_outbox_worker
from renovation_app.services.money import PriceInvalid, format_usd, parse_price
from renovation_app.services.templates import render_email
from renovation_app.services.text import INVALID_CHARACTERS, has_refused_characters
from renovation_app.services.throttle import lock_key
from renovation_app.settings import settings

log = logging.getLogger(__name__)

NOT_SET_UP = "Card payments are not set up."
PAYMENT_FAILED = "Payment failed. Please try again."
OPEN_INTENT_STATUSES = ("requires_payment_method", "requires_confirmation", "requires_action")
WEBHOOK_MAX_BYTES = 1024 * 1024


class PaymentRefused(Exception):
    """A payment or refund that cannot be made (void invoice, nothing due, not allowed...)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class CardCheckout:
    """What the payment dialog needs: the intent's client secret and what it is for."""

    client_secret: str
    payment_intent_id: str
    amount_cents: int
    amount: str
    customer_name: str


def payments_enabled() -> bool:
    return bool(settings.stripe_secret_key and settings.stripe_publishable_key)


def _client() -> stripe.StripeClient:
    if not payments_enabled():
        raise PaymentRefused(NOT_SET_UP)
    addresses = {"api": settings.stripe_api_base} if settings.stripe_api_base else {}
    return stripe.StripeClient(settings.stripe_secret_key, base_addresses=addresses)


def _paid_cents(session: Session, invoice_id: int) -> int:
    return session.exec(
        select(func.coalesce(func.sum(Payment.amount_cents), 0)).where(
            Payment.invoice_id == invoice_id, Payment.status == PaymentStatus.SUCCEEDED
        )
    ).one()


def outstanding_cents(session: Session, invoice: Invoice) -> int:
    return max(invoice.total_cents - _paid_cents(session, invoice.id), 0)


# --- starting a card payment ---------------------------------------------------------------------


def _payable(session: Session, invoice: Invoice | None) -> tuple[Invoice, int]:
    if invoice is None or invoice.status == InvoiceStatus.VOID:
        raise PaymentRefused("This invoice cannot be paid: it does not exist or is void.")
    due = outstanding_cents(session, invoice)
    if due <= 0:
        raise PaymentRefused(f"Invoice {invoice.number} is already paid.")
    return invoice, due


def _reusable_intent(client: stripe.StripeClient, session: Session, invoice: Invoice, due: int):
    """An open PaymentIntent of this invoice for this amount, if there is one."""
    for payment in session.exec(
        select(Payment)
        .where(
            Payment.invoice_id == invoice.id,
            Payment.amount_cents == due,
            Payment.status.in_((PaymentStatus.OPEN, PaymentStatus.FAILED)),
        )
        .order_by(Payment.id.desc())
    ):
        intent = client.v1.payment_intents.retrieve(payment.payment_intent_id)
        if intent.status in OPEN_INTENT_STATUSES and intent.amount == due:
            return intent
    return None


def start_card_payment(invoice_id: int) -> CardCheckout:
    """The PaymentIntent for the invoice's outstanding balance: an open one of the same amount
    is reused; otherwise one is created with an idempotency key per invoice, attempt and amount,
    so a double click or a retried request makes one PaymentIntent."""
    client = _client()
    with db_session() as session:
        invoice, due = _payable(session, session.get(Invoice, invoice_id))
        intent = _reusable_intent(client, session, invoice, due)
        if intent is None:
            # Clicks while no intent is open share one key (so Stripe makes one intent); a new
            # key only once an earlier intent of the invoice has ended (paid or canceled).
            attempt = (
                1
                + session.exec(
                    select(func.count())
                    .select_from(Payment)
                    .where(
                        Payment.invoice_id == invoice.id,
                        Payment.status.in_((PaymentStatus.SUCCEEDED, PaymentStatus.CANCELED)),
                    )
                ).one()
            )
            intent = client.v1.payment_intents.create(
                params={
                    "amount": due,
                    "currency": "usd",
                    "payment_method_types": ["card"],
                    "description": f"Invoice {invoice.number} from {BUSINESS.name}",
                    "receipt_email": invoice.customer_email,
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


def _card_words(brand: str, last4: str) -> str:
    return f"{brand.capitalize()} ending {last4}" if last4 else "card"


def _payment_for(session: Session, intent: dict) -> Payment | None:
    """Our row for a PaymentIntent; one is added for an intent of ours we have no row for."""
    payment = session.exec(select(Payment).where(Payment.payment_intent_id == intent["id"])).first()
    if payment is not None:
        return payment
    invoice_id = str((intent.get("metadata") or {}).get("invoice_id", ""))
    if not invoice_id.isdigit() or session.get(Invoice, int(invoice_id)) is None:
        log.warning("stripe: payment intent %s is not for one of our invoices", intent["id"])
        return None
    payment = Payment(
        invoice_id=int(invoice_id), payment_intent_id=intent["id"], amount_cents=intent["amount"]
    )
    session.add(payment)
    session.flush()
    return payment


def _event(session: Session, invoice_id: int, kind: InvoiceEventKind, detail: str) -> None:
    session.add(InvoiceEvent(invoice_id=invoice_id, kind=kind, at=utc_now(), detail=detail))


def _queue_receipts(session: Session, invoice: Invoice, payment: Payment, now: datetime) -> None:
    view = _view(invoice, _lines_of(session, invoice.id))
    paid_total = _paid_cents(session, invoice.id)
    context = {
        "invoice": view,
        "business": BUSINESS,
        "paid": format_usd(payment.amount_cents),
        "paid_on": now.astimezone(BUSINESS_TIMEZONE).strftime("%B %-d, %Y"),
        "card": _card_words(payment.card_brand, payment.card_last4),
        "paid_total": format_usd(paid_total),
        "balance": format_usd(max(invoice.total_cents - paid_total, 0)),
        "payment_intent": payment.payment_intent_id,
    }
    pdf = render_receipt_pdf(view, context["paid"], context["paid_on"], context["card"])
    html, text = render_email("receipt", **context)
    queue_email(
        session,
        EmailMessage(
            to=invoice.customer_email,
            reply_to=BUSINESS.email,
            subject=f"Receipt for invoice {invoice.number} from {BUSINESS.name}",
            html=html,
            text=text,
            kind="receipt",
            attachments=(Attachment(f"receipt-{invoice.number}.pdf", "application/pdf", pdf),),
        ),
        about_kind="invoice",
        about_id=invoice.id,
    )
    html, text = render_email("payment_notice", **context)
    queue_email(
        session,
        EmailMessage(
            to=settings.business_inbox,
            subject=f"Payment received: invoice {invoice.number}, {context['paid']}",
            html=html,
            text=text,
            kind="payment_notice",
        ),
        about_kind="invoice",
        about_id=invoice.id,
    )


def _record_succeeded(session: Session, intent: dict) -> bool:
    """Mark the payment succeeded, the invoice paid (or partially) and queue the receipt and
    the business notice: only the first report of a payment does anything."""
    lock_key(session, f"payment:{intent['id']}")
    payment = _payment_for(session, intent)
    if payment is None:
        return False
    now = utc_now()
    charge_id, brand, last4 = _card(intent)
    changed = session.execute(
        update(Payment)
        .where(Payment.id == payment.id, Payment.status != PaymentStatus.SUCCEEDED)
        .values(
            status=PaymentStatus.SUCCEEDED,
            amount_cents=intent.get("amount_received") or intent["amount"],
            charge_id=charge_id,
            card_brand=brand,
            card_last4=last4,
            last_error="",
            succeeded_at=now,
            receipt_queued_at=now,
        )
    ).rowcount
    if changed != 1:
        return False
    session.refresh(payment)
    invoice = session.get(Invoice, payment.invoice_id)
    paid = _paid_cents(session, invoice.id)
    invoice.status = (
        InvoiceStatus.PAID if paid >= invoice.total_cents else InvoiceStatus.PARTIALLY_PAID
    )
    invoice.paid_at = invoice.paid_at or now
    session.add(invoice)
    _event(
        session,
        invoice.id,
        InvoiceEventKind.PAID,
        f"{format_usd(payment.amount_cents)} by {_card_words(brand, last4)}",
    )
    _queue_receipts(session, invoice, payment, now)
    return True


def _record_failed(session: Session, intent: dict) -> bool:
    lock_key(session, f"payment:{intent['id']}")
    payment = _payment_for(session, intent)
    if payment is None:
        return False
    error = (intent.get("last_payment_error") or {}).get("message") or PAYMENT_FAILED
    changed = session.execute(
        update(Payment)
        .where(Payment.id == payment.id, Payment.status != PaymentStatus.SUCCEEDED)
        .values(status=PaymentStatus.FAILED, last_error=str(error)[:300])
    ).rowcount
    if changed == 1:  # a late failure of an intent that has since succeeded changes nothing
        _event(session, payment.invoice_id, InvoiceEventKind.PAYMENT_FAILED, str(error)[:200])
    return changed == 1


def _record_refunded(session: Session, charge: dict) -> bool:
    """Stripe's total refunded on the charge is the truth: applied once, never added twice."""
    intent_id = charge.get("payment_intent") or ""
    lock_key(session, f"payment:{intent_id}")
    payment = session.exec(select(Payment).where(Payment.payment_intent_id == intent_id)).first()
    refunded = int(charge.get("amount_refunded") or 0)
    if payment is None or refunded <= payment.amount_refunded_cents:
        return False
    added = refunded - payment.amount_refunded_cents
    payment.amount_refunded_cents = min(refunded, payment.amount_cents)
    session.add(payment)
    session.flush()
    invoice = session.get(Invoice, payment.invoice_id)
    refunded_total = session.exec(
        select(func.coalesce(func.sum(Payment.amount_refunded_cents), 0)).where(
            Payment.invoice_id == invoice.id
        )
    ).one()
    invoice.status = (
        InvoiceStatus.REFUNDED
        if refunded_total >= _paid_cents(session, invoice.id)
        else InvoiceStatus.PARTIALLY_REFUNDED
    )
    session.add(invoice)
    _event(session, invoice.id, InvoiceEventKind.REFUNDED, f"{format_usd(added)} refunded")
    return True


def _apply(session: Session, kind: str, obj: dict) -> bool:
    if kind == "payment_intent.succeeded":
        return _record_succeeded(session, obj)
    if kind == "payment_intent.payment_failed":
        return _record_failed(session, obj)
    if kind == "charge.refunded":
        return _record_refunded(session, obj)
    return False


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
        _client()
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


# --- refunds ------------------------------------------------------------------------------------


def refund(number: str, user: SignedInUser, amount_text: str, reason: str) -> int:
    """An admin refunds part or all of what was paid, through Stripe with an idempotency key.
    Returns the cents refunded; the charge.refunded webhook confirms the invoice's status."""
    if not user.is_admin:
        raise PaymentRefused("Only an admin can refund a payment.")
    reason = (reason or "").strip()
    if not reason or len(reason) > 500 or has_refused_characters(reason):
        raise PaymentRefused(
            "Please give a reason for the refund."
            if not reason
            else f"The reason: {INVALID_CHARACTERS}"
        )
    try:
        amount = parse_price(amount_text)
    except PriceInvalid as invalid:
        raise PaymentRefused(f"The amount: {invalid}") from invalid
    client = _client()
    with db_session() as session:
        invoice = _by_number(session, number)
        payments = (
            session.exec(
                select(Payment)
                .where(Payment.invoice_id == invoice.id, Payment.status == PaymentStatus.SUCCEEDED)
                .order_by(Payment.id)
            ).all()
            if invoice
            else []
        )
        refundable = sum(p.amount_cents - p.amount_refunded_cents for p in payments)
        if amount > refundable:
            raise PaymentRefused(f"At most {format_usd(refundable)} can be refunded.")
        remaining = amount
        for payment in payments:
            part = min(remaining, payment.amount_cents - payment.amount_refunded_cents)
            if part <= 0:
                continue
            stripe_refund = client.v1.refunds.create(
                params={
                    "payment_intent": payment.payment_intent_id,
                    "amount": part,
                    "metadata": {"invoice_number": invoice.number, "reason": reason[:500]},
                },
                options={
                    "idempotency_key": f"refund-{payment.id}-{payment.amount_refunded_cents}-{part}"
                },
            )
            session.add(
                Refund(
                    payment_id=payment.id,
                    stripe_refund_id=stripe_refund.id,
                    amount_cents=part,
                    reason=reason,
                    status=str(stripe_refund.status or "pending"),
                    user_id=user.id,
                )
            )
            _event(
                session,
                invoice.id,
                InvoiceEventKind.REFUNDED,
                f"{format_usd(part)} refund asked by {user.name}: {reason[:200]}",
            )
            remaining -= part
        session.commit()
    return amount


def payment_summary(invoice_id: int) -> dict[str, Any]:
    """Paid, refunded and due amounts of an invoice, for its page."""
    with db_session() as session:
        invoice = session.get(Invoice, invoice_id)
        payments = session.exec(select(Payment).where(Payment.invoice_id == invoice_id)).all()
        paid = _paid_cents(session, invoice_id)
        refunded = sum(p.amount_refunded_cents for p in payments)
        due = outstanding_cents(session, invoice) if invoice else 0
    return {
        "paid": format_usd(paid),
        "refunded": format_usd(refunded),
        "due": format_usd(due),
        "due_cents": due,
        "refundable_cents": paid - refunded,
        "payments": [
            {
                "amount": format_usd(p.amount_cents),
                "status": str(p.status),
                "card": _card_words(p.card_brand, p.card_last4) if p.card_last4 else "",
                "refunded": format_usd(p.amount_refunded_cents),
                "error": p.last_error,
            }
            for p in payments
            if p.status != PaymentStatus.OPEN
        ],
    }
