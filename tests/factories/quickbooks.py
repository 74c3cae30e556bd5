"""QuickBooks through the real services and the fake QuickBooks Online: an admin connecting the
company on Intuit's consent page, the mappings chosen once, and the worker run until the queue
is empty."""

from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

from renovation_app.db import db_session
from renovation_app.models import QuickBooksConnection, QuickBooksSync, utc_now
from renovation_app.services import quickbooks
from renovation_app.services.quickbooks.mapping import (
    CARD_FEES,
    DEFAULT_DEPOSIT,
    DEFAULT_ITEM,
    SALES_TAX_ITEM,
)
from renovation_app.services.quickbooks.queueing import sync_row as queued_row
from renovation_app.services.staff.sessions import SignedInUser
from tests.fakes.quickbooks_server import FakeQuickBooks

SESSION_KEY = "a" * 64  # the hash of the admin's session token


def connect_quickbooks(
    fake: FakeQuickBooks, admin: SignedInUser, session_key: str = SESSION_KEY
) -> QuickBooksConnection:
    """The admin presses Connect QuickBooks, then Connect on Intuit's consent page."""
    callback = fake.approve(quickbooks.authorize_url(admin, session_key))
    params = {k: v[0] for k, v in parse_qs(urlsplit(callback).query).items()}
    return quickbooks.finish_connect(admin, session_key, params)


def map_quickbooks(fake: FakeQuickBooks, admin: SignedInUser) -> None:
    """Lines to "Services", tax to "Sales tax", payments into Undeposited Funds."""
    quickbooks.set_mapping(admin, DEFAULT_ITEM, fake.find("Item", "Services")["Id"], "Services")
    quickbooks.set_mapping(admin, SALES_TAX_ITEM, fake.find("Item", "Sales tax")["Id"])
    quickbooks.set_mapping(admin, DEFAULT_DEPOSIT, fake.find("Account", "Undeposited Funds")["Id"])
    quickbooks.set_mapping(admin, CARD_FEES, fake.find("Account", "Merchant fees")["Id"])


def push_all(later: timedelta = timedelta(0), rounds: int = 6) -> int:
    """Run the worker step until nothing more is pushed; how many pushes succeeded."""
    total = 0
    for _ in range(rounds):
        pushed = quickbooks.push_due(now=utc_now() + later)
        total += pushed
        if not pushed:
            break
    return total


def sync_row(kind: str, record_id: int) -> QuickBooksSync:
    """The record's row; it must have been queued."""
    with db_session() as session:
        row = queued_row(session, kind, record_id)
    assert row is not None, f"{kind} {record_id} was never queued for QuickBooks"
    return row


def dollars_in_cents(amount) -> int:
    """QuickBooks' dollars as our cents."""
    return round(float(amount) * 100)
