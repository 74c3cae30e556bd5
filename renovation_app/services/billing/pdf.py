"""The PDF of an invoice (fpdf2), in a Unicode font so any customer's name prints.

DejaVu Sans is vendored in renovation_app/fonts/ (licence beside it). Characters it lacks,
such as Chinese, Japanese and Korean, come from Noto Sans CJK (SIL OFL), loaded only for a
document that needs it: it is large to parse. It is Debian's fonts-noto-cjk (`make cjk-font`),
kept up to date by the Debian Fonts Team from Google's and Adobe's upstream, and it draws
Korean too; the PyPI copies are one person's repackagings and npm's Noto Sans SC lacks Korean.
Measured: an invoice with a Chinese name renders in about 0.4 s with it (0.3 s with the
WenQuanYi font it replaced, 0.1 s without CJK); fpdf2 embeds only the glyphs used.
"""

from __future__ import annotations

import functools
import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from fontTools.ttLib import TTFont
from fpdf import FPDF
from fpdf.enums import XPos, YPos
from fpdf.fonts import FontFace

from renovation_app.content import BUSINESS, TERMS
from renovation_app.services.billing.money import format_usd
from renovation_app.services.billing.pdf_fonts import add_font

if TYPE_CHECKING:
    from renovation_app.services.billing.views import InvoiceView

FONTS = Path(__file__).resolve().parents[2] / "fonts"
REGULAR = FONTS / "DejaVuSans.ttf"
BOLD = FONTS / "DejaVuSans-Bold.ttf"
FAMILY = "DejaVu"
FALLBACK_FAMILY = "CJK"
# The collection's Simplified Chinese face (0 is Japanese, 1 Korean, 3 and 4 Traditional): the
# sales the notice is translated for are in Simplified Chinese; it draws Korean and kana too.
CJK_FACE = 2
PAYMENT_TERMS_HEADING = "Quotes and Payments"

INK = (24, 24, 27)
MUTED = (82, 82, 91)
ACCENT = (234, 88, 12)
RULE = (212, 212, 216)


@cache
def _regular_characters() -> frozenset[int]:
    """The code points DejaVu Sans draws."""
    return frozenset(TTFont(REGULAR, lazy=True).getBestCmap())


@cache
def fallback_font() -> Path | None:
    """Noto Sans CJK where Debian's fonts-noto-cjk installs it, when it is installed."""
    path = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
    return path if path.is_file() else None


_collector_lock = threading.Lock()
_collector_pauses = {"count": 0, "was_on": False}


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while a PDF is made.

    fpdf2 reads each font again for every document (fontTools), which makes some 25,000
    objects that refer to one another, so that only the collector frees them. Alive for the
    100 ms a PDF takes, they get moved up to the oldest generation, and one PDF in three or four
    then set off a full collection of every object the process holds (about 125 ms in
    bench/office_scale.py, more in a server that holds more). Paused, they stay in the youngest
    generation, whose next collection frees them in a few milliseconds. Renders at once in
    several threads share one pause; the last to finish ends it."""
    with _collector_lock:
        if _collector_pauses["count"] == 0:
            _collector_pauses["was_on"] = gc.isenabled()
            gc.disable()
        _collector_pauses["count"] += 1
    try:
        yield
    finally:
        with _collector_lock:
            _collector_pauses["count"] -= 1
            if _collector_pauses["count"] == 0 and _collector_pauses["was_on"]:
                gc.enable()


def without_collector(render):
    """A PDF renderer that runs with the collector paused (collector_paused: every PDF the site
    makes parses its fonts again)."""

    @functools.wraps(render)
    def paused(*args, **kwargs):
        with collector_paused():
            return render(*args, **kwargs)

    return paused


def _payment_terms() -> tuple[str, ...]:
    section = next(s for s in TERMS if s.heading == PAYMENT_TERMS_HEADING)
    return section.paragraphs


def _all_text(invoice: InvoiceView) -> str:
    parts = [
        invoice.customer_name,
        invoice.customer_address,
        invoice.customer_email,
        invoice.customer_phone,
        invoice.note,
    ]
    for line in invoice.lines:
        parts += [line.label, line.description]
    return "".join(parts)


class _InvoicePdf(FPDF):
    def footer(self) -> None:
        """Every page of every document: the business, the licence New York requires on all it
        sends (left out while unset) and the page number."""
        from renovation_app.services.required_settings import licence_line

        parts = (BUSINESS.legal_name, licence_line(), f"Page {self.page_no()}/{{nb}}")
        self.set_y(-12)
        self.set_font(FAMILY, size=7)
        self.set_text_color(*MUTED)
        self.cell(0, 5, " · ".join(part for part in parts if part), align="C")


def _new_document(invoice: InvoiceView) -> FPDF:
    return new_pdf(f"Invoice {invoice.number}", _all_text(invoice))


def new_pdf(title: str, all_text: str) -> FPDF:
    """A Letter page in the house style; the CJK font is loaded only when `all_text` (every
    text the document will print) has characters DejaVu Sans lacks."""
    pdf = _InvoicePdf(format="Letter")
    pdf.set_title(title)
    pdf.set_author(BUSINESS.legal_name)
    pdf.set_creator(BUSINESS.name)
    pdf.set_margins(18, 16, 18)
    pdf.set_auto_page_break(auto=True, margin=18)
    add_font(pdf, FAMILY, "", REGULAR)
    add_font(pdf, FAMILY, "B", BOLD)
    drawn = _regular_characters()
    needs_fallback = any(ord(c) not in drawn and not c.isspace() for c in all_text)
    fallback = fallback_font() if needs_fallback else None
    if fallback is not None:
        add_font(pdf, FALLBACK_FAMILY, "", fallback, face=CJK_FACE)
        pdf.set_fallback_fonts([FALLBACK_FAMILY], exact_match=False)
    pdf.add_page()
    return pdf


def _header(pdf: FPDF, invoice: InvoiceView) -> None:
    top = pdf.get_y()
    pdf.set_text_color(*INK)
    pdf.set_font(FAMILY, "B", 16)
    pdf.cell(0, 8, BUSINESS.name, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_font(FAMILY, size=9)
    pdf.set_text_color(*MUTED)
    for line in (
        BUSINESS.address.one_line,
        f"Phone {BUSINESS.phone_display}",
        BUSINESS.email,
    ):
        pdf.cell(0, 4.5, line, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    below_business = pdf.get_y()

    pdf.set_y(top)
    pdf.set_text_color(*ACCENT)
    pdf.set_font(FAMILY, "B", 18)
    pdf.cell(0, 8, f"Invoice {invoice.number}", align="R", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_text_color(*INK)
    pdf.set_font(FAMILY, size=9)
    for line in (
        f"Issued {invoice.issue_date_display}",
        f"Due {invoice.due_date_display}",
    ):
        pdf.cell(0, 4.5, line, align="R", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    if invoice.status == "void":
        pdf.set_text_color(185, 28, 28)
        pdf.set_font(FAMILY, "B", 12)
        pdf.cell(0, 7, "VOID", align="R", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_y(max(below_business, pdf.get_y()) + 6)
    rule(pdf)


def rule(pdf: FPDF) -> None:
    pdf.set_draw_color(*RULE)
    pdf.line(pdf.l_margin, pdf.get_y(), pdf.w - pdf.r_margin, pdf.get_y())
    pdf.ln(4)


def paragraph(pdf: FPDF, height: float, text: str, link: str | None = None) -> None:
    """Text wrapped across the page width; the next one starts below it at the margin."""
    pdf.multi_cell(0, height, text, align="L", link=link, new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def text_line(pdf: FPDF, height: float, text: str, bold: bool = False, size: float = 9.5) -> None:
    """One line of text across the page; the next starts below it at the margin."""
    pdf.set_font(FAMILY, "B" if bold else "", size)
    pdf.cell(0, height, text, new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def field_row(pdf: FPDF, label: str, value: str, label_width: float = 50) -> None:
    """A form's field: its label in bold, its value wrapped beside it (certificates, records)."""
    pdf.set_font(FAMILY, "B", 9.5)
    pdf.cell(label_width, 5.5, label)
    pdf.set_font(FAMILY, size=9.5)
    paragraph(pdf, 5.5, value)


def _customer(pdf: FPDF, invoice: InvoiceView) -> None:
    pdf.set_text_color(*MUTED)
    text_line(pdf, 5, "BILL TO", bold=True, size=8)
    pdf.set_text_color(*INK)
    pdf.set_font(FAMILY, "B", 11)
    paragraph(pdf, 5.5, invoice.customer_name)
    pdf.set_font(FAMILY, size=9.5)
    for text in (invoice.customer_address, invoice.customer_email, invoice.customer_phone):
        if text:
            paragraph(pdf, 4.8, text)
    pdf.ln(5)


def _lines(pdf: FPDF, invoice: InvoiceView) -> None:
    pdf.set_font(FAMILY, size=9.5)
    pdf.set_draw_color(*RULE)
    with pdf.table(
        col_widths=(50, 90, 35),
        text_align=("LEFT", "LEFT", "RIGHT"),
        line_height=5.5,
        padding=2,
        borders_layout="HORIZONTAL_LINES",
        headings_style=FontFace(emphasis="BOLD", color=INK),
    ) as table:
        heading = table.row()
        for text in ("Service", "Description", "Amount"):
            heading.cell(text)
        for line in invoice.lines:
            row = table.row()
            row.cell(line.label)
            notes = [line.quantity_note, line.tax_note if invoice.tax_cents else ""]
            extra = " · ".join(note for note in notes if note)
            row.cell("\n".join(part for part in (line.description, extra) if part))
            row.cell(format_usd(line.price_cents))
    pdf.ln(2)
    pdf.set_font(FAMILY, size=10)
    for sum_row in invoice.sum_rows:
        pdf.cell(
            0,
            6,
            f"{sum_row.label}  {format_usd(sum_row.amount_cents)}",
            align="R",
            new_x=XPos.LMARGIN,
            new_y=YPos.NEXT,
        )
    pdf.set_font(FAMILY, "B", 12)
    pdf.cell(
        0,
        8,
        f"Total due  {format_usd(invoice.total_cents)}",
        align="R",
        new_x=XPos.LMARGIN,
        new_y=YPos.NEXT,
    )
    pdf.set_font(FAMILY, size=8.5)
    pdf.set_text_color(*MUTED)
    pdf.cell(
        0,
        4.5,
        f"Amounts in US dollars ({invoice.currency.upper()}).",
        align="R",
        new_x=XPos.LMARGIN,
        new_y=YPos.NEXT,
    )
    pdf.set_text_color(*INK)
    _tax_exemption(pdf, invoice)
    pdf.ln(4)


def _tax_exemption(pdf: FPDF, invoice: InvoiceView) -> None:
    """Why the capital improvement lines carry no sales tax, under the total."""
    if invoice.tax_exemption:
        pdf.ln(2)
        pdf.set_font(FAMILY, "B", 9)
        paragraph(pdf, 4.8, invoice.tax_exemption)


def _schedule(pdf: FPDF, invoice: InvoiceView) -> None:
    """The payment schedule: each payment, what it is for, its due date and amount."""
    if not invoice.stages:
        return
    text_line(pdf, 5, "Payment schedule", bold=True)
    pdf.set_font(FAMILY, size=9)
    with pdf.table(
        col_widths=(80, 55, 40),
        text_align=("LEFT", "LEFT", "RIGHT"),
        line_height=5,
        padding=1.5,
        borders_layout="HORIZONTAL_LINES",
        first_row_as_headings=False,
    ) as table:
        for stage in invoice.stages:
            row = table.row()
            row.cell(f"{stage.label} ({stage.percent})" if stage.percent else stage.label)
            row.cell(f"Due {stage.due_date}")
            row.cell(format_usd(stage.amount_cents))
    pdf.ln(4)


def _note(pdf: FPDF, invoice: InvoiceView) -> None:
    if not invoice.note:
        return
    text_line(pdf, 5, "Note", bold=True)
    pdf.set_font(FAMILY, size=9.5)
    paragraph(pdf, 4.8, invoice.note)
    pdf.ln(4)


def _payment(pdf: FPDF, invoice: InvoiceView) -> None:
    if invoice.status != "void":
        text_line(pdf, 6, "Pay online", bold=True, size=10)
        pdf.set_font(FAMILY, size=9)
        pdf.set_text_color(*ACCENT)
        paragraph(pdf, 4.8, invoice.pay_url, link=invoice.pay_url)
        pdf.set_text_color(*INK)
        pdf.ln(4)
    text_line(pdf, 5, "Payment terms", bold=True, size=9)
    pdf.set_font(FAMILY, size=8)
    pdf.set_text_color(*MUTED)
    for text in _payment_terms():
        paragraph(pdf, 4, text)
        pdf.ln(1.5)
    pdf.set_text_color(*INK)


@without_collector
def render_invoice_pdf(invoice: InvoiceView) -> bytes:
    """The invoice as a PDF file: business, customer, lines, total, terms and pay link."""
    pdf = _new_document(invoice)
    _header(pdf, invoice)
    _customer(pdf, invoice)
    _lines(pdf, invoice)
    _schedule(pdf, invoice)
    _note(pdf, invoice)
    _payment(pdf, invoice)
    return bytes(pdf.output())


@without_collector
def render_receipt_pdf(
    invoice: InvoiceView, paid: str, paid_on: str, card: str, paid_total: str, balance: str
) -> bytes:
    """A receipt: the invoice with what was paid, when and how (no pay link), what is paid to
    date and the balance left ("" when paid in full)."""
    pdf = _new_document(invoice)
    _header(pdf, invoice)
    pdf.set_text_color(*ACCENT)
    pdf.set_font(FAMILY, "B", 14)
    pdf.cell(0, 8, f"Receipt: {paid} paid on {paid_on}", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_text_color(*INK)
    pdf.set_font(FAMILY, size=9)
    pdf.cell(0, 5, f"Paid by: {card}", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    left = f"Balance left: {balance}" if balance else "Paid in full"
    pdf.cell(0, 5, f"Paid to date: {paid_total} · {left}", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(3)
    _customer(pdf, invoice)
    _lines(pdf, invoice)
    pdf.set_font(FAMILY, size=9)
    pdf.cell(0, 6, f"Thank you. {BUSINESS.name}", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    return bytes(pdf.output())
