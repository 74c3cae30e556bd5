"""What comes back from QuickBooks: Intuit's signed webhooks, of which only payments matter (a
check the bookkeeper records in QuickBooks against one of our invoices), and change data capture
(`cdc`) of payments, which catches up what a missed webhook told. This module checks the
signature and reads each payment from QuickBooks; `payments.record_quickbooks_payments` and
`payments.catch_up_quickbooks_payments` record them here once (the payments feature owns
recording money).

Intuit signs the body: base64 of HMAC-SHA256 with the app's verifier token, in the
`intuit-signature` header. A body that does not verify changes nothing. The body is a list of
CloudEvents (Intuit's format since May 2026) or, from an app still on the older switch,
`eventNotifications`; both are read.
"""

import base64
import hashlib
import hmac
import json
import logging
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import QuickBooksConnection, QuickBooksPayment, QuickBooksSync, utc_now
from renovation_app.services.quickbooks import client
from renovation_app.services.quickbooks.connection import live_connection
from renovation_app.services.quickbooks.documents import marker_of
from renovation_app.services.quickbooks.queueing import RETURNED_KEY_PREFIX, SyncKind
from renovation_app.settings import settings

log = logging.getLogger(__name__)

WEBHOOK_MAX_BYTES = 256 * 1024
SIGNATURE_HEADER = "intuit-signature"
PAYMENT_OPERATIONS = ("Create", "Update")
PAYMENT_EVENT_TYPES = ("qbo.payment.created.v1", "qbo.payment.updated.v1")
OUR_PAYMENTS = marker_of(SyncKind.PAYMENT, 0).rsplit(" ", 1)[0]  # "renovation payment"


class WebhookForged(Exception):
    """The body does not carry Intuit's signature for our verifier token."""


@dataclass(frozen=True)
class ReturnedPayment:
    """A payment recorded in QuickBooks, on one of our invoices."""

    realm_id: str
    quickbooks_id: str
    invoice_id: int
    amount_cents: int
    received_on: date | None
    reference: str
    method_name: str = ""  # QuickBooks' name of the payment method ("Check", "Cash" ...)

    @property
    def record_key(self) -> str:
        """The recording's one-time key: a repeated webhook records nothing more."""
        return f"{RETURNED_KEY_PREFIX}{self.realm_id}:{self.quickbooks_id}"[:64]


def signature_is_valid(body: bytes, signature: str) -> bool:
    token = settings.quickbooks_webhook_verifier_token
    if not token or not signature:
        return False
    expected = base64.b64encode(hmac.new(token.encode(), body, hashlib.sha256).digest()).decode()
    return hmac.compare_digest(expected, signature.strip())


def _legacy_payment_ids(notifications: object, realm_id: str) -> list[str]:
    """{"eventNotifications": [{"realmId", "dataChangeEvent": {"entities": [...]}}]}: Intuit's
    shape before its CloudEvents."""
    ids = []
    for notification in notifications if isinstance(notifications, list) else []:
        if not isinstance(notification, dict) or str(notification.get("realmId")) != realm_id:
            continue
        entities = (notification.get("dataChangeEvent") or {}).get("entities") or []
        ids += [
            str(e.get("id"))
            for e in entities
            if isinstance(e, dict)
            and e.get("name") == "Payment"
            and e.get("operation") in PAYMENT_OPERATIONS
        ]
    return ids


def _cloud_event_payment_ids(events: list, realm_id: str) -> list[str]:
    """A list of CloudEvents, each {"type": "qbo.payment.created.v1", "intuitaccountid": the
    company, "intuitentityid": the record, ...}: the shape Intuit sends since May 2026."""
    return [
        str(event.get("intuitentityid"))
        for event in events
        if isinstance(event, dict)
        and str(event.get("intuitaccountid")) == realm_id
        and event.get("type") in PAYMENT_EVENT_TYPES
    ]


def _payment_ids(body: bytes, realm_id: str) -> list[str]:
    """The ids of the payments created or changed in our company, as the notification says
    (in either of Intuit's shapes)."""
    try:
        parsed = json.loads(body)
    except ValueError:
        return []
    if isinstance(parsed, list):
        ids = _cloud_event_payment_ids(parsed, realm_id)
    elif isinstance(parsed, dict):
        ids = _legacy_payment_ids(parsed.get("eventNotifications", []), realm_id)
    else:
        ids = []
    # QuickBooks' ids are digits; anything else is no payment of ours to read.
    ids = [i for i in ids if i.isascii() and i.isdigit() and len(i) <= 20]
    return list(dict.fromkeys(ids))


def _already_known(session: Session, realm_id: str, payment_id: str) -> bool:
    """Pushed by us, or recorded here before."""
    ours = session.exec(
        select(QuickBooksSync.id).where(
            QuickBooksSync.record_kind == str(SyncKind.PAYMENT),
            QuickBooksSync.quickbooks_id == payment_id,
        )
    ).first()
    recorded = session.exec(
        select(QuickBooksPayment.id).where(
            QuickBooksPayment.realm_id == realm_id, QuickBooksPayment.quickbooks_id == payment_id
        )
    ).first()
    return ours is not None or recorded is not None


def _our_invoice_id(session: Session, quickbooks_invoice_id: str) -> int | None:
    return session.exec(
        select(QuickBooksSync.record_id).where(
            QuickBooksSync.record_kind == str(SyncKind.INVOICE),
            QuickBooksSync.quickbooks_id == quickbooks_invoice_id,
        )
    ).first()


def _returned(session: Session, realm_id: str, payment: dict) -> list[ReturnedPayment]:
    """The parts of a QuickBooks payment applied to our invoices."""
    received = date.fromisoformat(payment["TxnDate"]) if payment.get("TxnDate") else None
    reference = str(payment.get("PaymentRefNum") or f"QuickBooks payment {payment['Id']}")
    found = []
    for line in payment.get("Line", []):
        for linked in line.get("LinkedTxn", []):
            invoice_id = linked.get("TxnType") == "Invoice" and _our_invoice_id(
                session, str(linked.get("TxnId"))
            )
            if invoice_id:
                cents = client.cents_of(line.get("Amount"))
                method = str((payment.get("PaymentMethodRef") or {}).get("name") or "")
                found.append(
                    ReturnedPayment(
                        realm_id,
                        str(payment["Id"]),
                        invoice_id,
                        cents,
                        received,
                        reference[:100],
                        method[:40],
                    )
                )
    return found


def payments_in_notification(body: bytes, signature: str) -> list[ReturnedPayment]:
    """The payments a signed notification tells of that are new to us: not pushed by us, not
    recorded before, applied to our invoices (read from QuickBooks, never from the body).
    Raises WebhookForged when the signature does not verify."""
    if not signature_is_valid(body, signature):
        raise WebhookForged("the intuit-signature does not match the body")
    with db_session() as session:
        connection = live_connection(session)
        if connection is None:
            return []
        realm_id = connection.realm_id
        new_ids = [
            i for i in _payment_ids(body, realm_id) if not _already_known(session, realm_id, i)
        ]
    # A payment carrying our marker is ours, pushed while its answer was lost: the push queue
    # finds it itself.
    return _new_returned(realm_id, [client.read("Payment", i) for i in new_ids])


# Intuit's change data capture reaches 30 days back; read a little before the last read, since
# QuickBooks' clock and ours may differ.
CHANGES_SLACK = timedelta(minutes=5)
CHANGES_REACH = timedelta(days=29)


def _new_returned(realm_id: str, payments: list[dict]) -> list[ReturnedPayment]:
    returned = []
    with db_session() as session:
        for payment in payments:
            ours = OUR_PAYMENTS in str(payment.get("PrivateNote", ""))
            if not ours and not _already_known(session, realm_id, str(payment["Id"])):
                returned += _returned(session, realm_id, payment)
    return returned


def payments_changed_since_last_read(now: datetime | None = None) -> list[ReturnedPayment]:
    """The payments changed in QuickBooks since the last read (change data capture) that are
    new to us and applied to our invoices; the read is remembered. [] while disconnected."""
    now = now or utc_now()
    with db_session() as session:
        connection = live_connection(session)
        if connection is None:
            return []
        since = max(connection.changes_read_at or connection.connected_at, now - CHANGES_REACH)
        realm_id, connection_id = connection.realm_id, connection.id
    answer = client.call(
        "GET", "cdc", {"entities": "Payment", "changedSince": (since - CHANGES_SLACK).isoformat()}
    )
    payments = [
        payment
        for response in answer.get("CDCResponse", [])
        for part in response.get("QueryResponse", [])
        for payment in part.get("Payment", [])
    ]
    returned = _new_returned(realm_id, payments)
    with db_session() as session:
        connection = session.get(QuickBooksConnection, connection_id)
        connection.changes_read_at = now
        session.add(connection)
        session.commit()
    return returned
