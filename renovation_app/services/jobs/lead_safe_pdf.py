"""The record of lead-safe work as a PDF: each practice with what the daily log recorded of it,
or "Not recorded" (never a tick for what nobody recorded), and the certified renovator's
signature with the name and time once signed."""

import json
from dataclasses import dataclass

from fpdf.enums import XPos, YPos

from renovation_app.content import compliance as words
from renovation_app.services.billing.pdf import (
    ACCENT,
    FAMILY,
    INK,
    MUTED,
    field_row,
    new_pdf,
    paragraph,
    rule,
    without_collector,
)

# The record's fields as the PDF heads it: label, key of the document.
FIELDS = (
    ("Job", "job"),
    ("Work", "work"),
    ("Home", "address"),
    ("Owner", "owner"),
    ("Year built", "year_built"),
    ("Renovation firm", "firm"),
    ("Firm certification no.", "firm_certificate"),
    ("Certified renovator", "renovator"),
    ("Renovator certificate no.", "renovator_certificate"),
    ("Pamphlet receipt", "pamphlet"),
)


INDENT = 6  # mm: what the log recorded, under the practice it records


@dataclass(frozen=True)
class LeadSafeRecord:
    document: dict  # what the certified renovator signs (services/jobs/lead_safe.py)
    keep_until: str
    signed: str = ""  # "Sam Builder, certified renovator, on Mar 5, 2027, 4:12 PM"; "" unsigned
    sha256: str = ""  # of the document signed


def entry_words(entry: dict) -> str:
    """ "March 2, 2027, Sam Builder, 2 photos: Passed: ...; 3 sills, 4 wet cloths"."""
    said = f"{entry['day']}, {entry['who']}"
    if entry["photos"]:
        said += f", {entry['photos']} photo{'s' if entry['photos'] != 1 else ''}"
    details = [part for part in (entry["result"], entry["note"]) if part]
    return f"{said}: {'; '.join(details)}" if details else said


def _practices(pdf, practices: list[dict]) -> None:
    pdf.set_font(FAMILY, "B", 10)
    pdf.cell(
        0,
        6,
        "Lead-safe work practices as recorded on the job's daily log",
        new_x=XPos.LMARGIN,
        new_y=YPos.NEXT,
    )
    for practice in practices:
        pdf.set_text_color(*INK)
        pdf.set_font(FAMILY, "B", 9.5)
        paragraph(pdf, 5, f"{practice['words']} ({practice['rule']})")
        pdf.set_font(FAMILY, size=9.5)
        if not practice["entries"]:
            pdf.set_text_color(*MUTED)
        said = [f"Recorded {entry_words(e)}" for e in practice["entries"]] or [words.NOT_RECORDED]
        for line in said:
            pdf.set_x(pdf.l_margin + INDENT)
            pdf.multi_cell(0, 5, line, align="L", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        pdf.ln(1.5)


def _signature(pdf, record: LeadSafeRecord) -> None:
    pdf.ln(3)
    pdf.set_text_color(*INK)
    pdf.set_font(FAMILY, size=9.5)
    paragraph(pdf, 5, record.document["certification"])
    pdf.ln(1)
    if record.signed:
        paragraph(pdf, 5, f"Signed in the app by {record.signed}.")
        pdf.set_text_color(*MUTED)
        pdf.set_font(FAMILY, size=8)
        paragraph(pdf, 4.5, f"SHA-256 of the record signed: {record.sha256}")
    else:
        pdf.set_text_color(*MUTED)
        paragraph(pdf, 5, "Not signed by the certified renovator.")


@without_collector
def render_lead_safe_record_pdf(record: LeadSafeRecord) -> bytes:
    document = record.document
    text = json.dumps(document, ensure_ascii=False) + record.signed  # CJK in a name or a note
    pdf = new_pdf(f"{words.LEAD_SAFE_RECORD_TITLE}, job {document['job']}", text)
    pdf.set_text_color(*ACCENT)
    pdf.set_font(FAMILY, "B", 15)
    pdf.cell(0, 8, words.LEAD_SAFE_RECORD_TITLE, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_text_color(*INK)
    rule(pdf)
    for label, key in (*FIELDS, ("Kept until", "")):
        field_row(pdf, label, document[key] if key else record.keep_until, label_width=55)
    pdf.ln(3)
    _practices(pdf, document["practices"])
    _signature(pdf, record)
    return bytes(pdf.output())
