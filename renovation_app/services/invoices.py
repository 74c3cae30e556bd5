"""Invoices: one validation for the page and the API, gap-free numbering, e-mail with PDF,
the staff view with its history, the customer's pay link, voiding and resending.

Every amount is computed here from the typed prices; a total sent by a browser is ignored.
"""

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta
from enum import StrEnum
from zoneinfo import ZoneInfo

import phonenumbers
from email_validator import EmailNotValidError, validate_email
from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from renovation_app.content import BUSINESS, INVOICE_OPTIONS
from renovation_app.db import db_session, insert_or_ignore
from renovation_app.models import (
    Invoice,
    InvoiceCounter,
    InvoiceEvent,
    InvoiceEventKind,
    InvoiceLine,
    InvoiceStatus,
    OutboxEmail,
    OutboxStatus,
    User,
    utc_now,
)
from renovation_app.services.auth import SignedInUser
from renovation_app.services.enquiry_mail import one_line
from renovation_app.services.invoice_pdf import render_invoice_pdf
from renovation_app.services.locations import location_of
from renovation_app.services.mail import (
    Attachment,
    EmailMessage,
    queue_email,
    wake_outbox_worker,
)
from renovation_app.services.money import (
    MAX_TOTAL_CENTS,
    NOT_A_NUMBER,
    PriceInvalid,
    format_usd,
    parse_price,
)
from renovation_app.services.stripe_gateway import PaymentRefused, stop_open_intents
from renovation_app.services.templates import render_email
from renovation_app.services.text import INVALID_CHARACTERS, has_refused_characters, is_blank
from renovation_app.services.throttle import lock_key
from renovation_app.settings import settings

# Dates on invoices (issue date, due date, "today", the invoice year) are New York dates.
BUSINESS_TIMEZONE = ZoneInfo("America/New_York")
NAME_MAX = 100
ADDRESS_MAX = 500
NOTE_MAX = 2000
DESCRIPTION_MAX = 500
VOID_REASON_MAX = 500
FORM_TOKEN_MAX = 64
DEFAULT_DUE_DAYS = 14
LATEST_DUE_DAYS = 365
SUBJECT_MAX = 200

OPTIONS_BY_SLUG = {option.slug: option for option in INVOICE_OPTIONS}
STATUS_LABELS = {status: status.value.replace("_", " ").capitalize() for status in InvoiceStatus}
_VOIDABLE_STATUSES = (InvoiceStatus.DRAFT, InvoiceStatus.SENT)
_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


# --- errors ----------------------------------------------------------------------------------


class InvoiceInvalid(ValueError):
    """The form or API request has mistakes: one plain-words message per field.

    Keys: name, email, phone, address, note, due_date, lines, total, and "line:<slug>" for a
    problem with one line (its service, price or description).
    """

    def __init__(self, errors: dict[str, str]) -> None:
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
        self.errors = errors


class InvoiceActionRefused(Exception):
    """A void or resend that is not allowed; the message says why in plain words."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class IdempotencyConflict(Exception):
    """An API Idempotency-Key used before with another request body."""


def lock_invoice(session: Session, invoice_id: int) -> None:
    """Hold the invoice until the transaction ends: voiding, starting a card payment, a refund
    and recording what Stripe reports never interleave on one invoice."""
    lock_key(session, f"invoice:{invoice_id}")


# --- validation ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ValidLine:
    service: str  # an INVOICE_OPTIONS slug
    label: str
    description: str
    price_cents: int


@dataclass(frozen=True)
class ValidInvoice:
    """A checked invoice form: trimmed, e-mail normalised, phone formatted, prices in cents."""

    name: str
    email: str
    phone: str
    address: str
    note: str
    due_date: date
    lines: tuple[ValidLine, ...]

    @property
    def total_cents(self) -> int:
        return sum(line.price_cents for line in self.lines)


def business_today(now: datetime | None = None) -> date:
    """Today's date in New York."""
    return (now or utc_now()).astimezone(BUSINESS_TIMEZONE).date()


def _text(raw: Mapping[str, object], field: str) -> str | None:
    value = raw.get(field, "")
    if value is None:
        return ""
    return value.strip() if isinstance(value, str) else None


def _check_text(
    errors: dict[str, str], key: str, value: str | None, limit: int, multiline: bool
) -> str:
    """Record the first problem of a typed text under `key`; return the text ("" if bad)."""
    if value is None:
        errors.setdefault(key, "This field must be text.")
    elif has_refused_characters(value, multiline=multiline):
        errors.setdefault(key, INVALID_CHARACTERS)
    elif len(value) > limit:
        errors.setdefault(key, f"Please keep this to {limit:,} characters or fewer.")
    else:
        return value
    return ""


def _email(errors: dict[str, str], value: str) -> str:
    try:
        return validate_email(value, check_deliverability=False).normalized
    except EmailNotValidError:
        errors["email"] = "Please enter a valid e-mail address, like name@example.com."
        return ""


def _phone(errors: dict[str, str], value: str) -> str:
    if not value:
        return ""
    try:
        number = phonenumbers.parse(value, "US")
    except phonenumbers.NumberParseException:
        number = None
    if number is None or not phonenumbers.is_valid_number(number):
        errors["phone"] = "Please enter a valid phone number, like (718) 555-0142."
        return ""
    style = (
        phonenumbers.PhoneNumberFormat.NATIONAL
        if number.country_code == 1
        else phonenumbers.PhoneNumberFormat.INTERNATIONAL
    )
    return phonenumbers.format_number(number, style)


def _due_date(errors: dict[str, str], value: object, today: date) -> date:
    if value is None or (isinstance(value, str) and not value.strip()):
        return today + timedelta(days=DEFAULT_DUE_DAYS)
    parsed = None
    if isinstance(value, str) and _ISO_DATE.fullmatch(value.strip()):
        try:
            parsed = date.fromisoformat(value.strip())
        except ValueError:
            parsed = None
    if parsed is None:
        errors["due_date"] = "Please give the due date as a date, like 2026-12-07."
    elif parsed < today:
        errors["due_date"] = "The due date cannot be in the past."
    elif parsed > today + timedelta(days=LATEST_DUE_DAYS):
        errors["due_date"] = "The due date must be within one year from today."
    else:
        return parsed
    return today


def _price_text(value: object) -> str:
    """A price from a form (text) or JSON (a number) as text for parse_price."""
    if isinstance(value, str):
        return value
    if value is None:
        return ""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)  # floats print as their shortest form; nan and inf stay refused
    raise PriceInvalid(NOT_A_NUMBER)


def _line(errors: dict[str, str], key: str, slug: str, item: Mapping) -> ValidLine | None:
    option = OPTIONS_BY_SLUG[slug]
    try:
        cents = parse_price(_price_text(item.get("price")))
    except PriceInvalid as invalid:
        errors[key] = invalid.message
        return None
    raw_description = item.get("description", "")
    description = "" if raw_description is None else raw_description
    if isinstance(description, str):
        description = description.strip()
    else:
        description = None
    description = _check_text(errors, key, description, DESCRIPTION_MAX, multiline=True)
    if key in errors:
        return None
    if option.description_required and is_blank(description):
        errors[key] = f"Please describe the work on the {option.label} line."
        return None
    return ValidLine(service=slug, label=option.label, description=description, price_cents=cents)


def _lines(errors: dict[str, str], value: object) -> tuple[ValidLine, ...]:
    if not isinstance(value, list | tuple) or not value:
        errors["lines"] = "Please choose at least one service and enter its price."
        return ()
    if len(value) > len(INVOICE_OPTIONS):
        errors["lines"] = (
            f"An invoice lists each service once: {len(INVOICE_OPTIONS)} lines at most."
        )
        return ()
    lines: list[ValidLine] = []
    seen: set[str] = set()
    for item in value:
        slug = item.get("service") if isinstance(item, Mapping) else None
        if not isinstance(slug, str) or not slug.strip():
            errors["lines"] = "Please choose a service for every line."
            continue
        slug = slug.strip()
        key = f"line:{slug[:40]}"
        if slug not in OPTIONS_BY_SLUG:
            errors[key] = "This is not one of the services we offer."
        elif slug in seen:
            label = OPTIONS_BY_SLUG[slug].label
            errors[key] = f"{label} is listed more than once: put it on one line."
        else:
            seen.add(slug)
            line = _line(errors, key, slug, item)
            if line is not None:
                lines.append(line)
    return tuple(lines)


def validate_invoice(raw: Mapping[str, object], today: date | None = None) -> ValidInvoice:
    """Check every field of an invoice form or API request; raise InvoiceInvalid otherwise.

    `raw` keys: name, email, phone, address, note, due_date ("YYYY-MM-DD" or empty for 14
    days from today), lines (a list of {service, price, description}). Any other key, such as
    a total, is ignored: the server computes every amount. `today` is for tests.
    """
    today = today or business_today()
    errors: dict[str, str] = {}
    name = _check_text(errors, "name", _text(raw, "name"), NAME_MAX, multiline=False)
    if "name" not in errors and is_blank(name):
        errors["name"] = "Please enter the customer's name."
    email = _check_text(errors, "email", _text(raw, "email"), 254, multiline=False)
    if "email" not in errors:
        email = _email(errors, email)
    phone = _check_text(errors, "phone", _text(raw, "phone"), 40, multiline=False)
    if "phone" not in errors:
        phone = _phone(errors, phone)
    address = _check_text(errors, "address", _text(raw, "address"), ADDRESS_MAX, multiline=True)
    note = _check_text(errors, "note", _text(raw, "note"), NOTE_MAX, multiline=True)
    due_date = _due_date(errors, raw.get("due_date"), today)
    lines = _lines(errors, raw.get("lines"))
    if not any(k == "lines" or k.startswith("line:") for k in errors):
        if sum(line.price_cents for line in lines) > MAX_TOTAL_CENTS:
            errors["total"] = (
                f"The total must be {format_usd(MAX_TOTAL_CENTS)} or less: the most one card "
                "payment can take. Split the work over two invoices."
            )
    if errors:
        raise InvoiceInvalid(errors)
    return ValidInvoice(
        name=name,
        email=email,
        phone=phone,
        address=address,
        note=note,
        due_date=due_date,
        lines=lines,
    )


# --- views -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class InvoiceLineView:
    position: int
    service: str  # slug
    label: str
    description: str
    price_cents: int
    price: str  # "$1,250.00"


@dataclass(frozen=True)
class InvoiceEventView:
    kind: str  # an InvoiceEventKind value
    when: str  # ISO 8601, UTC
    when_display: str  # "Nov 23, 2026, 9:41 AM" New York time
    who: str  # the staff member's name, "Customer" for a view of the pay page, or ""
    detail: str


@dataclass(frozen=True)
class InvoiceEmailView:
    id: int
    to: str
    subject: str
    status: str  # queued, sending, sent, logged or failed
    delivery: str  # the status in plain words, with the reason of a failure
    queued_at: str  # ISO 8601, UTC
    sent_at: str  # ISO 8601, UTC, or ""


@dataclass(frozen=True)
class InvoiceView:
    """An invoice as plain values, for pages, the PDF and the e-mail."""

    id: int
    number: str
    status: str  # an InvoiceStatus value
    status_label: str  # "Sent", "Partially paid"
    customer_name: str
    customer_email: str
    customer_phone: str
    customer_address: str
    note: str
    location: str
    currency: str
    subtotal_cents: int
    total_cents: int
    subtotal: str  # "$1,250.00"
    total: str
    issue_date: str  # ISO "2026-11-23" (New York date of creation)
    issue_date_display: str  # "November 23, 2026"
    due_date: str
    due_date_display: str
    created_at: str  # ISO 8601 date-times (UTC); "" when not set
    sent_at: str
    paid_at: str
    voided_at: str
    void_reason: str
    # What staff must look at ("" when nothing): money after a void, a dispute, a failed refund.
    attention: str
    author_id: int
    author_name: str  # "" in the customer's view
    pay_url: str
    is_void: bool
    # Its status allows voiding (draft or sent); who may void is checked by void_invoice.
    can_be_voided: bool
    lines: tuple[InvoiceLineView, ...]
    events: tuple[InvoiceEventView, ...] = ()  # oldest first; () in the customer's view
    emails: tuple[InvoiceEmailView, ...] = ()  # oldest first; () in the customer's view


def _iso(value: datetime | None) -> str:
    return value.isoformat() if value else ""


def _long_date(value: date) -> str:
    return f"{value:%B} {value.day}, {value.year}"


def _when_display(value: datetime) -> str:
    local = value.astimezone(BUSINESS_TIMEZONE)
    hour = local.hour % 12 or 12
    return f"{local:%b} {local.day}, {local.year}, {hour}:{local:%M %p}"


def delivery_words(email: OutboxEmail) -> str:
    """The delivery status of an outbox e-mail in plain words."""
    reason = email.last_error[:120]
    if email.status == OutboxStatus.SENT:
        return "sent"
    if email.status == OutboxStatus.LOGGED:
        return "logged (no mail service configured)"
    if email.status == OutboxStatus.FAILED:
        return f"failed: {reason}" if reason else "failed"
    if email.status == OutboxStatus.QUEUED and email.attempts:
        tries = "attempt" if email.attempts == 1 else "attempts"
        return f"queued for retry ({email.attempts} {tries} so far: {reason})"
    return str(email.status)  # queued (first try pending) or sending


def pay_url(invoice: Invoice) -> str:
    return settings.url(f"/pay/{invoice.pay_token}")


def invoice_view(
    invoice: Invoice,
    lines: list[InvoiceLine],
    author_name: str = "",
    events: tuple[InvoiceEventView, ...] = (),
    emails: tuple[InvoiceEmailView, ...] = (),
) -> InvoiceView:
    issued = business_today(invoice.created_at)
    status = InvoiceStatus(invoice.status)
    return InvoiceView(
        id=invoice.id,
        number=invoice.number,
        status=status.value,
        status_label=STATUS_LABELS[status],
        customer_name=invoice.customer_name,
        customer_email=invoice.customer_email,
        customer_phone=invoice.customer_phone,
        customer_address=invoice.customer_address,
        note=invoice.note,
        location=invoice.location,
        currency=invoice.currency,
        subtotal_cents=invoice.subtotal_cents,
        total_cents=invoice.total_cents,
        subtotal=format_usd(invoice.subtotal_cents),
        total=format_usd(invoice.total_cents),
        issue_date=issued.isoformat(),
        issue_date_display=_long_date(issued),
        due_date=invoice.due_date.isoformat(),
        due_date_display=_long_date(invoice.due_date),
        created_at=_iso(invoice.created_at),
        sent_at=_iso(invoice.sent_at),
        paid_at=_iso(invoice.paid_at),
        voided_at=_iso(invoice.voided_at),
        void_reason=invoice.void_reason,
        attention=invoice.attention,
        author_id=invoice.author_id,
        author_name=author_name,
        pay_url=pay_url(invoice),
        is_void=status == InvoiceStatus.VOID,
        can_be_voided=status in _VOIDABLE_STATUSES,
        lines=tuple(
            InvoiceLineView(
                position=line.position,
                service=line.service,
                label=line.label,
                description=line.description,
                price_cents=line.price_cents,
                price=format_usd(line.price_cents),
            )
            for line in sorted(lines, key=lambda line: line.position)
        ),
        events=events,
        emails=emails,
    )


def lines_of(session: Session, invoice_id: int) -> list[InvoiceLine]:
    return list(
        session.exec(
            select(InvoiceLine)
            .where(InvoiceLine.invoice_id == invoice_id)
            .order_by(InvoiceLine.position)
        )
    )


def by_number(session: Session, number: str) -> Invoice | None:
    if not isinstance(number, str) or not number.strip() or len(number) > 20:
        return None
    return session.exec(select(Invoice).where(Invoice.number == number.strip())).first()


def _staff_view(session: Session, invoice: Invoice) -> InvoiceView:
    names = dict(session.exec(select(User.id, User.name)).all())
    events = tuple(
        InvoiceEventView(
            kind=str(event.kind),
            when=_iso(event.at),
            when_display=_when_display(event.at),
            who=names.get(event.user_id, "")
            if event.user_id
            else ("Customer" if event.kind == InvoiceEventKind.VIEWED else ""),
            detail=event.detail,
        )
        for event in session.exec(
            select(InvoiceEvent)
            .where(InvoiceEvent.invoice_id == invoice.id)
            .order_by(InvoiceEvent.at, InvoiceEvent.id)
        )
    )
    emails = tuple(
        InvoiceEmailView(
            id=email.id,
            to=email.to,
            subject=email.subject,
            status=str(email.status),
            delivery=delivery_words(email),
            queued_at=_iso(email.created_at),
            sent_at=_iso(email.sent_at),
        )
        for email in session.exec(
            select(OutboxEmail)
            .where(OutboxEmail.about_kind == "invoice", OutboxEmail.about_id == invoice.id)
            .order_by(OutboxEmail.id)
        )
    )
    return invoice_view(
        invoice,
        lines_of(session, invoice.id),
        author_name=names.get(invoice.author_id, ""),
        events=events,
        emails=emails,
    )


def get_invoice(number: str) -> InvoiceView | None:
    """The staff view of an invoice: lines, history and its e-mails with delivery status."""
    with db_session() as session:
        invoice = by_number(session, number)
        return _staff_view(session, invoice) if invoice else None


# --- creating and e-mailing ------------------------------------------------------------------


def _next_number(session: Session, year: int) -> int:
    """Take the year's next number; the UPDATE holds the counter row (PostgreSQL) or the
    database (SQLite) until the transaction ends, so numbers are unique and gap-free."""
    session.execute(insert_or_ignore(session, InvoiceCounter, year=year, last_number=0))
    table = InvoiceCounter.__table__
    return session.execute(
        update(table)
        .where(table.c.year == year)
        .values(last_number=table.c.last_number + 1)
        .returning(table.c.last_number)
    ).scalar_one()


def _invoice_email(view: InvoiceView) -> EmailMessage:
    html, text = render_email("invoice", invoice=view)
    return EmailMessage(
        to=one_line(view.customer_email),
        reply_to=BUSINESS.email,
        subject=one_line(f"Invoice {view.number} from {BUSINESS.name}")[:SUBJECT_MAX],
        kind="invoice",
        html=html,
        text=text,
        attachments=(
            Attachment(
                filename=f"invoice-{view.number}.pdf",
                content_type="application/pdf",
                content=render_invoice_pdf(view),
            ),
        ),
    )


def _queue_invoice_email(
    session: Session, invoice: Invoice, user_id: int | None, now: datetime
) -> None:
    view = invoice_view(invoice, lines_of(session, invoice.id))
    queue_email(session, _invoice_email(view), about_kind="invoice", about_id=invoice.id)
    session.add(
        InvoiceEvent(
            invoice_id=invoice.id,
            kind=InvoiceEventKind.EMAILED,
            at=now,
            user_id=user_id,
            detail=f"to {invoice.customer_email}",
        )
    )


def _by_form_token(session: Session, token: str, author_id: int) -> Invoice | None:
    return session.exec(
        select(Invoice).where(Invoice.form_token == token, Invoice.author_id == author_id)
    ).first()


def _replayed(existing: Invoice, request_hash: str) -> Invoice:
    if existing.request_hash != request_hash:
        raise IdempotencyConflict("This Idempotency-Key was used with another request.")
    return existing


def create_invoice(
    valid: ValidInvoice,
    author_id: int,
    form_token: str,
    now: datetime | None = None,
    request_hash: str = "",
) -> Invoice:
    """Save the invoice with the year's next number and queue its e-mail, in one transaction.

    `form_token` is a random value the form made when it opened (or the API's Idempotency-Key,
    scoped to the user): a second submit with the same token by the same author (a double
    click, a retried request) returns the first invoice and saves nothing. `request_hash`
    identifies the API request's body: the same token with another body raises
    IdempotencyConflict.
    """
    now = now or utc_now()
    token = form_token.strip() if isinstance(form_token, str) else ""
    if len(token) > FORM_TOKEN_MAX:
        raise ValueError(f"form_token must be at most {FORM_TOKEN_MAX} characters")
    # Stored per author: another user's token (or key) never finds this user's invoice.
    token = hashlib.sha256(f"{author_id}:{token}".encode()).hexdigest() if token else ""
    year = business_today(now).year
    with db_session() as session:
        try:
            # The counter first: from here on a second submit of the same form waits for us.
            number = _next_number(session, year)
            existing = _by_form_token(session, token, author_id) if token else None
            if existing is not None:
                session.rollback()  # gives the number back
                return _replayed(_by_form_token(session, token, author_id), request_hash)
            invoice = _save(session, valid, author_id, token, now, year, number)
            invoice.request_hash = request_hash
            _queue_invoice_email(session, invoice, author_id, now)
            session.commit()
        except IntegrityError:
            # The same form token saved meanwhile under another year's counter (at midnight
            # on New Year's Eve), or another author's token: the first one wins.
            session.rollback()
            existing = _by_form_token(session, token, author_id) if token else None
            if existing is None:
                raise
            return _replayed(existing, request_hash)
    wake_outbox_worker()
    return invoice


def _save(
    session: Session,
    valid: ValidInvoice,
    author_id: int,
    token: str,
    now: datetime,
    year: int,
    number: int,
) -> Invoice:
    total = valid.total_cents
    invoice = Invoice(
        number=f"{year}-{number:04d}",
        year=year,
        customer_name=valid.name,
        customer_email=valid.email,
        customer_phone=valid.phone,
        customer_address=valid.address,
        note=valid.note,
        status=InvoiceStatus.SENT,
        subtotal_cents=total,
        total_cents=total,
        due_date=valid.due_date,
        form_token=token or None,
        location=location_of(valid.address),
        created_at=now,
        sent_at=now,
        author_id=author_id,
    )
    session.add(invoice)
    session.flush()  # gives the invoice its id for the lines, events and e-mail
    for position, line in enumerate(valid.lines, start=1):
        session.add(
            InvoiceLine(
                invoice_id=invoice.id,
                position=position,
                service=line.service,
                label=line.label,
                description=line.description,
                price_cents=line.price_cents,
            )
        )
    session.add(
        InvoiceEvent(
            invoice_id=invoice.id,
            kind=InvoiceEventKind.CREATED,
            at=now,
            user_id=author_id,
            detail=f"{len(valid.lines)} line(s), total {format_usd(total)}",
        )
    )
    session.flush()
    return invoice


def resend_invoice_email(
    number: str, user: SignedInUser, now: datetime | None = None
) -> InvoiceView:
    """Queue the invoice e-mail (with its PDF) again; refused for a void invoice."""
    now = now or utc_now()
    with db_session() as session:
        invoice = by_number(session, number)
        if invoice is None:
            raise InvoiceActionRefused(f"There is no invoice {number}.")
        if invoice.status == InvoiceStatus.VOID:
            raise InvoiceActionRefused(f"Invoice {invoice.number} is void: it cannot be sent.")
        _queue_invoice_email(session, invoice, user.id, now)
        session.commit()
        view = _staff_view(session, invoice)
    wake_outbox_worker()
    return view


# --- voiding ---------------------------------------------------------------------------------


def _check_void_reason(reason: object) -> str:
    text = reason.strip() if isinstance(reason, str) else ""
    if is_blank(text):
        raise InvoiceActionRefused("Please give a reason for voiding the invoice.")
    if has_refused_characters(text):
        raise InvoiceActionRefused(f"The reason: {INVALID_CHARACTERS}")
    if len(text) > VOID_REASON_MAX:
        raise InvoiceActionRefused(
            f"Please keep the reason to {VOID_REASON_MAX} characters or fewer."
        )
    return text


def void_invoice(
    number: str, user: SignedInUser, reason: str, now: datetime | None = None
) -> InvoiceView:
    """Cancel an unpaid invoice (admins and its author only): every open card payment is
    cancelled at Stripe first, and its pay link stops taking payments."""
    now = now or utc_now()
    with db_session() as session:
        invoice = by_number(session, number)
        if invoice is None:
            raise InvoiceActionRefused(f"There is no invoice {number}.")
        if not (user.is_admin or user.id == invoice.author_id):
            raise InvoiceActionRefused(
                "Only an administrator or the person who wrote an invoice can void it."
            )
        text = _check_void_reason(reason)
        lock_invoice(session, invoice.id)  # no card payment starts or is recorded meanwhile
        session.refresh(invoice)
        if invoice.status == InvoiceStatus.VOID:
            raise InvoiceActionRefused(f"Invoice {invoice.number} is already void.")
        if invoice.status not in _VOIDABLE_STATUSES:
            raise InvoiceActionRefused(
                f"Invoice {invoice.number} has been paid, so it cannot be voided. "
                "Refund the payment instead."
            )
        try:
            stop_open_intents(session, invoice.id)
        except PaymentRefused as refused:
            session.rollback()
            raise InvoiceActionRefused(refused.message) from refused
        invoice.status, invoice.voided_at, invoice.void_reason = InvoiceStatus.VOID, now, text
        invoice.settled_at = now
        session.add(invoice)
        session.add(
            InvoiceEvent(
                invoice_id=invoice.id,
                kind=InvoiceEventKind.VOIDED,
                at=now,
                user_id=user.id,
                detail=text,
            )
        )
        session.commit()
        return _staff_view(session, invoice)


# --- the customer's pay link -----------------------------------------------------------------


class PayLinkState(StrEnum):
    OPEN = "open"  # shows the invoice; takes a card while something is due
    VOID = "void"  # the invoice was cancelled: a page that says so
    EXPIRED = "expired"  # settled long enough ago: a page that says so


def _by_pay_token(session: Session, token: str) -> Invoice | None:
    if not isinstance(token, str) or not token or len(token) > 64:
        return None
    return session.exec(select(Invoice).where(Invoice.pay_token == token)).first()


def _link_state(invoice: Invoice, now: datetime) -> PayLinkState:
    if invoice.status == InvoiceStatus.VOID:
        return PayLinkState.VOID
    days = timedelta(days=settings.pay_link_days_after_settled)
    if invoice.settled_at is not None and now - invoice.settled_at > days:
        return PayLinkState.EXPIRED
    return PayLinkState.OPEN


def customer_view(view: InvoiceView) -> InvoiceView:
    """What a pay link shows (the page and its PDF): the invoice without the customer's
    e-mail and phone, staff names, history or e-mails, since anyone holding the link sees it."""
    return replace(view, customer_email="", customer_phone="", author_name="", events=(), emails=())


def pay_link(token: str, now: datetime | None = None) -> tuple[PayLinkState, InvoiceView] | None:
    """The state of a pay link and the customer's view of its invoice; None for an unknown
    token."""
    with db_session() as session:
        invoice = _by_pay_token(session, token)
        if invoice is None:
            return None
        view = customer_view(invoice_view(invoice, lines_of(session, invoice.id)))
        return _link_state(invoice, now or utc_now()), view


def invoice_for_pay_token(token: str, now: datetime | None = None) -> InvoiceView | None:
    """The customer's view of the invoice behind an open pay link; None for an unknown token,
    a void invoice or an expired link."""
    found = pay_link(token, now)
    return found[1] if found and found[0] == PayLinkState.OPEN else None


def record_view(invoice_id: int, now: datetime | None = None) -> bool:
    """Note that the customer opened the pay page: at most one `viewed` event per New York
    calendar day. Returns True when an event was added."""
    now = now or utc_now()
    day = business_today(now)
    start = datetime.combine(day, time(), BUSINESS_TIMEZONE)
    end = datetime.combine(day + timedelta(days=1), time(), BUSINESS_TIMEZONE)
    with db_session() as session:
        # A no-op UPDATE first holds the invoice row, so two views at once add one event.
        held = session.execute(
            update(Invoice)
            .where(Invoice.id == invoice_id)
            .values(status=Invoice.status)
            .execution_options(synchronize_session=False)
        ).rowcount
        if held != 1:
            session.rollback()
            return False
        seen_today = session.exec(
            select(InvoiceEvent.id).where(
                InvoiceEvent.invoice_id == invoice_id,
                InvoiceEvent.kind == InvoiceEventKind.VIEWED,
                InvoiceEvent.at >= start,
                InvoiceEvent.at < end,
            )
        ).first()
        if seen_today is not None:
            session.rollback()
            return False
        session.add(InvoiceEvent(invoice_id=invoice_id, kind=InvoiceEventKind.VIEWED, at=now))
        session.commit()
    return True


# --- PDFs ------------------------------------------------------------------------------------


def invoice_pdf(number: str) -> bytes | None:
    """The PDF of an invoice for staff (a void one is marked VOID); None if unknown."""
    with db_session() as session:
        invoice = by_number(session, number)
        if invoice is None:
            return None
        view = invoice_view(invoice, lines_of(session, invoice.id))
    return render_invoice_pdf(view)
