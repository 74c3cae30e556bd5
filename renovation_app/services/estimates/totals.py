"""An estimate's amounts, from its lines and the optional lines the customer chose, through the
one document totals function (billing/totals.py). Every total shown to the customer, signed, or
billed comes from here; a browser's total is never read."""

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from renovation_app.models import DepositKind, Estimate, EstimateLine
from renovation_app.services.billing.money import percent_of
from renovation_app.services.billing.totals import document_totals


def deposit_cents(total_cents: int, kind: str, value: int) -> int:
    """The deposit required of a total: a percentage (value in basis points) or an amount
    (value in cents), never more than the total."""
    if kind == DepositKind.PERCENT:
        return min(percent_of(total_cents, value), total_cents)
    if kind == DepositKind.AMOUNT:
        return min(value, total_cents)
    return 0


@dataclass(frozen=True)
class EstimateTotals:
    subtotal_cents: int  # the lines counted, before the discount
    discount_cents: int
    tax_cents: int
    total_cents: int
    deposit_cents: int
    counted_line_ids: tuple[int, ...]  # required lines and the optional lines chosen


def counted(line: EstimateLine, chosen: Collection[int]) -> bool:
    return not line.optional or line.id in chosen


def estimate_totals(
    estimate: Estimate, lines: Iterable[EstimateLine], chosen_optional: Collection[int]
) -> EstimateTotals:
    """The totals with the given optional lines chosen (ids of other estimates' lines or of
    required lines in `chosen_optional` change nothing)."""
    kept = [line for line in lines if counted(line, chosen_optional)]
    totals = document_totals(kept, estimate.discount_cents, estimate.tax_rate)
    deposit = deposit_cents(totals.total_cents, estimate.deposit_kind, estimate.deposit_value)
    return EstimateTotals(
        subtotal_cents=totals.subtotal_cents,
        discount_cents=totals.discount_cents,
        tax_cents=totals.tax_cents,
        total_cents=totals.total_cents,
        deposit_cents=deposit,
        counted_line_ids=tuple(line.id for line in kept),
    )
