"""The record of lead-safe work of a job in a home built before 1978 (EPA's Renovation, Repair
and Painting rule, 40 CFR 745.86(b)(6)): the firm's and the certified renovator's certification
numbers (settings), the owner's receipt of the Renovate Right pamphlet (signed with the
contract), and each work practice as the crew recorded it on the daily log (the days, who, the
photos, the cleaning verification's result), or "not recorded". The certified renovator signs
it in the app (services/compliance/lead_safe.py); once signed it prints exactly what was signed.
It goes with the final invoice, which warns the office first of what is missing, and is kept
three years after the job."""

import json

from dateutil.relativedelta import relativedelta
from sqlmodel import Session, func, select

from renovation_app.content import BUSINESS
from renovation_app.content import compliance as words
from renovation_app.models import (
    LEAD_PAMPHLET_SIGNATURE,
    LEAD_SAFE_RECORD_SIGNATURE,
    Job,
    JobNote,
    JobPhoto,
    User,
)
from renovation_app.services.billing import business_today, long_date, when_display
from renovation_app.services.errors import ActionRefused
from renovation_app.services.jobs.lead_safe_pdf import LeadSafeRecord, render_lead_safe_record_pdf
from renovation_app.services.mail import Attachment
from renovation_app.services.signatures import signature_of, signed_words
from renovation_app.settings import settings

PRACTICES = {practice.key: practice for practice in words.LEAD_SAFE_PRACTICES}
SIGNED = (
    "The record of lead-safe work is signed: a practice recorded now would not be on it, and "
    "one on it stays. Write a plain note instead."
)


class LeadSafeNeedsConfirming(ActionRefused):
    """The record of lead-safe work that goes with the final invoice is missing something: the
    invoice is made only once these words are confirmed (the page shows them and sends them
    back)."""

    def __init__(self, words: str) -> None:
        super().__init__(f"{words} Confirm to make the final invoice anyway.")
        self.words = words


def _entries(session: Session, job: Job, practice: str) -> list[dict]:
    """Each daily log note that records `practice`: its day, who wrote it, its photos, the
    cleaning verification's result and the note's own words when it says more."""
    notes = session.exec(
        select(JobNote, User.name)
        .join(User, User.id == JobNote.author_id)
        .where(JobNote.job_id == job.id, JobNote.practice == practice, JobNote.deleted_at.is_(None))
        .order_by(JobNote.day, JobNote.id)
    ).all()
    entries = []
    for note, who in notes:
        photos = session.exec(
            select(func.count(JobPhoto.id)).where(
                JobPhoto.note_id == note.id, JobPhoto.deleted_at.is_(None)
            )
        ).one()
        said = "" if note.text == PRACTICES[practice].label else note.text
        result = words.CLEANING_RESULTS.get(note.cleaning_result, "")
        entries.append(
            {
                "day": long_date(note.day),
                "who": who,
                "photos": photos,
                "result": result,
                "note": said,
            }
        )
    return entries


def recorded_document(session: Session, job: Job) -> dict:
    """The record as the daily log holds it now: what the certified renovator signs."""
    receipt = signature_of(session, LEAD_PAMPHLET_SIGNATURE, job.estimate_id)
    practices = [
        {
            "key": p.key,
            "label": p.label,
            "words": p.words,
            "rule": p.rule,
            "photo": p.photo,
            "entries": _entries(session, job, p.key),
        }
        for p in words.LEAD_SAFE_PRACTICES
    ]
    return {
        "title": words.LEAD_SAFE_RECORD_TITLE,
        "job": job.number,
        "work": job.title,
        "address": job.address,
        "owner": job.customer_name,
        "year_built": str(job.year_built),
        "firm": BUSINESS.legal_name,
        "firm_certificate": settings.rrp_firm_certificate or "not set",
        "renovator": settings.rrp_renovator_name or "not set",
        "renovator_certificate": settings.rrp_renovator_certificate or "not set",
        "pamphlet": (
            f"{signed_words(receipt)}, with the contract"
            if receipt
            else "No signed receipt on file: keep the paper receipt with this record"
        ),
        "practices": practices,
        "certification": words.LEAD_SAFE_CERTIFICATION,
    }


def _keep_until(job: Job) -> str:
    if job.closed_at is None:
        return f"{words.LEAD_SAFE_RECORD_YEARS} years after the job is closed"
    ended = business_today(job.closed_at)
    return long_date(ended + relativedelta(years=words.LEAD_SAFE_RECORD_YEARS))


def lead_safe_record(session: Session, job: Job) -> LeadSafeRecord | None:
    """The record: as signed once the certified renovator signed it, else as the log holds it
    now; None for a home not known to be built before 1978."""
    if not words.needs_lead_safe_work(job.year_built):
        return None
    signature = signature_of(session, LEAD_SAFE_RECORD_SIGNATURE, job.id)
    if signature is None:
        return LeadSafeRecord(recorded_document(session, job), _keep_until(job))
    signed = f"{signature.signer_name}, certified renovator, on {when_display(signature.signed_at)}"
    return LeadSafeRecord(
        json.loads(signature.document), _keep_until(job), signed, signature.document_sha256
    )


def missing_words(record: LeadSafeRecord) -> list[str]:
    """What the record lacks, each in a few words: a practice not recorded, a practice recorded
    without the photo it expects, the certified renovator's signature."""
    missing = []
    for practice in record.document["practices"]:
        entries = practice["entries"]
        if not entries:
            missing.append(f"{practice['label']}: not recorded")
        elif practice["photo"] and not any(entry["photos"] for entry in entries):
            missing.append(f"{practice['label']}: no photo")
    if not record.signed:
        missing.append("the certified renovator's signature")
    return missing


def confirm_final_invoice(session: Session, job: Job, confirmed: object) -> str:
    """Before the final invoice: what its record of lead-safe work is missing, in words the
    office confirmed; refused with those words until they are confirmed. "" when nothing is
    missing (or the home needs no record)."""
    record = lead_safe_record(session, job)
    missing = missing_words(record) if record else []
    if not missing:
        return ""
    warning = f"The record of lead-safe work is missing: {'; '.join(missing)}."
    if confirmed != warning:
        raise LeadSafeNeedsConfirming(warning)
    return warning


def lead_safe_attachments(session: Session, job: Job) -> tuple[Attachment, ...]:
    """The record as the final invoice's second attachment; () for a home built later."""
    record = lead_safe_record(session, job)
    if record is None:
        return ()
    return (
        Attachment(
            f"lead-safe-record-{job.number}.pdf",
            "application/pdf",
            render_lead_safe_record_pdf(record),
            title=f"{words.LEAD_SAFE_RECORD_TITLE} of job {job.number}",
        ),
    )


def checked_practice(session: Session, job: Job, practice: object, result: object) -> tuple:
    """(practice, cleaning result) of a daily log note as sent: ("", "") for a plain note; a
    practice only on a home built before 1978 while its record is not signed; the cleaning
    verification only with the card's result."""
    if practice in (None, ""):
        return "", ""
    if not isinstance(practice, str) or practice not in PRACTICES:
        raise ActionRefused("Please choose a lead-safe practice from the list.")
    if not words.needs_lead_safe_work(job.year_built):
        raise ActionRefused("This home was not built before 1978: no lead-safe record is kept.")
    if signature_of(session, LEAD_SAFE_RECORD_SIGNATURE, job.id) is not None:
        raise ActionRefused(SIGNED)
    if practice != words.CLEANING_VERIFICATION:
        return practice, ""
    if not isinstance(result, str) or result not in words.CLEANING_RESULTS:
        raise ActionRefused("Please choose the cleaning verification card's result.")
    return practice, result


def check_note_removable(session: Session, note: JobNote) -> None:
    """A note that records a practice of a signed record stays: the record signed names it."""
    if note.practice and signature_of(session, LEAD_SAFE_RECORD_SIGNATURE, note.job_id):
        raise ActionRefused(
            "This note records a practice of the signed record of lead-safe work: it stays."
        )
