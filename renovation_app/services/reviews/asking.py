"""A job's one review request after its final payment: by text with the number's yes, else by
e-mail; never for a cancelled job or a customer whose number said STOP. The link passes
through /review/<token> on our site, which counts opens and sends the visitor on."""

import hashlib
import secrets
from dataclasses import dataclass

from sqlalchemy import func
from sqlmodel import Session, select

from renovation_app.content.business import BUSINESS
from renovation_app.models import (
    Invoice,
    InvoiceStatus,
    Job,
    JobStatus,
    ReviewRequest,
    utc_now,
)
from renovation_app.services.audit import record
from renovation_app.services.mail import About, EmailKind, build_email, queue_email
from renovation_app.services.texts import latest_consent, queue_text
from renovation_app.settings import settings

REVIEW_PATH_PREFIX = "/review/"


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _opted_out(session: Session, phone: str) -> bool:
    latest = latest_consent(session, phone) if phone else None
    return latest is not None and not latest.consented


def _send(session: Session, job: Job, url: str):
    """Queue the request: a text when the number said yes (and texts are on), else an e-mail."""
    words = f"Thank you for choosing {BUSINESS.name}! Would you leave us a review? {url}"
    text = queue_text(
        session, job.customer_phone, words, "review_request", ("job", job.id), job.customer_id
    )
    if text is not None or not job.customer_email:
        return text
    message = build_email(
        EmailKind.REVIEW_REQUEST, job.customer_email, job_title=job.title, review_url=url
    )
    return queue_email(session, message, About.JOB, job.id)


def ask_for_review(session: Session, job_id: int) -> ReviewRequest | None:
    """Ask once, in the caller's transaction; None when not asked (no review link set, the job
    cancelled or asked already, the customer opted out, nowhere to send it)."""
    if not settings.review_link:
        return None
    job = session.get(Job, job_id)
    if job is None or job.status == JobStatus.CANCELLED:
        return None
    asked = session.exec(select(ReviewRequest.id).where(ReviewRequest.job_id == job_id)).first()
    if asked is not None or _opted_out(session, job.customer_phone):
        return None
    token = secrets.token_urlsafe(16)
    sent = _send(session, job, settings.url(REVIEW_PATH_PREFIX + token))
    if sent is None:
        return None
    session.flush()
    request = ReviewRequest(
        job_id=job_id,
        customer_id=job.customer_id,
        channel=sent.channel,
        outbox_id=sent.id,
        token_hash=_hash(token),
    )
    session.add(request)
    record(
        session,
        "review_requested",
        actor="system",
        record_kind="job",
        record_id=job_id,
        detail=sent.channel,
    )
    return request


def ask_after_final_payment(session: Session, invoice: Invoice) -> ReviewRequest | None:
    """The hook of settling an invoice: a job's final invoice paid in full asks for a review."""
    if invoice.status != InvoiceStatus.PAID or invoice.job_id is None:
        return None
    if invoice.estimate_part != "final":
        return None
    return ask_for_review(session, invoice.job_id)


def open_review_link(session: Session, token: str) -> str | None:
    """Count one opening of a request's link (the caller commits); where to send the visitor,
    or None for a link we never made."""
    request = session.exec(
        select(ReviewRequest).where(ReviewRequest.token_hash == _hash(token))
    ).first()
    if request is None or not settings.review_link:
        return None
    request.opened_at = request.opened_at or utc_now()
    request.open_count += 1
    session.add(request)
    return settings.review_link


@dataclass(frozen=True)
class ReviewCounts:
    sent: int
    opened: int


def review_counts(session: Session) -> ReviewCounts:
    """For the dashboard: review requests sent, and how many were opened."""
    sent, opened = session.exec(
        select(func.count(ReviewRequest.id), func.count(ReviewRequest.opened_at))
    ).one()
    return ReviewCounts(sent=sent, opened=opened)
