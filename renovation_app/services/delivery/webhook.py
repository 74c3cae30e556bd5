"""Resend's delivery webhooks, verified with their Svix signature (the `svix` package).

Each event is kept under its svix-id first (INSERT ... ON CONFLICT DO NOTHING), so a replayed
or repeated event changes nothing. The event updates its outbox row's delivery status unless
the row already holds a later word (delivered does not undo bounced; delayed does not undo
delivered). A bounce or complaint of a customer's e-mail about an invoice marks the invoice
and its customer "needs attention" with the reason, until staff send it again.
"""

import json
import logging
from datetime import datetime

from sqlmodel import Session, select
from svix.webhooks import Webhook, WebhookVerificationError

from renovation_app.db import db_session, insert_or_ignore
from renovation_app.models import (
    Customer,
    Delivery,
    EmailDeliveryEvent,
    Invoice,
    OutboxEmail,
    utc_now,
)
from renovation_app.services.billing import record_event
from renovation_app.services.mail import About, EmailKind
from renovation_app.settings import settings

log = logging.getLogger(__name__)

WEBHOOK_MAX_BYTES = 256 * 1024
DELIVERY_EVENTS = {
    "email.delivered": Delivery.DELIVERED,
    "email.delivery_delayed": Delivery.DELAYED,
    "email.bounced": Delivery.BOUNCED,
    "email.complained": Delivery.COMPLAINED,
}
# A later word is never undone by an earlier one arriving late.
_RANK = {
    "": 0,
    Delivery.DELAYED: 1,
    Delivery.DELIVERED: 2,
    Delivery.BOUNCED: 3,
    Delivery.COMPLAINED: 3,
}
PROBLEMS = (Delivery.BOUNCED, Delivery.COMPLAINED)
# The e-mails to a customer about an invoice: one that does not arrive needs a person.
CUSTOMER_INVOICE_MAIL = (EmailKind.INVOICE, EmailKind.REMINDER, EmailKind.RECEIPT)


class SignatureInvalid(ValueError):
    """No secret set, or a signature, id or timestamp that does not verify."""


def _verified(body: bytes, headers: dict[str, str]) -> dict:
    if not settings.resend_webhook_secret:
        raise SignatureInvalid("RESEND_WEBHOOK_SECRET is not set")
    try:
        Webhook(settings.resend_webhook_secret).verify(body, headers)  # raises, returns nothing
        event = json.loads(body)
    except (WebhookVerificationError, ValueError) as error:  # JSON and base64 errors included
        raise SignatureInvalid(str(error)) from None
    if not isinstance(event, dict) or not isinstance(event.get("data"), dict):
        raise SignatureInvalid("not an event")
    return event


def _when(value: object) -> datetime | None:
    try:
        return datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        return None


def _reason(kind: Delivery, data: dict) -> str:
    if kind == Delivery.COMPLAINED:
        return "the recipient marked it as spam"
    bounce = data.get("bounce") if isinstance(data.get("bounce"), dict) else {}
    words = " ".join(str(bounce.get(k) or "") for k in ("type", "subType")).strip()
    message = str(bounce.get("message") or "")
    return "; ".join(p for p in (words, message) if p)[:300]


def _mark_problem(session: Session, email: OutboxEmail, kind: Delivery, reason: str) -> None:
    if email.about_kind != About.INVOICE or email.kind not in CUSTOMER_INVOICE_MAIL:
        return
    invoice = session.get(Invoice, email.about_id)
    if invoice is None:
        return
    what = "bounced" if kind == Delivery.BOUNCED else "was marked as spam"
    problem = f"The e-mail to {email.to} {what}" + (
        f" ({reason})" if reason and kind == Delivery.BOUNCED else ""
    )
    problem = (problem + ": check the address and send it again.")[:300]
    invoice.mail_problem = problem
    session.add(invoice)
    customer = session.get(Customer, invoice.customer_id) if invoice.customer_id else None
    if customer is not None:
        customer.mail_problem = problem
        session.add(customer)
    record_event(session, invoice.id, "attention", problem)


def handle_delivery_webhook(body: bytes, headers: dict[str, str]) -> str:
    """Verify and record one delivery event; what was done, in a word. Raises SignatureInvalid."""
    event = _verified(body, headers)
    kind = DELIVERY_EVENTS.get(str(event.get("type")))
    if kind is None:
        return "ignored"  # sent, opened, clicked ...: nothing the office acts on
    data = event["data"]
    provider_id = str(data.get("email_id") or "")[:100]
    occurred = _when(data.get("created_at") or event.get("created_at")) or utc_now()
    lowered = {k.lower(): v for k, v in headers.items()}
    message_id = (lowered.get("svix-id") or lowered.get("webhook-id") or "")[:100]
    with db_session() as session:
        fresh = session.execute(
            insert_or_ignore(
                session,
                EmailDeliveryEvent,
                id=message_id,
                type=str(event["type"])[:40],
                provider_id=provider_id,
                occurred_at=occurred,
                received_at=utc_now(),
            ).returning(EmailDeliveryEvent.id)  # a row back only the first time (rowcount is
        ).first()  # not reliable for ON CONFLICT DO NOTHING on every driver)
        if fresh is None:
            session.rollback()
            return "replayed"
        email = (
            session.exec(
                select(OutboxEmail).where(OutboxEmail.provider_id == provider_id).with_for_update()
            ).first()
            if provider_id
            else None
        )
        if email is None:
            session.commit()
            return "unknown"
        if _RANK[kind] < _RANK.get(email.delivery, 0):
            session.commit()
            return "older"
        reason = _reason(kind, data)
        email.delivery, email.delivery_at, email.delivery_detail = kind, occurred, reason
        session.add(email)
        if kind in PROBLEMS:
            _mark_problem(session, email, kind, reason)
        session.commit()
    log.info("mail %s: %s", email.id, kind)
    return str(kind)


def clear_mail_problem(session: Session, invoice: Invoice) -> None:
    """Staff sent the invoice again (to a corrected address): the mark goes, from its customer
    too. If the new e-mail bounces as well, its webhook marks them again."""
    if invoice.mail_problem:
        invoice.mail_problem = ""
        session.add(invoice)
    customer = session.get(Customer, invoice.customer_id) if invoice.customer_id else None
    if customer is not None and customer.mail_problem:
        customer.mail_problem = ""
        session.add(customer)
