"""The zoo's QuickBooks: the company connected once and disconnected since; the taxed job's
customer refused in QuickBooks' own words (a name another record holds, with markup in it),
the taxed job and its invoices in QuickBooks with their links, the untaxed job waiting to go,
and a payment the bookkeeper recorded there that could not be recorded here.

Written as the push worker and the webhook leave them, not pushed: a live connection while
the zoo is made would push into whichever QuickBooks the server is set to. The waiting row's
next try is a year away, so a test that connects later pushes none of the zoo's records.
The items and accounts chosen on /settings/quickbooks are written the same way (as
mapping.set_mapping leaves them, without its audit row): only the four a browser test that
connects maps again itself, to the fake QuickBooks' own names and ids, so its pushes never use
an item of the zoo's; a choice already made (another zoo's, a test's) is kept."""

from datetime import timedelta

from sqlmodel import select

from renovation_app import routes
from renovation_app.db import db_session
from renovation_app.models import (
    Invoice,
    Job,
    QuickBooksConnection,
    QuickBooksMapping,
    QuickBooksPayment,
    QuickBooksSync,
    SyncState,
    User,
    utc_now,
)
from renovation_app.services.quickbooks.client import QuickBooksFault
from renovation_app.services.quickbooks.mapping import (
    CARD_FEES,
    DEFAULT_DEPOSIT,
    DEFAULT_ITEM,
    SALES_TAX_ITEM,
)
from renovation_app.services.quickbooks.queueing import SyncKind
from renovation_app.services.staff.two_step import encrypt
from tests.factories.zoo.book import Book
from tests.fakes.quickbooks_server import COMPANY_NAME, DUPLICATE, REALM_ID

# QuickBooks' words as the push keeps them, with markup that must be shown as text.
# What the fake QuickBooks offers (its first records' ids), as an admin chose them.
CHOSEN = {
    DEFAULT_ITEM: ("101", "Services"),
    SALES_TAX_ITEM: ("102", "Sales tax"),
    DEFAULT_DEPOSIT: ("103", "Undeposited Funds"),
    CARD_FEES: ("105", "Merchant fees"),
}
REFUSED = str(QuickBooksFault(400, DUPLICATE[0], DUPLICATE[1], DUPLICATE[2] + " <b>Id=58</b>"))


def _connected_once(admin: User) -> QuickBooksConnection:
    now = utc_now()
    return QuickBooksConnection(
        realm_id=REALM_ID,
        company_name=COMPANY_NAME,
        access_token=encrypt("zoo access token, revoked"),
        refresh_token=encrypt("zoo refresh token, revoked"),
        access_expires_at=now - timedelta(days=1),
        refresh_expires_at=now + timedelta(days=60),
        connected_by=admin.id,
        connected_at=now - timedelta(days=40),
        disconnected_at=now - timedelta(days=1),
    )


def _in_quickbooks(kind: SyncKind, record_id: int, quickbooks_id: str) -> QuickBooksSync:
    return QuickBooksSync(
        record_kind=kind,
        record_id=record_id,
        pushed_version=1,
        quickbooks_id=quickbooks_id,
        sync_token="0",
        state=SyncState.IN_QUICKBOOKS,
        attempts=1,
        pushed_at=utc_now() - timedelta(days=2),
    )


def quickbooks_of_every_kind(book: Book, admin: User, taxed: Job, untaxed: Job) -> None:
    """Every state a record can be in with QuickBooks, on the zoo's own records."""
    year_away = utc_now() + timedelta(days=365)
    with db_session() as session:
        if not session.exec(select(QuickBooksConnection.id).limit(1)).first():
            session.add(_connected_once(admin))
        invoices = session.exec(select(Invoice).where(Invoice.job_id == taxed.id)).all()
        rows = [
            QuickBooksSync(
                record_kind=SyncKind.CUSTOMER,
                record_id=taxed.customer_id,
                state=SyncState.NEEDS_ATTENTION,
                last_error=REFUSED,
                attempts=1,
            ),
            _in_quickbooks(SyncKind.JOB, taxed.id, f"zoo-{book.tag}-job"),
            *(
                _in_quickbooks(SyncKind.INVOICE, invoice.id, f"zoo-{book.tag}-{invoice.id}")
                for invoice in invoices
            ),
            QuickBooksSync(record_kind=SyncKind.JOB, record_id=untaxed.id, next_try_at=year_away),
        ]
        # Another zoo in the same database may share a customer (found again by e-mail).
        held = set(session.exec(select(QuickBooksSync.record_kind, QuickBooksSync.record_id)))
        session.add_all(row for row in rows if (row.record_kind, row.record_id) not in held)
        mapped = set(session.exec(select(QuickBooksMapping.what)))
        session.add_all(
            QuickBooksMapping(
                what=what, quickbooks_id=qb_id, quickbooks_name=name, updated_by=admin.id
            )
            for what, (qb_id, name) in CHOSEN.items()
            if what not in mapped
        )
        session.add(
            QuickBooksPayment(
                realm_id=REALM_ID,
                quickbooks_id=f"zoo-{book.tag}-payment",
                invoice_id=invoices[0].id if invoices else None,
                amount_cents=999_999_00,
                problem="This is more than the balance of <b>$0.00</b>.",
            )
        )
        session.commit()
    book.notes["QuickBooks, disconnected, with a refused customer"] = routes.QUICKBOOKS.path
