"""The contract document: exactly what the customer reads and signs, as plain data. Its
canonical JSON is hashed at acceptance and kept, so the signed PDF and any later dispute read
the same words and amounts the customer accepted."""

from datetime import date, datetime

from renovation_app.content import BUSINESS
from renovation_app.content import contract as words
from renovation_app.content.languages import ENGLISH
from renovation_app.models import Estimate, EstimateLine
from renovation_app.services.billing import format_usd, long_date
from renovation_app.services.billing.lines import shown_words
from renovation_app.services.billing.quantities import quantity_text
from renovation_app.services.billing.totals import is_taxed
from renovation_app.services.estimates.deadlines import cancellation_days
from renovation_app.services.estimates.totals import EstimateTotals, counted
from renovation_app.services.languages import cancellation_notices, translate
from renovation_app.settings import settings

# The hash of what is signed is one rule (services/signatures); its old home keeps the names.


def _date_or_tbd(value: date | None) -> str:
    return long_date(value) if value else "a date to be agreed"


def _line(line: EstimateLine, chosen: set[int]) -> dict:
    words = {
        "description": shown_words(line),
        "quantity": quantity_text(line.quantity_milli),
        "unit": line.unit,
        "unit_price": format_usd(line.unit_price_cents),
        "amount": format_usd(line.price_cents),
        "optional": line.optional,
        "included": counted(line, chosen),
    }
    # Only a taxed line says so: the documents signed before estimates had tax keep their hash.
    return {**words, "taxed": True} if is_taxed(line.tax_category) else words


def _fill(section: words.ContractSection, values: dict) -> dict:
    return {
        "heading": section.heading,
        "paragraphs": [text for p in section.paragraphs if (text := p.format(**values))],
        "bold": section.bold,
    }


def _progress(estimate: Estimate) -> dict:
    stages = [s.strip() for s in estimate.progress_schedule.splitlines() if s.strip()]
    return {
        "heading": words.PROGRESS_PAYMENTS_HEADING,
        "paragraphs": stages or [words.NO_PROGRESS_PAYMENTS],
        "bold": False,
    }


def _cancellation(estimate: Estimate, values: dict, signed_at: datetime | None) -> list[dict]:
    """The right to cancel and the notice of cancellation in the language of the sale, then in
    English while the translation waits for the lawyer, with the day signed and the last day to
    cancel once signed. Sections of a sale made in another language say which language they
    are in; an English one's have no such key, as before."""
    dates = cancellation_days(signed_at) if signed_at else None
    notices = cancellation_notices(estimate.language, dates, **values)
    if estimate.language == ENGLISH.code:
        return notices[0].sections
    return [{**s, "language": notice.language_name} for notice in notices for s in notice.sections]


def _language_of_sale(estimate: Estimate) -> dict:
    """For a sale made in another language: its code and the statement the owner signed under,
    in it (hashed with the rest); nothing for English, for the same reason as above."""
    if estimate.language == ENGLISH.code:
        return {}
    return {
        "language": estimate.language,
        "translated_acceptance": translate(estimate.language, words.ACCEPTANCE),
    }


def contractor_details() -> dict:
    """Who the contractor is, as every signed paper heads itself (estimates.pdf prints it)."""
    return {
        "name": BUSINESS.legal_name,
        "address": BUSINESS.address.one_line,
        "phone": BUSINESS.phone_display,
        "email": BUSINESS.email,
        "licence": settings.contractor_licence,
    }


def contract_document(
    estimate: Estimate,
    lines: list[EstimateLine],
    totals: EstimateTotals,
    signed_at: datetime | None = None,
) -> dict:
    """The document for the lines counted in `totals` (the customer's choice of optional
    lines); `signed_at`, the moment the owner signs it, dates its notice of cancellation."""
    chosen = set(totals.counted_line_ids)
    values = {
        "contractor": BUSINESS.legal_name,
        "address": BUSINESS.address.one_line,
        "licence": settings.contractor_licence,
        "bank": settings.escrow_bank,
        "start": _date_or_tbd(estimate.start_date),
        "completion": _date_or_tbd(estimate.completion_date),
        "contingencies": estimate.contingencies.strip() or words.NO_CONTINGENCIES,
        "time_of_essence": words.TIME_OF_ESSENCE
        if estimate.time_of_essence
        else words.TIME_NOT_OF_ESSENCE,
        "deadline_rule": words.DEADLINE_RULE,
    }
    return {
        "title": words.TITLE,
        "estimate": estimate.number,
        "revision": estimate.revision,
        "valid_until": long_date(estimate.valid_until),
        "contractor": contractor_details(),
        "owner": {
            "name": estimate.customer_name,
            "address": estimate.customer_address,
        },
        "lines": [_line(line, chosen) for line in sorted(lines, key=lambda x: x.position)],
        "subtotal": format_usd(totals.subtotal_cents),
        "discount": format_usd(totals.discount_cents),
        **({"tax": format_usd(totals.tax_cents)} if totals.tax_cents else {}),
        "total": format_usd(totals.total_cents),
        "deposit": format_usd(totals.deposit_cents),
        "note": estimate.note,
        "sections": [
            _fill(words.SCHEDULE, values),
            _progress(estimate),
            _fill(words.ESCROW_NOTICE, values),
            _fill(words.LIEN_NOTICE, values),
            *_cancellation(estimate, values, signed_at),
        ],
        "acceptance": words.ACCEPTANCE,
        **_language_of_sale(estimate),
    }
