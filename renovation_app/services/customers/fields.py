"""The customer fields every billing form has (name, e-mail, phone, address), checked once."""

from collections.abc import Mapping

from renovation_app.services.customers.records import ContactDetails
from renovation_app.services.fields import (
    check_email,
    check_phone,
    check_text,
    is_blank,
    text_of,
)

NAME_MAX = 100
ADDRESS_MAX = 500


def read_contact(errors: dict[str, str], raw: Mapping[str, object]) -> ContactDetails:
    """The checked name, e-mail (required), phone (optional) and address; a problem goes into
    `errors` under the field's name."""
    name = check_text(errors, "name", text_of(raw, "name"), NAME_MAX, multiline=False)
    if "name" not in errors and is_blank(name):
        errors["name"] = "Please enter the customer's name."
    email = check_text(errors, "email", text_of(raw, "email"), 254, multiline=False)
    if "email" not in errors:
        email = check_email(errors, "email", email)
    phone = check_text(errors, "phone", text_of(raw, "phone"), 40, multiline=False)
    if "phone" not in errors:
        phone = check_phone(errors, "phone", phone)
    address = check_text(errors, "address", text_of(raw, "address"), ADDRESS_MAX, multiline=True)
    return ContactDetails(name=name, email=email, phone=phone, address=address)
