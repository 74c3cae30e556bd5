"""The invoice PDF carries the business, the customer (in any script), every line, the total,
the payment terms and the pay link; its text is read back with pypdf."""

import io
from datetime import UTC, date, datetime

import pytest
from pypdf import PdfReader

from renovation_app.content import BUSINESS, TERMS
from renovation_app.content.tax import CAPITAL_IMPROVEMENT_NOTE
from renovation_app.services.billing import pdf as invoice_pdf_module
from renovation_app.services.billing.pdf import fallback_font
from renovation_app.services.invoicing import (
    create_invoice,
    get_invoice,
    invoice_pdf,
    validate_invoice,
    void_invoice,
)
from renovation_app.services.staff.sessions import SignedInUser
from tests.factories import invoice_payload, mails, signed_in, staff_user

TODAY = date(2026, 11, 23)
NOON = datetime(2026, 11, 23, 17, 0, tzinfo=UTC)
# Every value here is asserted on below, read back from the PDF.
INVOICE = invoice_payload(
    name="Zoë Ńowak 张伟",
    email="zoe@example.com",
    phone="(718) 555-0199",
    address="12 Ocean Parkway, Apt 3\nBrooklyn, NY 11218",
    note="Tiles chosen by Zoë; grout in charcoal.",
    due_date="2026-12-15",
    lines=[
        {"service": "bathroomRemodelling", "price": "8,400", "description": "Walk-in shower"},
        {"service": "floorAndTile", "price": "1,250.50", "description": ""},
        {"service": "otherWork", "price": "99.99", "description": "Replace the door handle"},
    ],
)


def text_of(pdf: bytes) -> str:
    reader = PdfReader(io.BytesIO(pdf))
    text = "\n".join(page.extract_text() for page in reader.pages)
    # pypdf reads the CJK font's embedded CMap a byte at a time (py-pdf/pypdf#2295), so a NUL
    # comes before each Chinese character; poppler's pdftotext reads the same file cleanly.
    return text.replace("\x00", "")


@pytest.fixture
def author(clean_db) -> SignedInUser:
    return signed_in(staff_user(name="Sam Staff"))


@pytest.fixture
def invoice(author):
    return create_invoice(validate_invoice(INVOICE, today=TODAY), author.id, "pdf-form", now=NOON)


def test_the_pdf_has_the_number_customer_lines_and_total(invoice):
    text = text_of(invoice_pdf(invoice.number)[1])
    for part in (
        "Invoice 2026-0001",
        "Zoë Ńowak 张伟",
        "12 Ocean Parkway, Apt 3",
        "zoe@example.com",
        "(718) 555-0199",
        "Bathroom Remodelling",
        "Walk-in shower",
        "$8,400.00",
        "Floor and Tile",
        "$1,250.50",
        "Other work",
        "Replace the door handle",
        "$99.99",
        "$9,750.49",
        "Issued November 23, 2026",
        "Due December 15, 2026",
        "Tiles chosen by Zoë; grout in charcoal.",
    ):
        assert part in text, part


def test_the_pdf_has_the_business_terms_and_pay_link(invoice):
    text = text_of(invoice_pdf(invoice.number)[1])
    view = get_invoice(invoice.number)
    for part in (
        BUSINESS.name,
        BUSINESS.address.one_line,
        BUSINESS.phone_display,
        BUSINESS.email,
        view.pay_url,
    ):
        assert part in text, part
    [terms] = [s for s in TERMS if s.heading == "Quotes and Payments"]
    assert "full payment is due on completion" in " ".join(text.split())
    assert "full payment is due on completion" in " ".join(terms.paragraphs)


def test_the_pay_link_in_the_pdf_is_clickable(invoice):
    reader = PdfReader(io.BytesIO(invoice_pdf(invoice.number)[1]))
    uris = [
        annotation.get_object()["/A"]["/URI"]
        for page in reader.pages
        for annotation in page.get("/Annots", [])
    ]
    assert get_invoice(invoice.number).pay_url in uris


def test_the_fonts_are_embedded(invoice):
    reader = PdfReader(io.BytesIO(invoice_pdf(invoice.number)[1]))
    fonts = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            descendant = font.get_object()["/DescendantFonts"][0].get_object()
            # TrueType outlines (DejaVu) or CFF ones (Noto Sans CJK)
            assert {"/FontFile2", "/FontFile3"} & set(descendant["/FontDescriptor"])
            fonts.add(str(font.get_object()["/BaseFont"]))
    assert any("DejaVu" in name for name in fonts)
    assert any("NotoSansCJKSC" in name for name in fonts)  # Chinese, in its Simplified face


def test_a_latin_invoice_does_not_load_the_large_chinese_font(author, monkeypatch):
    def must_not_load():
        raise AssertionError("the CJK font was loaded for an invoice that does not need it")

    latin = {**INVOICE, "name": "Zoë Ńowak", "note": "Two\nlines\twith a tab"}
    made = create_invoice(validate_invoice(latin, today=TODAY), author.id, "latin", now=NOON)
    monkeypatch.setattr(invoice_pdf_module, "fallback_font", must_not_load)
    text = text_of(invoice_pdf(made.number)[1])
    assert "Zoë Ńowak" in text and "12 Ocean Parkway, Apt 3" in text


def test_the_cjk_font_is_installed():
    assert fallback_font() is not None


def test_a_void_invoice_pdf_says_void_and_has_no_pay_link(invoice, author):
    view = void_invoice(invoice.number, author, "Duplicate", now=NOON)
    text = text_of(invoice_pdf(invoice.number)[1])
    assert "VOID" in text
    assert view.pay_url not in text and "Pay online" not in text


def test_a_long_description_wraps_onto_several_lines(author):
    words = "Remove the old vanity and install a new floating one " * 8
    long = {**INVOICE, "lines": [{"service": "otherWork", "price": "10", "description": words}]}
    made = create_invoice(validate_invoice(long, today=TODAY), author.id, "long", now=NOON)
    text = " ".join(text_of(invoice_pdf(made.number)[1]).split())
    assert " ".join(words.split()) in text


def squeezed(text: str) -> str:
    return "".join(text.split())


def test_a_capital_improvement_invoice_says_why_no_sales_tax_is_charged(invoice):
    """The lines are capital improvements (the default category): untaxed because of the
    owner's Form ST-124, which the PDF and the e-mail say, citing the Tax Law."""
    assert (
        "Form ST-124 on file" in CAPITAL_IMPROVEMENT_NOTE
        and "§1105(c)(3)" in CAPITAL_IMPROVEMENT_NOTE
    )
    text = squeezed(text_of(invoice_pdf(invoice.number)[1]))
    assert squeezed(CAPITAL_IMPROVEMENT_NOTE) in text
    (mail,) = mails("invoice")
    assert CAPITAL_IMPROVEMENT_NOTE in mail.text and CAPITAL_IMPROVEMENT_NOTE in mail.html


def test_a_taxed_invoice_claims_no_exemption(author):
    taxed = {
        **INVOICE,
        "lines": [{"service": "floorAndTile", "price": "200", "tax_category": "repair"}],
    }
    made = create_invoice(validate_invoice(taxed, today=TODAY), author.id, "taxed", now=NOON)
    text = text_of(invoice_pdf(made.number)[1])
    assert "Sales tax" in text and "ST-124" not in text
    (mail,) = mails("invoice")
    assert "ST-124" not in mail.text and "ST-124" not in mail.html
