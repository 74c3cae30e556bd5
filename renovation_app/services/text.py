"""Rules for text people type into forms, shared by every form and API."""

import unicodedata

# Cc control, Cf format (e.g. U+202E right-to-left override, zero-width joiners), Cs surrogates.
_REFUSED_CATEGORIES = {"Cc", "Cf", "Cs"}
INVALID_CHARACTERS = "This field contains characters we cannot accept (such as control characters)."


def has_refused_characters(value: str, multiline: bool = False) -> bool:
    """True when the text holds control or format characters; tabs and (for multi-line fields)
    line breaks are the only exceptions. Single-line fields never accept CR or LF, so nothing
    typed can reach an e-mail header as a new line."""
    allowed = "\t\n\r" if multiline else "\t"
    return any(
        unicodedata.category(c) in _REFUSED_CATEGORIES and c not in allowed for c in value
    )


def is_blank(value: str) -> bool:
    """Empty, or made only of spaces and invisible characters."""
    return not any(
        not c.isspace() and unicodedata.category(c) not in _REFUSED_CATEGORIES | {"Mn", "Zs"}
        for c in value
    )
