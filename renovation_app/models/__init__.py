"""All database tables (SQLModel), one module per feature; alembic/ migrations create them."""

from renovation_app.models.base import utc_now
from renovation_app.models.customers import Customer, CustomerAddress, CustomerContact
from renovation_app.models.documents import DocumentLine
from renovation_app.models.enquiries import Enquiry, EnquiryStatus
from renovation_app.models.estimates import (
    DepositKind,
    Estimate,
    EstimateCounter,
    EstimateEvent,
    EstimateLine,
    EstimateStatus,
)
from renovation_app.models.invoices import (
    INVOICE_FLAGGED,
    Invoice,
    InvoiceCounter,
    InvoiceDraft,
    InvoiceEvent,
    InvoiceEventKind,
    InvoiceLine,
    InvoiceRevision,
    InvoiceStage,
    InvoiceStatus,
)
from renovation_app.models.limits import RateHit, ThrottleLock
from renovation_app.models.links import CustomerLink, CustomerLinkKind
from renovation_app.models.mail import (
    Delivery,
    EmailDeliveryEvent,
    OutboxAttachment,
    OutboxEmail,
    OutboxStatus,
)
from renovation_app.models.payments import (
    ACTIVE_REFUND_STATUSES,
    RECORDED_METHODS,
    STRIPE_METHODS,
    Payment,
    PaymentMethod,
    PaymentStatus,
    Refund,
    RefundStatus,
    StripeEvent,
)
from renovation_app.models.reminders import Reminder
from renovation_app.models.staff import (
    AuditEvent,
    AuthSession,
    GoogleSignIn,
    LinkKind,
    LoginAttempt,
    PendingSignIn,
    RecoveryCode,
    Role,
    StaffLink,
    User,
)

__all__ = [
    "DocumentLine",
    "utc_now",
    "Role",
    "User",
    "LinkKind",
    "StaffLink",
    "RecoveryCode",
    "PendingSignIn",
    "GoogleSignIn",
    "AuditEvent",
    "AuthSession",
    "LoginAttempt",
    "ThrottleLock",
    "RateHit",
    "Customer",
    "CustomerContact",
    "CustomerAddress",
    "EnquiryStatus",
    "Enquiry",
    "OutboxStatus",
    "Delivery",
    "OutboxEmail",
    "EmailDeliveryEvent",
    "OutboxAttachment",
    "Reminder",
    "InvoiceStatus",
    "InvoiceEventKind",
    "INVOICE_FLAGGED",
    "Invoice",
    "InvoiceStage",
    "InvoiceLine",
    "InvoiceDraft",
    "InvoiceRevision",
    "InvoiceEvent",
    "InvoiceCounter",
    "PaymentStatus",
    "PaymentMethod",
    "STRIPE_METHODS",
    "RECORDED_METHODS",
    "Payment",
    "RefundStatus",
    "ACTIVE_REFUND_STATUSES",
    "Refund",
    "StripeEvent",
    "EstimateStatus",
    "DepositKind",
    "Estimate",
    "EstimateLine",
    "EstimateEvent",
    "EstimateCounter",
    "CustomerLinkKind",
    "CustomerLink",
]
