"""Invoices: validating, saving and e-mailing, voiding, the customer's pay link, the list."""

from renovation_app.services.invoicing.completion import mark_work_completed
from renovation_app.services.invoicing.drafts import (
    DraftRow,
    delete_draft,
    draft_form,
    list_drafts,
    save_draft,
)
from renovation_app.services.invoicing.listing import (
    InvoiceFilters,
    InvoiceListPage,
    InvoiceRow,
    list_invoices,
)
from renovation_app.services.invoicing.pay_links import (
    PayLinkState,
    invoice_for_pay_token,
    pay_link,
    pay_page,
    payable_invoice_id,
    record_view,
    text_pay_link,
)
from renovation_app.services.invoicing.queries import get_invoice, invoice_pdf, staff_view
from renovation_app.services.invoicing.revising import (
    revise_invoice,
    revision_form,
)
from renovation_app.services.invoicing.saving import (
    IdempotencyConflict,
    add_invoice,
    create_invoice,
    resend_invoice_email,
)
from renovation_app.services.invoicing.validation import (
    ValidInvoice,
    invoice_words,
    validate_invoice,
)
from renovation_app.services.invoicing.voiding import close_invoice, void_invoice

__all__ = [
    "DraftRow",
    "delete_draft",
    "draft_form",
    "list_drafts",
    "revise_invoice",
    "revision_form",
    "save_draft",
    "IdempotencyConflict",
    "InvoiceFilters",
    "InvoiceListPage",
    "InvoiceRow",
    "PayLinkState",
    "ValidInvoice",
    "invoice_words",
    "add_invoice",
    "create_invoice",
    "get_invoice",
    "invoice_for_pay_token",
    "invoice_pdf",
    "list_invoices",
    "mark_work_completed",
    "pay_link",
    "pay_page",
    "payable_invoice_id",
    "record_view",
    "resend_invoice_email",
    "text_pay_link",
    "staff_view",
    "validate_invoice",
    "close_invoice",
    "void_invoice",
]
