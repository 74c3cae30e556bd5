"""E-mail: every message is written to the outbox first, then delivered (Resend) by a worker."""

from renovation_app.services.mail.kinds import REMINDER_KINDS, About, EmailKind
from renovation_app.services.mail.outbox import (
    Attachment,
    EmailMessage,
    cancel_queued_reminders,
    deliver_due,
    delivery_words,
    emails_about,
    latest_delivery,
    one_line,
    outbox_worker,
    queue_email,
    retry_delay,
    wake_outbox_worker,
)
from renovation_app.services.mail.templates import render_email

__all__ = [
    "REMINDER_KINDS",
    "cancel_queued_reminders",
    "About",
    "Attachment",
    "EmailKind",
    "EmailMessage",
    "deliver_due",
    "delivery_words",
    "emails_about",
    "latest_delivery",
    "one_line",
    "outbox_worker",
    "queue_email",
    "render_email",
    "retry_delay",
    "wake_outbox_worker",
]
