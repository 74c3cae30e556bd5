"""The e-mails a payment makes: the customer's receipt with its PDF, the office's notice of a
payment, and the office's notice of anything staff must look at (a dispute, money on a void
invoice, a failed refund, a payment that does not match)."""

from datetime import datetime

from sqlmodel import Session

from renovation_app.content import BUSINESS
from renovation_app.models import Invoice, Payment
from renovation_app.routes import invoice_path
from renovation_app.services.billing import (
    business_today,
    format_usd,
    long_date,
    render_receipt_pdf,
    view_of,
)
from renovation_app.services.billing.money import shown
from renovation_app.services.languages import invoice_language
from renovation_app.services.mail import About, Attachment, EmailKind, build_email, queue_email
from renovation_app.services.payments.ledger import paid_cents
from renovation_app.services.payments.means import method_words
from renovation_app.settings import settings


def queue_receipts(session: Session, invoice: Invoice, payment: Payment, now: datetime) -> None:
    """The customer's receipt (with its PDF), in the language of the sale the invoice bills
    beside English, and the office's payment notice."""
    view = view_of(session, invoice)
    paid_total = paid_cents(session, invoice.id)
    context = {
        "invoice": shown(view),
        "business": BUSINESS,
        "paid": format_usd(payment.amount_cents),
        "paid_on": long_date(payment.received_on or business_today(now)),
        "card": method_words(payment),
        "paid_total": format_usd(paid_total),
        "balance": format_usd(max(invoice.total_cents - paid_total, 0)),
        "balance_cents": max(invoice.total_cents - paid_total, 0),
        "payment_intent": payment.payment_intent_id,
    }
    pdf = render_receipt_pdf(
        view,
        context["paid"],
        context["paid_on"],
        context["card"],
        context["paid_total"],
        context["balance"] if context["balance_cents"] else "",
    )
    receipt = build_email(
        EmailKind.RECEIPT,
        invoice.customer_email,
        reply_to=BUSINESS.email,
        attachments=(Attachment(f"receipt-{invoice.number}.pdf", "application/pdf", pdf),),
        language=invoice_language(session, invoice),
        **context,
    )
    queue_email(session, receipt, about_kind=About.INVOICE, about_id=invoice.id)
    _to_the_office(session, invoice, EmailKind.PAYMENT_NOTICE, context)


def queue_staff_notice(session: Session, invoice: Invoice, title: str, words: str) -> None:
    """Tell the office about something on an invoice it must look at."""
    context = {
        "title": title,
        "words": words,
        "invoice_number": invoice.number,
        "customer_name": invoice.customer_name,
        "invoice_url": settings.url(invoice_path(invoice.number)),
    }
    _to_the_office(session, invoice, EmailKind.STAFF_NOTICE, context)


def _to_the_office(session: Session, invoice: Invoice, kind: EmailKind, context: dict) -> None:
    message = build_email(kind, settings.business_inbox, **context)
    queue_email(session, message, about_kind=About.INVOICE, about_id=invoice.id)
