"""Getting paid: card and bank debit payments through Stripe (intents, what Stripe reports,
reconciliation, refunds, fees), recorded checks, transfers and cash, payments recorded in
QuickBooks (from_quickbooks), the ledger and receipts."""

from renovation_app.services.payments.fees import FeeComparison, compare_fees, fee_note
from renovation_app.services.payments.from_quickbooks import (
    catch_up_quickbooks_payments,
    quickbooks_payments_worker,
    record_quickbooks_payments,
)
from renovation_app.services.payments.gateway import (
    IN_FLIGHT_WORDS,
    NOT_SET_UP,
    PAYMENT_METHOD_TYPES,
    payments_enabled,
    stop_open_intents,
    stripe_client,
)
from renovation_app.services.payments.intents import (
    CLIENT_TRIES,
    PAY_LINK_TRIES,
    PROCESSING_WORDS,
    CardCheckout,
    payment_summary,
    start_card_payment,
)
from renovation_app.services.payments.ledger import settle_invoice
from renovation_app.services.payments.reconciling import (
    Reconciliation,
    reconcile_payments,
    reconciliation_worker,
)
from renovation_app.services.payments.recorded import (
    record_payment,
    record_return,
    void_recorded_payment,
)
from renovation_app.services.payments.refunds import refund, refund_by_law
from renovation_app.services.payments.summary import (
    MoneySummary,
    StageLine,
    money_summary,
    pay_now_label,
)
from renovation_app.services.payments.webhook import (
    PAYMENT_FAILED,
    WEBHOOK_EVENTS,
    WEBHOOK_MAX_BYTES,
    confirm_from_browser,
    handle_webhook,
)

__all__ = [
    "pay_now_label",
    "CLIENT_TRIES",
    "IN_FLIGHT_WORDS",
    "PAYMENT_METHOD_TYPES",
    "PROCESSING_WORDS",
    "FeeComparison",
    "compare_fees",
    "fee_note",
    "NOT_SET_UP",
    "PAYMENT_FAILED",
    "PAY_LINK_TRIES",
    "WEBHOOK_EVENTS",
    "WEBHOOK_MAX_BYTES",
    "CardCheckout",
    "MoneySummary",
    "Reconciliation",
    "StageLine",
    "confirm_from_browser",
    "handle_webhook",
    "money_summary",
    "payment_summary",
    "payments_enabled",
    "reconcile_payments",
    "reconciliation_worker",
    "record_payment",
    "record_quickbooks_payments",
    "catch_up_quickbooks_payments",
    "quickbooks_payments_worker",
    "record_return",
    "refund",
    "refund_by_law",
    "settle_invoice",
    "start_card_payment",
    "stop_open_intents",
    "stripe_client",
    "void_recorded_payment",
]
