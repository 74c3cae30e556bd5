"""A change order as its pages, e-mails and PDF read it: the document the owner signs (in
words: a signed one exactly as it was signed), with its state, link and signature."""

import json

from sqlmodel import Session

from renovation_app.models import ChangeOrder, Job, Signature
from renovation_app.services.billing import when_display
from renovation_app.services.change_orders.document import (
    change_order_document,
    document_hash,
    label,
)
from renovation_app.services.change_orders.records import (
    change_order_lines,
    contract_label,
    signed_before,
)

STATUS_LABELS = {
    "sent": "Waiting for the owner's signature",
    "viewed": "Opened by the owner, not signed",
    "signed": "Signed",
    "declined": "Declined",
    "withdrawn": "Withdrawn",
    "expired": "Expired",
}
METHOD_WORDS = {"typed": "typed name", "drawn": "drawn signature", "paper": "signed on paper"}


def days_words(days: int, new_completion: str) -> str:
    if not days:
        return ""
    moved = f"{abs(days)} day{'s' if abs(days) != 1 else ''} {'later' if days > 0 else 'earlier'}"
    return f"{moved}, on or about {new_completion}" if new_completion else moved


def current_document(session: Session, job: Job, change_order: ChangeOrder) -> dict:
    """What the owner signs: the signed document once signed, else the document as of now."""
    if change_order.signature_id is not None:
        return json.loads(session.get(Signature, change_order.signature_id).document)
    return change_order_document(
        job,
        change_order,
        change_order_lines(session, change_order.id),
        signed_before(session, job, change_order),
        contract_label(session, job),
    )


def signature_words(signature: Signature | None) -> dict:
    if signature is None:
        return {"signer_name": "", "signed": "", "method": "", "document_sha256": "", "drawing": ""}
    when = signature.signed_at
    signed = (
        f"{when:%B} {when.day}, {when.year}" if signature.method == "paper" else when_display(when)
    )
    return {
        "signer_name": signature.signer_name,
        "signed": signed,
        "method": METHOD_WORDS[signature.method],
        "document_sha256": signature.document_sha256,
        "drawing": signature.drawing,
    }


def change_order_view(
    session: Session, job: Job, change_order: ChangeOrder, link_url: str = "", state: str = ""
) -> dict:
    document = current_document(session, job, change_order)
    signature = (
        session.get(Signature, change_order.signature_id) if change_order.signature_id else None
    )
    return {
        **document,
        **signature_words(signature),
        "label": label(job, change_order),
        "number": change_order.number,
        "job_number": job.number,
        "customer_name": job.customer_name,
        "address": job.address,
        "status": str(change_order.status),
        "status_label": STATUS_LABELS[str(change_order.status)],
        "state": state or str(change_order.status),
        "days_words": days_words(change_order.days, document["new_completion"]),
        "change_cents": change_order.total_cents,
        "decline_reason": change_order.decline_reason,
        "link_url": link_url,
        # What the owner's signature must match (signing.sign's seen_sha256).
        "document_sha256_shown": document_hash(document),
    }
