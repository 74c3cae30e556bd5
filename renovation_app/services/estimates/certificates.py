"""What the owner signs beside the contract, on the same page and with the same typed name:
Form ST-124 when the work is a capital improvement (its lines are untaxed only with it), and the
receipt of the lead pamphlet when the home was built before 1978. Each is one Signature row of
the estimate, with the canonical JSON of exactly what was signed and its SHA-256. A sale made in
Spanish, Russian or Chinese gives the title, the statement and the box in its language too."""

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, select

from renovation_app.content import BUSINESS
from renovation_app.content import compliance as words
from renovation_app.content.languages import ENGLISH
from renovation_app.content.tax import CAPITAL_IMPROVEMENT
from renovation_app.models import (
    LEAD_PAMPHLET_SIGNATURE,
    ST124_SIGNATURE,
    Estimate,
    EstimateLine,
    Signature,
    SignatureMethod,
)
from renovation_app.services.billing import business_today, long_date
from renovation_app.services.errors import ActionRefused
from renovation_app.services.estimates.totals import counted
from renovation_app.services.languages import translate
from renovation_app.services.signatures import canonical, document_hash
from renovation_app.settings import settings

ST124, LEAD_PAMPHLET = ST124_SIGNATURE, LEAD_PAMPHLET_SIGNATURE
TITLES = {ST124: words.ST124_TITLE, LEAD_PAMPHLET: words.PAMPHLET_RECEIPT_TITLE}
# Each one's file name, on the job's page (/jobs/<n>/documents/<name>.pdf) and in e-mails.
CERTIFICATE_FILES = {ST124: "st124", LEAD_PAMPHLET: "lead-pamphlet-receipt"}


@dataclass(frozen=True)
class ToSign:
    """A certificate the owner signs with the contract, as the signing page shows it."""

    kind: str
    title: str
    statement: str
    tick: str  # the box the owner ticks
    link: str  # the blank form, or the pamphlet
    link_words: str
    fields: tuple[tuple[str, str], ...]  # (label, value) as filled from the estimate
    # In the language of the sale, shown above the English; "" for a sale made in English.
    translated_title: str = ""
    translated_statement: str = ""
    translated_tick: str = ""


def capital_lines(lines: list[EstimateLine], chosen) -> list[EstimateLine]:
    return [
        line
        for line in lines
        if counted(line, chosen) and line.tax_category == CAPITAL_IMPROVEMENT.slug
    ]


def _st124_fields(estimate: Estimate, lines: list[EstimateLine], chosen) -> tuple:
    work = "; ".join(line.description for line in capital_lines(lines, chosen))
    return (
        ("Owner", estimate.customer_name),
        ("Property improved", estimate.customer_address),
        ("Contractor", f"{BUSINESS.legal_name}, {BUSINESS.address.one_line}"),
        ("Contractor's licence", settings.contractor_licence),
        ("Capital improvement", work),
        ("Contract", estimate.number),
    )


def _pamphlet_fields(estimate: Estimate) -> tuple:
    return (
        ("Owner", estimate.customer_name),
        ("Home", estimate.customer_address),
        ("Year built", str(estimate.year_built)),
        ("Pamphlet", words.PAMPHLET_TITLE),
        ("Renovation firm", BUSINESS.legal_name),
        ("Contract", estimate.number),
    )


def _certificate(
    estimate: Estimate, kind: str, texts: tuple[str, str, str], link: tuple[str, str], fields
) -> ToSign:
    """`texts`: the title, the statement and the box in English, each also in the language of
    the sale when it is another; `link`: the address and its words."""
    translated = ("", "", "")
    if estimate.language != ENGLISH.code:
        translated = tuple(translate(estimate.language, text) for text in texts)
    return ToSign(kind, *texts, *link, fields, *translated)


def to_sign(estimate: Estimate, lines: list[EstimateLine], chosen) -> tuple[ToSign, ...]:
    """The certificates this estimate asks for, with the lines the owner chose."""
    found = []
    if capital_lines(lines, chosen):
        texts = (words.ST124_TITLE, words.ST124_STATEMENT, words.ST124_TICK)
        link = (words.ST124_LINK, "The blank form from the Tax Department (PDF)")
        fields = _st124_fields(estimate, lines, chosen)
        found.append(_certificate(estimate, ST124, texts, link, fields))
    if words.needs_lead_safe_work(estimate.year_built):
        texts = (words.PAMPHLET_RECEIPT_TITLE, words.PAMPHLET_STATEMENT, words.PAMPHLET_TICK)
        link = (words.PAMPHLET_LINK, f'Read "{words.PAMPHLET_TITLE}" (EPA)')
        fields = _pamphlet_fields(estimate)
        found.append(_certificate(estimate, LEAD_PAMPHLET, texts, link, fields))
    return tuple(found)


def signed_document(certificate: ToSign, signed_on: str) -> dict:
    """Exactly what the owner signs (hashed): a sale made in another language adds the title
    and statement in it, as shown; an English one's document is as it always was."""
    document = {
        "title": certificate.title,
        "fields": [list(field) for field in certificate.fields],
        "statement": certificate.statement,
        "signed_on": signed_on,
    }
    if certificate.translated_statement:
        document["translated_title"] = certificate.translated_title
        document["translated_statement"] = certificate.translated_statement
    return document


def sign_certificates(
    session: Session,
    estimate: Estimate,
    lines: list[EstimateLine],
    chosen,
    signer: str,
    ticked: object,
    client_hash: str,
    now: datetime,
) -> None:
    """Refuse in words when a certificate the estimate asks for is not ticked; else add each
    one's signature in the contract's transaction."""
    ticked = set(ticked) if isinstance(ticked, list | tuple | set) else set()
    wanted = to_sign(estimate, lines, chosen)
    for certificate in wanted:
        if certificate.kind not in ticked:
            raise ActionRefused(
                f'Please tick the box under "{certificate.title}": it is signed with the contract.'
            )
    for certificate in wanted:
        document = signed_document(certificate, long_date(business_today(now)))
        session.add(
            Signature(
                kind=certificate.kind,
                record_id=estimate.id,
                method=SignatureMethod.TYPED,
                signer_name=signer,
                signed_at=now,
                address_hash=client_hash[:64],
                document_sha256=document_hash(document),
                document=canonical(document),
            )
        )


def signed_certificates(session: Session, estimate_id: int | None) -> list[Signature]:
    if estimate_id is None:
        return []
    return list(
        session.exec(
            select(Signature)
            .where(Signature.kind.in_(TITLES), Signature.record_id == estimate_id)
            .order_by(Signature.id)
        )
    )
