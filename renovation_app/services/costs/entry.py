"""A cost as staff type it, checked: a purchase (vendor, day, amount, tax, receipt), a
subcontractor's bill (who, for what, amount, due date) or a crew day (person, day, hours at the
person's loaded hourly cost). The browser sends words; every amount is computed here."""

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from sqlmodel import Session, col, select

from renovation_app.content.costs import COST_CATEGORY_LABELS, PAID_HOW
from renovation_app.models import CostKind, JobCost, Subcontractor, User
from renovation_app.services.billing import business_today
from renovation_app.services.billing.money import PriceInvalid, parse_price
from renovation_app.services.billing.quantities import MILLI, parse_quantity
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import (
    INVALID_CHARACTERS,
    has_refused_characters,
    is_blank,
    iso_date,
)

EARLIEST = date(2000, 1, 1)
ZERO = re.compile(r"\$?\s*(?:0+(?:\.0*)?|\.0+)")  # "0", "0.00", "$0": no tax on the receipt
DAY_HOURS_MAX = 24 * MILLI
# What a purchase may be: the categories that are not a subcontractor's bill or a crew day.
PURCHASE_CATEGORIES = tuple(c for c in COST_CATEGORY_LABELS if c not in ("subcontractor", "labour"))


@dataclass(frozen=True)
class CostEntry:
    """The checked columns of one cost (models/costs.JobCost)."""

    kind: CostKind
    category: str
    incurred_on: date
    payee: str
    description: str
    amount_cents: int
    tax_cents: int = 0
    credit: bool = False
    subcontractor_id: int | None = None
    worker_id: int | None = None
    hours_milli: int = 0
    hourly_cost_cents: int = 0
    due_on: date | None = None
    paid_on: date | None = None
    paid_how: str = ""
    paid_reference: str = ""


def words(raw: Mapping, name: str, asked: str, limit: int, required: bool = True) -> str:
    value = raw.get(name)
    text = " ".join(value.split()) if isinstance(value, str) else ""
    if required and is_blank(text):
        raise ActionRefused(asked)
    if len(text) > limit:
        raise ActionRefused(
            f"{asked.removeprefix('Please give ').capitalize()}: at most {limit} characters."
        )
    if has_refused_characters(text):
        raise ActionRefused(INVALID_CHARACTERS)
    return text


def day(raw: Mapping, name: str, what: str, today: date | None = None) -> date:
    """A day that happened: not before 2000, not after today (New York)."""
    value = iso_date(raw.get(name))
    today = today or business_today()
    if value is None:
        raise ActionRefused(f"Please give the {what} as a date.")
    if value < EARLIEST or value > today:
        raise ActionRefused(f"The {what} must be a day between 2000 and today.")
    return value


def cents(raw: Mapping, name: str, what: str, required: bool = True, credit: bool = False) -> int:
    """A typed amount in cents. Not required (the tax): empty or zero is 0. A credit's amount
    may be typed with its minus sign."""
    text = raw.get(name)
    text = text.strip() if isinstance(text, str) else ""
    if credit:
        text = text.removeprefix("-").lstrip()
    if not required and (not text or ZERO.fullmatch(text)):
        return 0
    try:
        return parse_price(text)
    except PriceInvalid as invalid:
        raise ActionRefused(f"{what}: {invalid.message}") from None


def _category(raw: Mapping, allowed: tuple[str, ...]) -> str:
    category = raw.get("category")
    if category not in allowed:
        raise ActionRefused("Please choose what kind of cost this is.")
    return category


def purchase_entry(raw: Mapping, today: date | None = None) -> CostEntry:
    """Materials and other purchases: paid on their day (a receipt is proof of payment). A
    vendor's credit, ticked as such, is the only negative cost."""
    credit = raw.get("credit") is True
    amount = cents(raw, "amount", "The amount", credit=credit)
    tax = cents(raw, "tax", "The tax", required=False, credit=credit)
    on = day(raw, "incurred_on", "day of the receipt", today)
    how = raw.get("paid_how") or "card"
    if how not in PAID_HOW:
        raise ActionRefused("Please choose how it was paid.")
    return CostEntry(
        kind=CostKind.PURCHASE,
        category=_category(raw, PURCHASE_CATEGORIES),
        incurred_on=on,
        payee=words(raw, "payee", "Please give the vendor.", 100),
        description=words(raw, "description", "What was bought", 300, required=False),
        amount_cents=-amount if credit else amount,
        tax_cents=-tax if credit else tax,
        credit=credit,
        paid_on=on,
        paid_how=how,
    )


def sub_bill_entry(session: Session, raw: Mapping, today: date | None = None) -> CostEntry:
    """A subcontractor's bill: owed from its day until the office records its payment."""
    sub_id = raw.get("subcontractor_id")
    sub = session.get(Subcontractor, sub_id) if isinstance(sub_id, int) else None
    if sub is None or not sub.active:
        raise ActionRefused("Please choose the subcontractor.")
    due = iso_date(raw.get("due_on")) if raw.get("due_on") else None
    if raw.get("due_on") and due is None:
        raise ActionRefused("Please give the due date as a date.")
    return CostEntry(
        kind=CostKind.SUB_BILL,
        category="subcontractor",
        incurred_on=day(raw, "incurred_on", "day of the bill", today),
        payee=sub.company,
        description=words(raw, "description", "Please say what the bill is for.", 300),
        amount_cents=cents(raw, "amount", "The amount"),
        tax_cents=cents(raw, "tax", "The tax", False),
        subcontractor_id=sub.id,
        due_on=due,
    )


def hours_of(raw: Mapping) -> int:
    typed = raw.get("hours")
    if typed is None or (isinstance(typed, str) and not typed.strip()):  # never 1 hour by default
        raise ActionRefused("Please give the hours as a number, like 8 or 7.5.")
    try:
        hours = parse_quantity(typed)
    except ValueError:
        raise ActionRefused("Please give the hours as a number, like 8 or 7.5.") from None
    if hours <= 0 or hours > DAY_HOURS_MAX:
        raise ActionRefused("The hours of one day must be more than 0 and at most 24.")
    return hours


def labour_cost(hours_milli: int, hourly_cost_cents: int) -> int:
    """Hours x loaded rate, in cents, rounded half up."""
    return (hours_milli * hourly_cost_cents + MILLI // 2) // MILLI


def _timesheet_covers(session: Session, worker_id: int, on: date) -> bool:
    """Whether an approved timesheet already prices the person's day (the clock's hours)."""
    priced = select(JobCost.id).where(
        JobCost.worker_id == worker_id,
        JobCost.incurred_on == on,
        col(JobCost.timesheet_week_id).is_not(None),
        col(JobCost.deleted_at).is_(None),
    )
    return session.exec(priced.limit(1)).first() is not None


def labour_entry(session: Session, raw: Mapping, today: date | None = None) -> CostEntry:
    """One person's hours on one day, at the loaded hourly cost an admin set for them: the
    rate is read here, never sent by the browser, and kept with the cost as it was then."""
    worker_id = raw.get("worker_id")
    worker = session.get(User, worker_id) if isinstance(worker_id, int) else None
    if worker is None or not worker.active:
        raise ActionRefused("Please choose who worked.")
    if worker.hourly_cost_cents <= 0:
        raise ActionRefused(
            f"{worker.name} has no hourly cost yet: an admin sets it on the Staff page."
        )
    hours, on = hours_of(raw), day(raw, "incurred_on", "day worked", today)
    if _timesheet_covers(session, worker.id, on):
        raise ActionRefused(
            f"{worker.name}'s hours on {on:%b %-d} come from their approved timesheet: "
            "correct the time there."
        )
    return CostEntry(
        kind=CostKind.LABOUR,
        category="labour",
        incurred_on=on,
        payee=worker.name,
        description=words(raw, "description", "The work done", 300, required=False),
        amount_cents=labour_cost(hours, worker.hourly_cost_cents),
        worker_id=worker.id,
        hours_milli=hours,
        hourly_cost_cents=worker.hourly_cost_cents,
        paid_on=on,
        paid_how="payroll",
    )
