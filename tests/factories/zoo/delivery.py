"""What Resend said of the zoo's e-mails: the taxed job's invoice delivered, and the reminder of
the invoice of a payment schedule bounced (its invoice and customer then need attention, on the
invoice page and the dashboard). Each e-mail is sent by the outbox to a fake Resend of the zoo's
own (unless a server's outbox sent it first), and Resend's word comes through the real webhook
handler, signed as Svix signs it, under a message id of this zoo's."""

import base64
import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

import pytest
import resend
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Invoice, OutboxEmail, utc_now
from renovation_app.services.delivery.webhook import handle_delivery_webhook
from renovation_app.services.mail import About, EmailKind
from renovation_app.services.mail.outbox import deliver_one
from renovation_app.settings import settings
from tests.factories.zoo.book import Book
from tests.fakes.resend_server import FakeResend, svix_headers

SECRET = "whsec_" + base64.b64encode(b"zoo resend delivery key 32 bytes").decode()
BOUNCE = {"message": "The mailbox does not exist.", "subType": "General", "type": "Permanent"}


@contextmanager
def resend_on() -> Iterator[None]:
    """E-mail sent through a fake Resend of the zoo's own, its webhooks signed with SECRET."""
    fake = FakeResend().start()
    before = resend.api_key, resend.api_url
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(settings, "resend_api_key", settings.resend_api_key or "re_zoo_key")
        patch.setattr(settings, "resend_api_url", fake.url)
        patch.setattr(settings, "resend_webhook_secret", SECRET)
        try:
            yield
        finally:
            fake.stop()
            # The Resend library keeps the last key and address sent with: not the zoo's.
            resend.api_key, resend.api_url = before


def _sent(invoice: Invoice, kind: EmailKind) -> str:
    """The provider's id of the invoice's newest e-mail of `kind`, sent now if still queued."""
    with db_session() as session:
        email_id = session.exec(
            select(OutboxEmail.id)
            .where(
                OutboxEmail.about_kind == About.INVOICE,
                OutboxEmail.about_id == invoice.id,
                OutboxEmail.kind == kind,
            )
            .order_by(OutboxEmail.id.desc())
        ).first()
        deliver_one(session, email_id, utc_now)
    for _ in range(60):  # a server's outbox may be sending it meanwhile
        with db_session() as session:
            provider_id = session.get(OutboxEmail, email_id).provider_id
        if provider_id:
            return provider_id
        time.sleep(0.5)
    raise RuntimeError(f"the {kind} e-mail of {invoice.number} was not sent")


def _resend_says(book: Book, event_type: str, provider_id: str, bounce: dict | None = None) -> str:
    created = datetime.now(UTC).isoformat().replace("+00:00", "Z")
    data = {"created_at": created, "email_id": provider_id}
    if bounce is not None:
        data["bounce"] = bounce
    body = json.dumps({"type": event_type, "created_at": created, "data": data})
    message_id = f"msg_{book.key(event_type)}"
    return handle_delivery_webhook(body.encode(), svix_headers(SECRET, body, message_id))


def deliveries(book: Book, delivered: Invoice, bounced: Invoice) -> None:
    """`delivered`'s invoice e-mail delivered; `bounced`'s reminder bounced."""
    with resend_on():
        _resend_says(book, "email.delivered", _sent(delivered, EmailKind.INVOICE))
        _resend_says(book, "email.bounced", _sent(bounced, EmailKind.REMINDER), BOUNCE)
