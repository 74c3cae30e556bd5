"""The subcontractor's answer at the waiver's link (/lien-waiver/<token>): the full name typed,
optionally drawn, and the box ticked; or the office's record of a waiver signed on paper, with
its scan. One signature per waiver (the database refuses a second); a signed waiver is locked."""

from dataclasses import dataclass
from datetime import date, datetime

from sqlmodel import Session

from renovation_app.db import db_session
from renovation_app.models import LienWaiver, Signature, SignatureMethod, utc_now
from renovation_app.services import audit, files
from renovation_app.services.billing import business_day_start, business_today, long_date
from renovation_app.services.errors import ActionRefused
from renovation_app.services.estimates.document import canonical, document_hash
from renovation_app.services.files.scans import paper_scan
from renovation_app.services.jobs.records import job_by_number
from renovation_app.services.lien_waivers.document import KIND, by_token, waiver_document
from renovation_app.services.limits import lock_key
from renovation_app.services.signatures import drawn_path, signer_name
from renovation_app.services.staff import SignedInUser

CHANGED = "This waiver changed since you opened it: please read it again before signing."


def _lock(session: Session, waiver: LienWaiver) -> LienWaiver:
    lock_key(session, f"lien_waiver:{waiver.id}")  # a second tab waits, then finds it signed
    session.refresh(waiver)
    if waiver.signature_id is not None:
        raise ActionRefused("This waiver is already signed: nothing was changed.")
    return waiver


def _sign(session: Session, waiver: LienWaiver, signature: Signature, seen: str | None) -> None:
    document = waiver_document(session, waiver)
    if seen is not None and seen != document_hash(document):
        raise ActionRefused(CHANGED)
    signature.kind, signature.record_id = KIND, waiver.id
    signature.document, signature.document_sha256 = canonical(document), document_hash(document)
    session.add(signature)
    session.flush()  # the unique (kind, record) refuses a second signature here
    waiver.signature_id = signature.id
    session.add(waiver)
    audit.record(
        session, "lien_waiver.signed", user_id=signature.recorded_by,
        actor="" if signature.recorded_by else "subcontractor link",
        record_kind="lien_waiver", record_id=waiver.id,
        detail=f"{document['job']}: {document['amount']} by {signature.signer_name} ({signature.method})",
    )  # fmt: skip


def sign_waiver(
    token: str, name: object, agreed: bool, drawing: object = "", client_hash: str = "",
    seen_sha256: object = "",
) -> None:  # fmt: skip
    signer, drawn = signer_name(name), drawn_path(drawing)
    if agreed is not True:
        raise ActionRefused("Please tick the box to confirm the payment and sign the waiver.")
    with db_session() as session:
        waiver = by_token(session, token)
        if waiver is None:
            raise ActionRefused("This waiver link is not valid.")
        waiver = _lock(session, waiver)
        method = SignatureMethod.DRAWN if drawn else SignatureMethod.TYPED
        signature = Signature(
            method=method, signer_name=signer, address_hash=client_hash[:64], drawing=drawn
        )
        _sign(session, waiver, signature, str(seen_sha256)[:64])
        session.commit()


@dataclass(frozen=True)
class SignedScan:
    signer_name: str
    signed_on: date | None
    scan: bytes
    scan_name: str


def record_signed_scan(
    number: str, waiver_id: int, paper: SignedScan, user: SignedInUser,
    now: datetime | None = None,
) -> None:  # fmt: skip
    """The subcontractor signed the waiver on paper: the scan, who signed and on which day (on
    or after the payment: a waiver before it is void)."""
    signer = signer_name(paper.signer_name)
    scan = paper_scan(paper.scan, "the signed waiver")
    with db_session() as session:
        job = job_by_number(session, number)
        waiver = session.get(LienWaiver, waiver_id) if isinstance(waiver_id, int) else None
        if job is None or waiver is None or waiver.job_id != job.id:
            raise ActionRefused("There is no such waiver on this job.")
        waiver = _lock(session, waiver)
        today = business_today(now or utc_now())
        if paper.signed_on is None or not waiver.paid_on <= paper.signed_on <= today:
            raise ActionRefused(
                f"Please give the day it was signed, from the payment ({long_date(waiver.paid_on)}) to today."
            )
        signature = Signature(
            method=SignatureMethod.PAPER, signer_name=signer, scan_sha256=files.store(scan.content),
            scan_name=paper.scan_name[:200], scan_type=scan.content_type, recorded_by=user.id,
            signed_at=business_day_start(paper.signed_on),
        )  # fmt: skip
        _sign(session, waiver, signature, None)
        session.commit()
