"""Contact enquiries: one validation for the page and the API, stored before any e-mail."""

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta

import phonenumbers
from email_validator import EmailNotValidError, validate_email
from sqlmodel import func, select

from renovation_app.content import ENQUIRY_SERVICE_OPTIONS
from renovation_app.db import write_session
from renovation_app.models import Enquiry, utc_now
from renovation_app.services.clients import client_fingerprint
from renovation_app.services.enquiry_mail import enquiry_acknowledgement, enquiry_notification
from renovation_app.services.mail import queue_email, wake_outbox_worker
from renovation_app.services.text import INVALID_CHARACTERS, has_refused_characters, is_blank
from renovation_app.services.throttle import lock_key
from renovation_app.settings import settings

NAME_MAX = 100
MESSAGE_MAX = 5000
SERVICE_LABELS = dict(ENQUIRY_SERVICE_OPTIONS)


@dataclass(frozen=True)
class EnquiryForm:
    """A validated enquiry: trimmed, e-mail normalised, phone in international format."""

    name: str
    email: str
    phone: str
    service: str
    message: str


class EnquiryInvalid(ValueError):
    def __init__(self, errors: dict[str, str]) -> None:
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
        self.errors = errors


class TooManyEnquiries(Exception):
    """The client sent more enquiries than the rate limit allows."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


RATE_LIMIT_MESSAGE = (
    "You have sent several messages in the last few minutes. Please wait a little, or call us."
)


def _text(raw: Mapping[str, object], field: str) -> str | None:
    value = raw.get(field, "")
    if value is None:
        return ""
    return value.strip() if isinstance(value, str) else None


def validate_enquiry(raw: Mapping[str, object]) -> EnquiryForm:
    """Check every field; raise EnquiryInvalid with a plain-words message per bad field."""
    errors: dict[str, str] = {}
    values = {f: _text(raw, f) for f in ("name", "email", "phone", "service", "message")}
    for field, value in values.items():
        if value is None:
            errors[field] = "This field must be text."
        elif has_refused_characters(value, multiline=field == "message"):
            errors[field] = INVALID_CHARACTERS
    name, email, phone, service, message = (values[f] or "" for f in values)

    if "name" not in errors:
        if is_blank(name):
            errors["name"] = "Please enter your name."
        elif len(name) > NAME_MAX:
            errors["name"] = f"Please keep your name to {NAME_MAX} characters or fewer."
    if "email" not in errors:
        try:
            email = validate_email(email, check_deliverability=False).normalized
        except EmailNotValidError:
            errors["email"] = "Please enter a valid e-mail address, like name@example.com."
    if "phone" not in errors and phone:
        try:
            number = phonenumbers.parse(phone, "US")
            if not phonenumbers.is_valid_number(number) or number.country_code != 1:
                raise ValueError
            phone = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)
        except (phonenumbers.NumberParseException, ValueError):
            errors["phone"] = "Please enter a valid US phone number, like (718) 555-0142."
    if "service" not in errors and service not in SERVICE_LABELS:
        errors["service"] = "Please choose a service."
    if "message" not in errors:
        if is_blank(message):
            errors["message"] = "Please write a short message."
        elif len(message) > MESSAGE_MAX:
            errors["message"] = f"Please keep your message to {MESSAGE_MAX:,} characters or fewer."
    if errors:
        raise EnquiryInvalid(errors)
    return EnquiryForm(name=name, email=email, phone=phone, service=service, message=message)


def submit_enquiry(
    form: EnquiryForm, client_ip: str, honeypot: str = "", now: datetime | None = None
) -> Enquiry:
    """Store the enquiry and queue both e-mails in one transaction; spam is stored, not mailed."""
    now = now or utc_now()
    fingerprint = client_fingerprint(client_ip)
    with write_session() as session:
        lock_key(session, f"contact:{fingerprint}", now)  # count and insert as one step
        window_start = now - timedelta(seconds=settings.contact_rate_window_seconds)
        recent = session.exec(
            select(func.count())
            .select_from(Enquiry)
            .where(Enquiry.source_ip_hash == fingerprint, Enquiry.created_at >= window_start)
        ).one()
        if recent >= settings.contact_rate_limit:
            raise TooManyEnquiries(
                RATE_LIMIT_MESSAGE, retry_after=settings.contact_rate_window_seconds
            )
        enquiry = Enquiry(
            **asdict(form), is_spam=bool(honeypot), source_ip_hash=fingerprint, created_at=now
        )
        session.add(enquiry)
        session.flush()  # gives the enquiry its id for the e-mails
        if not enquiry.is_spam:
            queue_email(
                session, enquiry_notification(enquiry), about_kind="enquiry", about_id=enquiry.id
            )
            queue_email(
                session, enquiry_acknowledgement(enquiry), about_kind="enquiry", about_id=enquiry.id
            )
        session.commit()
    if not enquiry.is_spam:
        wake_outbox_worker()
    return enquiry
