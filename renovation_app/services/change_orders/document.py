"""The change order document: exactly what the owner reads and signs, as plain data. Its
canonical JSON is hashed and kept with the signature, so the signed PDF and any later dispute
read the same words and amounts the owner accepted (estimates/document.py does the same for
the contract)."""

from datetime import date, timedelta

from renovation_app.content import BUSINESS
from renovation_app.content import change_orders as words
from renovation_app.models import ChangeOrder, ChangeOrderLine, Job
from renovation_app.services.billing import format_usd, long_date
from renovation_app.services.billing.lines import shown_words
from renovation_app.services.billing.quantities import quantity_text
from renovation_app.services.billing.totals import is_taxed
from renovation_app.services.estimates.document import contractor_details
from renovation_app.services.signatures import canonical, document_hash

__all__ = ["canonical", "change_order_document", "document_hash", "label", "new_completion"]


def label(job: Job, change_order: ChangeOrder) -> str:
    return f"{job.number} / CO-{change_order.number}"


def new_completion(job: Job, days: int) -> date | None:
    return job.completion_date + timedelta(days=days) if job.completion_date else None


def _line(line: ChangeOrderLine) -> dict:
    return {
        "description": shown_words(line),
        "quantity": quantity_text(line.quantity_milli),
        "unit": line.unit,
        "unit_price": format_usd(line.unit_price_cents),
        "amount": format_usd(line.price_cents),
        "taxed": is_taxed(line.tax_category),
    }


def change_order_document(
    job: Job,
    change_order: ChangeOrder,
    lines: list[ChangeOrderLine],
    signed_before: list[ChangeOrder],
    contract_label: str,
) -> dict:
    """The change order as it stands against the contract and the changes signed before it:
    the original value, each signed change, this change, the new value and completion date."""
    days_before = sum(co.days for co in signed_before)
    value_before = job.contract_cents + sum(co.total_cents for co in signed_before)
    completion_before = new_completion(job, days_before)
    completion_after = new_completion(job, days_before + change_order.days)
    return {
        "title": words.TITLE,
        "change_order": label(job, change_order),
        "amends": words.AMENDS.format(
            contract=contract_label,
            contractor=BUSINESS.legal_name,
            owner=job.customer_name,
            address=job.address or "the owner's address",
        ),
        "contractor": contractor_details(),
        "owner": {"name": job.customer_name, "address": job.address},
        "reason": change_order.reason,
        "lines": [_line(line) for line in lines],
        "subtotal": format_usd(change_order.subtotal_cents),
        "tax": format_usd(change_order.tax_cents),
        "change": format_usd(change_order.total_cents),
        "original_value": format_usd(job.contract_cents),
        "signed_changes": [
            {"change_order": label(job, co), "amount": format_usd(co.total_cents)}
            for co in signed_before
        ],
        "value_before": format_usd(value_before),
        "new_value": format_usd(value_before + change_order.total_cents),
        "days": change_order.days,
        "completion_before": long_date(completion_before) if completion_before else "",
        "new_completion": long_date(completion_after) if completion_after else "",
        "payment": words.PAYMENT_WORDS[str(change_order.payment)],
        "valid_until": long_date(change_order.valid_until),
        "notice": words.NO_WORK_BEFORE_SIGNATURE,
        "acceptance": words.ACCEPTANCE,
    }
