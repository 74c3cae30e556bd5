"""Noting what QuickBooks must learn: one `quickbooks_sync` row per record, whose version grows
when the record changes in a way QuickBooks shows. Called in the caller's transaction by the
features that change invoices and payments (one line each), and only while connected.

A row already being pushed keeps its claim: the worker sees the newer version when it writes
its result and leaves the row waiting for another push.
"""

import hashlib
from dataclasses import astuple
from enum import StrEnum

from sqlalchemy import case, event, update
from sqlmodel import Session, select

from renovation_app.db import insert_or_ignore
from renovation_app.models import (
    STRIPE_METHODS,
    Customer,
    Invoice,
    InvoiceStatus,
    Job,
    Payment,
    PaymentStatus,
    QuickBooksSync,
    Refund,
    RefundStatus,
    SyncState,
    utc_now,
)
from renovation_app.services.customers.records import first_contact
from renovation_app.services.quickbooks.connection import is_connected
from renovation_app.services.quickbooks.waking import wake_quickbooks_worker


class SyncKind(StrEnum):
    """The kinds of our records pushed, in the order they must reach QuickBooks."""

    CUSTOMER = "customer"
    JOB = "job"  # the customer's sub-customer
    INVOICE = "invoice"
    PAYMENT = "payment"
    FEE = "fee"  # a card or bank debit payment's Stripe fee, as an expense (a Purchase)
    REFUND = "refund"  # a RefundReceipt


PUSHED_PAYMENTS = (PaymentStatus.SUCCEEDED, PaymentStatus.VOIDED)
# The record key of a payment that came from QuickBooks (webhook.py): never pushed back.
RETURNED_KEY_PREFIX = "quickbooks:"
PUSHED_REFUNDS = (RefundStatus.PENDING, RefundStatus.SUCCEEDED)


def _fingerprint(*parts: object) -> str:
    return hashlib.sha256("|".join(str(p) for p in parts).encode()).hexdigest()


def note_record(session: Session, kind: SyncKind, record_id: int, fingerprint: str) -> None:
    """Queue a record for QuickBooks, or a new version of it when `fingerprint` changed."""
    now = utc_now()
    session.execute(
        insert_or_ignore(
            session,
            QuickBooksSync,
            record_kind=str(kind),
            record_id=record_id,
            version=1,
            pushed_version=0,
            fingerprint=fingerprint,
            quickbooks_id="",
            sync_token="",
            state=SyncState.WAITING,
            last_error="",
            attempts=0,
            next_try_at=now,
            claimed_by="",
            uncertain=False,
            created_at=now,
        )
    )
    session.execute(
        update(QuickBooksSync)
        .where(
            QuickBooksSync.record_kind == str(kind),
            QuickBooksSync.record_id == record_id,
            QuickBooksSync.fingerprint != fingerprint,
        )
        .values(
            version=QuickBooksSync.version + 1,
            fingerprint=fingerprint,
            state=case(
                (QuickBooksSync.state == SyncState.PUSHING, SyncState.PUSHING),
                else_=SyncState.WAITING,
            ),
            attempts=0,
            last_error="",
            next_try_at=now,
        )
    )


def _note_customer_and_job(session: Session, invoice: Invoice) -> None:
    job = session.get(Job, invoice.job_id) if invoice.job_id else None
    customer_ids = {invoice.customer_id, job.customer_id if job else None} - {None}
    for customer in [session.get(Customer, i) for i in sorted(customer_ids)]:
        details = astuple(first_contact(session, customer))  # name, e-mail, phone, address
        note_record(session, SyncKind.CUSTOMER, customer.id, _fingerprint(*details))
    if job is not None:
        fingerprint = _fingerprint(job.number, job.title, job.customer_id, job.address)
        note_record(session, SyncKind.JOB, job.id, fingerprint)


def _note_money(session: Session, invoice_id: int) -> None:
    payments = session.exec(select(Payment).where(Payment.invoice_id == invoice_id)).all()
    pushed = [
        p
        for p in payments
        if p.status in PUSHED_PAYMENTS and not (p.record_key or "").startswith(RETURNED_KEY_PREFIX)
    ]
    for payment in pushed:
        fingerprint = _fingerprint(payment.status, payment.amount_cents)
        if payment.method in STRIPE_METHODS and payment.status == PaymentStatus.SUCCEEDED:
            note_record(session, SyncKind.FEE, payment.id, _fingerprint(payment.amount_cents))
        never_queued = sync_row(session, SyncKind.PAYMENT, payment.id) is None
        if payment.status == PaymentStatus.VOIDED and never_queued:
            continue  # voided before QuickBooks ever had it: nothing to tell
        note_record(session, SyncKind.PAYMENT, payment.id, fingerprint)
    refunds = session.exec(
        select(Refund).where(Refund.payment_id.in_([p.id for p in payments] or [0]))
    ).all()
    for refund in refunds:
        if refund.status in PUSHED_REFUNDS:
            note_record(session, SyncKind.REFUND, refund.id, _fingerprint(refund.amount_cents))


def sync_row(session: Session, kind: SyncKind, record_id: int) -> QuickBooksSync | None:
    """Our record's row on its way to QuickBooks; None while it was never queued."""
    return session.exec(
        select(QuickBooksSync).where(
            QuickBooksSync.record_kind == str(kind), QuickBooksSync.record_id == record_id
        )
    ).first()


def _wake_after_commit(_session: Session) -> None:
    wake_quickbooks_worker()


def queue_invoice_sync(session: Session, invoice: Invoice) -> None:
    """The invoice and everything that hangs on it (its customer, job, payments and refunds)
    for QuickBooks, in the caller's transaction: call after an invoice is issued, revised,
    credited or voided and after a payment or refund is recorded. Nothing while disconnected."""
    if invoice.status == InvoiceStatus.DRAFT or not is_connected(session):
        return
    session.flush()  # the caller's new rows (a payment just added) are seen below
    _note_customer_and_job(session, invoice)
    if not event.contains(session, "after_commit", _wake_after_commit):
        # Pushed as soon as the caller's transaction is committed, not at the next poll.
        event.listen(session, "after_commit", _wake_after_commit, once=True)
    voided = invoice.status == InvoiceStatus.VOID
    fingerprint = _fingerprint(invoice.revision, voided, invoice.total_cents, invoice.due_date)
    note_record(session, SyncKind.INVOICE, invoice.id, fingerprint)
    _note_money(session, invoice.id)
