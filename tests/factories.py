"""Shared test data and lookups: invoices, signed-in users, payments and what they left."""

import pyotp
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Invoice, InvoiceEvent, OutboxEmail, User
from renovation_app.services import invoicing, payments
from renovation_app.services.staff import auth, two_step
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


def signed_in(user: User) -> auth.SignedInUser:
    return auth.SignedInUser(user.id, user.email, user.name, user.role)


_RECOVERY_CODES: dict[int, list[str]] = {}
# The password of the unit tests' admin fixture (tests/unit/conftest.py).
ADMIN_PASSWORD = "long enough password"


def two_step_code(user: User | auth.SignedInUser, password: str = ADMIN_PASSWORD) -> str:
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
