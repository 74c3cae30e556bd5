"""Twilio's status callbacks: delivered, failed or undelivered beside each text, as e-mail
delivery is shown; a text that failed flags its customer's mobile number for the office."""

from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Channel, Customer, OutboxEmail, utc_now
from renovation_app.services.audit import record
from renovation_app.services.texts.inbound import verify_signature
from renovation_app.services.texts.sending import STATUS_PATH

# A later word is never undone by an earlier one arriving late.
_RANK = {"": 0, "sent": 1, "delivered": 2, "undelivered": 3, "failed": 3}
PROBLEMS = ("undelivered", "failed")


def _flag_customer(session, row: OutboxEmail, status: str, error_code: str) -> None:
    customer = session.get(Customer, row.customer_id) if row.customer_id else None
    if customer is None:
        return
    why = f"A text to {row.to} was {status}" + (
        f" (Twilio error {error_code})" if error_code else ""
    )
    customer.text_problem = why[:300]
    record(
        session,
        "text_problem",
        actor="twilio",
        record_kind="customer",
        record_id=customer.id,
        detail=why,
    )


def handle_status(params: dict[str, str], signature: str) -> str:
    """Record one status callback; says what happened ("recorded", "older", "unknown" ...)."""
    verify_signature(STATUS_PATH, params, signature)
    status = params.get("MessageStatus", "")
    if status not in _RANK:
        return "ignored"  # queued, sending, accepted ...: nothing to show yet
    error_code = params.get("ErrorCode", "")[:10]
    with db_session() as session:
        row = session.exec(
            select(OutboxEmail).where(
                OutboxEmail.channel == Channel.TEXT,
                OutboxEmail.provider_id == params.get("MessageSid", ""),
            )
        ).first()
        if row is None:
            return "unknown"
        if _RANK[status] <= _RANK.get(row.delivery, 0):
            return "older"
        row.delivery, row.delivery_at = status, utc_now()
        row.delivery_detail = f"Twilio error {error_code}" if error_code else ""
        if status in PROBLEMS:
            _flag_customer(session, row, status, error_code)
        session.commit()
    return "recorded"
