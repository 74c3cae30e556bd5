"""E-mail: every message is written to the outbox first, then delivered (Resend) by a worker."""

from renovation_app.services.mail.kinds import About, EmailKind
from renovation_app.services.mail.outbox import (
    Attachment,
    EmailMessage,
    deliver_due,
    delivery_words,
    one_line,
    outbox_worker,
    queue_email,
    retry_delay,
    wake_outbox_worker,
)
from renovation_app.services.mail.templates import render_email

__all__ = [
    "About",
    "Attachment",
    "EmailKind",
    "EmailMessage",
    "deliver_due",
    "delivery_words",
    "one_line",
    "outbox_worker",
    "queue_email",
    "render_email",
    "retry_delay",
    "wake_outbox_worker",
]
