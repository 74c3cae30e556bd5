"""Reading and holding one estimate in a transaction, and writing its history."""

from collections.abc import Collection

from sqlmodel import Session, select

from renovation_app.models import (
    CustomerLinkKind,
    Enquiry,
    EnquiryStatus,
    Estimate,
    EstimateEvent,
    EstimateLine,
    Invoice,
    InvoiceStatus,
    utc_now,
)
from renovation_app.services import audit, links
from renovation_app.services.limits import lock_key


def estimate_lines(session: Session, estimate_id: int) -> list[EstimateLine]:
    return list(
        session.exec(
            select(EstimateLine)
            .where(EstimateLine.estimate_id == estimate_id)
            .order_by(EstimateLine.position)
        )
    )


def latest_revision(session: Session, number: str) -> Estimate | None:
    """The newest revision of an estimate number ("E-2026-0001")."""
    if not isinstance(number, str) or not number.strip() or len(number) > 20:
        return None
    return session.exec(
        select(Estimate).where(Estimate.number == number.strip()).order_by(Estimate.revision.desc())
    ).first()


def by_token(session: Session, token: str) -> Estimate | None:
    """The estimate a customer's link opens (services/links); None for any other token."""
    estimate_id = links.find_record(session, CustomerLinkKind.ESTIMATE, token)
    return session.get(Estimate, estimate_id) if estimate_id is not None else None


def link_url_of(session: Session, estimate: Estimate) -> str:
    """The estimate's current link for e-mails and its staff page (a link issued at first
    need is added to the caller's transaction, see links.link_token)."""
    return links.current_link_url(session, CustomerLinkKind.ESTIMATE, estimate.id)


def lock_estimate(session: Session, estimate: Estimate) -> Estimate:
    """Hold the estimate until the transaction ends (accepting, declining, cancelling, sending,
    revising and invoicing never interleave), and read it again under the lock."""
    lock_key(session, f"estimate:{estimate.number}")
    session.refresh(estimate)
    return estimate


def record_estimate_event(
    session: Session, estimate_id: int, kind: str, detail: str = "", user_id: int | None = None
) -> None:
    """One history row of an estimate: every change, by staff or the customer, goes here; a
    change by staff is also one audit row."""
    session.add(
        EstimateEvent(
            estimate_id=estimate_id, kind=kind, at=utc_now(), user_id=user_id, detail=detail[:500]
        )
    )
    if user_id is not None:
        estimate = session.get(Estimate, estimate_id)
        audit.record(
            session,
            f"estimate.{kind}",
            user_id=user_id,
            record_kind="estimate",
            record_id=estimate.number if estimate else estimate_id,
            detail=detail,
        )


def move_enquiry(
    session: Session,
    estimate: Estimate,
    status: EnquiryStatus,
    only_from: Collection[EnquiryStatus] = (),
) -> None:
    """The enquiry an estimate answers follows it (estimate sent, won, lost); spam stays spam,
    and with `only_from` only an enquiry in one of those statuses moves."""
    enquiry = session.get(Enquiry, estimate.enquiry_id) if estimate.enquiry_id else None
    if enquiry is None or enquiry.status == EnquiryStatus.SPAM:
        return
    if only_from and enquiry.status not in only_from:
        return
    enquiry.status = status
    session.add(enquiry)


def billed_invoices(session: Session, estimate_id: int) -> list[Invoice]:
    """The contract's invoices that still count (void ones do not)."""
    query = select(Invoice).where(
        Invoice.estimate_id == estimate_id, Invoice.status != InvoiceStatus.VOID
    )
    return list(session.exec(query.order_by(Invoice.id)))
