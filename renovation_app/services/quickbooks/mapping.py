"""What must be chosen once before anything is pushed: the QuickBooks item (and so its income
account) of each service and tax category, the item of New York sales tax, the account card
and check payments are deposited to, and the account of card fees."""

from dataclasses import dataclass

from sqlmodel import Session, select

from renovation_app.content import INVOICE_OPTIONS
from renovation_app.content.payment_methods import METHOD_LABELS
from renovation_app.content.tax import TAX_CATEGORIES
from renovation_app.db import db_session
from renovation_app.models import PaymentMethod, QuickBooksMapping, utc_now
from renovation_app.services import audit
from renovation_app.services.errors import ActionRefused
from renovation_app.services.quickbooks import client
from renovation_app.services.staff.sessions import SignedInUser
from renovation_app.services.staff.two_step import require_two_step

DEFAULT_ITEM = "item:default"
SALES_TAX_ITEM = "item:sales_tax"
DEFAULT_DEPOSIT = "account:deposit"
CARD_FEES = "account:card_fees"


@dataclass(frozen=True)
class MappingChoice:
    what: str  # the key stored
    words: str  # what the settings page asks
    entity: str  # "Item" or "Account": what QuickBooks offers for it


def service_item(slug: str) -> str:
    return f"item:service:{slug}"


def tax_category_item(slug: str) -> str:
    return f"item:tax:{slug}"


def deposit_account(method: str) -> str:
    return f"account:deposit:{method}"


def mapping_choices() -> list[MappingChoice]:
    """Every mapping the settings page offers; only the default item, the sales tax item and
    the deposit account are needed, the others refine them."""
    choices = [
        MappingChoice(DEFAULT_ITEM, "Item of any line not mapped below", "Item"),
        MappingChoice(SALES_TAX_ITEM, "Item of New York sales tax", "Item"),
        MappingChoice(DEFAULT_DEPOSIT, "Account payments are deposited to", "Account"),
        MappingChoice(CARD_FEES, "Account of card and bank debit fees", "Account"),
    ]
    choices += [
        MappingChoice(service_item(o.slug), f"Item of {o.label}", "Item") for o in INVOICE_OPTIONS
    ]
    choices += [
        MappingChoice(tax_category_item(c.slug), f"Item of {c.label}", "Item")
        for c in TAX_CATEGORIES
    ]
    choices += [
        MappingChoice(deposit_account(m), f"Account for {METHOD_LABELS[m]} payments", "Account")
        for m in PaymentMethod
    ]
    return choices


def set_mapping(
    user: SignedInUser, what: str, quickbooks_id: str, quickbooks_name: str = ""
) -> None:
    """An admin's choice of what one of our things is in QuickBooks (audited)."""
    if not user.is_admin:
        raise ActionRefused("Only an admin maps QuickBooks accounts and items.")
    if what not in {choice.what for choice in mapping_choices()}:
        raise ActionRefused(f"There is nothing called {what!r} to map.")
    if not (str(quickbooks_id).isascii() and str(quickbooks_id).isdigit()):
        raise ActionRefused("Please choose an account or item of QuickBooks.")
    with db_session() as session:
        require_two_step(session, user.id)
        row = session.exec(select(QuickBooksMapping).where(QuickBooksMapping.what == what)).first()
        row = row or QuickBooksMapping(what=what, quickbooks_id="")
        before = {"quickbooks_id": row.quickbooks_id}
        row.quickbooks_id, row.quickbooks_name = str(quickbooks_id), quickbooks_name[:200]
        row.updated_by, row.updated_at = user.id, utc_now()
        session.add(row)
        audit.record(
            session,
            "quickbooks.mapped",
            user_id=user.id,
            detail=what,
            before=before,
            after={"quickbooks_id": row.quickbooks_id},
        )
        session.commit()


@dataclass(frozen=True)
class Offered:
    quickbooks_id: str
    name: str


def offered(entity: str) -> list[Offered]:
    """The active items or accounts of the connected company, for the settings page's
    choices (read from QuickBooks each time: the bookkeeper may have added one)."""
    if entity not in ("Item", "Account"):
        raise ValueError(entity)
    records = client.query(entity, "Active = true")
    return sorted((Offered(r["Id"], r.get("Name", "")) for r in records), key=lambda o: o.name)


def mappings() -> dict[str, str]:
    """What is mapped now: key -> the QuickBooks name chosen (or its id)."""
    with db_session() as session:
        rows = session.exec(select(QuickBooksMapping)).all()
        return {row.what: row.quickbooks_name or row.quickbooks_id for row in rows}


class NotMapped(Exception):
    """Something must be mapped in the QuickBooks settings before this record can be pushed."""


def mapped_id(session: Session, *keys: str) -> str:
    """The QuickBooks id of the first of `keys` that is mapped; NotMapped names the last."""
    rows = session.exec(select(QuickBooksMapping).where(QuickBooksMapping.what.in_(keys))).all()
    by_key = {row.what: row.quickbooks_id for row in rows}
    for key in keys:
        if by_key.get(key):
            return by_key[key]
    wanted = next(c.words for c in mapping_choices() if c.what == keys[-1])
    raise NotMapped(f"Choose the {wanted.lower()} in the QuickBooks settings first.")


def line_item(session: Session, service: str, tax_category: str) -> str:
    """A line's item: its service's, else its tax category's, else the default item."""
    keys = [tax_category_item(tax_category), DEFAULT_ITEM]
    if service:
        keys.insert(0, service_item(service))
    return mapped_id(session, *keys)
