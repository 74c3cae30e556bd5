"""Refunds: asked by an admin, recorded before Stripe is asked, confirmed by Stripe.

Each refund is a row here first (status "requested"), under the invoice's lock, so what can
still be refunded counts every refund in flight; its own id is Stripe's idempotency key, so a
retry after a timeout or a crash never refunds twice. Stripe's webhooks then bring the truth:
the refunds of the payment are read back from Stripe (dashboard refunds included) and the
invoice is settled again.
"""

import logging

import stripe
from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import (
    STRIPE_METHODS,
    Invoice,
    Payment,
    PaymentStatus,
    Refund,
    RefundStatus,
    utc_now,
)
from renovation_app.services.billing import (
    PriceInvalid,
    by_number,
    format_usd,
    lock_invoice,
    locked_invoice,
    parse_price,
    record_event,
)
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import reason_text, whole_number
from renovation_app.services.payments.gateway import payments_enabled, stripe_client
from renovation_app.services.payments.ledger import locked_payment, refundable_of, settle_invoice
from renovation_app.services.payments.receipts import queue_staff_notice
from renovation_app.services.staff import SignedInUser, two_step

log = logging.getLogger(__name__)

REASON_MAX = 500
STRIPE_STATUSES = {
    "pending": RefundStatus.PENDING,
    "requires_action": RefundStatus.PENDING,
    "succeeded": RefundStatus.SUCCEEDED,
    "failed": RefundStatus.FAILED,
    "canceled": RefundStatus.CANCELED,
}


def _check_request(user: SignedInUser, amount_text: str, reason: str) -> tuple[int, str]:
    if not user.is_admin:
        raise ActionRefused("Only an admin can refund a payment.")
    reason = reason_text(reason, "Please give a reason for the refund.", REASON_MAX)
    try:
        return parse_price(amount_text), reason
    except PriceInvalid as invalid:
        raise ActionRefused(f"The amount: {invalid}") from invalid


def _reserve(number: str, user: SignedInUser, amount: int, reason: str) -> list[int]:
    """Write the refund rows (split over the invoice's payments, oldest first) under the
    invoice's lock, after checking the amount against what is not yet refunded or in flight."""
    with db_session() as session:
        invoice = locked_invoice(session, number)
        payments = list(
            session.exec(
                select(Payment)
                .where(
                    Payment.invoice_id == invoice.id,
                    Payment.status == PaymentStatus.SUCCEEDED,
                    # a check is paid back outside Stripe
                    Payment.method.in_(STRIPE_METHODS),
                )
                .order_by(Payment.id)
            )
        )
        refunds = list(
            session.exec(select(Refund).where(Refund.payment_id.in_([p.id for p in payments])))
        )
        open_parts = [(p, refundable_of(p, refunds)) for p in payments]
        refundable = sum(part for _, part in open_parts)
        if amount > refundable:
            raise ActionRefused(
                f"At most {format_usd(refundable)} can be refunded (refunds in progress count)."
            )
        rows, remaining = [], amount
        for payment, open_cents in open_parts:
            part = min(remaining, open_cents)
            if part > 0:
                rows.append(
                    Refund(payment_id=payment.id, amount_cents=part, reason=reason, user_id=user.id)
                )
                remaining -= part
        session.add_all(rows)
        record_event(
            session,
            invoice.id,
            "refunded",
            f"{format_usd(amount)} refund asked by {user.name}: {reason[:200]}",
            user_id=user.id,
        )
        session.commit()
        return [row.id for row in rows]


def _ask_stripe(client: stripe.StripeClient, refund_id: int) -> str:
    """Send one recorded refund to Stripe (again, after a failure: same key, one refund).
    Returns "" when Stripe took it, or what went wrong in words."""
    with db_session() as session:
        row = session.get(Refund, refund_id)
        payment = session.get(Payment, row.payment_id)
        invoice = session.get(Invoice, payment.invoice_id)
    try:
        answer = client.v1.refunds.create(
            params={
                "payment_intent": payment.payment_intent_id,
                "amount": row.amount_cents,
                "metadata": {
                    "invoice_number": invoice.number,
                    "refund_id": str(row.id),
                    "reason": row.reason[:500],
                },
            },
            options={"idempotency_key": f"refund-{row.id}"},
        )
    except stripe.InvalidRequestError as refused:  # Stripe said no: nothing was refunded
        message = str(refused.user_message or refused)[:200]
        _store_answer(refund_id, None, RefundStatus.FAILED, message)
        return f"Stripe refused the refund of {format_usd(row.amount_cents)}: {message}"
    except stripe.StripeError:
        log.exception("refund %s: no answer from Stripe; kept to send again", refund_id)
        return (
            f"Stripe did not answer for the refund of {format_usd(row.amount_cents)}. It is "
            "recorded and will be sent again (safely, once) with the next refund of this invoice."
        )
    _store_answer(refund_id, answer.id, STRIPE_STATUSES.get(answer.status), "")
    return ""


def _store_answer(
    refund_id: int, stripe_id: str | None, status: RefundStatus | None, failure: str
) -> None:
    with db_session() as session:
        row = session.get(Refund, refund_id)
        lock_invoice(session, session.get(Payment, row.payment_id).invoice_id)
        session.refresh(row)
        if stripe_id and row.stripe_refund_id is None:
            row.stripe_refund_id = stripe_id
        if row.status == RefundStatus.REQUESTED and status is not None:
            row.status, row.failure_reason = status, failure
        session.add(row)
        invoice = session.get(Invoice, session.get(Payment, row.payment_id).invoice_id)
        settle_invoice(session, invoice, utc_now())
        session.commit()


def _unanswered(number: str) -> list[int]:
    with db_session() as session:
        invoice = by_number(session, number)
        if invoice is None:
            return []
        return list(
            session.exec(
                select(Refund.id)
                .join(Payment, Payment.id == Refund.payment_id)
                .where(Payment.invoice_id == invoice.id, Refund.status == RefundStatus.REQUESTED)
            )
        )


def refund(number: str, user: SignedInUser, amount_text: str, reason: str, code: str = "") -> int:
    """An admin refunds part or all of what was paid, confirmed with a two-step sign-in code.
    Returns the cents refunded; raises ActionRefused with the reason when it cannot (the rows
    Stripe refused say so too)."""
    amount, reason = _check_request(user, amount_text, reason)
    two_step.confirm_with_code(user.id, code, "refund")
    return _refund(number, user, amount, reason)


def refund_by_law(number: str, on_behalf: SignedInUser, amount_text: str, reason: str) -> int:
    """A refund the customer is owed by law (a contract cancelled within its period), made by
    the site itself when the customer cancels: no admin is there to give a code."""
    amount, reason = _check_request(on_behalf, amount_text, reason)
    return _refund(number, on_behalf, amount, reason)


def _refund(number: str, user: SignedInUser, amount: int, reason: str) -> int:
    client = stripe_client()
    for earlier in _unanswered(number):  # refunds recorded before Stripe answered
        _ask_stripe(client, earlier)
    problems = [
        p for row in _reserve(number, user, amount, reason) if (p := _ask_stripe(client, row))
    ]
    if problems:
        raise ActionRefused(" ".join(problems))
    return amount


# --- what Stripe reports -------------------------------------------------------------------------


def _row_for(session: Session, payment: Payment, stripe_refund: dict) -> Refund:
    """Our row for one of Stripe's refunds: by Stripe's id, by our id in its metadata (a row
    whose answer was lost), or a new row (a refund made in Stripe's dashboard)."""
    stripe_id = stripe_refund["id"]
    row = session.exec(select(Refund).where(Refund.stripe_refund_id == stripe_id)).first()
    ours = str((stripe_refund.get("metadata") or {}).get("refund_id", ""))
    if row is None and (our_id := whole_number(ours)) is not None:
        row = session.get(Refund, our_id)
        if row is not None and (row.payment_id != payment.id or row.stripe_refund_id):
            row = None
    if row is None:
        row = Refund(
            payment_id=payment.id,
            amount_cents=int(stripe_refund.get("amount") or 0),
            reason="Made in Stripe",
        )
    row.stripe_refund_id = stripe_id
    return row


def _apply_refund(session: Session, payment: Payment, invoice: Invoice, stripe_refund: dict):
    row = _row_for(session, payment, stripe_refund)
    status = STRIPE_STATUSES.get(str(stripe_refund.get("status")), row.status)
    if status == RefundStatus.FAILED and row.status != RefundStatus.FAILED:
        row.failure_reason = str(stripe_refund.get("failure_reason") or "")[:200]
        words = f"A refund of {format_usd(row.amount_cents)} failed"
        words += f" ({row.failure_reason})." if row.failure_reason else "."
        record_event(session, invoice.id, "attention", words)
        queue_staff_notice(session, invoice, "Refund failed", words)
    row.status = status
    session.add(row)


def _sync_from_stripe(session: Session, payment: Payment, invoice: Invoice) -> None:
    """Read the payment's refunds back from Stripe: rows and statuses, and the amount Stripe
    has refunded (a failed refund gives its amount back)."""
    if not payments_enabled():
        return
    listing = stripe_client().v1.refunds.list(
        params={"payment_intent": payment.payment_intent_id, "limit": 100}
    )
    confirmed = 0
    for stripe_refund in listing.auto_paging_iter():
        stripe_refund = stripe_refund.to_dict()
        _apply_refund(session, payment, invoice, stripe_refund)
        if stripe_refund.get("status") in ("succeeded", "pending"):
            confirmed += int(stripe_refund.get("amount") or 0)
    added = confirmed - payment.amount_refunded_cents
    payment.amount_refunded_cents = min(confirmed, payment.amount_cents)
    session.add(payment)
    if added > 0:
        record_event(session, invoice.id, "refunded", f"{format_usd(added)} refunded (Stripe)")


def record_charge_refunded(session: Session, charge: dict) -> bool:
    """charge.refunded: Stripe's refunds of the payment become the truth here. A refund of a
    payment not yet recorded as succeeded is kept on its row and counts once it is."""
    found = locked_payment(session, charge.get("payment_intent"))
    if found is None:
        return False
    payment, invoice = found
    _sync_from_stripe(session, payment, invoice)
    session.flush()
    settle_invoice(session, invoice, utc_now())
    return True


def record_refund_update(session: Session, stripe_refund: dict) -> bool:
    """charge.refund.updated (and refund.updated / refund.failed): a refund's new status; a
    failed one gives its amount back, goes into the history and to the office."""
    found = locked_payment(session, stripe_refund.get("payment_intent"))
    if found is None:
        return False
    payment, invoice = found
    if payments_enabled():
        _sync_from_stripe(session, payment, invoice)
    else:
        _apply_refund(session, payment, invoice, stripe_refund)
    session.flush()
    settle_invoice(session, invoice, utc_now())
    return True
