"""Card payments through Stripe: intents, what Stripe reports, the ledger, refunds, receipts."""

from renovation_app.services.payments.gateway import (
    NOT_SET_UP,
    payments_enabled,
    stop_open_intents,
    stripe_client,
)
from renovation_app.services.payments.intents import (
    CLIENT_TRIES,
    PAY_LINK_TRIES,
    CardCheckout,
    outstanding_cents,
    payment_summary,
    start_card_payment,
)
from renovation_app.services.payments.ledger import MoneySummary, money_summary
from renovation_app.services.payments.refunds import refund
from renovation_app.services.payments.webhook import (
    PAYMENT_FAILED,
    WEBHOOK_EVENTS,
    WEBHOOK_MAX_BYTES,
    confirm_from_browser,
    handle_webhook,
)

__all__ = [
    "CLIENT_TRIES",
    "NOT_SET_UP",
    "PAYMENT_FAILED",
    "PAY_LINK_TRIES",
    "WEBHOOK_EVENTS",
    "WEBHOOK_MAX_BYTES",
    "CardCheckout",
    "MoneySummary",
    "confirm_from_browser",
    "handle_webhook",
    "money_summary",
    "outstanding_cents",
    "payment_summary",
    "payments_enabled",
    "refund",
    "start_card_payment",
    "stop_open_intents",
    "stripe_client",
]
