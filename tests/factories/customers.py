"""Customers as a saved form makes them: one per person, found again by e-mail or phone."""

from renovation_app.db import db_session
from renovation_app.models import Customer
from renovation_app.services import customers


def make_customer(
    name: str = "Pat Payer", email: str = "pat@example.com", phone: str = "", address: str = ""
) -> Customer:
    """The customer with this e-mail or phone, or a new one, as saving an invoice or an estimate
    finds them (customers.customer_for); the contacts and the address are added to them."""
    details = customers.ContactDetails(name=name, email=email, phone=phone, address=address)
    with db_session() as session:
        customer = customers.customer_for(session, details)
        session.commit()
        session.refresh(customer)
    return customer
