"""QuickBooks Online, exactly once: connecting the company (connection), what our services and
accounts are there (mapping), noting what changed (queueing: `queue_invoice_sync`, called by
invoicing and payments), pushing it with a lease and a requestid (pushing, documents, client),
each record's state and what needs attention (status), and the payments that come back through
Intuit's signed webhooks (webhook; recorded by `payments.record_quickbooks_payments`)."""

from renovation_app.services.quickbooks.client import QuickBooksFault
from renovation_app.services.quickbooks.connection import (
    CALLBACK_PATH,
    ConnectionView,
    IntuitUnreachable,
    QuickBooksAuthFailed,
    authorize_url,
    connection_view,
    current_tokens,
    disconnect,
    finish_connect,
    is_connected,
)
from renovation_app.services.quickbooks.mapping import (
    MappingChoice,
    NotMapped,
    Offered,
    mapping_choices,
    mappings,
    offered,
    set_mapping,
)
from renovation_app.services.quickbooks.pushing import push_due, quickbooks_worker
from renovation_app.services.quickbooks.queueing import (
    RETURNED_KEY_PREFIX,
    SyncKind,
    queue_invoice_sync,
)
from renovation_app.services.quickbooks.status import (
    SyncView,
    UnrecordedPayment,
    needing_attention,
    quickbooks_link,
    record_words,
    retry,
    sync_state,
    unrecorded_payments,
)
from renovation_app.services.quickbooks.waking import wake_quickbooks_worker
from renovation_app.services.quickbooks.webhook import (
    SIGNATURE_HEADER,
    WEBHOOK_MAX_BYTES,
    ReturnedPayment,
    WebhookForged,
    payments_changed_since_last_read,
    payments_in_notification,
)

__all__ = [
    "CALLBACK_PATH",
    "RETURNED_KEY_PREFIX",
    "SIGNATURE_HEADER",
    "WEBHOOK_MAX_BYTES",
    "ConnectionView",
    "IntuitUnreachable",
    "MappingChoice",
    "NotMapped",
    "Offered",
    "QuickBooksAuthFailed",
    "QuickBooksFault",
    "ReturnedPayment",
    "SyncKind",
    "SyncView",
    "UnrecordedPayment",
    "WebhookForged",
    "authorize_url",
    "connection_view",
    "current_tokens",
    "disconnect",
    "finish_connect",
    "is_connected",
    "mapping_choices",
    "mappings",
    "offered",
    "needing_attention",
    "record_words",
    "payments_changed_since_last_read",
    "payments_in_notification",
    "push_due",
    "queue_invoice_sync",
    "quickbooks_link",
    "quickbooks_worker",
    "retry",
    "set_mapping",
    "sync_state",
    "unrecorded_payments",
    "wake_quickbooks_worker",
]
