"""What each of our records is in QuickBooks: the entity, its JSON in Intuit's shapes, how to
find it there again (after an uncertain push) and whether it ends voided.

Amounts are our integer cents written as dollars; New York sales tax as computed here is its
own line (the sales tax item), so the invoice's total in QuickBooks is ours to the cent
whatever QuickBooks' own tax settings are; every line carries the tax code NON for that reason.
"""

import re
from dataclasses import dataclass, field

from sqlmodel import Session, select

from renovation_app.content.fees import BANK_DEBIT_FEE, CARD_FEE
from renovation_app.models import (
    STRIPE_METHODS,
    Customer,
    Invoice,
    InvoiceLine,
    InvoiceStage,
    InvoiceStatus,
    Job,
    Payment,
    PaymentMethod,
    PaymentStatus,
    Refund,
)
from renovation_app.services.billing import business_today, format_usd
from renovation_app.services.customers.records import first_contact
from renovation_app.services.quickbooks import client
from renovation_app.services.quickbooks.mapping import (
    CARD_FEES,
    DEFAULT_DEPOSIT,
    DEFAULT_ITEM,
    SALES_TAX_ITEM,
    deposit_account,
    line_item,
    mapped_id,
)
from renovation_app.services.quickbooks.queueing import SyncKind, sync_row

US_STATE_ZIP = re.compile(r"^(?P<state>[A-Z]{2})\s+(?P<zip>\d{5}(?:-\d{4})?)$")
NO_TAX = {"value": "NON"}  # the tax is a line of its own
NAME_MAX = 100  # QuickBooks' DisplayName
DOC_NUMBER_MAX = 21


class WaitingFor(Exception):
    """A record this one points at (its customer, its invoice) is not in QuickBooks yet."""


@dataclass
class Document:
    """One record as QuickBooks takes it."""

    entity: str  # "Invoice"
    body: dict  # without Id and SyncToken
    marker: str  # our id inside the record (Notes or PrivateNote): how it is found again
    find_where: str  # a query narrowing the search for it
    voided: bool = False
    void_params: dict = field(default_factory=lambda: {"operation": "void"})
    by_number: bool = False  # find_where names our own unique document number


def dollars(cents: int) -> float:
    return round(cents / 100, 2)


def marker_of(kind: SyncKind, record_id: int) -> str:
    return f"renovation {kind} {record_id}"


def quickbooks_id_of(session: Session, kind: SyncKind, record_id: int) -> str:
    """The QuickBooks id of one of our records already pushed; WaitingFor when none yet."""
    row = sync_row(session, kind, record_id)
    if row is None or not row.quickbooks_id:
        raise WaitingFor(f"waiting for {kind} {record_id} to reach QuickBooks")
    return row.quickbooks_id


def _address(text: str) -> dict:
    """A one-line address as QuickBooks' address: its street lines, and the city, state and
    ZIP code when it ends like "Brooklyn, NY 11201"; else its parts as lines."""
    parts = [p.strip()[:500] for p in text.split(",") if p.strip()]
    if not parts:
        return {}
    state_zip = US_STATE_ZIP.match(parts[-1]) if len(parts) >= 3 else None
    if state_zip is None:
        return {**_street_lines(parts), "Country": "US"}
    return {
        **_street_lines(parts[:-2]),
        "City": parts[-2][:255],
        "CountrySubDivisionCode": state_zip["state"],
        "PostalCode": state_zip["zip"],
        "Country": "US",
    }


def _street_lines(parts: list[str]) -> dict:
    return {f"Line{i}": part for i, part in enumerate(parts[:5], start=1)}


def customer_document(session: Session, customer_id: int) -> Document:
    customer = session.get(Customer, customer_id)
    details = first_contact(session, customer)
    marker = marker_of(SyncKind.CUSTOMER, customer_id)
    body = {"DisplayName": details.name[:NAME_MAX], "Notes": marker}
    if details.email:
        body["PrimaryEmailAddr"] = {"Address": details.email}
    if details.phone:
        body["PrimaryPhone"] = {"FreeFormNumber": details.phone}
    if details.address:
        body["BillAddr"] = _address(details.address)
    where = f"DisplayName like {client.quoted(details.name[: NAME_MAX - 12] + '%')}"
    return Document("Customer", body, marker, where)


def job_document(session: Session, job_id: int) -> Document:
    """The job as its customer's sub-customer: income by job in QuickBooks."""
    job = session.get(Job, job_id)
    parent = quickbooks_id_of(session, SyncKind.CUSTOMER, job.customer_id)
    marker = marker_of(SyncKind.JOB, job_id)
    body = {
        "DisplayName": f"{job.number} {job.title}"[:NAME_MAX],
        "Job": True,
        "ParentRef": {"value": parent},
        "BillWithParent": True,
        "Notes": marker,
        "PrimaryEmailAddr": {"Address": job.customer_email},
    }
    if job.address:
        body["ShipAddr"] = _address(job.address)
    where = f"DisplayName like {client.quoted(job.number + '%')}"
    return Document("Customer", body, marker, where)


def _invoice_customer(session: Session, invoice: Invoice) -> str:
    if invoice.job_id:
        return quickbooks_id_of(session, SyncKind.JOB, invoice.job_id)
    if invoice.customer_id is None:
        raise WaitingFor(f"invoice {invoice.number} has no customer")
    return quickbooks_id_of(session, SyncKind.CUSTOMER, invoice.customer_id)


def _sales_line(item: str, cents: int, description: str, qty_milli: int, unit_cents: int) -> dict:
    detail = {"ItemRef": {"value": item}, "TaxCodeRef": NO_TAX}
    if qty_milli * unit_cents == cents * 1000:  # QuickBooks checks Qty x UnitPrice = Amount
        detail |= {"Qty": qty_milli / 1000, "UnitPrice": dollars(unit_cents)}
    else:
        detail |= {"Qty": 1, "UnitPrice": dollars(cents)}
    return {
        "DetailType": "SalesItemLineDetail",
        "Amount": dollars(cents),
        "Description": description[:4000],
        "SalesItemLineDetail": detail,
    }


def invoice_lines(session: Session, invoice: Invoice) -> list[dict]:
    rows = session.exec(
        select(InvoiceLine)
        .where(InvoiceLine.invoice_id == invoice.id)
        .order_by(InvoiceLine.position)
    ).all()
    lines = [
        _sales_line(
            line_item(session, row.service, row.tax_category),
            row.price_cents,
            row.description or row.label,
            row.quantity_milli,
            row.unit_price_cents,
        )
        for row in rows
        if row.chosen
    ]
    if invoice.tax_cents:
        rate = f"{invoice.tax_rate / 1000:g}%"
        tax_item = mapped_id(session, SALES_TAX_ITEM)
        lines.append(
            _sales_line(
                tax_item, invoice.tax_cents, f"New York sales tax {rate}", 1000, invoice.tax_cents
            )
        )
    if invoice.discount_cents:
        lines.append(
            {
                "DetailType": "DiscountLineDetail",
                "Amount": dollars(invoice.discount_cents),
                "DiscountLineDetail": {"PercentBased": False},
            }
        )
    return lines


def _schedule_words(session: Session, invoice_id: int) -> str:
    """An invoice's payment stages in words (QuickBooks has no schedule of its own)."""
    stages = session.exec(
        select(InvoiceStage)
        .where(InvoiceStage.invoice_id == invoice_id)
        .order_by(InvoiceStage.position)
    ).all()
    words = [f"{s.label} {format_usd(s.amount_cents)} due {s.due_date:%b %-d, %Y}" for s in stages]
    return "Payment schedule: " + "; ".join(words) if words else ""


def invoice_document(session: Session, invoice_id: int) -> Document:
    invoice = session.get(Invoice, invoice_id)
    marker = marker_of(SyncKind.INVOICE, invoice_id)
    body = {
        "DocNumber": invoice.number[:DOC_NUMBER_MAX],
        "TxnDate": business_today(invoice.sent_at or invoice.created_at).isoformat(),
        "DueDate": invoice.due_date.isoformat(),
        "CustomerRef": {"value": _invoice_customer(session, invoice)},
        "BillEmail": {"Address": invoice.customer_email},
        "PrivateNote": marker,
        "Line": invoice_lines(session, invoice),
    }
    memo = "\n".join(filter(None, [invoice.note, _schedule_words(session, invoice.id)]))
    if memo:
        body["CustomerMemo"] = {"value": memo[:1000]}
    voided = invoice.status == InvoiceStatus.VOID
    where = f"DocNumber = {client.quoted(body['DocNumber'])}"
    return Document("Invoice", body, marker, where, voided, by_number=True)


def _reference(payment: Payment) -> str:
    if payment.reference:
        return payment.reference[:DOC_NUMBER_MAX]
    return payment.card_last4 and f"x{payment.card_last4}"


def payment_document(session: Session, payment_id: int) -> Document:
    """A payment applied to its invoice (LinkedTxn), into the account of its method."""
    payment = session.get(Payment, payment_id)
    invoice = session.get(Invoice, payment.invoice_id)
    invoice_qb = quickbooks_id_of(session, SyncKind.INVOICE, invoice.id)
    customer_qb = _invoice_customer(session, invoice)
    account = mapped_id(session, deposit_account(payment.method), DEFAULT_DEPOSIT)
    marker = marker_of(SyncKind.PAYMENT, payment_id)
    received = payment.received_on or business_today(payment.succeeded_at or payment.created_at)
    body = {
        "CustomerRef": {"value": customer_qb},
        "TotalAmt": dollars(payment.amount_cents),
        "TxnDate": received.isoformat(),
        "PaymentRefNum": _reference(payment),
        "PrivateNote": f"{marker}: {payment.method.replace('_', ' ')} on invoice {invoice.number}",
        "DepositToAccountRef": {"value": account},
        "Line": [
            {
                "Amount": dollars(payment.amount_cents),
                "LinkedTxn": [{"TxnId": invoice_qb, "TxnType": "Invoice"}],
            }
        ],
    }
    voided = payment.status == PaymentStatus.VOIDED
    where = f"CustomerRef = {client.quoted(customer_qb)}"
    params = {"operation": "update", "include": "void"}  # how QuickBooks voids a payment
    return Document("Payment", body, marker, where, voided, params)


def fee_document(session: Session, payment_id: int) -> Document:
    """Stripe's fee on a card or bank debit payment (its published price, content/fees.py):
    an expense paid out of the account the payment went into."""
    payment = session.get(Payment, payment_id)
    invoice = session.get(Invoice, payment.invoice_id)
    fee = BANK_DEBIT_FEE if payment.method == PaymentMethod.BANK_DEBIT else CARD_FEE
    cents = fee.cents_on(payment.amount_cents)
    number = f"FEE-{payment_id}"
    body = {
        "DocNumber": number,
        "PaymentType": "Cash",
        "TxnDate": business_today(payment.succeeded_at or payment.created_at).isoformat(),
        "AccountRef": {
            "value": mapped_id(session, deposit_account(payment.method), DEFAULT_DEPOSIT)
        },
        "PrivateNote": marker_of(SyncKind.FEE, payment_id),
        "Line": [
            {
                "DetailType": "AccountBasedExpenseLineDetail",
                "Amount": dollars(cents),
                "Description": f"{fee.label.capitalize()} fee on invoice {invoice.number}",
                "AccountBasedExpenseLineDetail": {
                    "AccountRef": {"value": mapped_id(session, CARD_FEES)}
                },
            }
        ],
    }
    where = f"DocNumber = {client.quoted(number)}"
    return Document("Purchase", body, body["PrivateNote"], where, by_number=True)


def refund_document(session: Session, refund_id: int) -> Document:
    """Money given back: a RefundReceipt paid out of the account the payment went into."""
    refund = session.get(Refund, refund_id)
    payment = session.get(Payment, refund.payment_id)
    invoice = session.get(Invoice, payment.invoice_id)
    account = mapped_id(session, deposit_account(payment.method), DEFAULT_DEPOSIT)
    marker = marker_of(SyncKind.REFUND, refund_id)
    number = f"R-{refund_id}"
    words = f"Refund on invoice {invoice.number}" + (f": {refund.reason}" if refund.reason else "")
    item = mapped_id(session, DEFAULT_ITEM)
    body = {
        "DocNumber": number,
        "TxnDate": business_today(refund.created_at).isoformat(),
        "CustomerRef": {"value": _invoice_customer(session, invoice)},
        "DepositToAccountRef": {"value": account},
        "PrivateNote": marker,
        "Line": [_sales_line(item, refund.amount_cents, words, 1000, refund.amount_cents)],
    }
    if payment.method in STRIPE_METHODS:
        body["PaymentRefNum"] = _reference(payment)
    where = f"DocNumber = {client.quoted(number)}"
    return Document("RefundReceipt", body, marker, where, by_number=True)


BUILDERS = {
    SyncKind.CUSTOMER: customer_document,
    SyncKind.JOB: job_document,
    SyncKind.INVOICE: invoice_document,
    SyncKind.PAYMENT: payment_document,
    SyncKind.FEE: fee_document,
    SyncKind.REFUND: refund_document,
}
