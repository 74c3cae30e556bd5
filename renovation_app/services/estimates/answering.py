"""The customer's link (/estimate/<token>): what it shows, the optional lines chosen, and the
answer: accept and sign, decline, or cancel a signed contract within three business days."""

from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum

from sqlmodel import Session

from renovation_app.db import db_session
from renovation_app.models import (
    ConsentSource,
    CustomerLinkKind,
    EnquiryStatus,
    Estimate,
    EstimateStatus,
    utc_now,
)
from renovation_app.services import jobs, links, texts
from renovation_app.services.billing import business_today, long_date
from renovation_app.services.errors import ActionRefused
from renovation_app.services.estimates.certificates import sign_certificates
from renovation_app.services.estimates.document import contract_document
from renovation_app.services.estimates.mail import queue_office_notice, queue_signed_copies
from renovation_app.services.estimates.records import (
    by_token,
    estimate_lines,
    lock_estimate,
    move_enquiry,
    record_estimate_event,
)
from renovation_app.services.estimates.totals import counted, estimate_totals
from renovation_app.services.estimates.views import OPEN_STATUSES, EstimateView, estimate_view
from renovation_app.services.fields import optional_reason, whole_number
from renovation_app.services.mail import wake_outbox_worker
from renovation_app.services.signatures import canonical, document_hash, signer_name


class LinkState(StrEnum):
    OPEN = "open"  # the customer may accept or decline
    ACCEPTED = "accepted"  # signed (and, within the deadline, cancellable)
    DECLINED = "declined"
    EXPIRED = "expired"
    WITHDRAWN = "withdrawn"  # replaced by a newer revision
    CANCELLED = "cancelled"
    INVOICED = "invoiced"


@dataclass(frozen=True)
class Answer:
    """What the link shows: its state and the estimate with the customer's choice."""

    state: LinkState
    estimate: EstimateView


def _is_expired(estimate: Estimate, now: datetime) -> bool:
    return estimate.status in OPEN_STATUSES and estimate.valid_until < business_today(now)


def _state(estimate: Estimate, now: datetime) -> LinkState | None:
    if estimate.status == EstimateStatus.DRAFT:
        return None  # a draft's link shows nothing
    if _is_expired(estimate, now):
        return LinkState.EXPIRED
    if estimate.status in OPEN_STATUSES:
        return LinkState.OPEN
    return LinkState(estimate.status)


def _url(token: str) -> str:
    """The link the customer came by, shown back to them (never another one of the record)."""
    return links.link_url(CustomerLinkKind.ESTIMATE, token)


def _chosen(lines, choice: object) -> set[int]:
    """The customer's optional lines: only ids of this estimate's optional lines count."""
    optional = {line.id for line in lines if line.optional}
    if not isinstance(choice, list | tuple | set):
        return optional
    return {whole_number(x) for x in choice} & optional


def read_link(token: str, choice: object = None, now: datetime | None = None) -> Answer | None:
    """The link's state and estimate, totals for the customer's choice of optional lines
    (every optional line when `choice` is None); None for an unknown token or a draft."""
    now = now or utc_now()
    with db_session() as session:
        estimate = by_token(session, token)
        if estimate is None or (state := _state(estimate, now)) is None:
            return None
        lines = estimate_lines(session, estimate.id)
        chosen = _chosen(lines, choice) if state == LinkState.OPEN else None
        view = estimate_view(estimate, lines, chosen, now=now, link_url=_url(token))
        # Anyone holding the link sees it: no e-mail, phone or staff history on it.
        return Answer(state, replace(view, customer_email="", customer_phone=""))


def record_view(token: str, now: datetime | None = None) -> None:
    """The first opening of a sent estimate makes it "viewed"; a past valid-until date makes
    an open one "expired"."""
    now = now or utc_now()
    with db_session() as session:
        estimate = by_token(session, token)
        if estimate is None or estimate.status not in OPEN_STATUSES:
            return
        lock_estimate(session, estimate)
        if _is_expired(estimate, now):
            estimate.status = EstimateStatus.EXPIRED
            record_estimate_event(session, estimate.id, "expired", "valid-until date passed")
        elif estimate.status == EstimateStatus.SENT:
            estimate.status, estimate.viewed_at = EstimateStatus.VIEWED, now
            record_estimate_event(session, estimate.id, "viewed", "by the customer")
        session.add(estimate)
        session.commit()


def _open_for_answer(session: Session, token: str, now: datetime) -> Estimate:
    estimate = by_token(session, token)
    if estimate is None or estimate.status == EstimateStatus.DRAFT:
        raise ActionRefused("This estimate link is not valid.")
    lock_estimate(session, estimate)  # a second tab waits here, then sees the first answer
    if _is_expired(estimate, now):
        raise ActionRefused(
            f"This estimate expired on {long_date(estimate.valid_until)}: please "
            "contact us for a new one."
        )
    if estimate.status not in OPEN_STATUSES:
        raise ActionRefused(f"This estimate is already {estimate.status}: nothing was changed.")
    return estimate


def accept(
    token: str,
    choice: object,
    name: object,
    agreed: bool,
    client_hash: str,
    now: datetime | None = None,
    certificates: object = (),
    texts_ok: bool = False,
) -> EstimateView:
    """Sign: store the signer, the time, the client address hash and the SHA-256 of the exact
    document accepted (with the chosen optional lines), lock it, and mail the signed PDF. The
    certificates the estimate asks for (ST-124, the lead pamphlet's receipt) must be ticked in
    `certificates` (their kinds) and are signed with it. `texts_ok`: the signer ticked "text
    me", recorded as the estimate's mobile's yes (source: estimate signing)."""
    now = now or utc_now()
    signer = signer_name(name)
    if agreed is not True:
        raise ActionRefused("Please tick the box to agree to the contract's terms.")
    with db_session() as session:
        estimate = _open_for_answer(session, token, now)
        lines = estimate_lines(session, estimate.id)
        chosen = _chosen(lines, choice)
        sign_certificates(session, estimate, lines, chosen, signer, certificates, client_hash, now)
        totals = estimate_totals(estimate, lines, chosen)
        document = contract_document(estimate, lines, totals, signed_at=now)
        for line in lines:
            line.chosen = counted(line, chosen)
            session.add(line)
        estimate.status, estimate.accepted_at = EstimateStatus.ACCEPTED, now
        estimate.signer_name, estimate.signer_address_hash = signer, client_hash[:64]
        estimate.signed_document = canonical(document)
        estimate.document_sha256 = document_hash(document)
        estimate.accepted_total_cents = totals.total_cents
        estimate.accepted_deposit_cents = totals.deposit_cents
        session.add(estimate)
        move_enquiry(session, estimate, EnquiryStatus.WON)
        job = jobs.job_from_estimate(session, estimate, lines, now)
        record_estimate_event(
            session,
            estimate.id,
            "accepted",
            f"signed by {signer}; {document['total']}; job {job.number}",
        )
        queue_signed_copies(session, estimate, lines)
        if texts_ok is True and texts.e164(estimate.customer_phone):
            texts.record_consent(
                session, estimate.customer_phone, True, ConsentSource.ESTIMATE, job.customer_id
            )
        session.commit()
        view = estimate_view(estimate, lines, now=now, link_url=_url(token))
    wake_outbox_worker()
    return view


def decline(token: str, reason: object, now: datetime | None = None) -> None:
    now = now or utc_now()
    text = optional_reason(reason)
    with db_session() as session:
        estimate = _open_for_answer(session, token, now)
        estimate.status, estimate.declined_at, estimate.decline_reason = (
            EstimateStatus.DECLINED,
            now,
            text,
        )
        session.add(estimate)
        move_enquiry(session, estimate, EnquiryStatus.LOST)
        record_estimate_event(session, estimate.id, "declined", text or "no reason given")
        queue_office_notice(session, estimate, "Estimate declined", text or "No reason given.")
        session.commit()
    wake_outbox_worker()
