"""A payment the bookkeeper recorded in QuickBooks against one of our invoices, recorded here
once, as the office records a check (`record_payment`), so both books agree. The record key
made of QuickBooks' payment id makes a repeated webhook record nothing more; the
`quickbooks_payment` row says what came back and, when it could not be recorded (more than the
balance, a void invoice), why."""

import logging

from sqlmodel import select

from renovation_app.db import db_session, insert_or_ignore
from renovation_app.models import (
    Invoice,
    Payment,
    PaymentMethod,
    QuickBooksConnection,
    QuickBooksPayment,
    User,
    utc_now,
)
from renovation_app.services import quickbooks
from renovation_app.services.errors import ActionRefused, FormInvalid
from renovation_app.services.payments.recorded import record_payment
from renovation_app.services.rounds import every
from renovation_app.services.staff.sessions import SignedInUser, signed_in_user

log = logging.getLogger(__name__)

# QuickBooks' payment method names (the bookkeeper's list) as our ways of paying.
METHOD_HINTS = (
    (PaymentMethod.CASH, ("cash",)),
    (PaymentMethod.ZELLE, ("zelle",)),
    (PaymentMethod.BANK_TRANSFER, ("transfer", "wire", "ach", "eft")),
)


def _recorder(realm_id: str) -> SignedInUser:
    """The payment is recorded in the name of QuickBooks and the admin who connected it."""
    with db_session() as session:
        connection = session.exec(
            select(QuickBooksConnection)
            .where(QuickBooksConnection.realm_id == realm_id)
            .order_by(QuickBooksConnection.id.desc())
        ).first()
        admin = signed_in_user(session.get(User, connection.connected_by))
    return SignedInUser(
        admin.id, admin.email, f"QuickBooks (connected by {admin.name})", admin.role
    )


def _method_of(name: str) -> PaymentMethod:
    """Our way of paying for QuickBooks' payment method name ("Check" when it names none)."""
    words = name.lower()
    for method, hints in METHOD_HINTS:
        if any(hint in words for hint in hints):
            return method
    return PaymentMethod.CHECK


def _record_one(returned: quickbooks.ReturnedPayment) -> bool:
    with db_session() as session:
        number = session.get(Invoice, returned.invoice_id).number
    raw = {
        "method": _method_of(returned.method_name),
        "amount": f"{returned.amount_cents // 100}.{returned.amount_cents % 100:02d}",
        "received_on": str(returned.received_on or ""),
        "reference": returned.reference,
    }
    problem = ""
    try:
        record_payment(number, raw, returned.record_key, _recorder(returned.realm_id))
    except FormInvalid as invalid:
        problem = "; ".join(invalid.errors.values())
    except ActionRefused as refused:
        problem = str(refused)
    with db_session() as session:
        payment_id = session.exec(
            select(Payment.id).where(Payment.record_key == returned.record_key)
        ).first()
        noted = session.execute(
            insert_or_ignore(
                session,
                QuickBooksPayment,
                realm_id=returned.realm_id,
                quickbooks_id=returned.quickbooks_id,
                invoice_id=returned.invoice_id,
                payment_id=payment_id,
                amount_cents=returned.amount_cents,
                problem=problem[:500],
                received_at=utc_now(),
            ).returning(QuickBooksPayment.id)  # a row back only the first time (rowcount is
        ).first()  # not reliable for ON CONFLICT DO NOTHING on every driver)
        session.commit()
    if problem:
        log.warning("quickbooks payment %s not recorded: %s", returned.quickbooks_id, problem)
    return noted is not None and not problem


def record_quickbooks_payments(body: bytes, signature: str) -> int:
    """Intuit's webhook: the new payments it tells of, each recorded once on its invoice; how
    many were recorded. Raises quickbooks.WebhookForged (nothing changes) on a bad signature."""
    return sum(
        _record_one(returned) for returned in quickbooks.payments_in_notification(body, signature)
    )


def catch_up_quickbooks_payments() -> int:
    """The payments changed in QuickBooks since the last look (change data capture), each
    recorded once: what a webhook that never arrived would have told."""
    return sum(_record_one(returned) for returned in quickbooks.payments_changed_since_last_read())


async def quickbooks_payments_worker(check_seconds: float) -> None:
    """Reflex lifespan task: catch up payments recorded in QuickBooks every `check_seconds`."""
    # A failed look (QuickBooks or the database briefly away) leaves more for the next one.
    failed = "quickbooks: catching up payments failed"
    await every(check_seconds, catch_up_quickbooks_payments, log, failed)
