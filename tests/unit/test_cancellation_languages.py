"""The notice of cancellation in the language of the sale: Spanish, Russian and Chinese
catalogues (gettext .po read with Babel) whose msgids are today's English texts, the English
notice beside each translation until the lawyer has reviewed it, and both in the contract PDF."""

import dataclasses
import io
import re
from datetime import UTC, datetime

import pytest
from babel.messages.pofile import read_po
from pypdf import PdfReader

from renovation_app.content import BUSINESS
from renovation_app.content import contract as words
from renovation_app.content import languages as content
from renovation_app.services import languages
from renovation_app.services.estimates.document import document_hash
from renovation_app.services.estimates.pdf import Signature, render_contract_pdf
from renovation_app.services.languages import (
    cancellation_notices,
    english_texts,
    signing_words,
    translate,
    translator,
)
from tests.factories.estimates import unsaved_contract

TRANSLATED = ["es", "ru", "zh"]
FIELDS = {"contractor": BUSINESS.legal_name, "address": BUSINESS.address.one_line}
# The notice's heading in each language, as the catalogue gives it.
NOTICE_HEADINGS = {
    "es": "Aviso de cancelación",
    "ru": "Уведомление о расторжении",
    "zh": "取消通知",
}
PLACEHOLDER = re.compile(r"\{(\w*)\}")


@pytest.fixture(autouse=True)
def fresh_catalogues():
    translator.cache_clear()
    yield
    translator.cache_clear()


def contract(language: str, owner: str = "Maria Lopez") -> dict:
    return unsaved_contract(language=language, customer_name=owner)


def pdf_of(document: dict) -> bytes:
    signature = Signature("Maria Lopez", "Nov 24, 2026, 3:12 PM", document_hash(document))
    return render_contract_pdf(document, signature)


def text_of(pdf: bytes) -> str:
    """The PDF's words with every space and line break taken out (lines wrap anywhere). pypdf
    reads the CJK font's embedded CMap a byte at a time (py-pdf/pypdf#2295): a NUL comes
    before each of its characters."""
    pages = PdfReader(io.BytesIO(pdf)).pages
    return "".join("".join(page.extract_text().split()) for page in pages).replace("\x00", "")


def squeezed(text: str) -> str:
    return "".join(text.split())


def catalogue(code: str):
    with languages.catalogue_path(code).open("rb") as po:
        return read_po(po)


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_language_gives_its_notice_first_then_the_english_one(code):
    translated, english = cancellation_notices(code, **FIELDS)
    language = content.SALE_LANGUAGES[code]
    assert translated.language_name == f"{language.native_name} ({language.english_name})"
    assert english.language_name == "English"
    assert [s["heading"] for s in english.sections] == [
        words.CANCELLATION_NOTICE.heading,
        words.NOTICE_OF_CANCELLATION.heading,
    ]
    assert translated.sections[1]["heading"] == NOTICE_HEADINGS[code]
    for mine, theirs in zip(translated.sections, english.sections, strict=True):
        assert mine["bold"] == theirs["bold"]
        assert len(mine["paragraphs"]) == len(theirs["paragraphs"])
        assert mine["paragraphs"] != theirs["paragraphs"]


def test_an_english_sale_gives_the_english_notice_alone():
    [notice] = cancellation_notices("en", **FIELDS)
    assert notice.language_name == "English"
    right, notice_of_cancellation = notice.sections
    assert right["heading"] == words.CANCELLATION_NOTICE.heading and right["bold"] is True
    assert "I hereby cancel this transaction" in notice_of_cancellation["paragraphs"][-1]


@pytest.mark.parametrize("code", ["en", *TRANSLATED])
def test_the_placeholders_are_filled_in_every_language(code):
    for notice in cancellation_notices(code, **FIELDS):
        text = " ".join(p for s in notice.sections for p in s["paragraphs"])
        assert "{" not in text and "}" not in text
        assert BUSINESS.legal_name in text and BUSINESS.address.one_line in text
    translated = cancellation_notices(code, **FIELDS)[0]
    assert translate(code, words.DEADLINE_RULE) in translated.sections[0]["paragraphs"][0]


def test_a_translation_the_lawyer_has_reviewed_is_given_alone(monkeypatch):
    reviewed = dataclasses.replace(content.SALE_LANGUAGES["es"], lawyer_reviewed=True)
    monkeypatch.setitem(content.SALE_LANGUAGES, "es", reviewed)
    [notice] = cancellation_notices("es", **FIELDS)
    assert notice.sections[1]["heading"] == "Aviso de cancelación"


def test_a_text_the_catalogue_lacks_or_marks_fuzzy_comes_back_in_english(tmp_path, monkeypatch):
    po = tmp_path / "es" / "LC_MESSAGES" / "contract.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: es\\n"\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        'msgid "Accept and sign"\nmsgstr "Aceptar y firmar"\n\n'
        '#, fuzzy\nmsgid "Cancel this contract"\nmsgstr "Cancelar este contrato"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(languages, "LOCALE_DIR", tmp_path)
    assert translate("es", "Accept and sign") == "Aceptar y firmar"
    assert translate("es", "Cancel this contract") == "Cancel this contract"
    assert translate("es", words.NOTICE_OF_CANCELLATION.heading) == "Notice of cancellation"


@pytest.mark.parametrize("call", [translator, lambda code: cancellation_notices(code, **FIELDS)])
def test_an_unknown_language_is_refused(call):
    with pytest.raises(ValueError, match="Unknown language of the sale: 'fr'"):
        call("fr")


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalogue_translates_exactly_the_current_english_texts(code):
    """Editing an English text of content/contract.py without its catalogues fails here."""
    messages = [m for m in catalogue(code) if m.id]
    assert sorted(m.id for m in messages) == sorted(english_texts())
    for message in messages:
        assert message.string.strip(), message.id
        assert not message.fuzzy, message.id
        placeholders = sorted(PLACEHOLDER.findall(message.id))
        assert sorted(PLACEHOLDER.findall(message.string)) == placeholders, message.id


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalogue_says_it_awaits_the_lawyer_and_names_its_language(code):
    language = content.SALE_LANGUAGES[code]
    read = catalogue(code)
    assert not language.lawyer_reviewed
    assert "Translation to be reviewed by the business's lawyer" in read.header_comment
    assert str(read.locale) == language.locale


def test_every_language_of_the_sale_has_its_catalogue_and_none_is_compiled():
    for code in content.SALE_LANGUAGES:
        assert code == "en" or languages.catalogue_path(code).is_file()
    assert not list(languages.LOCALE_DIR.rglob("*.mo"))


def test_the_estimate_form_offers_every_language():
    assert content.SALE_LANGUAGE_NAMES == {
        "en": "English",
        "es": "Spanish (Español)",
        "ru": "Russian (Русский)",
        "zh": "Simplified Chinese (简体中文)",
    }


def test_the_signing_page_words_are_in_the_language_with_the_deadline_in_its_dates():
    deadline = datetime(2026, 12, 2, 4, 59, 59, tzinfo=UTC)  # end of Dec 1 in New York
    spanish = signing_words("es", cancel_until=deadline)
    assert spanish["accept_and_sign"] == "Aceptar y firmar"
    assert (
        spanish["cancel_until"]
        == "Puede cancelar este contrato hasta el 1 de diciembre de 2026, 23:59."
    )
    assert spanish["acceptance"].startswith("Al escribir mi nombre completo")
    assert set(spanish) == {*content.SIGNING_PAGE, "acceptance"}
    english = signing_words("en", cancel_until=deadline)
    assert english["cancel"] == "Cancel this contract" and english["acceptance"] == words.ACCEPTANCE
    assert "December 1, 2026" in english["cancel_until"]
    assert signing_words("zh")["cancel_until"] == ""


def test_the_document_records_the_language_so_the_hash_covers_it():
    english, spanish = contract("en"), contract("es")
    assert "language" not in english  # English documents keep the hash they had
    assert spanish["language"] == "es"
    assert spanish["translated_acceptance"] == translate("es", words.ACCEPTANCE)
    assert document_hash(spanish) != document_hash(english)
    headings = [s["heading"] for s in spanish["sections"]]
    assert headings.index("Aviso de cancelación") < headings.index("Notice of cancellation")


def test_a_spanish_contract_pdf_has_the_spanish_notice_and_the_english_one():
    text = text_of(pdf_of(contract("es")))
    for part in (
        "ESPAÑOL (SPANISH)",
        "Su derecho a cancelar",
        "Aviso de cancelación",
        "Por la presente cancelo esta transacción.",
        "Your right to cancel",
        "Notice of cancellation",
        "I hereby cancel this transaction.",
        translate("es", words.ACCEPTANCE),
        words.ACCEPTANCE,
    ):
        assert squeezed(part) in text, part


def test_a_chinese_contract_pdf_embeds_the_cjk_glyphs_and_loses_no_words():
    pdf = pdf_of(contract("zh", owner="王芳"))
    fonts = {
        str(font.get_object()["/BaseFont"])
        for page in PdfReader(io.BytesIO(pdf)).pages
        for font in page["/Resources"]["/Font"].values()
    }
    assert any("NotoSansCJKSC" in name for name in fonts)  # the Simplified Chinese face
    text = text_of(pdf)
    [translated, english] = cancellation_notices("zh", **FIELDS)
    # Every paragraph whole, the Latin words inside the Chinese ones too (fpdf2 drops them
    # when a page starts with a line in its fallback font).
    for section in translated.sections + english.sections:
        for part in (section["heading"], *section["paragraphs"]):
            assert squeezed(part) in text, part
    assert "王芳" in text
