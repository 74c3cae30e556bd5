"""Starting a card payment: the PaymentIntent for what an invoice still owes.

The amount is the outstanding balance read from the database, never from the browser; the
browser only ever gets the intent's client secret. An intent starts under the invoice's lock,
so a void waits for it (and then cancels it) or is seen by it. The intent takes a card or a
US bank account debit; while a bank debit is processing (days), no other payment starts, so
the same money is never asked for twice.
"""

from dataclasses import dataclass
from datetime import timedelta

import stripe
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, func, select

from renovation_app.content import BUSINESS
from renovation_app.db import db_session
from renovation_app.models import Invoice, InvoiceStatus, Payment, PaymentStatus
from renovation_app.services.billing import (
    amount_due,
    business_today,
    format_usd,
    lock_invoice,
    stages_of,
)
from renovation_app.services.errors import ActionRefused
from renovation_app.services.limits import allow
from renovation_app.services.payments.gateway import (
    OPEN_INTENT_STATUSES,
    PAYMENT_METHOD_TYPES,
    open_payments,
    processing_payments,
    stripe_client,
)
from renovation_app.services.payments.ledger import method_words, paid_cents
from renovation_app.services.payments.summary import MoneySummary, money_summary

TOO_MANY_TRIES = (
    "Too many payment attempts in a short time. Please wait 10 minutes or call us to pay."
)
# "Pay now" on one pay link, and from one client address: each start asks Stripe once or twice.
PAY_LINK_TRIES = 10
CLIENT_TRIES = 20
TRIES_WINDOW = timedelta(minutes=10)
PROCESSING_WORDS = (
    "A payment of {amount} ({how}) is being processed by the bank. The invoice shows it as paid "
    "once it clears (usually 4 business days); if it fails, you can pay again here."
)


@dataclass(frozen=True)
class CardCheckout:
    """What the payment dialog needs: the intent's client secret and what it is for."""

    client_secret: str
    payment_intent_id: str
    amount_cents: int
    amount: str
    customer_name: str


def charge_cents(session: Session, invoice: Invoice, whole_balance: bool) -> int:
    """What a card payment takes: the whole balance, or what is due now (the next stage of a
    schedule when nothing is due yet, so a customer may pay ahead)."""
    due = amount_due(
        invoice.total_cents,
        stages_of(session, invoice.id),
        paid_cents(session, invoice.id),
        business_today(),
    )
    if whole_balance:
        return due.balance_cents
    return due.pay_now_cents


def _refuse_while_processing(session: Session, invoice_id: int) -> None:
    """No second payment while a bank debit is in flight: it may still clear (no double charge);
    if it fails, the balance reopens and paying works again."""
    in_flight = processing_payments(session, invoice_id)
    if in_flight:
        payment = in_flight[0]
        raise ActionRefused(
            PROCESSING_WORDS.format(
                amount=format_usd(payment.amount_cents), how=method_words(payment)
            )
        )


def _payable(session: Session, invoice: Invoice | None, whole_balance: bool) -> tuple[Invoice, int]:
    if invoice is None or invoice.status == InvoiceStatus.VOID:
        raise ActionRefused("This invoice cannot be paid: it does not exist or is void.")
    _refuse_while_processing(session, invoice.id)
    due = charge_cents(session, invoice, whole_balance)
    if due <= 0:
        raise ActionRefused(f"Invoice {invoice.number} is already paid.")
    return invoice, due


def _reusable_intent(client: stripe.StripeClient, session: Session, invoice: Invoice, due: int):
    """An open PaymentIntent of this invoice for this amount, if there is one. Intents found
    cancelled at Stripe are marked so here (the next key then differs). One Stripe already
    processes (a bank debit whose webhook has not arrived yet) refuses a new payment."""
    for payment in open_payments(session, invoice.id):
        intent = client.v1.payment_intents.retrieve(payment.payment_intent_id)
        if intent.status == "processing":
            raise ActionRefused(
                PROCESSING_WORDS.format(amount=format_usd(intent.amount), how="bank debit")
            )
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
        raise ActionRefused(TOO_MANY_TRIES)
    session.commit()


def start_card_payment(
    invoice_id: int, client_hash: str | None = None, whole_balance: bool = False
) -> CardCheckout:
    """The PaymentIntent for what is due now on the invoice (or its whole balance, when the
    customer chose so), computed here from the database: an open one of the same amount is
    reused; otherwise one is created with an idempotency key per invoice, attempt and amount,
    so a double click or a retried request makes one PaymentIntent. `client_hash` (the pay
    page's caller) turns on the per-link and per-address limits; staff pages pass None."""
    client = stripe_client()
    with db_session() as session:
        if client_hash is not None:
            _check_tries(session, invoice_id, client_hash)
        lock_invoice(session, invoice_id)  # a void waits for us, or we see it
        invoice, due = _payable(session, session.get(Invoice, invoice_id), whole_balance)
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
                    "payment_method_types": list(PAYMENT_METHOD_TYPES),
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


def payment_summary(invoice_id: int) -> MoneySummary:
    """Paid, refunded and due amounts of an invoice, its payments and stages, for its page."""
    with db_session() as session:
        invoice = session.get(Invoice, invoice_id)
        return money_summary(session, invoice) if invoice else MoneySummary()
