"""CSV for spreadsheets: rows as text with CRLF line ends, and no cell a spreadsheet would run as
a formula. Every CSV the office downloads (exports, trust books, payroll) is written here."""

import csv
import io
from collections.abc import Iterable
from decimal import Decimal


def csv_text(rows: Iterable[list]) -> str:
    """Rows as CSV text (CRLF line ends), every cell through safe_cell."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows([safe_cell(v) for v in row] for row in rows)
    return out.getvalue()


def safe_cell(value) -> str:
    """A text cell that a spreadsheet would run as a formula (=, +, -, @) gets a leading
    apostrophe; numbers we write ourselves stay numbers."""
    text = "" if value is None else str(value)
    if isinstance(value, str) and text[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + text
    return text


def dollars(cents: int) -> Decimal:
    """Cents as dollars with two decimals ("-12.50"): a number, not text, so a credit's minus
    sign is never taken for the start of a formula (safe_cell)."""
    return Decimal(cents).scaleb(-2)
