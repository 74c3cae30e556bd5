"""Contact enquiries: one validation for the page and the API, stored before any e-mail."""

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta

from sqlmodel import Session, func, select

from renovation_app.content import ENQUIRY_SERVICE_OPTIONS
from renovation_app.db import write_session
from renovation_app.models import ConsentSource, Enquiry, EnquiryStatus, utc_now
from renovation_app.services import texts
from renovation_app.services.customers import find_customer
from renovation_app.services.enquiries.mail import enquiry_acknowledgement, enquiry_notification
from renovation_app.services.errors import FormInvalid
from renovation_app.services.fields import check_email, check_phone, check_text, is_blank, text_of
from renovation_app.services.limits import client_fingerprint, lock_key
from renovation_app.services.mail import About, queue_email, wake_outbox_worker
from renovation_app.settings import settings

NAME_MAX = 100
MESSAGE_MAX = 5000
TEXT_CEILING = 1_000_000
SERVICE_LABELS = dict(ENQUIRY_SERVICE_OPTIONS)


@dataclass(frozen=True)
class EnquiryForm:
    """A validated enquiry: trimmed, e-mail normalised, phone in international format."""

    name: str
    email: str
    phone: str
    service: str
    message: str


class TooManyEnquiries(Exception):
    """The client sent more enquiries than the rate limit allows."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


RATE_LIMIT_MESSAGE = (
    "You have sent several messages in the last few minutes. Please wait a little, or call us."
)


def validate_enquiry(raw: Mapping[str, object]) -> EnquiryForm:
    """Check every field; raise FormInvalid with a plain-words message per bad field."""
    errors: dict[str, str] = {}
    # Long texts are refused below with a message of their own (the limits here are a ceiling).
    name = check_text(errors, "name", text_of(raw, "name"), TEXT_CEILING)
    email = check_text(errors, "email", text_of(raw, "email"), TEXT_CEILING)
    phone = check_text(errors, "phone", text_of(raw, "phone"), TEXT_CEILING)
    service = check_text(errors, "service", text_of(raw, "service"), TEXT_CEILING)
    message = check_text(errors, "message", text_of(raw, "message"), TEXT_CEILING, multiline=True)
    if "name" not in errors:
        if is_blank(name):
            errors["name"] = "Please enter your name."
        elif len(name) > NAME_MAX:
            errors["name"] = f"Please keep your name to {NAME_MAX} characters or fewer."
    if "email" not in errors:
        email = check_email(errors, "email", email)
    if "phone" not in errors:
        phone = check_phone(errors, "phone", phone, us_only=True)
    if "service" not in errors and service not in SERVICE_LABELS:
        errors["service"] = "Please choose a service."
    if "message" not in errors:
        if is_blank(message):
            errors["message"] = "Please write a short message."
        elif len(message) > MESSAGE_MAX:
            errors["message"] = f"Please keep your message to {MESSAGE_MAX:,} characters or fewer."
    if errors:
        raise FormInvalid(errors)
    return EnquiryForm(name=name, email=email, phone=phone, service=service, message=message)


NO_MOBILE = "Please give a mobile number for the texts."


def wants_texts(raw: Mapping[str, object], phone: str) -> bool:
    """Whether the visitor ticked "text me" (`texts`); FormInvalid when ticked with no phone."""
    ticked = raw.get("texts") in (True, "on", "true", "1")
    if ticked and not phone:
        raise FormInvalid({"phone": NO_MOBILE})
    return ticked


def store_enquiry(
    session: Session, form: EnquiryForm, client_ip: str, honeypot: str, now: datetime
) -> Enquiry:
    """Count the client's recent enquiries and store this one, as one step (the contact form's
    and the visit booking's share one limit); TooManyEnquiries past it."""
    fingerprint = client_fingerprint(client_ip)
    lock_key(session, f"contact:{fingerprint}", now)  # count and insert as one step
    window_start = now - timedelta(seconds=settings.contact_rate_window_seconds)
    recent = session.exec(
        select(func.count())
        .select_from(Enquiry)
        .where(Enquiry.source_ip_hash == fingerprint, Enquiry.created_at >= window_start)
    ).one()
    if recent >= settings.contact_rate_limit:
        raise TooManyEnquiries(RATE_LIMIT_MESSAGE, retry_after=settings.contact_rate_window_seconds)
    known = None if honeypot else find_customer(session, form.email, form.phone)
    enquiry = Enquiry(
        **asdict(form),
        is_spam=bool(honeypot),
        status=EnquiryStatus.SPAM if honeypot else EnquiryStatus.NEW,
        customer_id=known.id if known else None,
        source_ip_hash=fingerprint,
        created_at=now,
    )
    session.add(enquiry)
    session.flush()  # gives the enquiry its id for the e-mails
    return enquiry


def submit_enquiry(
    form: EnquiryForm,
    client_ip: str,
    honeypot: str = "",
    now: datetime | None = None,
    texts_ok: bool = False,
) -> Enquiry:
    """Store the enquiry and queue both e-mails in one transaction; spam is stored, not mailed.
    `texts_ok`: the visitor ticked "text me", recorded as the mobile's yes (source: contact
    form)."""
    now = now or utc_now()
    with write_session() as session:
        enquiry = store_enquiry(session, form, client_ip, honeypot, now)
        if not enquiry.is_spam:
            queue_email(
                session,
                enquiry_notification(enquiry),
                about_kind=About.ENQUIRY,
                about_id=enquiry.id,
            )
            queue_email(
                session,
                enquiry_acknowledgement(enquiry),
                about_kind=About.ENQUIRY,
                about_id=enquiry.id,
            )
            if texts_ok and form.phone:
                source = ConsentSource.CONTACT_FORM
                texts.record_consent(session, form.phone, True, source, enquiry.customer_id)
        session.commit()
    if not enquiry.is_spam:
        wake_outbox_worker()
    return enquiry
