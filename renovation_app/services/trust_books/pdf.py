"""A job's trust books as a PDF (fpdf2, in the house style of billing.pdf): the business, the
job, its owner and address, the period, the figures with the balance line, then the four
books of Lien Law §75: received, paid, receivable and payable."""

from datetime import date

from fpdf import FPDF
from fpdf.fonts import FontFace

from renovation_app.content import BUSINESS
from renovation_app.services.billing.money import shown
from renovation_app.services.billing.pdf import (
    ACCENT,
    FAMILY,
    INK,
    MUTED,
    RULE,
    new_pdf,
    paragraph,
    rule,
    text_line,
    without_collector,
)
from renovation_app.services.estimates.pdf import right_line
from renovation_app.services.trust_books.views import books_view, read_books

TITLE = "Trust fund books — Lien Law §75"
ADVANCED = (180, 83, 9)  # amber: the business's own money went into the job


def _heading(pdf: FPDF, view: dict) -> None:
    pdf.set_text_color(*INK)
    text_line(pdf, 8, BUSINESS.name, bold=True, size=15)
    pdf.set_text_color(*MUTED)
    text_line(pdf, 4.5, f"{BUSINESS.legal_name} · {BUSINESS.address.one_line}", size=9)
    pdf.ln(3)
    pdf.set_text_color(*ACCENT)
    text_line(pdf, 8, TITLE, bold=True, size=16)
    pdf.set_text_color(*INK)
    text_line(pdf, 5.5, f"Job {view['number']} · {view['title']}", bold=True, size=10.5)
    pdf.set_font(FAMILY, size=9.5)
    paragraph(pdf, 4.8, f"Owner: {view['owner']}")
    if view["address"]:
        paragraph(pdf, 4.8, f"Address: {view['address']}")
    paragraph(pdf, 4.8, f"Period: {view['period']}")
    pdf.ln(2)
    rule(pdf)


def _figures(pdf: FPDF, view: dict) -> None:
    for words, name in (
        ("Opening balance", "opening"),
        ("Received", "received"),
        ("Paid", "paid"),
    ):
        right_line(pdf, f"{words}  {view[name]}", size=9.5)
    if view["advanced_cents"]:
        pdf.set_text_color(*ADVANCED)
        right_line(pdf, f"Advanced by the business  {view['advanced']}", size=12, bold=True)
    else:
        right_line(pdf, f"Balance held in trust  {view['closing']}", size=12, bold=True)
    pdf.set_text_color(*INK)
    right_line(pdf, f"Money receivable  {view['receivable']}", size=9.5)
    right_line(pdf, f"Money payable  {view['payable']}", size=9.5)
    pdf.ln(2)


def _table(pdf: FPDF, heading: str, widths: tuple, cells: list[tuple], total: str) -> None:
    """One book: its heading, a table (the last column the amount), and its total."""
    text_line(pdf, 6.5, heading, bold=True, size=11)
    if len(cells) == 1:
        pdf.set_text_color(*MUTED)
        text_line(pdf, 5, "None.", size=9)
        pdf.set_text_color(*INK)
        pdf.ln(2)
        return
    pdf.set_font(FAMILY, size=8.5)
    pdf.set_draw_color(*RULE)
    with pdf.table(
        col_widths=widths,
        text_align=("LEFT",) * (len(widths) - 1) + ("RIGHT",),
        line_height=4.6,
        padding=1.2,
        borders_layout="HORIZONTAL_LINES",
        headings_style=FontFace(emphasis="BOLD", color=INK),
    ) as table:
        for texts in cells:
            row = table.row()
            for text in texts:
                row.cell(str(text))
    right_line(pdf, f"Total  {total}", size=9.5, bold=True)
    pdf.ln(2)


def _books(pdf: FPDF, view: dict) -> None:
    received = [("Date", "Invoice", "What", "How", "Reference", "Amount")]
    received += [
        (r["day"], r["invoice_number"], r["what"], r["method"], r["reference"], r["amount"])
        for r in view["received_rows"]
    ]
    _table(pdf, "Funds received", (28, 22, 16, 40, 46, 28), received, view["received"])
    paid = [("Date", "To whom", "What", "Category", "How paid", "Amount")]
    paid += [
        (r["day"], r["payee"], r["description"], r["category"], r["how"], r["amount"])
        for r in view["paid_rows"]
    ]
    _table(pdf, "Payments made", (26, 34, 42, 26, 26, 26), paid, view["paid"])
    owed = [("Invoice", "Issued", "Due", "Total", "Received", "Receivable")]
    owed += [
        (r["invoice_number"], r["issued"], r["due"], r["total"], r["received"], r["receivable"])
        for r in view["receivable_rows"]
    ]
    _table(pdf, "Money receivable", (24, 32, 32, 30, 30, 32), owed, view["receivable"])
    payable = [("Incurred", "To whom", "What", "Due", "Amount")]
    payable += [
        (r["incurred"], r["payee"], r["description"], r["due"], r["amount"])
        for r in view["payable_rows"]
    ]
    _table(pdf, "Money payable", (28, 40, 58, 28, 26), payable, view["payable"])


def _all_text(view: dict) -> str:
    parts = [view["owner"], view["address"], view["title"]]
    for name in ("received_rows", "paid_rows", "payable_rows"):
        for row in view[name]:
            parts += [str(value) for value in row.values()]
    return "".join(parts)


@without_collector
def render_trust_books_pdf(view: dict) -> bytes:
    """The books (a TrustBooksView through billing.shown) as a PDF file."""
    pdf = new_pdf(f"Trust fund books, job {view['number']}", _all_text(view))
    _heading(pdf, view)
    _figures(pdf, view)
    _books(pdf, view)
    pdf.set_font(FAMILY, size=8)
    pdf.set_text_color(*MUTED)
    paragraph(
        pdf,
        4,
        "Money an owner pays for a home improvement is held in trust for the job (New York Lien "
        "Law Article 3-A). Refunds and vendor credits are negative. Dates are New York dates.",
    )
    pdf.set_text_color(*INK)
    return bytes(pdf.output())


def trust_books_pdf(number: str, start: date, end: date, admin: bool = False) -> bytes | None:
    """The job's trust books for [start, end] as a PDF; None when there is no such job.
    Crew days per person for an admin only (views.read_books)."""
    found = read_books(number, start, end, admin)
    return render_trust_books_pdf(shown(books_view(*found))) if found else None
