"""One customer's page: their details and everything about them in time order (enquiries,
estimates, jobs, invoices, payments, e-mails)."""

from dataclasses import dataclass, field
from datetime import datetime

from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import (
    Channel,
    CustomerAddress,
    CustomerContact,
    Enquiry,
    Estimate,
    Invoice,
    Job,
    OutboxEmail,
    Payment,
    PaymentStatus,
)
from renovation_app.routes import estimate_path, invoice_path, job_path
from renovation_app.services.billing import STATUS_LABELS, format_usd, iso, when_display
from renovation_app.services.customers.records import (
    ContactDetails,
    first_contact,
    live_customer,
)
from renovation_app.services.mail import About, delivery_words
from renovation_app.services.texts.views import customer_texts


@dataclass(frozen=True)
class TimelineEntry:
    when: str  # ISO 8601, UTC
    when_display: str  # "Nov 23, 2026, 9:41 AM" New York time
    kind: str  # enquiry, estimate, invoice, payment, email
    text: str
    link: str = ""  # a staff page about it, "" when none


@dataclass(frozen=True)
class CustomerView:
    id: int
    name: str
    notes: str
    emails: list[str] = field(default_factory=list)
    phones: list[str] = field(default_factory=list)
    addresses: list[str] = field(default_factory=list)  # "12 Atlantic Ave ... (Brooklyn)"
    address_lines: list[str] = field(default_factory=list)  # the addresses as typed
    timeline: list[TimelineEntry] = field(default_factory=list)  # newest first
    reminders_paused: bool = False
    mail_problem: str = ""  # a bounced or complained e-mail, until one is sent again


def _entry(at: datetime, kind: str, text: str, link: str = "") -> TimelineEntry:
    return TimelineEntry(iso(at), when_display(at), kind, text, link)


def _timeline(session: Session, customer_id: int) -> list[TimelineEntry]:
    entries: list[TimelineEntry] = []
    enquiries = session.exec(select(Enquiry).where(Enquiry.customer_id == customer_id)).all()
    invoices = session.exec(select(Invoice).where(Invoice.customer_id == customer_id)).all()
    for enquiry in enquiries:
        status = enquiry.status.replace("_", " ")
        entries.append(
            _entry(enquiry.created_at, "enquiry", f"Enquiry ({status}): {enquiry.message[:140]}")
        )
    estimates = session.exec(select(Estimate).where(Estimate.customer_id == customer_id)).all()
    for estimate in estimates:
        words = f"Estimate {estimate.number} (revision {estimate.revision}), {estimate.status}"
        if estimate.accepted_at:
            words += (
                f", signed by {estimate.signer_name}, {format_usd(estimate.accepted_total_cents)}"
            )
        entries.append(
            _entry(estimate.created_at, "estimate", words, estimate_path(estimate.number))
        )
    jobs = session.exec(select(Job).where(Job.customer_id == customer_id)).all()
    for job in jobs:
        words = f"Job {job.number}: {job.title}, {job.status.replace('_', ' ')}"
        entries.append(_entry(job.created_at, "job", words, job_path(job.number)))
    by_id = {i.id: i for i in invoices}
    for invoice in invoices:
        words = f"Invoice {invoice.number}, {format_usd(invoice.total_cents)}, {STATUS_LABELS[invoice.status]}"
        entries.append(_entry(invoice.created_at, "invoice", words, invoice_path(invoice.number)))
    for payment in session.exec(
        select(Payment).where(
            Payment.invoice_id.in_(list(by_id) or [0]), Payment.status == PaymentStatus.SUCCEEDED
        )
    ):
        number = by_id[payment.invoice_id].number
        words = f"Paid {format_usd(payment.amount_cents)} on invoice {number}"
        entries.append(
            _entry(
                payment.succeeded_at or payment.created_at, "payment", words, invoice_path(number)
            )
        )
    about = [
        (About.INVOICE, list(by_id)),
        (About.ENQUIRY, [e.id for e in enquiries]),
        (About.ESTIMATE, [e.id for e in estimates]),
        (About.JOB, [job.id for job in jobs]),
    ]
    for kind, ids in about:
        for email in session.exec(
            select(OutboxEmail).where(
                OutboxEmail.channel == Channel.EMAIL,
                OutboxEmail.about_kind == kind,
                OutboxEmail.about_id.in_(ids or [0]),
            )
        ):
            words = f"E-mail to {email.to}: {email.subject} ({delivery_words(email)})"
            entries.append(_entry(email.created_at, "email", words))
    entries += _text_entries(session, customer_id)
    return sorted(entries, key=lambda e: e.when, reverse=True)


def _text_entries(session: Session, customer_id: int) -> list[TimelineEntry]:
    """The texts to and from the customer: words as they were typed, shown as plain text."""
    entries = []
    for line in customer_texts(session, customer_id):
        if line.incoming:
            words = f"Text from {line.number}: {line.body[:300]}"
        else:
            words = f"Text to {line.number}: {line.body[:300]} ({line.status})"
        entries.append(_entry(line.at, "text", words))
    return entries


def customer_view(customer_id: int, with_timeline: bool = True) -> CustomerView | None:
    """The customer (or the one it was merged into) with their timeline (unless
    `with_timeline` is False); None if unknown."""
    with db_session() as session:
        customer = live_customer(session, customer_id)
        if customer is None:
            return None
        contacts = session.exec(
            select(CustomerContact)
            .where(CustomerContact.customer_id == customer.id)
            .order_by(CustomerContact.id)
        ).all()
        addresses = session.exec(
            select(CustomerAddress)
            .where(CustomerAddress.customer_id == customer.id)
            .order_by(CustomerAddress.id)
        ).all()
        return CustomerView(
            id=customer.id,
            name=customer.name,
            notes=customer.notes,
            emails=[c.value for c in contacts if c.kind == "email"],
            phones=[c.value for c in contacts if c.kind == "phone"],
            addresses=[f"{a.address} ({a.borough})" if a.borough else a.address for a in addresses],
            address_lines=[a.address for a in addresses],
            timeline=_timeline(session, customer.id) if with_timeline else [],
            reminders_paused=customer.reminders_paused,
            mail_problem=customer.mail_problem,
        )


def contact_of(customer_id: int) -> ContactDetails | None:
    """The customer's name, first e-mail, phone and address, to fill a billing form."""
    with db_session() as session:
        customer = live_customer(session, customer_id)
        return first_contact(session, customer) if customer else None
