"""Payments that reach the business outside Stripe: a check, Zelle, a bank transfer or cash,
recorded by staff with the day and amount; an admin can void one with a reason (a check that
bounced, a payment entered twice). Each one updates the invoice's status and history, and a
recorded payment queues the customer's receipt as a card payment does."""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import (
    RECORDED_METHODS,
    STRIPE_METHODS,
    Invoice,
    InvoiceStatus,
    Payment,
    PaymentMethod,
    PaymentStatus,
    Refund,
    RefundStatus,
    utc_now,
)
from renovation_app.services.billing import (
    PriceInvalid,
    business_today,
    format_usd,
    locked_invoice,
    long_date,
    parse_price,
    record_event,
)
from renovation_app.services.errors import ActionRefused, FormInvalid
from renovation_app.services.fields import check_text, iso_date, reason_text, text_of
from renovation_app.services.mail import wake_outbox_worker
from renovation_app.services.payments.gateway import stop_open_intents
from renovation_app.services.payments.ledger import kept_cents, paid_cents, settle_invoice
from renovation_app.services.payments.means import in_a_sentence, method_words, recorded_means
from renovation_app.services.payments.receipts import queue_receipts
from renovation_app.services.staff import SignedInUser

REFERENCE_MAX = 100
OLDEST_DAYS = 365
RECORD_KEY_MAX = 64
REFERENCE_ASKED = {
    PaymentMethod.CHECK: "Please give the check number.",
    PaymentMethod.ZELLE: "Please give the Zelle confirmation or reference.",
    PaymentMethod.BANK_TRANSFER: "Please give the transfer's reference.",
}


@dataclass(frozen=True)
class RecordedPayment:
    method: PaymentMethod
    amount_cents: int
    received_on: date
    reference: str


def validate_recorded_payment(raw: Mapping[str, object], today: date) -> RecordedPayment:
    """Check a "Record a payment" form: method, amount, the day it came and its reference."""
    errors: dict[str, str] = {}
    method_text = text_of(raw, "method") or ""
    method = PaymentMethod(method_text) if method_text in RECORDED_METHODS else None
    if method is None:
        errors["method"] = "Please choose check, Zelle, bank transfer or cash."
    cents = 0
    try:
        cents = parse_price(str(raw.get("amount") or ""))
    except PriceInvalid as invalid:
        errors["amount"] = invalid.message
    received = iso_date(raw.get("received_on"))
    if received is None:
        errors["received_on"] = "Please give the day the payment came, like 2026-11-24."
    elif received > today:
        errors["received_on"] = "The day the payment came cannot be in the future."
    elif received < today - timedelta(days=OLDEST_DAYS):
        errors["received_on"] = "The day the payment came must be within the last year."
    reference = check_text(errors, "reference", text_of(raw, "reference"), REFERENCE_MAX)
    if method in REFERENCE_ASKED and "reference" not in errors and not reference:
        errors["reference"] = REFERENCE_ASKED[method]
    if errors:
        raise FormInvalid(errors)
    return RecordedPayment(method, cents, received, reference)


def record_payment(
    number: str,
    raw: Mapping[str, object],
    record_key: str,
    user: SignedInUser,
    now: datetime | None = None,
) -> None:
    """Record a check, Zelle, bank transfer or cash payment on a sent invoice. `record_key` is
    the form's one-time key: the same key again (a double click, a retried request) records
    nothing more. More than the balance is refused; a void or draft invoice takes nothing."""
    now = now or utc_now()
    valid = validate_recorded_payment(raw, business_today(now))
    key = record_key.strip()[:RECORD_KEY_MAX] if isinstance(record_key, str) else ""
    if not key:
        raise ActionRefused("This form has expired: please reload the page and try again.")
    with db_session() as session:
        invoice = locked_invoice(session, number)
        if session.exec(select(Payment.id).where(Payment.record_key == key)).first():
            return  # recorded by the first click
        if invoice.status in (InvoiceStatus.VOID, InvoiceStatus.DRAFT):
            raise ActionRefused(
                f"Invoice {invoice.number} is {invoice.status}: it takes no payment."
            )
        balance = max(invoice.total_cents - paid_cents(session, invoice.id), 0)
        if valid.amount_cents > balance:
            raise FormInvalid(
                {"amount": f"This is more than the balance of {format_usd(balance)}."}
            )
        # The customer's open card payment (a pay page left open) would collect it again.
        stop_open_intents(session, invoice.id, "record this payment")
        payment = Payment(
            invoice_id=invoice.id,
            method=valid.method,
            amount_cents=valid.amount_cents,
            reference=valid.reference,
            received_on=valid.received_on,
            recorded_by_id=user.id,
            record_key=key,
            status=PaymentStatus.SUCCEEDED,
            succeeded_at=now,
        )
        session.add(payment)
        session.flush()
        settle_invoice(session, invoice, now)
        words = (
            f"{format_usd(payment.amount_cents)} by {method_words(payment)}, received "
            f"{long_date(valid.received_on)}, recorded by {user.name}"
        )
        record_event(session, invoice.id, "paid", words, user_id=user.id, at=now)
        queue_receipts(session, invoice, payment, now)
        try:
            session.commit()
        except IntegrityError:  # the same key committed meanwhile by another worker
            session.rollback()
            return
    wake_outbox_worker()


def _recorded_payment(
    session: Session, number: str, payment_id: int, done: str
) -> tuple[Invoice, Payment]:
    """The invoice (held) and its check, Zelle, transfer or cash payment `payment_id`; a card
    or bank debit payment is refunded through Stripe instead of being `done` here."""
    invoice = locked_invoice(session, number)
    payment = session.get(Payment, payment_id)
    if payment is None or payment.invoice_id != invoice.id:
        raise ActionRefused("There is no such payment on this invoice.")
    session.refresh(payment)
    if payment.method in STRIPE_METHODS:
        raise ActionRefused(
            f"A card or bank debit payment is not {done}: refund it instead (through Stripe)."
        )
    return invoice, payment


def void_recorded_payment(
    number: str, payment_id: int, reason: str, user: SignedInUser, now: datetime | None = None
) -> None:
    """Take back a recorded payment (admins only): it stops counting, the invoice's status is
    derived again, and the history says who, when and why. Card payments are refunded instead."""
    now = now or utc_now()
    if not user.is_admin:
        raise ActionRefused("Only an admin can void a recorded payment.")
    text = reason_text(reason, "Please give a reason for voiding the payment.")
    with db_session() as session:
        invoice, payment = _recorded_payment(session, number, payment_id, "voided")
        if payment.status != PaymentStatus.SUCCEEDED:
            raise ActionRefused("This payment is already void.")
        if payment.amount_refunded_cents:
            raise ActionRefused("Part of this payment was returned: it is not voided.")
        payment.status, payment.voided_at, payment.void_reason = PaymentStatus.VOIDED, now, text
        session.add(payment)
        session.flush()
        settle_invoice(session, invoice, now)
        words = f"{format_usd(payment.amount_cents)} by {method_words(payment)} voided by "
        record_event(
            session, invoice.id, "payment_voided", f"{words}{user.name}: {text}", user.id, now
        )
        session.commit()


def record_return(
    number: str,
    payment_id: int,
    raw: Mapping[str, object],
    user: SignedInUser,
    now: datetime | None = None,
) -> None:
    """Record that a check, Zelle, transfer or cash payment was given back (all or part, by
    any of those means), as the law asks of a cancelled contract or after a payment above the
    total. Admins only, under the invoice's lock, at most what is still held of the payment;
    the same return sent twice (a double click, two tabs) is recorded once."""
    now = now or utc_now()
    if not user.is_admin:
        raise ActionRefused("Only an admin can record a returned payment.")
    returned = validate_recorded_payment(raw, business_today(now))
    with db_session() as session:
        invoice, payment = _recorded_payment(session, number, payment_id, "given back by hand")
        how = in_a_sentence(recorded_means(returned.method, returned.reference), returned.method)
        words = f"Returned by {how} on {long_date(returned.received_on)}"
        if session.exec(
            select(Refund.id).where(
                Refund.payment_id == payment.id,
                Refund.amount_cents == returned.amount_cents,
                Refund.reason == words,
            )
        ).first():
            return  # the same return (amount, means, reference, day), recorded by the first click
        held = kept_cents(payment)
        if returned.amount_cents > held:
            raise FormInvalid(
                {"amount": f"At most {format_usd(held)} of this payment is still held."}
            )
        session.add(
            Refund(
                payment_id=payment.id,
                amount_cents=returned.amount_cents,
                reason=words,
                status=RefundStatus.SUCCEEDED,
                user_id=user.id,
                created_at=now,
            )
        )
        payment.amount_refunded_cents += returned.amount_cents
        session.add(payment)
        session.flush()
        settle_invoice(session, invoice, now)
        detail = (
            f"{format_usd(returned.amount_cents)} of {format_usd(payment.amount_cents)} by "
            f"{method_words(payment)}: {words[0].lower()}{words[1:]}, recorded by {user.name}"
        )
        record_event(session, invoice.id, "refunded", detail, user_id=user.id, at=now)
        session.commit()
