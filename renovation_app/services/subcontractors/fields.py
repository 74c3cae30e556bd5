"""What the office types about a subcontractor (company, contact, e-mail, phone, trade, NYC
licence number), checked once for the page and any later API."""

import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass

from renovation_app.services.errors import FormInvalid
from renovation_app.services.fields import (
    check_email,
    check_phone,
    check_text,
    is_blank,
    text_of,
)

COMPANY_MAX = 100
CONTACT_MAX = 100
TRADE_MAX = 60
LICENCE_MAX = 40
FIELDS = ("company", "contact_name", "email", "phone", "trade", "licence_number")
# A DCWP home improvement licence ("2099999-DCA") or a DOB trade licence: letters, digits and
# a few separators, nothing else.
_LICENCE = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ./-]*")
BAD_LICENCE = "Please enter the licence number as it is printed, like 2099999-DCA."


@dataclass(frozen=True)
class SubcontractorDetails:
    """A subcontractor's checked details (what the table keeps)."""

    company: str
    contact_name: str = ""
    email: str = ""
    phone: str = ""
    trade: str = ""
    licence_number: str = ""

    def as_dict(self) -> dict[str, str]:
        return asdict(self)


def _optional_email(errors: dict[str, str], raw: Mapping[str, object]) -> str:
    email = check_text(errors, "email", text_of(raw, "email"), 254)
    return check_email(errors, "email", email) if email and "email" not in errors else email


def _optional_phone(errors: dict[str, str], raw: Mapping[str, object]) -> str:
    phone = check_text(errors, "phone", text_of(raw, "phone"), 40)
    return check_phone(errors, "phone", phone) if "phone" not in errors else ""


def _licence(errors: dict[str, str], raw: Mapping[str, object]) -> str:
    licence = check_text(errors, "licence_number", text_of(raw, "licence_number"), LICENCE_MAX)
    if licence and not _LICENCE.fullmatch(licence):
        errors.setdefault("licence_number", BAD_LICENCE)
        return ""
    return licence


def validate_subcontractor(raw: Mapping[str, object]) -> SubcontractorDetails:
    """Check the form; raise FormInvalid with a message per field. Only the company is needed;
    an e-mail or phone, when given, must be one."""
    errors: dict[str, str] = {}
    company = " ".join(check_text(errors, "company", text_of(raw, "company"), COMPANY_MAX).split())
    if "company" not in errors and is_blank(company):
        errors["company"] = "Please enter the subcontractor's company name."
    contact = check_text(errors, "contact_name", text_of(raw, "contact_name"), CONTACT_MAX)
    details = SubcontractorDetails(
        company=company,
        contact_name=" ".join(contact.split()),
        email=_optional_email(errors, raw),
        phone=_optional_phone(errors, raw),
        trade=" ".join(check_text(errors, "trade", text_of(raw, "trade"), TRADE_MAX).split()),
        licence_number=_licence(errors, raw),
    )
    if errors:
        raise FormInvalid(errors)
    return details
