"""Papers as staff upload them: a real one-page PDF (a scan must open as a PDF to be kept)."""

from datetime import UTC, datetime

from fpdf import FPDF


def one_page_pdf(words: str) -> bytes:
    """A PDF of one page bearing `words`; the same bytes for the same words."""
    pdf = FPDF()
    pdf.set_creation_date(datetime(2026, 1, 5, tzinfo=UTC))
    pdf.add_page()
    pdf.set_font("helvetica", size=12)
    pdf.cell(text=words)
    return bytes(pdf.output())
