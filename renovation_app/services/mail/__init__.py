"""E-mail: each kind is built by one function from its templates (subject included), written to
the outbox first, then delivered (Resend) by a worker."""

from renovation_app.services.mail.channels import ChannelSender, Verdict, register_channel
from renovation_app.services.mail.history import delivery_words, emails_about, latest_delivery
from renovation_app.services.mail.kinds import REMINDER_KINDS, About, EmailKind
from renovation_app.services.mail.messages import (
    SUBJECT_MAX,
    Attachment,
    EmailMessage,
    build_email,
    one_line,
)
from renovation_app.services.mail.outbox import (
    cancel_queued_reminders,
    deliver_due,
    outbox_worker,
    queue_email,
    retry_delay,
    wake_outbox_worker,
)
from renovation_app.services.mail.templates import render_email, render_subject

__all__ = [
    "ChannelSender",
    "Verdict",
    "register_channel",
    "REMINDER_KINDS",
    "SUBJECT_MAX",
    "cancel_queued_reminders",
    "About",
    "Attachment",
    "EmailKind",
    "EmailMessage",
    "build_email",
    "deliver_due",
    "delivery_words",
    "emails_about",
    "latest_delivery",
    "one_line",
    "outbox_worker",
    "queue_email",
    "render_email",
    "render_subject",
    "retry_delay",
    "wake_outbox_worker",
]
