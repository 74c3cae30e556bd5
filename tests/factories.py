"""Shared test data and lookups: invoices, signed-in users, payments, customer links and what
they left."""

import secrets

import pyotp
import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlmodel import select

from renovation_app.db import db_session, get_engine
from renovation_app.models import (
    CustomerLink,
    CustomerLinkKind,
    Estimate,
    Invoice,
    InvoiceEvent,
    OutboxEmail,
    User,
)
from renovation_app.services import invoicing, links, payments
from renovation_app.services.staff import sessions, two_step
from tests.fakes.stripe_js_client import js_confirm
from tests.fakes.stripe_server import FakeStripe


def make_invoice(
    author: User, form_token: str, price: str = "100.00", phone: str = "718-555-0142"
) -> Invoice:
    """A saved (and e-mailed) one-line invoice to Pat Payer."""
    raw = {
        "name": "Pat Payer",
        "email": "pat@example.com",
        "phone": phone,
        "lines": [{"service": "kitchenRemodelling", "price": price}],
    }
    return invoicing.create_invoice(invoicing.validate_invoice(raw), author.id, form_token)


def _link_token(kind: CustomerLinkKind, record_id: int) -> str:
    with db_session() as session:
        token = links.link_token(session, kind, record_id)
        session.commit()
    return token


def pay_token(invoice: Invoice) -> str:
    """The token of the invoice's pay link, as its e-mails and staff page carry it."""
    return _link_token(CustomerLinkKind.PAY, invoice.id)


def estimate_token(estimate: Estimate) -> str:
    """The token of the estimate's link, as its e-mails and staff page carry it."""
    return _link_token(CustomerLinkKind.ESTIMATE, estimate.id)


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


def tables_holding(text: str, engine: Engine | None = None) -> set[str]:
    """The tables that hold `text` anywhere in a row: in a text column, or in bytes (an
    attachment)."""
    found = set()
    with (engine or get_engine()).connect() as connection:
        for table in sa.inspect(connection).get_table_names():
            for row in connection.execute(sa.text(f'SELECT * FROM "{table}"')):
                if any(_holds(value, text) for value in row):
                    found.add(table)
                    break
    return found


def _holds(value: object, text: str) -> bool:
    if isinstance(value, memoryview):
        value = value.tobytes()
    if isinstance(value, bytes):
        return text.encode() in value
    return text in str(value)


def signed_in(user: User) -> sessions.SignedInUser:
    return sessions.SignedInUser(user.id, user.email, user.name, user.role)


_RECOVERY_CODES: dict[int, list[str]] = {}
# The password of the unit tests' admin fixture (tests/unit/conftest.py).
ADMIN_PASSWORD = "long enough password"


def two_step_code(user: User | sessions.SignedInUser, password: str = ADMIN_PASSWORD) -> str:
    """A code that confirms one sensitive action of `user` (a refund): one of the recovery codes
    of the two-step sign-in this turns on first (with the user's `password`) when it is off."""
    with db_session() as session:
        is_on = session.get(User, user.id).totp_enabled_at is not None
    if not is_on or not _RECOVERY_CODES.get(user.id):
        _RECOVERY_CODES[user.id] = turn_on_two_step(user.id, password)
    return _RECOVERY_CODES[user.id].pop()


def turn_on_two_step(user_id: int, password: str = ADMIN_PASSWORD) -> list[str]:
    """Two-step sign-in on, as the Account page does it; returns the recovery codes."""
    setup = two_step.begin_setup(user_id, password)
    return two_step.confirm_setup(user_id, pyotp.TOTP(setup.secret).now())


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


def mails(kind: str) -> list[OutboxEmail]:
    with db_session() as session:
        return session.exec(select(OutboxEmail).where(OutboxEmail.kind == kind)).all()


def pay(fake: FakeStripe, invoice: Invoice, card: str = "4242424242424242"):
    """ "Pay now" and the card, as the customer's browser does."""
    checkout = payments.start_card_payment(invoice.id)
    status, answer = js_confirm(fake, checkout.client_secret, card)
    return checkout, status, answer
