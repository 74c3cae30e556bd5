"""Invoices: the form's payload as staff fill it in (and POST /api/invoices takes it), a saved
and e-mailed invoice, and what an invoice's rows say afterwards."""

from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Invoice, InvoiceEvent, User
from renovation_app.services import invoicing
from renovation_app.services.staff.sessions import SignedInUser


def invoice_payload(
    *, price: str = "100.00", service: str = "kitchenRemodelling", **overrides: object
) -> dict:
    """The invoice form as the page and the API send it: Pat Payer (no phone, no address), one
    line of `service` at `price`. Every other key is an override of the form's field of that
    name; `lines=[...]` replaces the one line (and `price` and `service` then say nothing)."""
    raw = {
        "name": "Pat Payer",
        "email": "pat@example.com",
        "lines": [{"service": service, "price": price}],
    }
    return {**raw, **overrides}


def make_invoice(
    author: User | SignedInUser,
    form_token: str,
    price: str = "100.00",
    phone: str = "718-555-0142",
    **overrides: object,
) -> Invoice:
    """A saved (and e-mailed) one-line invoice to Pat Payer, through the one validation and
    invoicing.create_invoice; `overrides` are fields of the form (see invoice_payload)."""
    raw = invoice_payload(price=price, phone=phone, **overrides)
    return invoicing.create_invoice(invoicing.validate_invoice(raw), author.id, form_token)


def status_of(invoice: Invoice) -> str:
    with db_session() as session:
        return session.get(Invoice, invoice.id).status


def history(invoice: Invoice, kind: str) -> list[str]:
    """The details of an invoice's history rows of one kind."""
    with db_session() as session:
        rows = session.exec(
            select(InvoiceEvent).where(
                InvoiceEvent.invoice_id == invoice.id, InvoiceEvent.kind == kind
            )
        )
        return [row.detail for row in rows]
