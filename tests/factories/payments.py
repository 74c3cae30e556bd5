"""Payments: one recorded by staff (a check unless told otherwise) and one paid by card."""

import uuid

from renovation_app.models import Invoice, User
from renovation_app.services import payments
from renovation_app.services.billing import business_today
from renovation_app.services.staff.sessions import SignedInUser
from tests.factories.staff import as_signed_in
from tests.fakes.stripe_js_client import js_confirm
from tests.fakes.stripe_server import FakeStripe


def payment_payload(**overrides: object) -> dict:
    """The "Record a payment" form: check #1045 for $100.00, received today (New York). Every key
    is an override of that field."""
    raw = {
        "method": "check",
        "amount": "100.00",
        "received_on": str(business_today()),
        "reference": "1045",
    }
    return {**raw, **overrides}


def record_payment(
    invoice: Invoice | str,
    by: User | SignedInUser,
    record_key: str = "",
    **overrides: object,
) -> None:
    """A payment recorded on the invoice (or invoice number) by payments.record_payment, as the
    invoice page records it. `record_key` is the form's one-time key: the same key again records
    nothing more; by default each call gets a new one. `overrides`: see payment_payload."""
    number = invoice if isinstance(invoice, str) else invoice.number
    # Unique across processes: another run's keys may already be in the database (a zoo made
    # into a site's database, the production stack's shared PostgreSQL).
    key = record_key or f"record-{uuid.uuid4().hex}"
    payments.record_payment(number, payment_payload(**overrides), key, as_signed_in(by))


def pay(fake: FakeStripe, invoice: Invoice, card: str = "4242424242424242"):
    """ "Pay now" and the card, as the customer's browser does."""
    checkout = payments.start_card_payment(invoice.id)
    status, answer = js_confirm(fake, checkout.client_secret, card)
    return checkout, status, answer
