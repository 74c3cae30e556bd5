"""Small helpers for the words the app writes around numbers."""


def noun_for(count: int, noun: str, plural: str = "") -> str:
    """The noun that agrees with `count`: "day" for 1 (or -1), "days" (or `plural`) otherwise."""
    return noun if abs(count) == 1 else plural or noun + "s"


def counted(count: int, noun: str, plural: str = "") -> str:
    """ "1 subcontractor", "3 subcontractors", "0 photos", "1,204 entries"."""
    return f"{count:,} {noun_for(count, noun, plural)}"


def shortened(text: str, limit: int) -> str:
    """`text` in at most `limit` characters: whole when it fits, else cut after its last whole
    word that leaves room for "…" (mid-word only when one word is longer than the limit)."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if text[limit - 1] != " " and " " in cut:
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:.-–—") + "…"
