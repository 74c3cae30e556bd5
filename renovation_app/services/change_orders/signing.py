"""The owner's link (/change-order/<token>): what it shows, and the answer: sign (the full name
typed, or drawn with a finger, and the box ticked; the signature is the last step) or decline
with a reason. And the office's record of a change order signed on paper. Only a signature
approves a change order; it then amends the contract (amending.py) in the same transaction."""

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from sqlmodel import Session

from renovation_app.db import db_session
from renovation_app.models import (
    ENDED_JOB_STATUSES,
    OPEN_CHANGE_ORDER_STATUSES,
    ChangeOrder,
    ChangeOrderStatus,
    Job,
    Signature,
    User,
    utc_now,
)
from renovation_app.services.billing import business_today, long_date
from renovation_app.services.change_orders.amending import amend_contract
from renovation_app.services.change_orders.document import change_order_document, label
from renovation_app.services.change_orders.mail import queue_office_notice, queue_signed_copies
from renovation_app.services.change_orders.records import (
    by_token,
    change_order_lines,
    change_order_of,
    contract_label,
    past_its_day,
    signed_before,
)
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import optional_reason
from renovation_app.services.files.scans import paper_scan
from renovation_app.services.jobs.records import lock_job, open_job, record_job_event
from renovation_app.services.mail import wake_outbox_worker
from renovation_app.services.signatures import (
    LinkSigning,
    PaperSignature,
    check_signed_on,
    link_signature,
    paper_signature,
    seal,
    signer_name,
)
from renovation_app.services.staff import SignedInUser

CHANGED = "This change order changed since you opened it: please read it again before signing."
UNTICKED = "Please tick the box to agree to this change of the contract."
KIND = "change_order"


class LinkState(StrEnum):
    OPEN = "open"
    SIGNED = "signed"
    DECLINED = "declined"
    WITHDRAWN = "withdrawn"
    EXPIRED = "expired"
    CLOSED = "closed"  # its job is closed or cancelled
    ENDED = "ended"  # the link is past its end (links.lifetimes): nothing of it is shown


def _expired(change_order: ChangeOrder, now: datetime) -> bool:
    return past_its_day(change_order, business_today(now))


def link_state(job: Job, change_order: ChangeOrder, now: datetime) -> LinkState:
    if change_order.status in OPEN_CHANGE_ORDER_STATUSES:
        if job.status in ENDED_JOB_STATUSES:
            return LinkState.CLOSED
        return LinkState.EXPIRED if _expired(change_order, now) else LinkState.OPEN
    return LinkState(change_order.status)


@dataclass(frozen=True)
class Opened:
    job: Job
    change_order: ChangeOrder


def _open_for_answer(session: Session, token: str, now: datetime) -> Opened:
    change_order = by_token(session, token, now)
    if change_order is None:
        raise ActionRefused("This change order link is not valid.")
    job = lock_job(session, session.get(Job, change_order.job_id))  # a second tab waits here
    session.refresh(change_order)
    state = link_state(job, change_order, now)
    if state == LinkState.EXPIRED:
        raise ActionRefused(
            f"This change order expired on {long_date(change_order.valid_until)}: please "
            "contact us for a new one."
        )
    if state == LinkState.CLOSED:
        raise ActionRefused(
            f"Job {job.number} is {job.status}: this change order cannot be signed."
        )
    if state != LinkState.OPEN:
        raise ActionRefused(
            f"This change order is already {change_order.status}: nothing was changed."
        )
    return Opened(job, change_order)


def _document(session: Session, job: Job, change_order: ChangeOrder) -> dict:
    lines = change_order_lines(session, change_order.id)
    signed = signed_before(session, job, change_order)
    return change_order_document(job, change_order, lines, signed, contract_label(session, job))


def _sign(
    session: Session,
    opened: Opened,
    signature: Signature,
    now: datetime,
    seen_sha256: str | None = None,
) -> None:
    """Lock the change order with its signature, amend the contract, tell both parties. With
    `seen_sha256`, the document must be exactly the one the signer read (another change order
    signed meanwhile changes the values before and after): else nothing is signed."""
    job, change_order = opened.job, opened.change_order
    document = _document(session, job, change_order)
    seal(session, signature, (KIND, change_order.id), document, seen_sha256, CHANGED)
    change_order.status, change_order.answered_at = ChangeOrderStatus.SIGNED, now
    change_order.signature_id = signature.id
    session.add(change_order)
    how = {"typed": "typed name", "drawn": "drawn signature", "paper": "on paper"}[signature.method]
    record_job_event(
        session,
        job,
        "change_order_signed",
        f"CO-{change_order.number} signed by {signature.signer_name} ({how}); "
        f"{document['change']}, new contract value {document['new_value']}",
        signature.recorded_by,
    )
    amend_contract(session, job, change_order, now)
    queue_signed_copies(session, job, change_order, signature)


def sign(token: str, given: LinkSigning, now: datetime | None = None) -> None:
    """Sign from the owner's link the document the owner read (`given.seen_sha256`, the hash of
    the document the link showed): the signer, the time, the client address hash and the
    SHA-256 of the exact document signed are kept; nothing the browser sends is an amount."""
    now = now or utc_now()
    signature = link_signature(given, UNTICKED, now)
    with db_session() as session:
        opened = _open_for_answer(session, token, now)
        _sign(session, opened, signature, now, seen_sha256=given.seen)
        session.commit()
    wake_outbox_worker()


def decline(token: str, reason: object, now: datetime | None = None) -> None:
    now = now or utc_now()
    text = optional_reason(reason)
    with db_session() as session:
        opened = _open_for_answer(session, token, now)
        change_order = opened.change_order
        change_order.status, change_order.answered_at = ChangeOrderStatus.DECLINED, now
        change_order.decline_reason = text
        session.add(change_order)
        record_job_event(
            session,
            opened.job,
            "change_order_declined",
            f"CO-{change_order.number}: {text or 'no reason given'}",
        )
        queue_office_notice(
            session, opened.job, change_order, "Change order declined", text or "No reason given."
        )
        session.commit()
    wake_outbox_worker()


def record_view(token: str, now: datetime | None = None) -> None:
    """The first opening makes a sent change order "viewed"."""
    now = now or utc_now()
    with db_session() as session:
        change_order = by_token(session, token, now)
        if change_order is None or change_order.status != ChangeOrderStatus.SENT:
            return
        job = lock_job(session, session.get(Job, change_order.job_id))
        session.refresh(change_order)
        if change_order.status != ChangeOrderStatus.SENT or _expired(change_order, now):
            return
        change_order.status, change_order.viewed_at = ChangeOrderStatus.VIEWED, now
        session.add(change_order)
        record_job_event(session, job, "change_order_viewed", f"CO-{change_order.number}")
        session.commit()


def record_paper_signature(
    number: str,
    co_number: str,
    paper: PaperSignature,
    user: SignedInUser,
    now: datetime | None = None,
) -> None:
    """The owner signed on paper: the scan (a PDF that opens, or a JPEG or PNG kept as a plain
    JPEG), who signed and on which day. Recorded by an admin or the change order's author."""
    now = now or utc_now()
    signer = signer_name(paper.signer_name)
    scan = paper_scan(paper.scan, "the signed page")
    with db_session() as session:
        job = open_job(session, number)
        change_order = change_order_of(session, job, co_number)
        if change_order is None:
            raise ActionRefused("There is no such change order on this job.")
        _check_may_record_paper(session, change_order, user)
        sent_on = business_today(change_order.created_at)
        check_signed_on(paper.signed_on, sent_on, business_today(now), long_date(sent_on))
        opened = _open_for_answer_by_office(session, job, change_order, now)
        _sign(session, opened, paper_signature(paper, signer, scan, user.id), now)
        session.commit()
    wake_outbox_worker()


def _check_may_record_paper(
    session: Session, change_order: ChangeOrder, user: SignedInUser
) -> None:
    """A paper signature changes the contract on the office's word alone: it is recorded by an
    administrator or by who wrote the change order (and handed it to the owner)."""
    if user.is_admin or change_order.author_id == user.id:
        return
    author = session.get(User, change_order.author_id)
    who = (author.name or author.email) if author else "its author"
    raise ActionRefused(
        f"Only {who}, who wrote CO-{change_order.number}, or an administrator can record it as "
        "signed on paper: please give them the signed page to record."
    )


def _open_for_answer_by_office(
    session: Session, job: Job, change_order: ChangeOrder, now: datetime
) -> Opened:
    session.refresh(change_order)
    if change_order.status not in OPEN_CHANGE_ORDER_STATUSES:
        raise ActionRefused(
            f"{label(job, change_order)} is {change_order.status}: nothing was changed."
        )
    if _expired(change_order, now):
        raise ActionRefused(
            f"{label(job, change_order)} expired on {long_date(change_order.valid_until)}: "
            "write a new change order for the owner to sign."
        )
    return Opened(job, change_order)
