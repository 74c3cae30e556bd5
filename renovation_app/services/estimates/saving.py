"""Writing an estimate: a draft with the year's next E-number, changes to a draft, sending it
(e-mail with the PDF and the customer's link), and a new revision of one already sent."""

from datetime import datetime, timedelta

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import (
    CustomerLinkKind,
    Enquiry,
    EnquiryStatus,
    Estimate,
    EstimateCounter,
    EstimateLine,
    EstimateStatus,
    utc_now,
)
from renovation_app.services import links
from renovation_app.services.billing import business_today, next_number
from renovation_app.services.billing.lines import line_columns
from renovation_app.services.billing.totals import document_totals
from renovation_app.services.customers import customer_for
from renovation_app.services.customers.locations import location_of
from renovation_app.services.errors import ActionRefused
from renovation_app.services.estimates.mail import queue_estimate_email
from renovation_app.services.estimates.records import (
    estimate_lines,
    latest_revision,
    lock_estimate,
    move_enquiry,
    record_estimate_event,
)
from renovation_app.services.estimates.validation import DEFAULT_VALID_DAYS, ValidEstimate
from renovation_app.services.estimates.views import REVISABLE_STATUSES
from renovation_app.services.fields import form_token_key
from renovation_app.services.mail import wake_outbox_worker
from renovation_app.services.staff import SignedInUser
from renovation_app.settings import settings


def _fill(estimate: Estimate, valid: ValidEstimate) -> None:
    contact = valid.contact
    estimate.customer_name, estimate.customer_email = contact.name, contact.email
    estimate.customer_phone, estimate.customer_address = contact.phone, contact.address
    estimate.location = location_of(contact.address)
    estimate.note = valid.note
    estimate.discount_cents = valid.discount_cents
    estimate.tax_area, estimate.tax_rate = valid.tax_area, valid.tax_rate
    estimate.deposit_kind, estimate.deposit_value = valid.deposit_kind, valid.deposit_value
    estimate.deposit_due_date = valid.deposit_due_date
    estimate.valid_until = valid.valid_until
    estimate.start_date, estimate.completion_date = valid.start_date, valid.completion_date
    estimate.contingencies = valid.contingencies
    estimate.time_of_essence = valid.time_of_essence
    estimate.progress_schedule = valid.progress_schedule
    estimate.language = valid.language
    estimate.year_built, estimate.property_type = valid.year_built, valid.property_type


def _replace_lines(session: Session, estimate_id: int, valid: ValidEstimate) -> None:
    for old in estimate_lines(session, estimate_id):
        session.delete(old)
    session.flush()
    taxes = document_totals(valid.lines, valid.discount_cents, valid.tax_rate).line_tax_cents
    for position, (line, tax) in enumerate(zip(valid.lines, taxes, strict=True), start=1):
        # a catalogue line with no words of its own says the service's name
        columns = {**line_columns(position, line, tax), "description": line.words}
        session.add(EstimateLine(estimate_id=estimate_id, **columns))


def _link_enquiry(session: Session, enquiry_id: int | None, customer_id: int) -> int | None:
    enquiry = session.get(Enquiry, enquiry_id) if enquiry_id else None
    if enquiry is None:
        return None
    enquiry.customer_id = enquiry.customer_id or customer_id
    session.add(enquiry)
    return enquiry.id


def create_estimate(
    valid: ValidEstimate,
    author: SignedInUser,
    form_token: str,
    enquiry_id: int | None = None,
    now: datetime | None = None,
) -> Estimate:
    """Save a draft with the year's next number. The same form token (a double click) by the
    same author returns the first draft."""
    now = now or utc_now()
    token = form_token_key(author.id, form_token, "estimate") or None
    year = business_today(now).year
    with db_session() as session:
        try:
            number = next_number(session, year, EstimateCounter)
            existing = _by_form_token(session, token)
            if existing is not None:
                session.rollback()  # gives the number back
                return _by_form_token(session, token)
            estimate = Estimate(
                number=f"E-{year}-{number:04d}",
                year=year,
                form_token=token,
                author_id=author.id,
                created_at=now,
                valid_until=valid.valid_until,
                customer_name=valid.contact.name,
                customer_email=valid.contact.email,
            )
            _fill(estimate, valid)
            estimate.customer_id = customer_for(session, valid.contact).id
            estimate.enquiry_id = _link_enquiry(session, enquiry_id, estimate.customer_id)
            session.add(estimate)
            session.flush()
            links.issue_link(session, CustomerLinkKind.ESTIMATE, estimate.id)
            _replace_lines(session, estimate.id, valid)
            record_estimate_event(
                session, estimate.id, "created", f"{len(valid.lines)} line(s)", author.id
            )
            session.commit()
            session.refresh(estimate)
        except IntegrityError:
            session.rollback()
            existing = _by_form_token(session, token)
            if existing is None:
                raise
            return existing
    return estimate


def _by_form_token(session: Session, token: str | None) -> Estimate | None:
    if not token:
        return None
    return session.exec(select(Estimate).where(Estimate.form_token == token)).first()


def update_draft(number: str, valid: ValidEstimate, user: SignedInUser) -> Estimate:
    """Change a draft; anything already sent changes only through a new revision."""
    with db_session() as session:
        estimate = _locked(session, number)
        if estimate.status != EstimateStatus.DRAFT:
            raise ActionRefused(
                f"Estimate {estimate.number} was sent: make a new revision to change it."
            )
        _fill(estimate, valid)
        estimate.customer_id = customer_for(session, valid.contact).id
        session.add(estimate)
        _replace_lines(session, estimate.id, valid)
        record_estimate_event(session, estimate.id, "edited", "", user.id)
        session.commit()
        session.refresh(estimate)
        return estimate


def _locked(session: Session, number: str) -> Estimate:
    estimate = latest_revision(session, number)
    if estimate is None:
        raise ActionRefused(f"There is no estimate {number}.")
    return lock_estimate(session, estimate)


def contract_settings_problem() -> str:
    """Why no contract can go out yet (the law asks for both on it), or ''."""
    missing = [
        name
        for name, value in (
            ("CONTRACTOR_LICENCE", settings.contractor_licence),
            ("ESCROW_BANK", settings.escrow_bank),
        )
        if not value.strip()
    ]
    if not missing:
        return ""
    return (
        f"Set {' and '.join(missing)} first: a New York home-improvement contract must show "
        "the contractor's licence number and the bank holding deposits."
    )


def send_estimate(number: str, user: SignedInUser, now: datetime | None = None) -> Estimate:
    """E-mail the estimate (PDF and link) and mark it sent; sending again re-sends the e-mail
    while the customer can still answer."""
    if problem := contract_settings_problem():
        raise ActionRefused(problem)
    now = now or utc_now()
    with db_session() as session:
        estimate = _locked(session, number)
        if estimate.status not in (
            EstimateStatus.DRAFT,
            EstimateStatus.SENT,
            EstimateStatus.VIEWED,
        ):
            raise ActionRefused(
                f"Estimate {estimate.number} is {estimate.status}: it cannot be sent."
            )
        if estimate.valid_until < business_today(now):
            raise ActionRefused("Its valid-until date has passed: make a new revision.")
        if estimate.status == EstimateStatus.DRAFT:
            estimate.status, estimate.sent_at = EstimateStatus.SENT, now
            move_enquiry(
                session,
                estimate,
                EnquiryStatus.ESTIMATE_SENT,
                only_from=(EnquiryStatus.NEW, EnquiryStatus.REPLIED),
            )
        session.add(estimate)
        queue_estimate_email(session, estimate, estimate_lines(session, estimate.id))
        record_estimate_event(
            session, estimate.id, "emailed", f"to {estimate.customer_email}", user.id
        )
        session.commit()
        session.refresh(estimate)
    wake_outbox_worker()
    return estimate


def revise_estimate(number: str, user: SignedInUser) -> Estimate:
    """A new draft revision with the same lines and terms and a new link; the older one is
    withdrawn (its link says so and takes no signature)."""
    with db_session() as session:
        current = _locked(session, number)
        if current.status not in REVISABLE_STATUSES:
            raise ActionRefused(
                f"Estimate {current.number} is {current.status}: only a sent, declined or "
                "expired estimate gets a revision."
            )
        revision = Estimate(
            **current.model_dump(
                mode="python",
                warnings=False,
                exclude={
                    "id",
                    "revision",
                    "status",
                    "form_token",
                    "created_at",
                    "sent_at",
                    "viewed_at",
                    "declined_at",
                    "decline_reason",
                    "author_id",
                },
            ),
            revision=current.revision + 1,
            status=EstimateStatus.DRAFT,
            author_id=user.id,
        )
        if revision.valid_until < business_today():
            revision.valid_until = business_today() + timedelta(days=DEFAULT_VALID_DAYS)
        session.add(revision)
        current.status = EstimateStatus.WITHDRAWN
        session.add(current)
        session.flush()
        links.issue_link(session, CustomerLinkKind.ESTIMATE, revision.id)  # its own link
        for line in estimate_lines(session, current.id):
            session.add(
                EstimateLine(
                    **line.model_dump(exclude={"id", "estimate_id"}), estimate_id=revision.id
                )
            )
        record_estimate_event(
            session, current.id, "withdrawn", f"replaced by revision {revision.revision}", user.id
        )
        record_estimate_event(
            session,
            revision.id,
            "created",
            f"revision {revision.revision} of {current.number}",
            user.id,
        )
        session.commit()
        session.refresh(revision)
        return revision
