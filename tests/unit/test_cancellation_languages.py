"""The notice of cancellation in the language of the sale: Spanish, Russian and Chinese
catalogues (gettext .po read with Babel) whose msgids are today's English texts, the English
notice beside each translation until the lawyer has reviewed it, and both in the contract PDF."""

import dataclasses
import io
import re
from datetime import UTC, date, datetime

import pytest
import time_machine
from babel.messages.pofile import read_po
from pypdf import PdfReader

from renovation_app.content import BUSINESS
from renovation_app.content import contract as words
from renovation_app.content import languages as content
from renovation_app.services import estimates, languages
from renovation_app.services.estimates.pdf import Signature, render_contract_pdf
from renovation_app.services.languages import (
    cancellation_notices,
    english_texts,
    signing_words,
    translate,
    translator,
)
from renovation_app.services.signatures import document_hash
from tests.factories.estimates import accepted_estimate, unsaved_contract
from tests.factories.links import estimate_token

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


# Sunday, July 4, 2027, 11 am in New York: Monday the 5th is a public holiday too (General
# Construction Law §24), so the third business day after is Thursday, July 8.
SIGNED_ON_A_SUNDAY = datetime(2027, 7, 4, 15, 0, tzinfo=UTC)
SUNDAY_DATES = (date(2027, 7, 4), date(2027, 7, 8))


@pytest.fixture
def spanish_sale(admin, contract_settings):
    """A sale made in Spanish, sent and signed on Sunday, July 4, 2027."""
    with time_machine.travel(SIGNED_ON_A_SUNDAY, tick=False):
        return accepted_estimate(admin, "spanish-sale", language="es")


def test_a_spanish_sale_signed_on_a_sunday_dates_its_notice_in_spanish_and_english(spanish_sale):
    _, pdf = estimates.staff_estimate_pdf(spanish_sale.number)
    text = text_of(pdf)
    for part in (
        "Fecha de esta transacción: domingo, 4 de julio de 2027. Último día para cancelar: "
        "jueves, 8 de julio de 2027, hasta la medianoche.",
        "a más tardar a la medianoche del jueves, 8 de julio de 2027.",
        translate("es", words.REFUND_RULE),
        "Date of this transaction: Sunday, July 4, 2027. Last day to cancel: Thursday, July 8, "
        "2027, until midnight.",
        "not later than midnight of Thursday, July 8, 2027.",
        words.REFUND_RULE,
        "as Lien Law §71-a(4) requires",
    ):
        assert squeezed(part) in text, part
    # In the right to cancel beside the signature and in the notice of cancellation, each
    # language.
    assert text.count(squeezed("Date of this transaction: Sunday, July 4, 2027.")) == 2
    assert text.count(squeezed("Fecha de esta transacción: domingo, 4 de julio de 2027.")) == 2
    assert "General Business Law §71-a" not in text


def test_the_signed_page_gives_the_same_dates_in_the_language_of_the_sale(spanish_sale):
    view = estimates.read_link(estimate_token(spanish_sale)).estimate
    spanish, english = (
        " ".join(p for s in notice["sections"] for p in s["paragraphs"]) for notice in view.notices
    )
    assert "Fecha de esta transacción: domingo, 4 de julio de 2027." in spanish
    assert "Last day to cancel: Thursday, July 8, 2027, until midnight." in english
    assert view.signing["cancel_until"].endswith("8 de julio de 2027, 23:59.")
    assert view.signing["paid_back"] == translate("es", words.REFUND_RULE)
    assert view.cancel_until == "Jul 8, 2027, 11:59 PM"


@pytest.mark.parametrize(
    ("code", "signed", "last_day"),
    [
        ("en", "Sunday, July 4, 2027", "Thursday, July 8, 2027"),
        ("es", "domingo, 4 de julio de 2027", "jueves, 8 de julio de 2027"),
        ("ru", "воскресенье, 4 июля 2027\u202fг.", "четверг, 8 июля 2027\u202fг."),
        ("zh", "2027年7月4日星期日", "2027年7月8日星期四"),
    ],
)
def test_each_language_prints_both_days_in_both_notices(code, signed, last_day):
    translated = cancellation_notices(code, SUNDAY_DATES, **FIELDS)[0]
    for section in translated.sections:
        text = " ".join(section["paragraphs"])
        assert signed in text and last_day in text, section["heading"]
        assert "{" not in text


@pytest.mark.parametrize("code", ["en", *TRANSLATED])
def test_before_signing_the_notice_says_how_its_days_are_counted(code):
    translated = cancellation_notices(code, **FIELDS)[0]
    dates = translate(
        code,
        words.TRANSACTION_DATES,
        signed_on=translate(code, words.UNSIGNED_DAY),
        cancel_by=translate(code, words.UNSIGNED_LAST_DAY),
    )
    assert [dates in s["paragraphs"] for s in translated.sections] == [True, True]


def test_the_refund_is_said_one_way_everywhere():
    """Personal Property Law §428(1)(b): payments are returned "within 10 business days
    following receipt by the seller of your cancellation notice"."""
    assert "within 10 business days after the contractor receives" in words.REFUND_RULE
    assert content.SIGNING_PAGE["paid_back"] == words.REFUND_RULE
    [notice] = cancellation_notices("en", **FIELDS)
    assert [words.REFUND_RULE in s["paragraphs"] for s in notice.sections] == [True, True]
    others = [text for text in english_texts() if text != words.REFUND_RULE]
    assert not any("returned" in text or "10 days" in text for text in others)
