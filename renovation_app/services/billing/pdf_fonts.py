"""The PDFs' fonts, read once per process. fpdf2 parses a TrueType file again for every
document (about 50 ms for each DejaVu face: most of a short PDF's time). What it reads (the
widths, the glyph ids, the descriptor) never changes, so each document gets a copy of it
with its own state: its font number, the glyphs it uses, and a file of its own, which
writing the PDF subsets in place."""

import copy
import functools

from fontTools import ttLib
from fpdf import FPDF
from fpdf.fonts import SubsetMap, TTFFont

_PARSED = "parsed"


@functools.lru_cache(maxsize=8)
def _parsed(path: str, style: str, face: int) -> TTFFont:
    scratch = FPDF()
    scratch.add_font(_PARSED, style, path, collection_font_number=face)
    return scratch.fonts[f"{_PARSED}{style}"]


def add_font(pdf: FPDF, family: str, style: str, path: str, face: int = 0) -> None:
    """What `pdf.add_font(family, style, path, collection_font_number=face)` does, from the
    font read once."""
    parsed = _parsed(str(path), style, face)
    font = copy.copy(parsed)
    font.i = len(pdf.fonts) + 1
    font.fontkey = f"{family.lower()}{style}"
    font.ttfont = ttLib.TTFont(path, recalcTimestamp=False, fontNumber=face, lazy=True)
    font.desc = copy.copy(parsed.desc)
    font.cw = copy.copy(parsed.cw)  # a defaultdict: reading a missing width adds it
    font.missing_glyphs = []
    font.biggest_size_pt = 0
    font._hbfont = None
    font.subset = SubsetMap(font)
    pdf.fonts[font.fontkey] = font
    if font.is_cff and font.is_cid_keyed:  # as FPDF.add_font: CID-keyed CFF needs PDF 1.6
        pdf._set_min_pdf_version("1.6")
