"""The subcontractor's answer at the waiver's link (/lien-waiver/<token>): the full name typed,
optionally drawn, and the box ticked; or the office's record of a waiver signed on paper, with
its scan. One signature per waiver (the database refuses a second); a signed waiver is locked."""

from datetime import datetime

from sqlmodel import Session

from renovation_app.db import db_session
from renovation_app.models import LienWaiver, Signature, utc_now
from renovation_app.services import audit
from renovation_app.services.billing import business_today, long_date
from renovation_app.services.errors import ActionRefused
from renovation_app.services.files.scans import paper_scan
from renovation_app.services.jobs.records import job_by_number
from renovation_app.services.lien_waivers.document import KIND, by_token, waiver_document
from renovation_app.services.limits import lock_key
from renovation_app.services.signatures import (
    LinkSigning,
    PaperSignature,
    check_signed_on,
    link_signature,
    paper_signature,
    seal,
    signer_name,
)
from renovation_app.services.staff import SignedInUser

CHANGED = "This waiver changed since you opened it: please read it again before signing."
UNTICKED = "Please tick the box to confirm the payment and sign the waiver."


def _lock(session: Session, waiver: LienWaiver) -> LienWaiver:
    lock_key(session, f"lien_waiver:{waiver.id}")  # a second tab waits, then finds it signed
    session.refresh(waiver)
    if waiver.signature_id is not None:
        raise ActionRefused("This waiver is already signed: nothing was changed.")
    return waiver


def _sign(session: Session, waiver: LienWaiver, signature: Signature, seen: str | None) -> None:
    document = waiver_document(session, waiver)
    seal(session, signature, (KIND, waiver.id), document, seen, CHANGED)
    waiver.signature_id = signature.id
    session.add(waiver)
    audit.record(
        session,
        "lien_waiver.signed",
        user_id=signature.recorded_by,
        actor="" if signature.recorded_by else "subcontractor link",
        record_kind="lien_waiver",
        record_id=waiver.id,
        detail=f"{document['job']}: {document['amount']} by {signature.signer_name} "
        f"({signature.method})",
    )


def sign_waiver(token: str, given: LinkSigning) -> None:
    signature = link_signature(given, UNTICKED)
    with db_session() as session:
        waiver = by_token(session, token)
        if waiver is None:
            raise ActionRefused("This waiver link is not valid.")
        _sign(session, _lock(session, waiver), signature, given.seen)
        session.commit()


def record_signed_scan(
    number: str,
    waiver_id: int,
    paper: PaperSignature,
    user: SignedInUser,
    now: datetime | None = None,
) -> None:
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
        since = f"the payment ({long_date(waiver.paid_on)})"
        check_signed_on(paper.signed_on, waiver.paid_on, today, since)
        _sign(session, waiver, paper_signature(paper, signer, scan, user.id), None)
        session.commit()
