"""What staff see of a record's way to QuickBooks: in QuickBooks (with a link to it there),
waiting, or needing attention with QuickBooks' own words; the list of what needs attention,
and retrying it."""

from collections import defaultdict
from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy import update
from sqlmodel import Session, select

from renovation_app import routes
from renovation_app.db import db_session
from renovation_app.models import (
    Customer,
    Invoice,
    Job,
    Payment,
    QuickBooksConnection,
    QuickBooksPayment,
    QuickBooksSync,
    Refund,
    SyncState,
    utc_now,
)
from renovation_app.services import audit
from renovation_app.services.billing import format_usd
from renovation_app.services.errors import ActionRefused
from renovation_app.services.quickbooks.connection import is_connected
from renovation_app.services.quickbooks.queueing import SyncKind, sync_row
from renovation_app.services.staff.sessions import SignedInUser
from renovation_app.settings import settings

STATE_WORDS = {
    SyncState.WAITING: "Waiting to go to QuickBooks",
    SyncState.PUSHING: "Going to QuickBooks",
    SyncState.IN_QUICKBOOKS: "In QuickBooks",
    SyncState.NEEDS_ATTENTION: "Needs attention",
}
# The page of each kind in QuickBooks Online's web app.
APP_PAGES = {
    SyncKind.CUSTOMER: "customerdetail?nameId=",
    SyncKind.JOB: "customerdetail?nameId=",
    SyncKind.INVOICE: "invoice?txnId=",
    SyncKind.PAYMENT: "recvpayment?txnId=",
    SyncKind.FEE: "expense?txnId=",
    SyncKind.REFUND: "refundreceipt?txnId=",
}


@dataclass(frozen=True)
class SyncView:
    sync_id: int
    kind: str
    record_id: int
    state: str
    words: str  # the state in words
    problem: str  # QuickBooks' words when it needs attention (or the last retry's reason)
    link: str  # the record in QuickBooks, once it is there
    attempts: int
    pushed_at: datetime | None
    name: str = ""  # our record in words, "Invoice 2026-0007" (on the list of refusals)
    path: str = ""  # its page here


def quickbooks_link(kind: str, quickbooks_id: str) -> str:
    if not quickbooks_id:
        return ""
    sandbox = "sandbox." if settings.quickbooks_environment == "sandbox" else ""
    return f"https://app.{sandbox}qbo.intuit.com/app/{APP_PAGES[SyncKind(kind)]}{quickbooks_id}"


def _view(row: QuickBooksSync) -> SyncView:
    return SyncView(
        sync_id=row.id,
        kind=row.record_kind,
        record_id=row.record_id,
        state=row.state,
        words=STATE_WORDS[SyncState(row.state)],
        problem=row.last_error,
        link=quickbooks_link(row.record_kind, row.quickbooks_id),
        attempts=row.attempts,
        pushed_at=row.pushed_at,
    )


def sync_state(kind: SyncKind, record_id: int) -> SyncView | None:
    """A record's state in QuickBooks; None when it was never queued (not connected then)."""
    with db_session() as session:
        row = sync_row(session, kind, record_id)
        return _view(row) if row else None


def _invoice_named(invoice: Invoice | None, what: str) -> tuple[str, str]:
    if invoice is None:
        return what, ""
    return f"{what} on invoice {invoice.number}", routes.invoice_path(invoice.number)


def _by_id(session: Session, model, ids: set[int]) -> dict:
    if not ids:
        return {}
    return {row.id: row for row in session.exec(select(model).where(model.id.in_(ids)))}


@dataclass
class _Records:
    """Our records a list names, read once per kind (not once per row)."""

    customers: dict[int, Customer]
    jobs: dict[int, Job]
    invoices: dict[int, Invoice]
    payments: dict[int, Payment]
    refunds: dict[int, Refund]

    @classmethod
    def read(cls, session: Session, rows: list[QuickBooksSync]) -> "_Records":
        ids: dict[str, set[int]] = defaultdict(set)
        for row in rows:
            ids[row.record_kind].add(row.record_id)
        refunds = _by_id(session, Refund, ids[SyncKind.REFUND])
        paid = ids[SyncKind.PAYMENT] | ids[SyncKind.FEE] | {r.payment_id for r in refunds.values()}
        payments = _by_id(session, Payment, paid)
        billed = ids[SyncKind.INVOICE] | {p.invoice_id for p in payments.values()}
        return cls(
            _by_id(session, Customer, ids[SyncKind.CUSTOMER]),
            _by_id(session, Job, ids[SyncKind.JOB]),
            _by_id(session, Invoice, billed),
            payments,
            refunds,
        )

    def named(self, kind: str, record_id: int) -> tuple[str, str]:
        """The record in words and its page here: the customer, the job, the invoice, or the
        invoice a payment, its card fee or a refund of it belongs to."""
        if kind == SyncKind.CUSTOMER and (customer := self.customers.get(record_id)):
            return customer.name, routes.customer_path(str(record_id))
        if kind == SyncKind.JOB and (job := self.jobs.get(record_id)):
            return f"Job {job.number}", routes.job_path(job.number)
        if kind == SyncKind.INVOICE and (invoice := self.invoices.get(record_id)):
            return f"Invoice {invoice.number}", routes.invoice_path(invoice.number)
        refund = self.refunds.get(record_id) if kind == SyncKind.REFUND else None
        payment_id = refund.payment_id if refund else record_id
        payment = self.payments.get(payment_id) if kind in _OF_PAYMENTS else None
        if payment is None:
            return f"{kind} {record_id}", ""
        invoice = self.invoices.get(payment.invoice_id)
        paid = format_usd(payment.amount_cents)
        if kind == SyncKind.FEE:  # the fee itself is Stripe's, not kept here
            return _invoice_named(invoice, f"Card fee of the {paid} payment")
        if refund is not None:
            return _invoice_named(invoice, f"Refund {format_usd(refund.amount_cents)}")
        return _invoice_named(invoice, f"Payment {paid}")


_OF_PAYMENTS = (SyncKind.PAYMENT, SyncKind.FEE, SyncKind.REFUND)


def needing_attention(limit: int = 200) -> list[SyncView]:
    """What QuickBooks refused, oldest first, each with our record named: the sync page's
    list."""
    with db_session() as session:
        rows = session.exec(
            select(QuickBooksSync)
            .where(QuickBooksSync.state == SyncState.NEEDS_ATTENTION)
            .order_by(QuickBooksSync.id)
            .limit(limit)
        ).all()
        records = _Records.read(session, rows)
        views = []
        for row in rows:
            name, path = records.named(row.record_kind, row.record_id)
            views.append(replace(_view(row), name=name, path=path))
        return views


def retry(user: SignedInUser, sync_id: int) -> bool:
    """Put a record that needs attention back in the queue (after a fix in QuickBooks or in
    the mapping), as a new version; False when it no longer needs attention."""
    if not user.is_admin:
        raise ActionRefused("Only an admin retries what QuickBooks refused.")
    with db_session() as session:
        result = session.execute(
            update(QuickBooksSync)
            .where(
                QuickBooksSync.id == sync_id,
                QuickBooksSync.state == SyncState.NEEDS_ATTENTION,
            )
            # A new version: QuickBooks answers a repeated requestid with its first answer
            # (the refusal), so the retry must be a new request. Nothing was applied.
            .values(
                state=SyncState.WAITING,
                version=QuickBooksSync.version + 1,
                attempts=0,
                next_try_at=utc_now(),
            )
        )
        if result.rowcount == 1:
            audit.record(session, "quickbooks.retried", user_id=user.id, record_id=sync_id)
        session.commit()
        return result.rowcount == 1


@dataclass(frozen=True)
class UnrecordedPayment:
    """A payment recorded in QuickBooks on one of our invoices that could not be recorded
    here (more than the balance, a void invoice ...): for the office to settle by hand."""

    quickbooks_id: str
    invoice_id: int | None
    amount_cents: int
    problem: str
    link: str
    name: str  # "Payment $1,250.00 on invoice 2026-0007"
    path: str  # the invoice's page here, "" when it is none of ours


def unrecorded_payments(limit: int = 200) -> list[UnrecordedPayment]:
    with db_session() as session:
        rows = session.exec(
            select(QuickBooksPayment)
            .where(QuickBooksPayment.problem != "")
            .order_by(QuickBooksPayment.id)
            .limit(limit)
        ).all()
        invoices = _by_id(session, Invoice, {r.invoice_id for r in rows if r.invoice_id})
        return [
            UnrecordedPayment(
                row.quickbooks_id,
                row.invoice_id,
                row.amount_cents,
                row.problem,
                quickbooks_link(SyncKind.PAYMENT, row.quickbooks_id),
                *_invoice_named(
                    invoices.get(row.invoice_id), f"Payment {format_usd(row.amount_cents)}"
                ),
            )
            for row in rows
        ]


def record_words(kind: SyncKind, record_id: int) -> dict[str, str]:
    """A record's state in QuickBooks for its page: words, the link once it is there, and
    QuickBooks' own words when it needs attention; {} while QuickBooks was never connected."""
    with db_session() as session:
        row = sync_row(session, kind, record_id)
        view = _view(row) if row else None
        connected = is_connected(session)
        ever = session.exec(select(QuickBooksConnection.id).limit(1)).first() is not None
    if view is None:
        if connected:
            return {"words": "Not in QuickBooks yet: it goes the next time it changes"}
        return {"words": "Not in QuickBooks: QuickBooks is disconnected"} if ever else {}
    words = view.words
    if not connected and view.state != SyncState.IN_QUICKBOOKS:
        words += " (QuickBooks is disconnected: nothing goes there)"
    return {"words": words, "link": view.link, "problem": view.problem}
