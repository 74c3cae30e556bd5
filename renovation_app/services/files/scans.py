"""A paper staff upload (a receipt, an insurance certificate, a page signed on paper) as it is
kept: a PDF only if it opens as one with at least a page, a picture only written again as a
plain JPEG (images.plain_jpeg), so no phone's GPS position or camera details are kept."""

import io
import logging
from typing import NamedTuple

from pypdf import PdfReader

from renovation_app.services import files
from renovation_app.services.errors import ActionRefused
from renovation_app.services.files import images

PDF = "application/pdf"
# A damaged PDF's every repair would be a warning in the log; a refusal says it once, in words.
logging.getLogger("pypdf").setLevel(logging.ERROR)


class Paper(NamedTuple):
    content: bytes
    content_type: str


def opens_as_pdf(content: bytes) -> bool:
    """Whether a PDF reader finds its pages: "%PDF-1" and six bytes of nothing do not."""
    try:
        return len(PdfReader(io.BytesIO(content)).pages) > 0
    except Exception:
        # Whatever the reader raises on bytes that are not a PDF (or one locked by a password)
        # is that: PdfReadError, a stream that ends, a loop in its page tree...
        return False


def kept_paper(content: bytes, content_type: str, unreadable: str) -> Paper:
    """The file to keep of an upload whose type was read from its content (PDF or a picture):
    the PDF as it is, a picture as a plain JPEG. ActionRefused(unreadable) when it cannot be
    read, and in words when a picture is too large."""
    if content_type == PDF:
        if not opens_as_pdf(content):
            raise ActionRefused(unreadable)
        return Paper(content, PDF)
    return Paper(images.plain_jpeg(content, unreadable), "image/jpeg")


def paper_scan(content: bytes, what: str) -> Paper:
    """A page signed on paper as the office scanned it (`what`: "the signed page"): a PDF, JPEG
    or PNG by its content, at most files.MAX_BYTES, that can be read; as kept_paper keeps it."""
    content_type = files.scan_type(content)
    if not content or content_type is None or len(content) > files.MAX_BYTES:
        megabytes = files.MAX_BYTES // (1024 * 1024)
        raise ActionRefused(f"Please attach {what} as a PDF, JPEG or PNG of up to {megabytes} MB.")
    unreadable = (
        f"{what[0].upper()}{what[1:]} could not be read (a damaged picture, or a PDF that is "
        "damaged or locked by a password): please scan it again, or take a photo of it, and "
        "attach that."
    )
    return kept_paper(content, content_type, unreadable)
