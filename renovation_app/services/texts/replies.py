"""A member of staff answering a customer by text, from the customer's page (audited)."""

from sqlmodel import Session, select

from renovation_app.models import CustomerContact, OutboxEmail
from renovation_app.services.audit import record_staff_action
from renovation_app.services.errors import ActionRefused, FormInvalid
from renovation_app.services.fields import check_phone, check_text
from renovation_app.services.texts.queueing import TEXT_MAX, queue_text, texts_off_reason

STAFF_REPLY = "staff_reply"


def reply_to_customer(
    session: Session, user, customer_id: int, phone: str, body: str
) -> OutboxEmail:
    """Queue a staff member's text to one of the customer's own numbers, in the caller's
    transaction; refused in words when texts are off or the number has not said yes."""
    errors: dict[str, str] = {}
    body = check_text(errors, "body", body, TEXT_MAX, multiline=True)
    if errors or not body.strip():
        raise FormInvalid(errors or {"body": "Please write the text."})
    stored = check_phone({}, "phone", phone)
    owned = session.exec(
        select(CustomerContact.id).where(
            CustomerContact.customer_id == customer_id,
            CustomerContact.kind == "phone",
            CustomerContact.value == stored,
        )
    ).first()
    if not stored or owned is None:
        raise ActionRefused("That number is not one of this customer's.")
    if texts_off_reason():
        raise ActionRefused(texts_off_reason())
    row = queue_text(session, stored, body, STAFF_REPLY, ("customer", customer_id), customer_id)
    if row is None:
        raise ActionRefused("This number has not agreed to texts (or replied STOP).")
    record_staff_action(session, "text_sent", user, "customer", customer_id, f"to {row.to}")
    return row
