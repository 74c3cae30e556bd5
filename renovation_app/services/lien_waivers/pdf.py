"""A lien waiver as a PDF: the contractor's heading, the release for the amount and day paid,
and the subcontractor's signature (name, time, how, the drawn strokes) with the SHA-256 of
exactly what was signed."""

from renovation_app.services.billing.pdf import (
    ACCENT,
    FAMILY,
    INK,
    new_pdf,
    paragraph,
    rule,
    text_line,
    without_collector,
)
from renovation_app.services.change_orders.pdf import signer_lines
from renovation_app.services.estimates.pdf import contractor_heading


@without_collector
def render_waiver_pdf(view: dict) -> bytes:
    pdf = new_pdf(view["title"], view["subcontractor"] + view["address"] + view["bill"])
    contractor_heading(pdf, view["contractor_details"])
    pdf.set_text_color(*ACCENT)
    text_line(pdf, 8, view["title"], bold=True, size=15)
    pdf.set_text_color(*INK)
    text_line(pdf, 5.5, f"Job {view['job']} · {view['address']}")
    licence = f" (licence {view['licence']})" if view["licence"] else ""
    text_line(pdf, 5.5, f"Subcontractor: {view['subcontractor']}{licence}")
    text_line(pdf, 5.5, f"Paid: {view['amount']} on {view['paid_on']} ({view['how']})", bold=True)
    rule(pdf)
    pdf.set_font(FAMILY, size=9.5)
    paragraph(pdf, 4.8, view["release"])
    pdf.ln(2)
    paragraph(pdf, 4.8, view["not_waived"])
    pdf.ln(2)
    rule(pdf)
    if view["signer_name"]:
        signed = f"{view['signer_name']}, {view['method']}, {view['signed']}"
        signer_lines(pdf, f"Signed by {signed}", view)
    else:
        text_line(pdf, 5.5, "Not signed yet: open the link in the e-mail to review and sign.")
    return bytes(pdf.output())
