"""An e-mail as the outbox takes it, and the one way to build one: `build_email` renders the
subject, HTML and text of a kind from its templates (renovation_app/templates/) and context."""

import unicodedata
from dataclasses import dataclass

from renovation_app.content.languages import ENGLISH
from renovation_app.services.mail.kinds import EmailKind
from renovation_app.services.mail.templates import render_email, render_subject

SUBJECT_MAX = 200


@dataclass(frozen=True)
class Attachment:
    filename: str
    content_type: str  # e.g. "application/pdf"
    content: bytes
    # What it is, for an e-mail that names each file it carries ("Record of lead-safe work
    # practices of job J-2027-0001"); not stored with the outbox row.
    title: str = ""


@dataclass(frozen=True)
class EmailMessage:
    to: str
    subject: str
    html: str
    text: str
    kind: str  # e.g. "enquiry_notification", "invoice"
    reply_to: str = ""
    attachments: tuple[Attachment, ...] = ()


def one_line(value: str) -> str:
    """A typed text made safe for a header: control characters (CR, LF ...) become spaces."""
    cleaned = "".join(" " if unicodedata.category(ch)[0] == "C" else ch for ch in value)
    return " ".join(cleaned.split())


def build_email(
    kind: EmailKind,
    to: str,
    /,
    *,
    reply_to: str = "",
    attachments: tuple[Attachment, ...] = (),
    language: str = ENGLISH.code,
    **context,
) -> EmailMessage:
    """The whole message of one kind to `to`: `<kind>.txt`'s subject block (made one line, at
    most SUBJECT_MAX characters, as it may carry a name someone typed), `<kind>.html` and the
    rest of `<kind>.txt`, all rendered with the same `context`; in the language of the sale
    (`language`, the estimate's code) beside English."""
    html, text = render_email(kind, language, **context)
    return EmailMessage(
        to=to,
        subject=one_line(render_subject(kind, language, **context))[:SUBJECT_MAX],
        html=html,
        text=text,
        kind=kind,
        reply_to=reply_to,
        attachments=attachments,
    )
