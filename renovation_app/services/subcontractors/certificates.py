"""A subcontractor's insurance certificates: uploading one (its kind, expiry and file), which one
is in force (the newest of each kind), each kind's standing on a day, and the words a payment
made while one has lapsed must be confirmed with.

A certificate covers the days before its expiry date: a policy ends at 12:01 a.m. on the day
printed as its expiration, so on that day it has lapsed."""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime

from sqlmodel import Session, select

from renovation_app.content.costs import CERTIFICATE_KINDS, CERTIFICATE_WARNING_DAYS
from renovation_app.db import db_session
from renovation_app.models import InsuranceCertificate, utc_now
from renovation_app.services import files
from renovation_app.services.billing import business_today, long_date
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import has_refused_characters
from renovation_app.services.files.scans import Paper, kept_paper
from renovation_app.services.staff import SignedInUser
from renovation_app.services.subcontractors.saving import record_audit, subcontractor_or_refuse

MAX_BYTES = 15 * 1024 * 1024
YEARS_AHEAD_MAX = 5
FILE_NAME_MAX = 200
# The standing of one kind of certificate on a day.
IN_FORCE, EXPIRING, LAPSED, NONE = "in_force", "expiring", "lapsed", "none"
EXTENSIONS = {"application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png"}

NOT_A_KIND = "Please choose general liability or workers' compensation."
NO_DAY = "Please give the day the certificate expires, like 2027-03-01."
NO_FILE = "Please choose the certificate's file: a PDF, JPEG or PNG."
TOO_LARGE = (
    "The file is larger than 15 MB. Please upload the certificate as a smaller PDF, JPEG or PNG."
)
NOT_A_SCAN = (
    "The file is not a PDF, JPEG or PNG (what is inside it was checked, not its name). "
    "Please upload the certificate as one of those."
)
UNREADABLE = (
    "The certificate's file could not be read (a damaged picture, or a PDF that is damaged or "
    "locked by a password): please save it again from the insurer's e-mail, or take a photo "
    "of it, and upload that."
)


@dataclass(frozen=True)
class CertificateUpload:
    """What the office uploads: the kind, the expiry printed on it, the file and its name."""

    kind: str
    expires_on: date | None
    content: bytes
    file_name: str = ""


@dataclass(frozen=True)
class CertificateStatus:
    """One kind of certificate of a subcontractor on a day, in words."""

    kind: str
    label: str  # "General liability"
    state: str  # IN_FORCE, EXPIRING (within CERTIFICATE_WARNING_DAYS), LAPSED or NONE
    words: str  # "In force until March 1, 2027", "Expires in 12 days (December 7, 2026)"...
    expires_on: str = ""  # the long date; "" when none is on file
    days_left: int = 0  # days until it lapses (0 or less once it has)
    certificate_id: int = 0


def _latest_day(today: date) -> date:
    try:
        return today.replace(year=today.year + YEARS_AHEAD_MAX)
    except ValueError:  # February 29th
        return today.replace(year=today.year + YEARS_AHEAD_MAX, day=28)


def _checked(upload: CertificateUpload, today: date) -> Paper:
    """The file to keep (a PDF that opens, or the picture as a plain JPEG without its EXIF);
    ActionRefused with the first problem of the upload."""
    if upload.kind not in CERTIFICATE_KINDS:
        raise ActionRefused(NOT_A_KIND)
    if not isinstance(upload.expires_on, date):
        raise ActionRefused(NO_DAY)
    if upload.expires_on > _latest_day(today):
        raise ActionRefused(
            f"{long_date(upload.expires_on)} is more than {YEARS_AHEAD_MAX} years ahead: "
            "please check the expiry date printed on the certificate."
        )
    refusals = files.UploadRefusals(NO_FILE, TOO_LARGE, NOT_A_SCAN)
    content_type = files.upload_type(upload.content, MAX_BYTES, files.scan_type, refusals)
    return kept_paper(upload.content, content_type, UNREADABLE)


def _file_name(name: str, content_type: str) -> str:
    """The uploaded file's name as shown on the page (one line), or one made from its type."""
    name = " ".join(str(name or "").split())
    if not name or has_refused_characters(name):
        name = f"certificate.{EXTENSIONS[content_type]}"
    return name[-FILE_NAME_MAX:]


def upload_certificate(
    subcontractor_id: int,
    upload: CertificateUpload,
    user: SignedInUser,
    now: datetime | None = None,
) -> InsuranceCertificate:
    """Keep a certificate (it is then the one in force of its kind); refused in words, with
    nothing kept, unless the kind, the expiry day and the file (PDF, JPEG or PNG by its content,
    at most 15 MB) are right. A picture is kept as a plain JPEG, without its EXIF."""
    now = now or utc_now()
    paper = _checked(upload, business_today(now))
    with db_session() as session:
        subcontractor = subcontractor_or_refuse(session, subcontractor_id)
        certificate = InsuranceCertificate(
            subcontractor_id=subcontractor.id,
            kind=upload.kind,
            expires_on=upload.expires_on,
            file_sha256=files.store(paper.content),
            file_name=_file_name(upload.file_name, paper.content_type),
            file_type=paper.content_type,
            uploaded_by=user.id,
            uploaded_at=now,
        )
        session.add(certificate)
        session.flush()
        detail = (
            f"{CERTIFICATE_KINDS[upload.kind]} certificate uploaded, expires "
            f"{long_date(upload.expires_on)} ({certificate.file_name})"
        )
        record_audit(session, "subcontractor.certificate", subcontractor, user, detail)
        session.commit()
        session.refresh(certificate)
        return certificate


def certificates_in_force(
    session: Session, subcontractor_ids: Iterable[int]
) -> dict[tuple[int, str], InsuranceCertificate]:
    """The newest certificate of each kind of each subcontractor, by (subcontractor id, kind)."""
    found: dict[tuple[int, str], InsuranceCertificate] = {}
    for certificate in session.exec(
        select(InsuranceCertificate)
        .where(InsuranceCertificate.subcontractor_id.in_(list(subcontractor_ids) or [0]))
        .order_by(InsuranceCertificate.id)
    ):
        found[(certificate.subcontractor_id, certificate.kind)] = certificate
    return found


def days_words(days: int) -> str:
    return "tomorrow" if days == 1 else f"in {days} days"


def status_of(
    kind: str, certificate: InsuranceCertificate | None, today: date
) -> CertificateStatus:
    """The standing of the certificate in force of one kind (None: none on file) on `today`."""
    label = CERTIFICATE_KINDS[kind]
    if certificate is None:
        return CertificateStatus(kind, label, NONE, "None on file")
    days_left = (certificate.expires_on - today).days
    expires = long_date(certificate.expires_on)
    if days_left <= 0:
        state, words = LAPSED, f"Lapsed on {expires}"
    elif days_left <= CERTIFICATE_WARNING_DAYS:
        state, words = EXPIRING, f"Expires {days_words(days_left)} ({expires})"
    else:
        state, words = IN_FORCE, f"In force until {expires}"
    return CertificateStatus(kind, label, state, words, expires, days_left, certificate.id)


def certificate_status(
    session: Session, subcontractor_id: int, today: date
) -> list[CertificateStatus]:
    """Each kind's standing on `today` (general liability, then workers' compensation)."""
    in_force = certificates_in_force(session, [subcontractor_id])
    return [
        status_of(kind, in_force.get((subcontractor_id, kind)), today) for kind in CERTIFICATE_KINDS
    ]


def lapse_words(session: Session, subcontractor_id: int, on: date) -> str:
    """ "" when both certificates in force cover `on`; otherwise one sentence naming each
    problem, what lapsed first: "Workers' compensation insurance lapsed on November 1, 2026; no
    general liability certificate on file." A payment on `on` is confirmed with exactly these words."""
    statuses = certificate_status(session, subcontractor_id, on)
    # What lapsed first, then what was never given (the order of the kinds within each).
    problems = [
        f"{s.label.lower()} insurance lapsed on {s.expires_on}"
        for s in statuses
        if s.state == LAPSED
    ] + [f"no {s.label.lower()} certificate on file" for s in statuses if s.state == NONE]
    if not problems:
        return ""
    sentence = "; ".join(problems)
    return sentence[0].upper() + sentence[1:] + "."


@dataclass(frozen=True)
class CertificateFile:
    content: bytes
    content_type: str
    filename: str  # made here (never the uploaded name): safe in a header


def certificate_file(subcontractor_id: int, certificate_id: int) -> CertificateFile | None:
    """A certificate's file for the staff download; None unless the certificate is this
    subcontractor's and its file is kept."""
    with db_session() as session:
        certificate = session.get(InsuranceCertificate, certificate_id)
    if certificate is None or certificate.subcontractor_id != subcontractor_id:
        return None
    content = files.read(certificate.file_sha256) if certificate.file_sha256 else None
    if content is None:
        return None
    # Only ever one of the three types judged at the upload.
    content_type = certificate.file_type if certificate.file_type in EXTENSIONS else ""
    content_type = content_type or "application/octet-stream"
    extension = EXTENSIONS.get(content_type, "bin")
    name = f"certificate-{subcontractor_id}-{certificate.kind}-{certificate.expires_on}.{extension}"
    return CertificateFile(content, content_type, name)
