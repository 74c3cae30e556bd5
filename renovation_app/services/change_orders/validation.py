"""Checking a change order as staff typed it: its lines (new work, credits, and lines of the
contract taken out, whose words and prices come from the server), the reason, the days added
to the completion date, how it is paid, and the day the owner must sign by."""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date, timedelta

from renovation_app.models import ChangeOrderPayment
from renovation_app.services.billing.lines import (
    ValidLine,
    read_line,
    too_many_lines,
    valid_from_row,
)
from renovation_app.services.billing.totals import DocumentTotals, document_totals
from renovation_app.services.errors import FormInvalid
from renovation_app.services.fields import check_text, is_blank, iso_date, text_of

REASON_MAX = 1000
DAYS_LIMIT = 365
SIGN_WITHIN_DAYS = 14  # the owner signs within two weeks unless staff say otherwise
LATEST_SIGN_DAYS = 90
NO_LINES = "Please add the work added or taken out, each on a line with its price."
NOT_OF_THIS_JOB = "That line is not part of this job's contract."
REMOVED = "Taken out: "


@dataclass(frozen=True)
class ValidChangeOrder:
    reason: str
    days: int
    payment: ChangeOrderPayment
    valid_until: date
    lines: tuple[ValidLine, ...]
    removes: tuple[str, ...]  # per line: the contract line it takes out ("" for new work)
    tax_rate: int

    @property
    def totals(self) -> DocumentTotals:
        return document_totals(self.lines, 0, self.tax_rate)


def _line(
    errors: dict, index: int, item: object, removable: Mapping[str, object]
) -> tuple[ValidLine, str] | None:
    key = f"line:{index}"
    if not isinstance(item, Mapping):
        errors[key] = "Every line must be a description with a price."
        return None
    removes = item.get("removes") or ""
    if removes:
        row = removable.get(removes) if isinstance(removes, str) else None
        if row is None:
            errors[key] = NOT_OF_THIS_JOB
            return None
        # The words and the price are the contract's, never the browser's.
        words = (REMOVED + row.description)[:500]
        return valid_from_row(
            row, description=words, optional=False, unit_price_cents=-row.unit_price_cents
        ), removes
    line = read_line(errors, key, item, optional_allowed=False)
    if line is None:
        return None
    if item.get("credit") is True or item.get("credit") == "on":
        line = replace(line, unit_price_cents=-line.unit_price_cents)
    return line, ""


def _days(errors: dict, value: object) -> int:
    text = (
        str(value).strip() if isinstance(value, int | str) and not isinstance(value, bool) else ""
    )
    if not text:
        return 0
    try:
        days = int(text.replace("+", ""))
    except ValueError:
        days = None
    if days is None or abs(days) > DAYS_LIMIT:
        errors["days"] = f"Please give whole days, from -{DAYS_LIMIT} to {DAYS_LIMIT} (0 for none)."
        return 0
    return days


def _valid_until(errors: dict, value: object, today: date) -> date:
    if value in (None, ""):
        return today + timedelta(days=SIGN_WITHIN_DAYS)
    day = iso_date(value)
    if day is None or day < today or day > today + timedelta(days=LATEST_SIGN_DAYS):
        errors["valid_until"] = f"Please give a day from today to {LATEST_SIGN_DAYS} days ahead."
        return today
    return day


def validate_change_order(
    raw: Mapping[str, object], removable: Mapping[str, object], tax_rate: int, today: date
) -> ValidChangeOrder:
    """`removable`: the job's contract lines that can be taken out, by their key
    ("estimate_line:12", "change_order_line:5"). Raises FormInvalid with one message per field."""
    errors: dict[str, str] = {}
    reason = check_text(errors, "reason", text_of(raw, "reason"), REASON_MAX, multiline=True)
    if "reason" not in errors and is_blank(reason):
        errors["reason"] = "Please say why the work changes (the owner reads it before signing)."
    days = _days(errors, raw.get("days"))
    try:
        payment = ChangeOrderPayment(raw.get("payment") or ChangeOrderPayment.SPREAD)
    except ValueError:
        errors["payment"] = "Please choose how the change is paid."
        payment = ChangeOrderPayment.SPREAD
    valid_until = _valid_until(errors, raw.get("valid_until"), today)
    lines, removes = [], []
    value = raw.get("lines")
    if not too_many_lines(errors, value, "change order", NO_LINES):
        for index, item in enumerate(value):
            if read := _line(errors, index, item, removable):
                lines.append(read[0])
                removes.append(read[1])
        taken = [key for key in removes if key]
        if len(taken) != len(set(taken)):
            errors["lines"] = "A line of the contract can be taken out once."
    valid = ValidChangeOrder(
        reason, days, payment, valid_until, tuple(lines), tuple(removes), tax_rate
    )
    if not errors and payment == ChangeOrderPayment.OWN and valid.totals.total_cents < 0:
        errors["payment"] = (
            "A credit is never an invoice of its own: take it off the next payment or spread it."
        )
    if errors:
        raise FormInvalid(errors)
    return valid
