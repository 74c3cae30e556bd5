"""A job's payment schedule: the stages of a signed contract (its deposit, the progress
payments its schedule names, the final payment), and how a signed change order moves them.

The stages always add up to the contract value exactly. A billed stage never changes: a change
order moves only the stages not yet billed, as it says (the next one, or spread over all of them
in proportion to their amounts), and a change with nothing left to move is billed on its own
(a supplement) or, for a credit, comes off the open invoices (change_orders/amending.py)
and what was already paid beyond it is owed back to the customer."""

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from renovation_app.models import ChangeOrderPayment, JobStageKind
from renovation_app.services.billing.money import (
    PriceInvalid,
    parse_percent,
    parse_price,
    percent_of,
)

LABEL_MAX = 100
# "Rough-in done: 40%", "Cabinets installed: $3,000.00"
_STAGE_LINE = re.compile(r"^(?P<label>.+?)\s*:\s*(?P<amount>[^:]+)$")


@dataclass(frozen=True)
class PlannedStage:
    kind: JobStageKind
    label: str
    amount_cents: int
    billed: bool = False
    id: int | None = None


def progress_stages(schedule_text: str, total_cents: int) -> list[PlannedStage]:
    """The progress payments a contract's schedule names, one per line ("Label: 40%" of the
    total, or "Label: $3,000"); lines that name no amount stay words of the contract only."""
    stages = []
    for line in schedule_text.splitlines():
        match = _STAGE_LINE.match(line.strip())
        if not match:
            continue
        amount = match["amount"].strip()
        try:
            if amount.endswith("%"):
                cents = percent_of(total_cents, parse_percent(amount.removesuffix("%")))
            else:
                cents = parse_price(amount)
        except (ValueError, PriceInvalid):
            continue
        stages.append(PlannedStage(JobStageKind.PROGRESS, match["label"][:LABEL_MAX], cents))
    return stages


def contract_stages(total_cents: int, deposit_cents: int, schedule_text: str) -> list[PlannedStage]:
    """A signed contract's schedule: its deposit, its progress payments, and the rest as the
    final payment (without the progress payments when they would leave less than nothing)."""
    first = [PlannedStage(JobStageKind.DEPOSIT, "Deposit", deposit_cents)] if deposit_cents else []
    middle = progress_stages(schedule_text, total_cents)
    if sum(s.amount_cents for s in [*first, *middle]) > total_cents:
        middle = []
    rest = total_cents - sum(s.amount_cents for s in [*first, *middle])
    return [*first, *middle, PlannedStage(JobStageKind.FINAL, "Final payment", rest)]


def _shares(total: int, weights: Sequence[int]) -> list[int]:
    """`total` split in proportion to `weights` (all >= 0, sum > 0), in whole cents that add up
    exactly: each share rounded down, the cents left over to the largest remainders."""
    whole = sum(weights)
    shares = [total * w // whole for w in weights]
    order = sorted(range(len(weights)), key=lambda i: (-(total * weights[i] % whole), i))
    for i in order[: total - sum(shares)]:
        shares[i] += 1
    return shares


def _take_off(stages: list[PlannedStage], open_ids: list[int], cents: int) -> int:
    """Lower the open stages (in order) by up to `cents`, none below zero; what is left."""
    for i in open_ids:
        taken = min(stages[i].amount_cents, cents)
        if taken > 0:
            stages[i] = replace(stages[i], amount_cents=stages[i].amount_cents - taken)
            cents -= taken
    return cents


@dataclass(frozen=True)
class ScheduleChange:
    stages: list[PlannedStage]  # the new schedule (the stages' order kept)
    # A change to bill on its own now (cents > 0), or a credit owed back (< 0): a new stage.
    own_stage: PlannedStage | None = None


def apply_change(
    stages: Sequence[PlannedStage], total_cents: int, payment: ChangeOrderPayment, label: str
) -> ScheduleChange:
    """The schedule after a signed change of `total_cents` (negative for a credit)."""
    new = list(stages)
    open_ids = [i for i, s in enumerate(new) if not s.billed]
    own = PlannedStage(JobStageKind.CHANGE, label[:LABEL_MAX], total_cents)
    if total_cents == 0:
        return ScheduleChange(new)
    if total_cents > 0:
        # A credit still owed back (a negative stage) is no payment to add work to.
        open_ids = [i for i in open_ids if new[i].amount_cents >= 0]
        if payment == ChangeOrderPayment.OWN or not open_ids:
            return ScheduleChange(new, own)
        if payment == ChangeOrderPayment.NEXT:
            i = open_ids[0]
            new[i] = replace(new[i], amount_cents=new[i].amount_cents + total_cents)
            return ScheduleChange(new)
        weights = [new[i].amount_cents for i in open_ids]
        if sum(weights) <= 0:
            weights = [0] * (len(open_ids) - 1) + [1]
        for i, share in zip(open_ids, _shares(total_cents, weights), strict=True):
            new[i] = replace(new[i], amount_cents=new[i].amount_cents + share)
        return ScheduleChange(new)
    credit = -total_cents
    if payment == ChangeOrderPayment.SPREAD and open_ids:
        weights = [new[i].amount_cents for i in open_ids]
        if sum(weights) > credit:
            for i, share in zip(open_ids, _shares(credit, weights), strict=True):
                new[i] = replace(new[i], amount_cents=new[i].amount_cents - share)
            return ScheduleChange(new)
    left = _take_off(new, open_ids, credit)
    return ScheduleChange(new, replace(own, amount_cents=-left) if left else None)
