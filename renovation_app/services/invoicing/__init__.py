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
    record_view,
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
    OPTIONS_BY_SLUG,
    TAX_AREA_BY_SLUG,
    TAX_CATEGORY_BY_SLUG,
    ValidInvoice,
    ValidLine,
    line_tax_cents,
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
    "OPTIONS_BY_SLUG",
    "TAX_AREA_BY_SLUG",
    "TAX_CATEGORY_BY_SLUG",
    "IdempotencyConflict",
    "InvoiceFilters",
    "InvoiceListPage",
    "InvoiceRow",
    "PayLinkState",
    "ValidInvoice",
    "ValidLine",
    "add_invoice",
    "create_invoice",
    "get_invoice",
    "invoice_for_pay_token",
    "invoice_pdf",
    "line_tax_cents",
    "list_invoices",
    "mark_work_completed",
    "pay_link",
    "pay_page",
    "record_view",
    "resend_invoice_email",
    "staff_view",
    "validate_invoice",
    "close_invoice",
    "void_invoice",
]
