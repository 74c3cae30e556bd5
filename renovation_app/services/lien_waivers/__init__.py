"""Lien waivers: the waiver each paid subcontractor's bill asks for (Lien Law §34), its
document, its link where the subcontractor signs, the office's record of a paper one, its PDF
and its e-mail."""

from renovation_app.db import db_session
from renovation_app.models import Job, LienWaiver
from renovation_app.services.jobs.records import job_by_number
from renovation_app.services.lien_waivers.document import by_token, link_url_of, waiver_document
from renovation_app.services.lien_waivers.mail import queue_waiver_email
from renovation_app.services.lien_waivers.pdf import render_waiver_pdf
from renovation_app.services.lien_waivers.signing import record_signed_scan, sign_waiver
from renovation_app.services.lien_waivers.views import WaiverPage, read_waiver_link, waiver_view
from renovation_app.services.signatures import PaperSignature


def waiver_pdf(
    token: str = "", number: str = "", waiver_id: object = None
) -> tuple[str, bytes] | None:
    """The file name and PDF by the subcontractor's token, or (for staff) by the job's number
    and the id; the name is the stored records', never the address's."""
    with db_session() as session:
        if token:
            waiver = by_token(session, token)
        else:
            job = job_by_number(session, number)
            waiver = session.get(LienWaiver, waiver_id) if isinstance(waiver_id, int) else None
            if job is None or waiver is None or waiver.job_id != job.id:
                return None
        if waiver is None:
            return None
        job = session.get(Job, waiver.job_id)
        return f"lien-waiver-{job.number}-{waiver.id}.pdf", render_waiver_pdf(
            waiver_view(session, waiver)
        )


__all__ = [
    "PaperSignature",
    "WaiverPage",
    "link_url_of",
    "queue_waiver_email",
    "read_waiver_link",
    "record_signed_scan",
    "sign_waiver",
    "waiver_document",
    "waiver_pdf",
]
