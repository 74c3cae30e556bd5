"""E-mail delivery status: Resend's signed webhooks (delivered, delayed, bounced, complained)
on each outbox row, and the "needs attention" mark a bounced customer e-mail leaves."""

from renovation_app.services.delivery.webhook import (
    DELIVERY_EVENTS,
    WEBHOOK_MAX_BYTES,
    SignatureInvalid,
    clear_mail_problem,
    handle_delivery_webhook,
)

__all__ = [
    "DELIVERY_EVENTS",
    "WEBHOOK_MAX_BYTES",
    "SignatureInvalid",
    "clear_mail_problem",
    "handle_delivery_webhook",
]
