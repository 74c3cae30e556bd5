"""A change order as a PDF, printed from its document (document.py) with the contract's parts
(estimates/pdf.py): the business's heading, the lines, the amended value and completion date,
and both parties' signatures: the contractor's, who wrote and sent it, and the owner's (its
name, time, how, and the drawn strokes), with the SHA-256 of exactly what was signed."""

import re

from fpdf import FPDF

from renovation_app.services.billing.pdf import (
    ACCENT,
    FAMILY,
    INK,
    MUTED,
    new_pdf,
    paragraph,
    rule,
    text_line,
    without_collector,
)
from renovation_app.services.estimates.pdf import (
    contractor_heading,
    lines_table,
    right_line,
)
from renovation_app.services.words import noun_for

_STROKE = re.compile(r"([ML])\s*(-?[\d.]+)\s+(-?[\d.]+)")
SIGNATURE_BOX = (300, 100)  # the drawing's coordinates (components/react/signature_pad.py)


def _lines(pdf: FPDF, view: dict) -> None:
    lines_table(
        pdf,
        [
            (
                line["description"] + (" (taxed)" if line["taxed"] else ""),
                f"{line['quantity']} {line['unit']}".strip(),
                line["unit_price"],
                line["amount"],
            )
            for line in view["lines"]
        ],
    )
    pdf.ln(2)
    right_line(pdf, f"Subtotal  {view['subtotal']}", size=9.5)
    if view["tax"] != "$0.00":
        right_line(pdf, f"Sales tax  {view['tax']}", size=9.5)
    right_line(pdf, f"Change in price  {view['change']}", size=12, bold=True)
    pdf.ln(2)


def _contract(pdf: FPDF, view: dict) -> None:
    text_line(pdf, 6, "The contract as amended", bold=True, size=10)
    pdf.set_font(FAMILY, size=9.5)
    rows = [("Original contract value", view["original_value"])]
    rows += [(f"Change order {c['change_order']}", c["amount"]) for c in view["signed_changes"]]
    rows += [(f"This change order {view['change_order']}", view["change"])]
    rows += [("New contract value", view["new_value"])]
    for words, amount in rows:
        right_line(pdf, f"{words}  {amount}", size=9.5, bold=words == "New contract value")
    if view["new_completion"]:
        days = view["days"]
        moved = f" ({days:+d} {noun_for(days, 'day')})" if days else ""
        text_line(pdf, 5, f"Substantial completion on or about {view['new_completion']}{moved}")
    paragraph(pdf, 4.8, view["payment"])
    pdf.ln(2)


def draw_signature(pdf: FPDF, path: str, width: float = 60) -> None:
    """The owner's strokes, scaled from their 300 x 100 box into `width` millimetres."""
    scale = width / SIGNATURE_BOX[0]
    left, top = pdf.get_x(), pdf.get_y()
    pdf.set_draw_color(*INK)
    pdf.set_line_width(0.4)
    last = None
    for move, x, y in _STROKE.findall(path):
        point = (left + float(x) * scale, top + float(y) * scale)
        if move == "L" and last is not None:
            pdf.line(*last, *point)
        last = point
    pdf.set_y(top + SIGNATURE_BOX[1] * scale + 1)


def signer_lines(pdf: FPDF, words: str, view: dict) -> None:
    """Who signed and how (`words`), the drawn strokes, and the SHA-256 of exactly what was
    signed (a change order's or a lien waiver's view)."""
    text_line(pdf, 5.5, words, bold=True)
    if view["drawing"]:
        draw_signature(pdf, view["drawing"])
    pdf.set_text_color(*MUTED)
    text_line(pdf, 4.5, f"Document SHA-256: {view['document_sha256']}", size=7.5)
    pdf.set_text_color(*INK)


def _signatures(pdf: FPDF, view: dict, sent_by: str) -> None:
    rule(pdf)
    pdf.set_font(FAMILY, size=9)
    paragraph(pdf, 4.6, view["acceptance"])
    pdf.ln(2)
    text_line(pdf, 5.5, f"For the contractor: {sent_by}", bold=True)
    if not view["signer_name"]:
        text_line(pdf, 5, "Owner: not signed yet. Open the link in your e-mail to review and sign.")
        return
    signed = f"{view['signer_name']}, {view['method']}, {view['signed']} (New York time)"
    signer_lines(pdf, f"Owner: {signed}", view)


@without_collector
def render_change_order_pdf(view: dict, sent_by: str = "") -> bytes:
    """The change order (a change_orders.views view), signed or waiting for the signature. It
    is made with the collector paused: a signature waits for its PDF, and without the pause one
    signature in four also waited for a full collection (billing.pdf.collector_paused)."""
    title = f"Change order {view['change_order']}"
    all_text = view["owner"]["name"] + view["owner"]["address"] + view["reason"]
    pdf = new_pdf(title, all_text + "".join(line["description"] for line in view["lines"]))
    contractor_heading(pdf, view["contractor"])
    pdf.set_text_color(*ACCENT)
    text_line(pdf, 8, title, bold=True, size=16)
    pdf.set_text_color(*INK)
    rule(pdf)
    pdf.set_font(FAMILY, size=9.5)
    paragraph(pdf, 4.8, view["amends"])
    pdf.ln(2)
    text_line(pdf, 5, "Why the work changes", bold=True)
    pdf.set_font(FAMILY, size=9.5)
    paragraph(pdf, 4.8, view["reason"])
    pdf.ln(3)
    _lines(pdf, view)
    _contract(pdf, view)
    paragraph(pdf, 4.8, view["notice"])
    _signatures(pdf, view, sent_by or view["contractor"]["name"])
    return bytes(pdf.output())
