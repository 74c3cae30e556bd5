"""The record of lead-safe work on the job page: what the daily log recorded of each practice,
what is missing, and the certified renovator's signature (40 CFR 745.86(b)(6): the renovator
assigned to the job certifies the record). It is signed in the app by an admin or the staff
member the settings name as the certified renovator, with the renovator's name typed, once the
cleaning verification is recorded; the signature keeps the SHA-256 of exactly what was signed
and the record is locked from then on."""

from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from renovation_app.content import compliance as words
from renovation_app.db import db_session
from renovation_app.models import (
    LEAD_SAFE_RECORD_SIGNATURE,
    Job,
    Signature,
    SignatureMethod,
    utc_now,
)
from renovation_app.services.errors import ActionRefused
from renovation_app.services.jobs.lead_safe import (
    lead_safe_record,
    missing_words,
    recorded_document,
)
from renovation_app.services.jobs.lead_safe_pdf import entry_words
from renovation_app.services.jobs.records import job_by_number, lock_job, record_job_event
from renovation_app.services.signatures import (
    canonical,
    document_hash,
    signature_of,
    signer_name,
)
from renovation_app.services.staff import SignedInUser
from renovation_app.settings import settings

CHANGED = "The record changed since you read it: read it again, then sign."


@dataclass(frozen=True)
class PracticeRow:
    label: str
    rule: str
    recorded: list[str]  # "March 2, 2027, Sam Builder, 1 photo"; [] when not recorded


@dataclass(frozen=True)
class LeadSafeView:
    """The job page's part of the record of lead-safe work (a home built before 1978)."""

    practices: list[PracticeRow] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    signed: str = ""  # "Sam Builder, certified renovator, on Mar 5, 2027, 4:12 PM"
    renovator: str = ""  # the certified renovator's name in the settings; "" unset
    may_sign: bool = False  # the viewer may sign (an admin or the renovator), once unsigned
    sha256: str = ""  # of the record as shown, sent back with the signature


def _same_name(a: str, b: str) -> bool:
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def may_sign(user: SignedInUser) -> bool:
    """An admin, or the member of staff the settings name as the certified renovator."""
    renovator = settings.rrp_renovator_name
    return user.is_admin or bool(renovator.strip() and _same_name(user.name, renovator))


def lead_safe_view(session: Session, job: Job, user: SignedInUser | None) -> LeadSafeView | None:
    record = lead_safe_record(session, job)
    if record is None:
        return None
    rows = [
        PracticeRow(p["label"], p["rule"], [entry_words(entry) for entry in p["entries"]])
        for p in record.document["practices"]
    ]
    return LeadSafeView(
        practices=rows,
        missing=missing_words(record),
        signed=record.signed,
        renovator=settings.rrp_renovator_name.strip(),
        may_sign=not record.signed and user is not None and may_sign(user),
        sha256=record.sha256 or document_hash(record.document),
    )


def _check_signer(user: SignedInUser, typed: object, ticked: object) -> str:
    renovator = settings.rrp_renovator_name.strip()
    if not renovator or not settings.rrp_renovator_certificate.strip():
        raise ActionRefused(
            "Set the certified renovator's name and certificate number in the settings "
            "(RRP_RENOVATOR_NAME, RRP_RENOVATOR_CERTIFICATE) first."
        )
    if not may_sign(user):
        raise ActionRefused(f"Only {renovator}, the certified renovator, or an admin signs it.")
    name = signer_name(typed)
    if not _same_name(name, renovator):
        raise ActionRefused(
            f"Type the certified renovator's name as the settings hold it: {renovator}."
        )
    if ticked is not True:
        raise ActionRefused("Please tick the box to certify the record.")
    return renovator


def _check_document(document: dict, seen_sha256: object) -> None:
    verification = next(p for p in document["practices"] if p["key"] == words.CLEANING_VERIFICATION)
    if not verification["entries"]:
        raise ActionRefused(
            "The cleaning verification is not recorded on the daily log yet: it comes last, "
            "then the record is signed."
        )
    if seen_sha256 != document_hash(document):
        raise ActionRefused(CHANGED)


def sign_lead_safe_record(
    number: str,
    typed: object,
    ticked: object,
    seen_sha256: object,
    user: SignedInUser,
    now: datetime | None = None,
) -> str:
    """The certified renovator signs the job's record of lead-safe work as the page showed it
    (`seen_sha256`); returns the signer's name. Signed once: a second signature is refused."""
    now = now or utc_now()
    renovator = _check_signer(user, typed, ticked)
    with db_session() as session:
        job = job_by_number(session, number)
        if job is None or not words.needs_lead_safe_work(job.year_built):
            raise ActionRefused(
                "This job has no record of lead-safe work: its home is not pre-1978."
            )
        lock_job(session, job)  # no practice is recorded meanwhile
        if signature_of(session, LEAD_SAFE_RECORD_SIGNATURE, job.id) is not None:
            raise ActionRefused("The record of lead-safe work is already signed.")
        document = recorded_document(session, job)
        _check_document(document, seen_sha256)
        session.add(
            Signature(
                kind=LEAD_SAFE_RECORD_SIGNATURE,
                record_id=job.id,
                method=SignatureMethod.TYPED,
                signer_name=renovator,
                signed_at=now,
                document_sha256=document_hash(document),
                document=canonical(document),
                recorded_by=user.id,
            )
        )
        try:
            session.flush()
        except IntegrityError:  # signed meanwhile in another tab
            raise ActionRefused("The record of lead-safe work is already signed.") from None
        record_job_event(
            session,
            job,
            "lead_safe_signed",
            f"Record of lead-safe work signed by {renovator} (by {user.name})",
            user.id,
        )
        session.commit()
    return renovator
