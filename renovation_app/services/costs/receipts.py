"""A receipt photographed on a phone, or a vendor's PDF: checked by its content (never its
name), at most 15 MB; a picture is decoded and written again as a plain JPEG (turned upright,
no EXIF, no location, nothing active kept), a PDF is kept as it is if it opens as one, and
only ever downloaded."""

from dataclasses import dataclass

from renovation_app.db import db_session
from renovation_app.models import JobCost
from renovation_app.services import files
from renovation_app.services.files.scans import kept_paper
from renovation_app.services.jobs.records import job_by_number

MAX_BYTES = 15 * 1024 * 1024
NOT_A_RECEIPT = "The receipt must be a photo (JPEG, PNG or WebP) or a PDF."
REFUSALS = files.UploadRefusals(
    empty="The receipt file is empty.",
    too_large="The receipt is larger than 15 MB: please take a smaller photo.",
    wrong_type=NOT_A_RECEIPT,
)
UNREADABLE = (
    "The receipt could not be read (a broken photo, or a PDF that is damaged or locked by a "
    "password): please take the photo again, or save the PDF again, and add that."
)


@dataclass(frozen=True)
class StoredReceipt:
    sha256: str
    name: str
    content_type: str


def _clean_name(name: str, content_type: str) -> str:
    # ASCII only: the name goes into a Content-Disposition header, which is latin-1.
    stem = name.rsplit(".", 1)[0]
    stem = "".join(c for c in stem if c.isascii() and (c.isalnum() or c in " -_"))[:80].strip()
    extension = ".pdf" if content_type == "application/pdf" else ".jpg"
    return (stem or "receipt") + extension


def store_receipt(content: bytes, name: str) -> StoredReceipt:
    """Check and keep a receipt; ActionRefused, and nothing kept, when it is not one."""
    kind = files.upload_type(content, MAX_BYTES, files.picture_or_scan_type, REFUSALS)
    kept = kept_paper(content, kind, UNREADABLE)
    name = _clean_name(str(name), kept.content_type)
    return StoredReceipt(files.store(kept.content), name, kept.content_type)


def receipt_of(number: str, cost_id: object) -> tuple[bytes, str, str] | None:
    """A cost's receipt (content, type, name) for staff; None when the job has no such cost."""
    with db_session() as session:
        job = job_by_number(session, number)
        cost = session.get(JobCost, cost_id) if job and isinstance(cost_id, int) else None
        if cost is None or cost.job_id != job.id or cost.deleted_at or not cost.receipt_sha256:
            return None
        content = files.read(cost.receipt_sha256)
        return (content, cost.receipt_type, cost.receipt_name) if content else None
