"""A sale made in Spanish, Russian or Chinese: the statements the owner ticks beside the contract
(Form ST-124, the lead pamphlet's receipt, the contract's own box) in that language above the
English, kept so in the signed documents and their PDFs; an English sale's are as they were."""

import io
import json

import pytest
import reflex as rx
from pypdf import PdfReader
from sqlmodel import select

from renovation_app.content import compliance
from renovation_app.content.languages import SIGNING_PAGE
from renovation_app.db import db_session
from renovation_app.models import Signature
from renovation_app.pages import estimate_link
from renovation_app.services import estimates
from renovation_app.services.estimates.pdf import render_certificate_pdf
from renovation_app.services.languages import CERTIFICATE_TEXTS, translate
from tests.factories import SIGNER_CLIENT, estimate_token, sent_estimate

SPANISH_ST124 = "Yo, el propietario, certifico que el trabajo descrito arriba"
SPANISH_PAMPHLET = "Recibí el folleto “The Lead-Safe Certified Guide to Renovate Right”."


def sent_in(admin, language: str, key: str):
    """An $8,000 capital improvement in a 1962 home: Form ST-124 and the pamphlet's receipt."""
    return sent_estimate(admin, key, year_built="1962", language=language)


def squeezed(text: str) -> str:
    # pypdf reads the CJK font's CMap a byte at a time: a NUL before each character.
    return "".join(text.split()).replace("\x00", "")


def pdf_text(content: bytes) -> str:
    return squeezed("".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages))


def signed(admin, language: str, key: str) -> list[Signature]:
    sent = sent_in(admin, language, key)
    estimates.accept(
        estimate_token(sent),
        [],
        "Maria Lopez",
        True,
        SIGNER_CLIENT,
        certificates=["st124", "lead_pamphlet"],
    )
    with db_session() as session:
        return list(session.exec(select(Signature).order_by(Signature.id)))


def test_a_spanish_sales_page_gives_st124_and_the_pamphlet_receipt_in_spanish_and_english(
    admin, contract_settings
):
    view = estimates.read_link(estimate_token(sent_in(admin, "es", "es-page"))).estimate
    st124, pamphlet = view.to_sign
    assert (st124.title, st124.statement, st124.tick) == (
        compliance.ST124_TITLE,
        compliance.ST124_STATEMENT,
        compliance.ST124_TICK,
    )
    assert st124.translated_title == "Formulario ST-124, Certificado de mejora de capital"
    assert st124.translated_statement.startswith(SPANISH_ST124)
    assert st124.translated_tick == translate("es", compliance.ST124_TICK)
    assert st124.translated_tick.startswith("Certifico que este trabajo es una mejora de capital")
    assert pamphlet.statement == compliance.PAMPHLET_STATEMENT
    assert pamphlet.translated_statement.startswith("Yo, el propietario, recibí una copia")
    assert pamphlet.translated_tick == SPANISH_PAMPHLET
    assert view.signing["agree"] == translate("es", SIGNING_PAGE["agree"])


# The English title leads the box; each translation comes above its English.
BOX_ORDER = (
    "title",
    "translated_title",
    "translated_statement",
    "statement",
    "translated_tick",
    "tick",
)


def drawn(component: rx.Component) -> str:
    """A component as the compiled page reads it: the vars it shows, the texts it prints."""
    return json.dumps(component.render(), default=str).replace('\\"', '"')


def test_the_signing_page_draws_each_statement_and_box_in_both_languages():
    page = drawn(estimate_link.sign_form())
    assert '["signing"]?.["agree"]' in page and SIGNING_PAGE["agree"] in page
    assert page.index('["signing"]?.["agree"]') < page.index(SIGNING_PAGE["agree"])
    box = drawn(estimate_link.certificate_box(rx.Var("certificate").to(dict)))
    shown = [box.index(f'certificate?.["{field}"]') for field in BOX_ORDER]
    assert shown == sorted(shown)


def test_an_english_sale_asks_for_the_statements_in_english_alone(admin, contract_settings):
    view = estimates.read_link(estimate_token(sent_in(admin, "en", "en-page"))).estimate
    for certificate in view.to_sign:
        assert (certificate.translated_title, certificate.translated_statement) == ("", "")
        assert certificate.translated_tick == ""
    assert view.signing is None
    st124, _ = signed(admin, "en", "en-signed")
    assert set(json.loads(st124.document)) == {"title", "fields", "statement", "signed_on"}


def test_a_spanish_sales_signed_certificates_keep_both_statements_in_the_record_and_pdf(
    admin, contract_settings
):
    st124, pamphlet = signed(admin, "es", "es-signed")
    document = json.loads(st124.document)
    assert document["translated_statement"].startswith(SPANISH_ST124)
    assert document["statement"] == compliance.ST124_STATEMENT
    text = pdf_text(render_certificate_pdf(st124))
    for part in (
        "Formulario ST-124, Certificado de mejora de capital",
        document["translated_statement"],
        compliance.ST124_STATEMENT,
        "Signed by Maria Lopez",
    ):
        assert squeezed(part) in text, part
    text = pdf_text(render_certificate_pdf(pamphlet))
    assert squeezed(translate("es", compliance.PAMPHLET_STATEMENT)) in text
    assert squeezed(compliance.PAMPHLET_STATEMENT) in text


def test_a_chinese_sales_certificate_pdf_loses_no_words(admin, contract_settings):
    st124, _ = signed(admin, "zh", "zh-signed")
    text = pdf_text(render_certificate_pdf(st124))
    for part in (
        translate("zh", compliance.ST124_TITLE),
        translate("zh", compliance.ST124_STATEMENT),
    ):
        assert squeezed(part) in text, part
    assert squeezed(compliance.ST124_STATEMENT) in text


@pytest.mark.parametrize("code", ["es", "ru", "zh"])
def test_every_statement_signed_with_the_contract_has_its_translation(code):
    for text in CERTIFICATE_TEXTS:
        assert translate(code, text) != text, text
