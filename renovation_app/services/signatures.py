"""What every signature given at a link reads the same way (a contract, a change order, a lien
waiver): the signer's full name as typed, and a signature drawn with a finger."""

import re

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
