"""Rules for what people type into forms (text, e-mail, phone), shared by every form and API.

The check_* functions record the first problem of a field in `errors` under its key and
return the cleaned value ("" when it is refused).
"""

import hashlib
import re
import unicodedata
from collections.abc import Mapping
from datetime import date

import phonenumbers
from email_validator import EmailNotValidError, validate_email

from renovation_app.services.errors import ActionRefused

# Cc control, Cf format (e.g. U+202E right-to-left override, zero-width joiners), Cs surrogates.
_REFUSED_CATEGORIES = {"Cc", "Cf", "Cs"}
INVALID_CHARACTERS = "This field contains characters we cannot accept (such as control characters)."


def has_refused_characters(value: str, multiline: bool = False) -> bool:
    """True when the text holds control or format characters; tabs and (for multi-line fields)
    line breaks are the only exceptions. Single-line fields never accept CR or LF, so nothing
    typed can reach an e-mail header as a new line."""
    allowed = "\t\n\r" if multiline else "\t"
    return any(unicodedata.category(c) in _REFUSED_CATEGORIES and c not in allowed for c in value)


def is_blank(value: str) -> bool:
    """Empty, or made only of spaces and invisible characters."""
    return not any(
        not c.isspace() and unicodedata.category(c) not in _REFUSED_CATEGORIES | {"Mn", "Zs"}
        for c in value
    )


NOT_TEXT = "This field must be text."
BAD_EMAIL = "Please enter a valid e-mail address, like name@example.com."
BAD_PHONE = "Please enter a valid phone number, like (718) 555-0142."
BAD_US_PHONE = "Please enter a valid US phone number, like (718) 555-0142."


def text_of(raw: Mapping[str, object], field: str) -> str | None:
    """A field of a form or JSON body, trimmed; "" when missing, None when it is not text."""
    value = raw.get(field, "")
    if value is None:
        return ""
    return value.strip() if isinstance(value, str) else None


def check_text(
    errors: dict[str, str], key: str, value: str | None, limit: int, multiline: bool = False
) -> str:
    """Text with no refused characters and at most `limit` characters."""
    if value is None:
        errors.setdefault(key, NOT_TEXT)
    elif has_refused_characters(value, multiline=multiline):
        errors.setdefault(key, INVALID_CHARACTERS)
    elif len(value) > limit:
        errors.setdefault(key, f"Please keep this to {limit:,} characters or fewer.")
    else:
        return value
    return ""


def check_email(errors: dict[str, str], key: str, value: str) -> str:
    """A valid address, normalised (lower-case domain, Unicode NFC)."""
    try:
        return validate_email(value, check_deliverability=False).normalized
    except EmailNotValidError:
        errors.setdefault(key, BAD_EMAIL)
        return ""


def check_phone(errors: dict[str, str], key: str, value: str, us_only: bool = False) -> str:
    """An optional phone number: US numbers as (718) 555-0142, others in international form."""
    if not value:
        return ""
    try:
        number = phonenumbers.parse(value, "US")
    except phonenumbers.NumberParseException:
        number = None
    if (
        number is None
        or not phonenumbers.is_valid_number(number)
        or (us_only and number.country_code != 1)
    ):
        errors.setdefault(key, BAD_US_PHONE if us_only else BAD_PHONE)
        return ""
    style = (
        phonenumbers.PhoneNumberFormat.NATIONAL
        if number.country_code == 1
        else phonenumbers.PhoneNumberFormat.INTERNATIONAL
    )
    return phonenumbers.format_number(number, style)


# A record's id is at most PostgreSQL's INTEGER: a larger number in a lookup is a database error.
ID_MAX = 2**31 - 1


def whole_number(value: object, maximum: int = ID_MAX) -> int | None:
    """A whole number from 0 to `maximum` as an address, a form or a page's event sends it
    (42 or "42"); None for anything else. Only ASCII digits count: "²", "①" and "١" are digits
    to str.isdigit() but not numbers to int() or the database."""
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and value.isascii() and value.isdigit():
        if len(value) > len(str(maximum)):
            return None
        number = int(value)
    else:
        return None
    return number if 0 <= number <= maximum else None


_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def iso_date(value: object) -> date | None:
    """ "2026-12-07" (surrounding spaces allowed) as a date; None for anything else."""
    text = value.strip() if isinstance(value, str) else ""
    if not _ISO_DATE.fullmatch(text):
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:  # "2026-02-30"
        return None


def reason_text(reason: object, asked: str, limit: int = 500) -> str:
    """A reason staff must give (for a void, a refund): one line of plain text. Raises
    ActionRefused with `asked` ("Please give a reason for ...") when it is missing."""
    text = reason.strip() if isinstance(reason, str) else ""
    if is_blank(text):
        raise ActionRefused(asked)
    if has_refused_characters(text):
        raise ActionRefused(f"The reason: {INVALID_CHARACTERS}")
    if len(text) > limit:
        raise ActionRefused(f"Please keep the reason to {limit} characters or fewer.")
    return text


def optional_reason(reason: object, limit: int = 500) -> str:
    """A reason someone may give (an owner declining at a link): plain text of a few lines, or
    "" when none."""
    text = reason.strip() if isinstance(reason, str) else ""
    if len(text) > limit or has_refused_characters(text, multiline=True):
        raise ActionRefused(f"The reason: {INVALID_CHARACTERS}")
    return text


FORM_TOKEN_MAX = 64


def form_token_key(author_id: int, form_token: object, scope: str = "") -> str:
    """What is stored of a form's idempotency token (or an API Idempotency-Key): its SHA-256
    with the author and the kind of form (`scope`), so another user's or another form's token
    never finds this one's record; "" for no token. Raises ValueError for a token too long."""
    token = form_token.strip() if isinstance(form_token, str) else ""
    if len(token) > FORM_TOKEN_MAX:
        raise ValueError(f"form_token must be at most {FORM_TOKEN_MAX} characters")
    prefix = f"{scope}:" if scope else ""
    return hashlib.sha256(f"{prefix}{author_id}:{token}".encode()).hexdigest() if token else ""
