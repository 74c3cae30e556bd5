"""The estimate, and the signed contract, as a PDF: both printed from the contract document
(document.py), so the signed copy shows exactly the words and amounts that were hashed."""

import json
from dataclasses import dataclass
from unicodedata import east_asian_width

from fpdf import FPDF
from fpdf.enums import XPos, YPos
from fpdf.fonts import FontFace

from renovation_app import models
from renovation_app.content import BUSINESS
from renovation_app.services.billing.pdf import (
    ACCENT,
    FALLBACK_FAMILY,
    FAMILY,
    INK,
    MUTED,
    RULE,
    field_row,
    new_pdf,
    paragraph,
    rule,
    text_line,
    without_collector,
)
from renovation_app.services.signatures import signed_words


@dataclass(frozen=True)
class Signature:
    name: str
    when: str  # "Nov 24, 2026, 3:12 PM" New York time
    document_sha256: str


def _all_text(document: dict) -> str:
    owner = document["owner"]
    parts = [owner["name"], owner["address"], document["note"]]
    parts += [line["description"] + line["unit"] for line in document["lines"]]
    # The notice of cancellation may be in the language of the sale (Chinese, say).
    for section in document["sections"]:
        parts += [section["heading"], *section["paragraphs"]]
    parts.append(document.get("translated_acceptance", ""))
    return "".join(parts)


def contractor_heading(pdf: FPDF, contractor: dict) -> None:
    """The business, its address, phone, e-mail and licence: the top of every signed paper."""
    pdf.set_text_color(*INK)
    text_line(pdf, 8, contractor["name"], bold=True, size=15)
    pdf.set_text_color(*MUTED)
    for text in (
        contractor["address"],
        f"Phone {contractor['phone']} · {contractor['email']}",
        f"NYC home improvement contractor licence no. {contractor['licence']}",
    ):
        text_line(pdf, 4.5, text, size=9)
    pdf.ln(3)


def _heading(pdf: FPDF, document: dict, signature: Signature | None) -> None:
    contractor_heading(pdf, document["contractor"])
    pdf.set_text_color(*ACCENT)
    kind = document["title"] if signature else "Estimate"
    revision = f", revision {document['revision']}" if document["revision"] > 1 else ""
    text_line(pdf, 8, f"{kind} {document['estimate']}{revision}", bold=True, size=16)
    pdf.set_text_color(*INK)
    if not signature:
        text_line(pdf, 5, f"Valid until {document['valid_until']}", size=9)
    rule(pdf)
    owner = document["owner"]
    text_line(pdf, 5, "OWNER", bold=True, size=8)
    text_line(pdf, 5.5, owner["name"], bold=True, size=11)
    pdf.set_font(FAMILY, size=9.5)
    if owner["address"]:
        paragraph(pdf, 4.8, owner["address"])
    pdf.ln(4)


def lines_table(pdf: FPDF, rows: list[tuple[str, str, str, str]]) -> None:
    """A signed paper's lines: the work and materials, quantity, unit price and amount."""
    pdf.set_font(FAMILY, size=9)
    pdf.set_draw_color(*RULE)
    with pdf.table(
        col_widths=(90, 22, 30, 30),
        text_align=("LEFT", "RIGHT", "RIGHT", "RIGHT"),
        line_height=5,
        padding=1.5,
        borders_layout="HORIZONTAL_LINES",
        headings_style=FontFace(emphasis="BOLD", color=INK),
    ) as table:
        for cells in [("Work and materials", "Quantity", "Unit price", "Amount"), *rows]:
            row = table.row()
            for text in cells:
                row.cell(text)


def _line_cells(line: dict) -> tuple[str, str, str, str]:
    note = ""
    if line["optional"]:
        note = " (optional, included)" if line["included"] else " (optional, not included)"
    if line.get("taxed"):
        note += " (taxed)"
    return (
        line["description"] + note,
        f"{line['quantity']} {line['unit']}".strip(),
        line["unit_price"],
        line["amount"] if line["included"] else "—",
    )


def _lines(pdf: FPDF, document: dict) -> None:
    lines_table(pdf, [_line_cells(line) for line in document["lines"]])
    pdf.ln(2)
    for label, key in (("Subtotal", "subtotal"), ("Discount", "discount"), ("Sales tax", "tax")):
        if document.get(key, "$0.00") == "$0.00" and key != "subtotal":
            continue
        right_line(pdf, f"{label}  {document[key]}", size=9.5)
    right_line(pdf, f"Total  {document['total']}", size=12, bold=True)
    if document["deposit"] != "$0.00":
        right_line(pdf, f"Deposit due on signing  {document['deposit']}", size=9.5)
    pdf.ln(3)


def right_line(pdf: FPDF, text: str, size: float, bold: bool = False) -> None:
    pdf.set_font(FAMILY, "B" if bold else "", size)
    pdf.cell(0, 6, text, align="R", new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def _set_font_for(pdf: FPDF, text: str, bold: bool, size: float) -> None:
    """DejaVu Sans; Chinese, Japanese or Korean text in the CJK font itself (regular: it is
    loaded without bold), not as DejaVu's fallback. fpdf2 2.8.9 loses the page's font when a
    page's first line starts in a fallback font (its fix of py-pdf/fpdf2#1772 sets it inside a
    q/Q), and the Latin words after it on that page vanish; a notice in Chinese runs onto a new
    page."""
    wide = any(east_asian_width(c) in "WF" for c in text)
    if wide and FALLBACK_FAMILY.lower() in pdf.fonts:
        pdf.set_font(FALLBACK_FAMILY, "", size)
    else:
        pdf.set_font(FAMILY, "B" if bold else "", size)


def _line_of(pdf: FPDF, height: float, text: str, bold: bool = False, size: float = 9.5) -> None:
    _set_font_for(pdf, text, bold, size)
    pdf.cell(0, height, text, new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def _sections(pdf: FPDF, document: dict) -> None:
    if document["note"]:
        text_line(pdf, 5, "Note", bold=True)
        pdf.set_font(FAMILY, size=9)
        paragraph(pdf, 4.6, document["note"])
        pdf.ln(3)
    language = None
    for section in document["sections"]:
        # A sale made in another language: each version of the notice under its language.
        if section.get("language", language) != language:
            language = section["language"]
            pdf.set_text_color(*MUTED)
            _line_of(pdf, 5, language.upper(), bold=True, size=8)
            pdf.set_text_color(*INK)
        _line_of(pdf, 6, section["heading"], bold=True, size=10)
        for text in section["paragraphs"]:
            _set_font_for(pdf, text, section["bold"], 10 if section["bold"] else 9)
            paragraph(pdf, 4.8, text)
            pdf.ln(1.5)
        pdf.ln(2)


def _signature(pdf: FPDF, document: dict, signature: Signature | None) -> None:
    rule(pdf)
    if document.get("translated_acceptance"):
        _set_font_for(pdf, document["translated_acceptance"], bold=False, size=9)
        paragraph(pdf, 4.6, document["translated_acceptance"])
        pdf.ln(1.5)
    pdf.set_font(FAMILY, size=9)
    paragraph(pdf, 4.6, document["acceptance"])
    pdf.ln(2)
    if signature is None:
        text_line(pdf, 5, "Not signed yet: open the link in your e-mail to accept and sign.")
        return
    text_line(pdf, 6, f"Signed by {signature.name} on {signature.when} (New York time)", bold=True)
    pdf.set_text_color(*MUTED)
    text_line(pdf, 4.5, f"Document SHA-256: {signature.document_sha256}", size=7.5)
    pdf.set_text_color(*INK)


@without_collector
def render_contract_pdf(document: dict, signature: Signature | None = None) -> bytes:
    """The estimate (unsigned) or the signed contract, from the contract document."""
    title = f"{document['title'] if signature else 'Estimate'} {document['estimate']}"
    pdf = new_pdf(title, _all_text(document))
    _heading(pdf, document, signature)
    _lines(pdf, document)
    _sections(pdf, document)
    _signature(pdf, document, signature)
    return bytes(pdf.output())


@without_collector
def render_certificate_pdf(certificate: models.Signature) -> bytes:
    """A certificate signed with the contract (Form ST-124, the lead pamphlet's receipt) as it
    was signed: its fields, what the owner certified, and the signature with the SHA-256 of
    exactly the document signed."""
    document = json.loads(certificate.document)
    # A sale made in another language: its title and statement in it too, as signed.
    translated = [document.get("translated_title", ""), document.get("translated_statement", "")]
    text = "".join(value for _, value in document["fields"]) + certificate.signer_name
    pdf = new_pdf(document["title"], text + "".join(translated))
    pdf.set_text_color(*MUTED)
    text_line(pdf, 5, f"{BUSINESS.name} · {BUSINESS.address.one_line}", size=9)
    pdf.set_text_color(*ACCENT)
    pdf.set_font(FAMILY, "B", 15)
    paragraph(pdf, 8, document["title"])
    if translated[0]:
        _set_font_for(pdf, translated[0], bold=True, size=11)
        paragraph(pdf, 6, translated[0])
    pdf.set_text_color(*INK)
    rule(pdf)
    for label, value in document["fields"]:
        field_row(pdf, label, value, label_width=45)
    pdf.ln(3)
    if translated[1]:
        _set_font_for(pdf, translated[1], bold=False, size=9.5)
        paragraph(pdf, 5, translated[1])
        pdf.ln(2)
    pdf.set_font(FAMILY, size=9.5)
    paragraph(pdf, 5, document["statement"])
    pdf.ln(4)
    pdf.set_font(FAMILY, "B", 10)
    paragraph(pdf, 6, f"{signed_words(certificate)} (typed signature)")
    pdf.set_text_color(*MUTED)
    pdf.set_font(FAMILY, size=7.5)
    paragraph(pdf, 4, f"SHA-256 of the document signed: {certificate.document_sha256}")
    return bytes(pdf.output())
