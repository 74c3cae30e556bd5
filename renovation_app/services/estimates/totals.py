"""An estimate's amounts, from its lines and the optional lines the customer chose. Every
total shown to the customer, signed, or billed comes from here; a browser's total is never read."""

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from renovation_app.models import DepositKind, EstimateLine
from renovation_app.services.billing.money import percent_of
from renovation_app.services.billing.quantities import line_cents


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
    total_cents: int
    deposit_cents: int
    counted_line_ids: tuple[int, ...]  # required lines and the optional lines chosen


def counted(line: EstimateLine, chosen: Collection[int]) -> bool:
    return not line.optional or line.id in chosen


def estimate_totals(
    lines: Iterable[EstimateLine],
    chosen_optional: Collection[int],
    discount: int,
    deposit_kind: str,
    deposit_value: int,
) -> EstimateTotals:
    """The totals with the given optional lines chosen (ids of other estimates' lines or of
    required lines in `chosen_optional` change nothing)."""
    kept = [line for line in lines if counted(line, chosen_optional)]
    subtotal = sum(line_cents(line.quantity_milli, line.unit_price_cents) for line in kept)
    discount = min(max(discount, 0), subtotal)
    total = subtotal - discount
    return EstimateTotals(
        subtotal_cents=subtotal,
        discount_cents=discount,
        total_cents=total,
        deposit_cents=deposit_cents(total, deposit_kind, deposit_value),
        counted_line_ids=tuple(line.id for line in kept),
    )
