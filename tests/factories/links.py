"""The customer links of invoices and estimates, as their e-mails and staff pages carry them."""

import secrets

import sqlalchemy as sa

from renovation_app.db import db_session
from renovation_app.models import CustomerLink, CustomerLinkKind, Estimate, Invoice
from renovation_app.services import links


def link_token(kind: CustomerLinkKind, record_id: int) -> str:
    with db_session() as session:
        token = links.link_token(session, kind, record_id)
        session.commit()
    return token


def pay_token(invoice: Invoice) -> str:
    """The token of the invoice's pay link, as its e-mails and staff page carry it."""
    return link_token(CustomerLinkKind.PAY, invoice.id)


def estimate_token(estimate: Estimate) -> str:
    """The token of the estimate's link, as its e-mails and staff page carry it."""
    return link_token(CustomerLinkKind.ESTIMATE, estimate.id)


def pay_link_from_before_the_upgrade(invoice: Invoice) -> str:
    """The invoice's pay link as migration d1links leaves one e-mailed before it: its hash
    alone, no salt to make it again. Returns its token."""
    token = secrets.token_urlsafe(32)
    with db_session() as session:
        session.execute(
            sa.delete(CustomerLink).where(
                CustomerLink.kind == CustomerLinkKind.PAY, CustomerLink.record_id == invoice.id
            )
        )
        session.add(
            CustomerLink(
                kind=CustomerLinkKind.PAY,
                record_id=invoice.id,
                token_hash=links.hash_token(token),
                salt="",
            )
        )
        session.commit()
    return token
