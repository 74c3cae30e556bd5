"""An invoice's payment schedule: a deposit, then stages of the work, each a percentage of the
total or an amount, due on a date; and what is due now, given what was paid.

Amounts are integer cents that add up to the invoice's total exactly. A percentage stage is
rounded half up to the cent; when every stage is a percentage and they add up to 100%, the last
stage takes the cents the rounding left over (30/40/30 of $100.01 is $30.00, $40.00, $30.01).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from renovation_app.services.billing.money import (
    BASIS_POINTS,
    PriceInvalid,
    format_usd,
    parse_percent,
    parse_price,
    percent_of,
)
from renovation_app.services.fields import check_text, iso_date, text_of

STAGES_MAX = 12
LABEL_MAX = 100
LATEST_DAYS = 730
AMOUNT_WORDS = "Please give an amount like 3,000 or a percentage like 30%."


@dataclass(frozen=True)
class Stage:
    label: str  # what the stage pays for: "Deposit", "Cabinets installed"
    percent_bp: int  # as typed (30% -> 3000), 0 for an amount
    amount_cents: int
    due_date: date


@dataclass(frozen=True)
class StageInput:
    """A stage as typed, before the total is known: a percentage or an amount."""

    label: str
    percent_bp: int
    amount_cents: int
    due_date: date


def _stage_input(errors: dict, index: int, item: object, today: date) -> StageInput | None:
    key = f"stage:{index}"
    if not isinstance(item, Mapping):
        errors[key] = "Please give each stage a name, an amount and a due date."
        return None
    label = check_text(errors, key, text_of(item, "label"), LABEL_MAX)
    if key not in errors and not label:
        errors[key] = "Please say what this payment is for, like Deposit or Rough-in done."
    amount_text = item.get("amount")
    amount_text = str(amount_text) if isinstance(amount_text, int | float) else amount_text
    amount_text = amount_text.strip() if isinstance(amount_text, str) else ""
    percent, cents = 0, 0
    try:
        if amount_text.endswith("%"):
            percent = parse_percent(amount_text)
        else:
            cents = parse_price(amount_text)
    except (ValueError, PriceInvalid):
        errors.setdefault(key, AMOUNT_WORDS)
    due = iso_date(item.get("due_date"))
    if due is None:
        errors.setdefault(key, "Please give the stage's due date, like 2026-12-07.")
    elif due < today:
        errors.setdefault(key, "A stage cannot fall due in the past.")
    elif due > today + timedelta(days=LATEST_DAYS):
        errors.setdefault(key, "A stage must fall due within two years.")
    if key in errors:
        return None
    return StageInput(label, percent, cents, due)


def read_schedule(errors: dict, value: object, today: date) -> tuple[StageInput, ...]:
    """The schedule of a form or API request: a list of {label, amount ("30%" or "3,000"),
    due_date}; empty or missing for an invoice due in one payment."""
    if value in (None, "", []):
        return ()
    if not isinstance(value, list | tuple):
        errors["schedule"] = "The payment schedule must be a list of stages."
        return ()
    if len(value) > STAGES_MAX:
        errors["schedule"] = f"A payment schedule has at most {STAGES_MAX} stages."
        return ()
    stages = [_stage_input(errors, i, item, today) for i, item in enumerate(value)]
    kept = tuple(stage for stage in stages if stage is not None)
    dates = [stage.due_date for stage in kept]
    if len(kept) == len(stages) and dates != sorted(dates):
        errors["schedule"] = "Please list the stages in the order they fall due."
    if len(kept) == 1:
        errors["schedule"] = "A schedule has two stages or more; leave it empty for one payment."
    return kept


def stage_amounts(total_cents: int, stages: Sequence[StageInput]) -> list[int]:
    """Each stage's amount in cents for this total (see the module's rounding rule)."""
    amounts = [
        percent_of(total_cents, s.percent_bp) if s.percent_bp else s.amount_cents for s in stages
    ]
    if stages and all(s.percent_bp for s in stages):
        if sum(s.percent_bp for s in stages) == BASIS_POINTS:
            amounts[-1] = total_cents - sum(amounts[:-1])
    return amounts


def fit_schedule(errors: dict, total_cents: int, stages: Sequence[StageInput]) -> tuple[Stage, ...]:
    """The stages with their amounts, when they add up to the total exactly."""
    if not stages:
        return ()
    amounts = stage_amounts(total_cents, stages)
    if sum(amounts) != total_cents or min(amounts) <= 0:
        errors["schedule"] = (
            f"The stages add up to {format_usd(sum(amounts))}; the total is "
            f"{format_usd(total_cents)}. Make them add up (percentages to 100%)."
        )
        return ()
    return tuple(
        Stage(s.label, s.percent_bp, amount, s.due_date)
        for s, amount in zip(stages, amounts, strict=True)
    )


@dataclass(frozen=True)
class AmountDue:
    """What a customer owes on an invoice today."""

    balance_cents: int  # everything still unpaid
    due_now_cents: int  # the stages due by today, less what was paid (the balance without one)
    next_cents: int  # the first stage not yet due, less any part paid ahead; 0 when none
    next_label: str
    next_due_date: date | None

    @property
    def pay_now_cents(self) -> int:
        """What "Pay now" takes: what is due now, else the next stage early, else the balance."""
        return self.due_now_cents or self.next_cents or self.balance_cents


def amount_due(
    total_cents: int, stages: Sequence[Stage], paid_cents: int, today: date
) -> AmountDue:
    """Payments fill the stages in order: a payment beyond what is due counts toward the
    next stage."""
    balance = max(total_cents - paid_cents, 0)
    if not stages:
        return AmountDue(balance, balance, 0, "", None)
    due_now, reached = 0, 0
    for stage in stages:
        reached += stage.amount_cents
        owed = min(stage.amount_cents, max(reached - paid_cents, 0))
        if not owed:
            continue
        if stage.due_date <= today:
            due_now += owed
        else:
            return AmountDue(balance, due_now, owed, stage.label, stage.due_date)
    return AmountDue(balance, due_now, 0, "", None)
