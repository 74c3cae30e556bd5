"""What every signature given at a link reads the same way (a contract, a change order, a lien
waiver, a certificate signed with a contract): the signer's full name as typed, a signature
drawn with a finger, the record's signature and how it is said."""

import re

from sqlmodel import Session, select

from renovation_app.models import Signature
from renovation_app.services.billing import business_today, long_date
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import INVALID_CHARACTERS, has_refused_characters, is_blank

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
