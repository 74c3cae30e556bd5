"""Customer records: one per person, found by any of their e-mails or phones, never made twice.

An e-mail or phone belongs to one customer at most (a unique row per contact), so saving an
enquiry or an invoice for a known address attaches it to the customer who has it, and a
second customer with the same address can only come from staff merging or editing.
"""

from dataclasses import dataclass

from sqlalchemy import func, or_
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import (
    Customer,
    CustomerAddress,
    CustomerContact,
    Enquiry,
    EnquiryStatus,
    Estimate,
    Invoice,
    Job,
    utc_now,
)
from renovation_app.services import audit
from renovation_app.services.customers.locations import location_of
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import check_email, check_phone
from renovation_app.services.limits import lock_key
from renovation_app.services.staff import SignedInUser

EMAIL = "email"
PHONE = "phone"


@dataclass(frozen=True)
class ContactDetails:
    """What a form or an enquiry says about a person (already validated)."""

    name: str
    email: str = ""
    phone: str = ""
    address: str = ""


def normalised_contacts(email: str, phone: str) -> list[tuple[str, str]]:
    """(kind, value) pairs as stored: e-mails lower-cased, phones in one format."""
    errors: dict[str, str] = {}
    pairs = []
    if email and (value := check_email(errors, EMAIL, email)):
        pairs.append((EMAIL, value.lower()))
    if phone and (value := check_phone(errors, PHONE, phone)):
        pairs.append((PHONE, value))
    return pairs


def find_customer(session: Session, email: str = "", phone: str = "") -> Customer | None:
    """The customer who has this e-mail or phone (followed to where a merge put them)."""
    for kind, value in normalised_contacts(email, phone):
        contact = session.exec(
            select(CustomerContact).where(
                CustomerContact.kind == kind, CustomerContact.value == value
            )
        ).first()
        if contact is not None:
            return live_customer(session, contact.customer_id)
    return None


def live_customer(session: Session, customer_id: int) -> Customer | None:
    """The customer, or the one it was merged into."""
    customer = session.get(Customer, customer_id)
    while customer is not None and customer.merged_into_id is not None:
        customer = session.get(Customer, customer.merged_into_id)
    return customer


def first_contact(session: Session, customer: Customer) -> ContactDetails:
    """The customer's name, first e-mail, first phone and first address (oldest first)."""
    contacts = session.exec(
        select(CustomerContact)
        .where(CustomerContact.customer_id == customer.id)
        .order_by(CustomerContact.id)
    ).all()
    address = session.exec(
        select(CustomerAddress.address)
        .where(CustomerAddress.customer_id == customer.id)
        .order_by(CustomerAddress.id)
    ).first()
    email, phone = (
        next((c.value for c in contacts if c.kind == k), "") for k in ("email", "phone")
    )
    return ContactDetails(customer.name, email, phone, address or "")


def _add_contacts(session: Session, customer: Customer, details: ContactDetails) -> None:
    for kind, value in normalised_contacts(details.email, details.phone):
        known = session.exec(
            select(CustomerContact).where(
                CustomerContact.kind == kind, CustomerContact.value == value
            )
        ).first()
        if known is None:
            session.add(CustomerContact(customer_id=customer.id, kind=kind, value=value))
    address = details.address.strip()
    if (
        address
        and not session.exec(
            select(CustomerAddress).where(
                CustomerAddress.customer_id == customer.id, CustomerAddress.address == address
            )
        ).first()
    ):
        session.add(
            CustomerAddress(customer_id=customer.id, address=address, borough=location_of(address))
        )


def customer_for(session: Session, details: ContactDetails) -> Customer:
    """The customer with this e-mail or phone, or a new one; new contacts and the address are
    added to them. Part of the caller's transaction: its contacts' locks are held until it
    ends, so two requests for one new person make one customer."""
    for kind, value in normalised_contacts(details.email, details.phone):
        lock_key(session, f"contact:{kind}:{value}")
    customer = find_customer(session, details.email, details.phone)
    if customer is None:
        customer = Customer(name=details.name, created_at=utc_now())
        session.add(customer)
        session.flush()
    _add_contacts(session, customer, details)
    _link_enquiries(session, customer, details)
    session.flush()
    return customer


def _link_enquiries(session: Session, customer: Customer, details: ContactDetails) -> None:
    """Earlier enquiries from the same e-mail or phone (not spam) join the customer."""
    contacts = dict(normalised_contacts(details.email, details.phone))
    conditions = []
    if EMAIL in contacts:
        conditions.append(func.lower(Enquiry.email) == contacts[EMAIL])
    if PHONE in contacts:
        conditions.append(Enquiry.phone == contacts[PHONE])
    if not conditions:
        return
    for enquiry in session.exec(
        select(Enquiry).where(
            Enquiry.customer_id.is_(None), Enquiry.is_spam.is_(False), or_(*conditions)
        )
    ):
        enquiry.customer_id = customer.id
        session.add(enquiry)


def customer_for_enquiry(enquiry_id: int) -> int:
    """The enquiry's customer (found by its e-mail or phone, or made from it), linked to it.
    Returns the customer's id. Two clicks at once make one customer (the contacts are unique)."""
    for _ in range(2):  # a second try finds the customer a parallel click just made
        with db_session() as session:
            enquiry = session.get(Enquiry, enquiry_id)
            if enquiry is None:
                raise ActionRefused("There is no such enquiry.")
            if enquiry.customer_id is not None:
                return live_customer(session, enquiry.customer_id).id
            details = ContactDetails(enquiry.name, enquiry.email, enquiry.phone)
            try:
                customer = customer_for(session, details)  # waits for a parallel click
                enquiry.customer_id = customer.id
                session.add(enquiry)
                session.commit()
                return customer.id
            except IntegrityError:
                session.rollback()
    raise ActionRefused("The customer could not be saved. Please try again.")


def set_enquiry_status(enquiry_id: int, status: str, user_id: int | None = None) -> None:
    """Staff mark an enquiry new, replied, estimate sent, won, lost or spam."""
    try:
        value = EnquiryStatus(status)
    except ValueError as unknown:
        raise ActionRefused("Please choose one of the listed statuses.") from unknown
    with db_session() as session:
        enquiry = session.get(Enquiry, enquiry_id)
        if enquiry is None:
            raise ActionRefused("There is no such enquiry.")
        before = enquiry.status
        enquiry.status = value
        enquiry.is_spam = value == EnquiryStatus.SPAM
        session.add(enquiry)
        audit.record(
            session,
            "enquiry.status",
            user_id=user_id,
            record_kind="enquiry",
            record_id=enquiry_id,
            before={"status": str(before)},
            after={"status": str(value)},
        )
        session.commit()


def merge_customers(keep_id: int, other_id: int, user: SignedInUser) -> None:
    """Move everything of `other` (contacts, addresses, enquiries, invoices) to `keep`; `other`
    then points at `keep`, so old links still find the person."""
    if keep_id == other_id:
        raise ActionRefused("Choose two different customers to merge.")
    with db_session() as session:
        keep, other = session.get(Customer, keep_id), session.get(Customer, other_id)
        if keep is None or other is None or keep.merged_into_id or other.merged_into_id:
            raise ActionRefused("Both customers must exist and not be merged already.")
        for row in session.exec(
            select(CustomerContact).where(CustomerContact.customer_id == other_id)
        ):
            row.customer_id = keep_id
            session.add(row)
        for row in session.exec(
            select(CustomerAddress).where(CustomerAddress.customer_id == other_id)
        ):
            row.customer_id = keep_id
            session.add(row)
        for model in (Enquiry, Estimate, Invoice, Job):
            for row in session.exec(select(model).where(model.customer_id == other_id)):
                row.customer_id = keep_id
                session.add(row)
        other.merged_into_id = keep_id
        extra = f"Merged from customer {other_id} ({other.name}) by {user.name}."
        keep.notes = "\n".join(n for n in (keep.notes, other.notes, extra) if n)[:2000]
        session.add_all([keep, other])
        audit.record(
            session,
            "customer.merged",
            user_id=user.id,
            record_kind="customer",
            record_id=keep_id,
            detail=f"customer {other_id} ({other.name}) merged into it",
        )
        session.commit()
