"""A job's New York papers: the owner's signed Form ST-124 and receipt of the lead pamphlet
(signed with the contract) as PDFs printed from exactly what was signed, the record of lead-safe
work, and a copy of the ST-124 e-mailed to a subcontractor of the job."""

import json
from dataclasses import dataclass

from sqlmodel import Session, select

from renovation_app.content import BUSINESS
from renovation_app.content.compliance import LEAD_SAFE_RECORD_TITLE, ST124_TITLE
from renovation_app.db import db_session
from renovation_app.models import (
    ST124_SIGNATURE,
    Job,
    JobCost,
    Subcontractor,
)
from renovation_app.services import mail
from renovation_app.services.errors import ActionRefused
from renovation_app.services.estimates.certificates import CERTIFICATE_FILES
from renovation_app.services.estimates.pdf import render_certificate_pdf
from renovation_app.services.jobs.lead_safe import lead_safe_record
from renovation_app.services.jobs.lead_safe_pdf import render_lead_safe_record_pdf
from renovation_app.services.jobs.records import (
    job_by_number,
    job_invoices,
    open_job,
    record_job_event,
)
from renovation_app.services.signatures import signature_of, signed_words
from renovation_app.services.staff import SignedInUser

ST124_FILE, LEAD_SAFE_FILE = CERTIFICATE_FILES[ST124_SIGNATURE], "lead-safe-record"
SIGNED_FILES = {name: kind for kind, name in CERTIFICATE_FILES.items()}


@dataclass(frozen=True)
class JobDocument:
    name: str  # the file's name in its address: /jobs/<number>/documents/<name>.pdf
    title: str
    words: str  # "Signed by Maria Lopez on January 15, 2027"


def job_documents(session: Session, job: Job) -> list[JobDocument]:
    found = []
    for name, kind in SIGNED_FILES.items():
        if (signature := signature_of(session, kind, job.estimate_id)) is not None:
            title = json.loads(signature.document)["title"]
            found.append(JobDocument(name, title, signed_words(signature)))
    if (record := lead_safe_paper(session, job)) is not None:
        found.append(record)
    return found


def lead_safe_paper(session: Session, job: Job) -> JobDocument | None:
    """The record of lead-safe work once it exists: signed by the certified renovator, or sent
    with the final invoice; before, the job page shows what the daily log holds of it."""
    record = lead_safe_record(session, job)
    if record is None:
        return None
    if record.signed:
        return JobDocument(LEAD_SAFE_FILE, LEAD_SAFE_RECORD_TITLE, f"Signed by {record.signed}")
    final = next((i for i in job_invoices(session, job.id) if i.estimate_part == "final"), None)
    if final is None:
        return None
    return JobDocument(
        LEAD_SAFE_FILE,
        LEAD_SAFE_RECORD_TITLE,
        f"Sent with the final invoice {final.number}; not signed by the certified renovator",
    )


def document_pdf(number: str, name: str) -> tuple[str, bytes] | None:
    """A job's paper for staff (its file name, made of the paper's and the job's stored names,
    and its PDF), or None when the job has no such paper."""
    with db_session() as session:
        job = job_by_number(session, number)
        if job is None:
            return None
        if name == LEAD_SAFE_FILE:
            record = lead_safe_record(session, job)
            pdf = render_lead_safe_record_pdf(record) if record else None
        else:
            kind = SIGNED_FILES.get(name)
            signature = signature_of(session, kind, job.estimate_id) if kind else None
            pdf = render_certificate_pdf(signature) if signature else None
        return (f"{name}-{job.number}.pdf", pdf) if pdf else None


def job_subcontractors(session: Session, job: Job) -> list[Subcontractor]:
    """The subcontractors with a bill on the job, who may be given the owner's ST-124."""
    return list(
        session.exec(
            select(Subcontractor)
            .where(
                Subcontractor.id.in_(
                    select(JobCost.subcontractor_id).where(JobCost.job_id == job.id)
                )
            )
            .order_by(Subcontractor.company)
        )
    )


def send_st124_copy(number: str, subcontractor_id: int, user: SignedInUser) -> str:
    """E-mail a subcontractor of the job a copy of the owner's signed ST-124 (their work on a
    capital improvement is untaxed with it too); the job's history records it."""
    with db_session() as session:
        job = open_job(session, number)
        signature = signature_of(session, ST124_SIGNATURE, job.estimate_id)
        if signature is None:
            raise ActionRefused("The owner has not signed a Form ST-124 for this job.")
        sub = next((s for s in job_subcontractors(session, job) if s.id == subcontractor_id), None)
        if sub is None:
            raise ActionRefused("Please choose a subcontractor with a bill on this job.")
        if not sub.email:
            raise ActionRefused(f"{sub.company} has no e-mail address: add it on their page.")
        pdf = mail.Attachment(
            f"ST-124-{job.number}.pdf", "application/pdf", render_certificate_pdf(signature)
        )
        message = mail.build_email(
            mail.EmailKind.CERTIFICATE_COPY,
            mail.one_line(sub.email),
            reply_to=BUSINESS.email,
            attachments=(pdf,),
            company=sub.company,
            job=job.number,
            address=job.address,
            owner=job.customer_name,
            form=ST124_TITLE,
        )
        mail.queue_email(session, message, mail.About.JOB, job.id)
        record_job_event(session, job, "st124_copy", f"ST-124 e-mailed to {sub.company}", user.id)
        session.commit()
        company = sub.company
    mail.wake_outbox_worker()
    return company
