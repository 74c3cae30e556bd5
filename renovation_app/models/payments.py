"""Payments of invoices, refunds and the Stripe webhook events handled."""

from datetime import date, datetime
from enum import StrEnum

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from renovation_app.models.base import utc_now


class PaymentStatus(StrEnum):
    OPEN = "open"  # a PaymentIntent waiting for a card
    # A bank debit Stripe accepted and the bank has not yet settled (days): not counted as
    # paid; the invoice takes no other payment and cannot be voided meanwhile.
    PROCESSING = "processing"
    SUCCEEDED = "succeeded"
    FAILED = "failed"  # the last card was declined; the intent can still be paid
    CANCELED = "canceled"
    # Stripe took money that does not match what this site asked (amount or currency):
    # not counted as paid, shown to staff.
    REVIEW = "review"
    # A recorded check, transfer or cash payment an admin took back (entered by mistake, a
    # bounced check): not counted as paid.
    VOIDED = "voided"


class PaymentMethod(StrEnum):
    CARD = "card"  # through Stripe
    BANK_DEBIT = "bank_debit"  # a US bank account (ACH Direct Debit) through Stripe
    CHECK = "check"
    ZELLE = "zelle"
    BANK_TRANSFER = "bank_transfer"
    CASH = "cash"


# Payments taken through Stripe (refunded there, never voided here); a Stripe payment is
# made as CARD and becomes BANK_DEBIT once Stripe reports a us_bank_account on it.
STRIPE_METHODS = (PaymentMethod.CARD, PaymentMethod.BANK_DEBIT)


# Payments staff record by hand (the money reached the business outside Stripe).
RECORDED_METHODS = (
    PaymentMethod.CHECK,
    PaymentMethod.ZELLE,
    PaymentMethod.BANK_TRANSFER,
    PaymentMethod.CASH,
)


class Payment(SQLModel, table=True):
    """One payment of an invoice: a Stripe PaymentIntent (unique, so a replayed webhook or a
    browser report after the webhook changes nothing) or a check, transfer or cash payment
    recorded by staff (unique on the recording form's key, so a double click records one)."""

    id: int | None = Field(default=None, primary_key=True)
    invoice_id: int = Field(foreign_key="invoice.id", index=True)
    payment_intent_id: str | None = Field(default=None, unique=True, max_length=100)
    method: PaymentMethod = Field(default=PaymentMethod.CARD, sa_type=sa.String(20))
    # A recorded payment: the check number or transfer reference, the day the money came,
    # who recorded it and the form's one-time key; a void by an admin with its reason.
    reference: str = Field(default="", max_length=100)
    received_on: date | None = Field(default=None, index=True)
    recorded_by_id: int | None = Field(default=None, foreign_key="user.id")
    record_key: str | None = Field(default=None, unique=True, max_length=64)
    voided_at: datetime | None = None
    void_reason: str = Field(default="", max_length=500)
    charge_id: str = Field(default="", max_length=100)
    amount_cents: int
    amount_refunded_cents: int = 0
    currency: str = Field(default="usd", max_length=3)
    status: PaymentStatus = Field(default=PaymentStatus.OPEN, sa_type=sa.String(12), index=True)
    # A card's brand and last 4 digits; for a bank debit, the bank's name and the account's
    # last 4 digits.
    card_brand: str = Field(default="", max_length=20)
    card_last4: str = Field(default="", max_length=4)
    last_error: str = Field(default="", max_length=300)
    attempt: int = 1
    created_at: datetime = Field(default_factory=utc_now)
    succeeded_at: datetime | None = Field(default=None, index=True)
    # A chargeback: Stripe's dispute status ("needs_response", "won", "lost"...), "" if none.
    dispute_status: str = Field(default="", max_length=30)
    dispute_amount_cents: int = 0


class RefundStatus(StrEnum):
    REQUESTED = "requested"  # recorded here, Stripe not yet answered (retried with its key)
    PENDING = "pending"  # Stripe accepted it; the money is on its way back
    SUCCEEDED = "succeeded"
    FAILED = "failed"  # Stripe could not return the money
    CANCELED = "canceled"


# Refunds that hold part of a payment: what can still be refunded leaves them out.
ACTIVE_REFUND_STATUSES = (RefundStatus.REQUESTED, RefundStatus.PENDING, RefundStatus.SUCCEEDED)


class Refund(SQLModel, table=True):
    """A refund: written here before Stripe is asked (its id is the idempotency key), then
    Stripe's id and status; refunds made in Stripe's dashboard get a row from the webhook."""

    id: int | None = Field(default=None, primary_key=True)
    payment_id: int = Field(foreign_key="payment.id", index=True)
    stripe_refund_id: str | None = Field(default=None, unique=True, max_length=100)
    amount_cents: int
    reason: str = Field(default="", max_length=500)
    status: RefundStatus = Field(default=RefundStatus.REQUESTED, sa_type=sa.String(20))
    failure_reason: str = Field(default="", max_length=200)
    user_id: int | None = Field(default=None, foreign_key="user.id")
    created_at: datetime = Field(default_factory=utc_now)


class StripeEvent(SQLModel, table=True):
    """Every webhook event handled, by Stripe's id: a replay is recognised and changes nothing."""

    __tablename__ = "stripe_event"

    id: str = Field(primary_key=True, max_length=100)
    type: str = Field(max_length=60)
    received_at: datetime = Field(default_factory=utc_now)
