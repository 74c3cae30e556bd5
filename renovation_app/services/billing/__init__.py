"""What an invoice and, later, an estimate share: views, records, numbering, money, PDF."""

from renovation_app.services.billing.money import (
    MAX_LINE_CENTS,
    MAX_TOTAL_CENTS,
    NOT_A_NUMBER,
    PriceInvalid,
    format_usd,
    parse_price,
)
from renovation_app.services.billing.numbering import next_number
from renovation_app.services.billing.pdf import render_invoice_pdf, render_receipt_pdf
from renovation_app.services.billing.records import (
    by_number,
    lines_of,
    lock_invoice,
    locked_invoice,
    record_event,
    stages_of,
    view_of,
)
from renovation_app.services.billing.schedule import AmountDue, Stage, amount_due
from renovation_app.services.billing.views import (
    BUSINESS_TIMEZONE,
    STATUS_LABELS,
    VOIDABLE_STATUSES,
    InvoiceEmailView,
    InvoiceEventView,
    InvoiceLineView,
    InvoiceView,
    business_today,
    customer_view,
    invoice_view,
    iso,
    long_date,
    pay_url,
    when_display,
)

__all__ = [
    "AmountDue",
    "Stage",
    "amount_due",
    "stages_of",
    "view_of",
    "BUSINESS_TIMEZONE",
    "MAX_LINE_CENTS",
    "MAX_TOTAL_CENTS",
    "NOT_A_NUMBER",
    "STATUS_LABELS",
    "VOIDABLE_STATUSES",
    "InvoiceEmailView",
    "InvoiceEventView",
    "InvoiceLineView",
    "InvoiceView",
    "PriceInvalid",
    "business_today",
    "by_number",
    "customer_view",
    "format_usd",
    "invoice_view",
    "iso",
    "lines_of",
    "lock_invoice",
    "locked_invoice",
    "long_date",
    "next_number",
    "parse_price",
    "pay_url",
    "record_event",
    "render_invoice_pdf",
    "render_receipt_pdf",
    "when_display",
]
