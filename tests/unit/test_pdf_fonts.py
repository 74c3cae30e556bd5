"""The PDFs' fonts are read once per process; each document still gets exactly what fpdf2's
own add_font gives it, and nothing of another document."""

import datetime

import pytest
from fpdf import FPDF

from renovation_app.services.billing import pdf
from renovation_app.services.billing.pdf_fonts import add_font

TEXT = "Invoice INV-2026-0001, Kitchen remodel: $10,000.00 — Lien Law §71-a(4), Año, Ёлка "


def _document(text: str, ours: bool, font: tuple[str, int]) -> bytes:
    document = FPDF()
    document.set_creation_date(datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC))
    path, face = font
    if ours:
        add_font(document, "Body", "", path, face)
    else:
        document.add_font("Body", "", path, collection_font_number=face)
    document.add_page()
    document.set_font("Body", size=10)
    document.multi_cell(0, 5, text)
    return bytes(document.output())


def _fonts() -> list[tuple[str, int]]:
    fonts = [(str(pdf.REGULAR), 0)]
    if pdf.fallback_font() is not None:
        fonts.append((str(pdf.fallback_font()), pdf.CJK_FACE))
    return fonts


@pytest.mark.parametrize("font", _fonts())
def test_a_document_is_byte_for_byte_what_fpdf_makes(font):
    text = TEXT + ("厨房改造" if font[1] else "")
    assert _document(text, True, font) == _document(text, False, font)


def test_a_document_carries_only_its_own_glyphs():
    font = (str(pdf.REGULAR), 0)
    _document("Ѐ" * 400, True, font)  # another document's glyphs come first
    assert _document("abc", True, font) == _document("abc", False, font)
