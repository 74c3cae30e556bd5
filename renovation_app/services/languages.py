"""The owner's papers in the language of the sale: the notice of cancellation, the signing
page's words, the statements signed with the contract and the e-mails about the sale.

The translations are the gettext catalogues in content/locale/<code>/LC_MESSAGES/contract.po,
read with Babel and compiled in memory once per language, so there are no .mo files to build
or keep in step. Their msgids are the English texts themselves: a text with no translation (or
one marked fuzzy) comes back in English.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import NamedTuple

from babel import Locale
from babel.dates import format_date, format_time
from babel.messages.extract import extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations
from sqlmodel import Session

from renovation_app.content import compliance, tax
from renovation_app.content import contract as words
from renovation_app.content.business import BUSINESS_TIMEZONE
from renovation_app.content.contract import ContractSection
from renovation_app.content.languages import ENGLISH, SALE_LANGUAGES, SIGNING_PAGE, SaleLanguage
from renovation_app.models import Estimate, Invoice, Job

LOCALE_DIR = Path(__file__).resolve().parents[1] / "content" / "locale"
DOMAIN = "contract"
NOTICE_SECTIONS = (words.CANCELLATION_NOTICE, words.NOTICE_OF_CANCELLATION)
# What the owner ticks beside the contract (Form ST-124, the lead pamphlet's receipt).
CERTIFICATE_TEXTS = (
    compliance.ST124_TITLE,
    compliance.ST124_STATEMENT,
    compliance.ST124_TICK,
    compliance.PAMPHLET_RECEIPT_TITLE,
    compliance.PAMPHLET_STATEMENT,
    compliance.PAMPHLET_TICK,
)
# The e-mails to the owner say their sentences through t("...") in the templates (read by
# template_texts); these come from content/ instead.
MAIL_TEXTS = (
    tax.CAPITAL_IMPROVEMENT_NOTE,
    compliance.ESCROW_NOTICE_SUBJECT,
    *compliance.ESCROW_NOTICE,
)
TEMPLATES_DIR = Path(__file__).resolve().parents[1] / "templates"
PLACEHOLDER = re.compile(r"\{\w*\}")


class CancellationNotice(NamedTuple):
    language_name: str  # "Español (Spanish)", or "English"
    sections: list[dict]  # as in the contract document: heading, paragraphs, bold


def sale_language(code: str) -> SaleLanguage:
    """The language of the sale with this code; any other code is refused."""
    language = SALE_LANGUAGES.get(code)
    if language is None:
        known = ", ".join(SALE_LANGUAGES)
        raise ValueError(f"Unknown language of the sale: {code!r} (known: {known}).")
    return language


def language_name(code: str) -> str:
    """How the owner and the office both read it: "Español (Spanish)", or "English"."""
    language = sale_language(code)
    if language is ENGLISH:
        return ENGLISH.english_name
    return f"{language.native_name} ({language.english_name})"


def catalogue_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def template_texts() -> list[str]:
    """The texts the e-mail templates give as t("..."), found by Babel's extractor for Jinja."""
    texts = []
    for template in sorted(TEMPLATES_DIR.glob("*.*")):
        with template.open("rb") as source:
            found = extract("jinja2.ext:babel_extract", source, keywords={"t": None})
            texts += [text for _, text, _, _ in found]
    return texts


def _has_words(text: str) -> bool:
    # "{bank}\n{bank_address}" reads the same in every language: it needs no entry.
    return any(character.isalpha() for character in PLACEHOLDER.sub("", text))


def english_texts() -> list[str]:
    """Every English text the catalogues translate (their msgids), each once, in the order
    they first appear."""
    texts = []
    for section in NOTICE_SECTIONS:
        texts += [section.heading, *section.paragraphs]
    texts += [words.DEADLINE_RULE, words.UNSIGNED_DAY, words.UNSIGNED_LAST_DAY, words.ACCEPTANCE]
    texts += [*SIGNING_PAGE.values(), *CERTIFICATE_TEXTS, *MAIL_TEXTS, *template_texts()]
    return list(dict.fromkeys(text for text in texts if _has_words(text)))


@cache
def translator(code: str) -> NullTranslations:
    """The gettext translations of one language of the sale (for English, the texts as they
    are). Raises ValueError for a code that is not a language of the sale."""
    language = sale_language(code)
    if language is ENGLISH:
        return NullTranslations()
    with catalogue_path(code).open("rb") as po:
        catalogue = read_po(po, locale=language.locale, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalogue)  # leaves fuzzy entries out: they stay English
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def translated(code: str, text: str) -> str:
    """`text`, one of english_texts(), in the language of the sale, placeholders unfilled."""
    return translator(code).gettext(text)


def translate(code: str, text: str, **fields: str) -> str:
    """`text`, one of english_texts(), in the language of the sale, with its {placeholders}
    filled from `fields`."""
    return translated(code, text).format(**fields)


def _section(code: str, section: ContractSection, fields: dict) -> dict:
    paragraphs = [translate(code, text, **fields) for text in section.paragraphs]
    return {
        "heading": translate(code, section.heading),
        "paragraphs": [text for text in paragraphs if text],
        "bold": section.bold,
    }


def date_words(code: str, day: date, length: str = "full") -> str:
    """A day as the owner reads dates in the language of the sale: "domingo, 4 de julio de
    2027", "Sunday, July 4, 2027" (`length` "long": "4 de julio de 2027")."""
    return format_date(day, length, locale=Locale.parse(sale_language(code).locale))


def _notice(code: str, fields: dict, dates: tuple[date, date] | None) -> CancellationNotice:
    # The rule and the days are texts of their own, so each language fills them in its words.
    filled = {**fields, "deadline_rule": translate(code, words.DEADLINE_RULE)}
    if dates is None:
        filled["signed_on"] = translate(code, words.UNSIGNED_DAY)
        filled["cancel_by"] = translate(code, words.UNSIGNED_LAST_DAY)
    else:
        filled["signed_on"], filled["cancel_by"] = (date_words(code, day) for day in dates)
    sections = [_section(code, section, filled) for section in NOTICE_SECTIONS]
    return CancellationNotice(language_name(code), sections)


def shows_english_too(code: str) -> bool:
    """The English text is given beside the translation until the lawyer has reviewed it."""
    return not sale_language(code).lawyer_reviewed


def cancellation_notices(
    code: str, dates: tuple[date, date] | None = None, **fields: str
) -> list[CancellationNotice]:
    """The owner's right to cancel and the notice of cancellation, in the language of the sale
    first, then in English while its translation waits for the business's lawyer (English
    alone for a sale made in English). `dates`: the day signed and the last day to cancel
    (None before signing: the notice says how they are counted). `fields` fill the other
    placeholders: contractor, address."""
    codes = [code, ENGLISH.code] if shows_english_too(code) else [code]
    return [_notice(each, fields, dates) for each in codes]


def deadline_words(code: str, moment: datetime) -> str:
    """A moment as the owner reads dates in the language of the sale, New York time:
    "1 de diciembre de 2026, 23:59", "December 1, 2026, 11:59 PM"."""
    locale = Locale.parse(sale_language(code).locale)
    local = moment.astimezone(BUSINESS_TIMEZONE)
    date_words = format_date(local, "long", locale=locale)
    time_words = format_time(local, "short", tzinfo=BUSINESS_TIMEZONE, locale=locale)
    return locale.datetime_formats["long"].format(time_words, date_words)


def signing_words(code: str, cancel_until: datetime | None = None) -> dict[str, str]:
    """The signing page's words in the language of the sale: SIGNING_PAGE's keys (its
    "cancel_until" says `cancel_until` in that language's date format, "" without one) and
    "acceptance", the statement the owner signs under."""
    shown = {key: translate(code, text) for key, text in SIGNING_PAGE.items() if "{" not in text}
    shown["cancel_until"] = (
        translate(code, SIGNING_PAGE["cancel_until"], deadline=deadline_words(code, cancel_until))
        if cancel_until
        else ""
    )
    shown["acceptance"] = translate(code, words.ACCEPTANCE)
    return shown


def estimate_language(session: Session, estimate_id: int | None) -> str:
    """The language the sale of this estimate was made in; English without an estimate."""
    estimate = session.get(Estimate, estimate_id) if estimate_id is not None else None
    return estimate.language if estimate is not None else ENGLISH.code


def job_language(session: Session, job: Job) -> str:
    """The language of a job's sale; English for a job made by hand."""
    return estimate_language(session, job.estimate_id)


def invoice_language(session: Session, invoice: Invoice) -> str:
    """The language of the sale an invoice bills (its estimate's, or its job's); English for
    an invoice made by hand on its own."""
    if invoice.estimate_id is None and invoice.job_id is not None:
        job = session.get(Job, invoice.job_id)
        return job_language(session, job) if job is not None else ENGLISH.code
    return estimate_language(session, invoice.estimate_id)
