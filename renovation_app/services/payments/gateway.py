"""The Stripe client, and stopping an invoice's open Stripe payments before it is voided."""

import logging

import stripe
from sqlmodel import Session, select

from renovation_app.models import Payment, PaymentStatus
from renovation_app.services.errors import ActionRefused
from renovation_app.settings import settings

log = logging.getLogger(__name__)

NOT_SET_UP = "Card payments are not set up."
OPEN_INTENT_STATUSES = ("requires_payment_method", "requires_confirmation", "requires_action")
# What a PaymentIntent of this site may be paid with: a card, or a US bank account debit (ACH
# Direct Debit, which stays "processing" for days before it succeeds or fails).
PAYMENT_METHOD_TYPES = ("card", "us_bank_account")
IN_FLIGHT_WORDS = (
    "A payment on this invoice is under way: it is being processed (a bank debit takes a few "
    "business days). Wait until it succeeds or fails, then reload the invoice."
)


def payments_enabled() -> bool:
    return bool(settings.stripe_secret_key and settings.stripe_publishable_key)


def stripe_client() -> stripe.StripeClient:
    if not payments_enabled():
        raise ActionRefused(NOT_SET_UP)
    addresses = {"api": settings.stripe_api_base} if settings.stripe_api_base else {}
    return stripe.StripeClient(settings.stripe_secret_key, base_addresses=addresses)


def _cancel(client: stripe.StripeClient, intent_id: str) -> tuple[str, str]:
    """Cancel an intent that can still take a card; returns its status afterwards and, when
    Stripe refused to cancel it, Stripe's reason."""
    intent = client.v1.payment_intents.retrieve(intent_id)
    if intent.status not in OPEN_INTENT_STATUSES:
        return intent.status, ""
    try:
        canceled = client.v1.payment_intents.cancel(
            intent_id, params={"cancellation_reason": "abandoned"}
        )
        return canceled.status, ""
    except stripe.InvalidRequestError as refused:
        # The customer's card may have gone through between the two calls: its status says.
        reason = str(refused.user_message or refused)[:200]
        return client.v1.payment_intents.retrieve(intent_id).status, reason


def open_payments(session: Session, invoice_id: int) -> list[Payment]:
    """The invoice's payments whose intent could still take a card, newest first."""
    return list(
        session.exec(
            select(Payment)
            .where(
                Payment.invoice_id == invoice_id,
                Payment.status.in_((PaymentStatus.OPEN, PaymentStatus.FAILED)),
            )
            .order_by(Payment.id.desc())
        )
    )


def processing_payments(session: Session, invoice_id: int) -> list[Payment]:
    """The invoice's payments Stripe reported as processing (a bank debit not yet settled)."""
    return list(
        session.exec(
            select(Payment).where(
                Payment.invoice_id == invoice_id, Payment.status == PaymentStatus.PROCESSING
            )
        )
    )


def stop_open_intents(session: Session, invoice_id: int, action: str = "void it") -> None:
    """Cancel every intent of the invoice that could still take a card, before the invoice is
    voided, revised or paid another way (`action` says which, for the refusal). The caller
    holds the invoice's lock (no new intent can start meanwhile). Raises ActionRefused, saying
    what happened, while a payment is processing (a bank debit recorded as such here, or an
    intent Stripe now calls processing), has just succeeded (the webhook will record it), or
    could not be cancelled (Stripe refused or did not answer): nothing is changed then, and
    trying again is safe."""
    if processing_payments(session, invoice_id):
        raise ActionRefused(IN_FLIGHT_WORDS)
    still_open = open_payments(session, invoice_id)
    if not still_open:
        return
    if not payments_enabled():
        log.warning("stop: Stripe is not set up; %d open intents left", len(still_open))
        return  # a success that still comes is recorded and flagged (payments.py)
    client = stripe_client()
    for payment in still_open:
        try:
            status, refusal = _cancel(client, payment.payment_intent_id)
        except stripe.StripeError:
            log.exception("stop: no answer from Stripe for %s", payment.payment_intent_id)
            raise ActionRefused(
                f"Stripe did not answer, so the customer's open card payment could not be "
                f"stopped and nothing was changed. Try again in a moment to {action}."
            ) from None
        if status == "canceled":
            payment.status = PaymentStatus.CANCELED
            session.add(payment)
        elif status == "processing":
            raise ActionRefused(IN_FLIGHT_WORDS)
        elif status in OPEN_INTENT_STATUSES:
            raise ActionRefused(
                f"Stripe did not cancel the customer's open card payment ({refusal or 'no reason given'}), "
                f"so nothing was changed. Try again in a moment to {action}."
            )
        else:  # succeeded (or capturable): the money is on its way
            raise ActionRefused(
                f"A card payment on this invoice has just gone through, so you cannot {action} "
                "now. Reload the invoice to see it; refund it if needed."
            )
