"""What every signature reads the same way (a contract, a change order, a lien waiver, a
certificate signed with a contract): the signer's full name as typed, a signature drawn with a
finger, the exact document signed and its hash, a paper signed by hand and its scan, the
record's signature and how it is said."""

import hashlib
import json
import re
from dataclasses import dataclass
from datetime import date, datetime

from sqlmodel import Session, select

from renovation_app.models import Signature, SignatureMethod, utc_now
from renovation_app.services import files
from renovation_app.services.billing import business_day_start, business_today, long_date
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import INVALID_CHARACTERS, has_refused_characters, is_blank
from renovation_app.services.files.scans import Paper

NAME_MAX = 100
DRAWING_MAX = 20_000
# "M x y L x y ...": numbers with at most one decimal point (components/react/signature_pad).
_NUMBER = r"-?\d+(?:\.\d+)?"
_DRAWING = re.compile(rf"(?:[ML] {_NUMBER} {_NUMBER}\s*)*")


def signer_name(name: object) -> str:
    """The full name typed to sign, its spaces made single; refused when it is not one."""
    text = " ".join(name.split()) if isinstance(name, str) else ""
    if is_blank(text) or len(text) < 2:
        raise ActionRefused("Please type your full name to sign.")
    if len(text) > NAME_MAX or has_refused_characters(text):
        raise ActionRefused(f"Your name: {INVALID_CHARACTERS}")
    return text


def drawn_path(value: object) -> str:
    """A drawn signature's path (components/react/signature_pad.py), or "" when none."""
    text = value.strip() if isinstance(value, str) else ""
    if len(text) > DRAWING_MAX or not _DRAWING.fullmatch(text):
        raise ActionRefused(
            "The drawn signature could not be read: please clear it and sign again."
        )
    return text


def canonical(document: dict) -> str:
    """The one text of a document that is signed and hashed: its keys sorted, no spaces."""
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def document_hash(document: dict) -> str:
    """The SHA-256 (hex) of the document's canonical JSON."""
    return hashlib.sha256(canonical(document).encode()).hexdigest()


@dataclass(frozen=True)
class LinkSigning:
    """What a signing page gives: the full name typed, the box ticked, a drawing ("" when
    none), the hash of the signer's network address and the SHA-256 of the document it showed
    (as the browser sent them)."""

    name: object
    agreed: bool
    drawing: object = ""
    client_hash: str = ""
    seen_sha256: object = ""

    @property
    def seen(self) -> str:
        """The hash of the document the signer read, as `seal` compares it."""
        return str(self.seen_sha256)[:64]


def link_signature(given: LinkSigning, unticked: str, now: datetime | None = None) -> Signature:
    """The signature given at a link: the full name typed, optionally drawn, and the box
    ticked (`unticked` says what the box agrees to when it is not). Not yet written."""
    signer, drawn = signer_name(given.name), drawn_path(given.drawing)
    if given.agreed is not True:
        raise ActionRefused(unticked)
    method = SignatureMethod.DRAWN if drawn else SignatureMethod.TYPED
    return Signature(
        method=method,
        signer_name=signer,
        address_hash=given.client_hash[:64],
        drawing=drawn,
        signed_at=now or utc_now(),
    )


@dataclass(frozen=True)
class PaperSignature:
    """What the office says of a paper signed by hand, with its scan."""

    signer_name: str
    signed_on: date | None
    scan: bytes
    scan_name: str


def check_signed_on(signed_on: date | None, earliest: date, today: date, since: str) -> None:
    """A paper's day of signing lies between `earliest` (said as `since`) and today."""
    if signed_on is None or not earliest <= signed_on <= today:
        raise ActionRefused(f"Please give the day it was signed, from {since} to today.")


def paper_signature(paper: PaperSignature, signer: str, scan: Paper, recorded_by: int) -> Signature:
    """The signature of a paper signed by hand: its scan stored (private, named by its SHA-256)
    and the start of the New York day it was signed. Not yet written."""
    return Signature(
        method=SignatureMethod.PAPER,
        signer_name=signer,
        scan_sha256=files.store(scan.content),
        scan_name=paper.scan_name[:200],
        scan_type=scan.content_type,
        recorded_by=recorded_by,
        signed_at=business_day_start(paper.signed_on),
    )


def seal(
    session: Session,
    signature: Signature,
    record: tuple[str, int],
    document: dict,
    seen_sha256: str | None,
    changed: str,
) -> None:
    """Write `signature` of the record (its kind and id) with the exact document signed. With
    `seen_sha256`, the document must be the one the signer read, else nothing is signed and
    `changed` says so."""
    if seen_sha256 is not None and seen_sha256 != document_hash(document):
        raise ActionRefused(changed)
    signature.kind, signature.record_id = record
    signature.document, signature.document_sha256 = canonical(document), document_hash(document)
    session.add(signature)
    session.flush()  # the unique (kind, record) refuses a second signature here


def signature_of(session: Session, kind: str, record_id: int | None) -> Signature | None:
    """The signature of a record (one at most: the database refuses a second)."""
    if record_id is None:
        return None
    return session.exec(
        select(Signature).where(Signature.kind == kind, Signature.record_id == record_id)
    ).first()


def signed_words(signature: Signature) -> str:
    """ "Signed by Maria Lopez on January 15, 2027" (the New York day)."""
    day = long_date(business_today(signature.signed_at))
    return f"Signed by {signature.signer_name} on {day}"
