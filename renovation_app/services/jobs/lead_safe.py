"""The record of lead-safe work of a job in a home built before 1978 (EPA's Renovation, Repair
and Painting rule): the firm's and the certified renovator's certification numbers (settings),
the owner's receipt of the Renovate Right pamphlet (signed with the contract), and the work
practices followed. It goes with the final invoice and is kept three years after the job."""

from dateutil.relativedelta import relativedelta
from fpdf.enums import XPos, YPos
from sqlmodel import Session

from renovation_app.content import BUSINESS
from renovation_app.content import compliance as words
from renovation_app.models import LEAD_PAMPHLET_SIGNATURE, Job
from renovation_app.services.billing import business_today, long_date
from renovation_app.services.billing.pdf import (
    ACCENT,
    FAMILY,
    INK,
    MUTED,
    field_row,
    new_pdf,
    paragraph,
    rule,
    without_collector,
)
from renovation_app.services.mail import Attachment
from renovation_app.services.signatures import signature_of, signed_words
from renovation_app.settings import settings


def lead_safe_record(session: Session, job: Job) -> dict | None:
    """The record's contents, or None for a home not known to be built before 1978."""
    if not words.needs_lead_safe_work(job.year_built):
        return None
    receipt = signature_of(session, LEAD_PAMPHLET_SIGNATURE, job.estimate_id)
    ended = business_today(job.closed_at) if job.closed_at else None
    return {
        "job": job.number,
        "title": job.title,
        "address": job.address,
        "owner": job.customer_name,
        "year_built": str(job.year_built),
        "firm": BUSINESS.legal_name,
        "firm_certificate": settings.rrp_firm_certificate or "not set",
        "renovator": settings.rrp_renovator_name or "not set",
        "renovator_certificate": settings.rrp_renovator_certificate or "not set",
        "pamphlet": (
            signed_words(receipt)
            if receipt
            else "No signed receipt on file: keep the paper receipt with this record"
        ),
        "practices": list(words.LEAD_SAFE_PRACTICES),
        "keep_until": (
            long_date(ended + relativedelta(years=words.LEAD_SAFE_RECORD_YEARS))
            if ended
            else f"{words.LEAD_SAFE_RECORD_YEARS} years after the job is closed"
        ),
    }


@without_collector
def render_lead_safe_record_pdf(record: dict) -> bytes:
    text = "".join(str(value) for value in record.values())  # CJK in a name or an address
    pdf = new_pdf(f"{words.LEAD_SAFE_RECORD_TITLE}, job {record['job']}", text)
    pdf.set_text_color(*ACCENT)
    pdf.set_font(FAMILY, "B", 15)
    pdf.cell(0, 8, words.LEAD_SAFE_RECORD_TITLE, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_text_color(*INK)
    rule(pdf)
    for label, key in (
        ("Job", "job"), ("Work", "title"), ("Home", "address"), ("Owner", "owner"),
        ("Year built", "year_built"), ("Renovation firm", "firm"),
        ("Firm certification no.", "firm_certificate"), ("Certified renovator", "renovator"),
        ("Renovator certificate no.", "renovator_certificate"),
        ("Pamphlet receipt", "pamphlet"), ("Kept until", "keep_until"),
    ):  # fmt: skip
        field_row(pdf, label, record[key], label_width=55)
    pdf.ln(3)
    pdf.set_font(FAMILY, "B", 10)
    pdf.cell(0, 6, "Lead-safe work practices followed", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_font(FAMILY, size=9.5)
    for practice in record["practices"]:
        paragraph(pdf, 5, f"✓ {practice}")
        pdf.ln(1)
    pdf.ln(4)
    pdf.set_text_color(*MUTED)
    paragraph(pdf, 5, "Certified renovator's signature: ______________________   Date: __________")
    return bytes(pdf.output())


def lead_safe_attachments(session: Session, job: Job) -> tuple[Attachment, ...]:
    """The record as the final invoice's second attachment; () for a home built later."""
    record = lead_safe_record(session, job)
    if record is None:
        return ()
    name = f"lead-safe-record-{job.number}.pdf"
    return (Attachment(name, "application/pdf", render_lead_safe_record_pdf(record)),)
