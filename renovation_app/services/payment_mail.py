"""The e-mails a payment makes: the customer's receipt with its PDF, the office's notice of a
payment, and the office's notice of anything staff must look at (a dispute, money on a void
invoice, a failed refund, a payment that does not match)."""

from datetime import datetime

from sqlmodel import Session

from renovation_app.content import BUSINESS
from renovation_app.models import Invoice, Payment
from renovation_app.services.invoice_pdf import render_receipt_pdf
from renovation_app.services.invoices import BUSINESS_TIMEZONE, invoice_view, lines_of
from renovation_app.services.ledger import card_words, paid_cents
from renovation_app.services.mail import Attachment, EmailMessage, queue_email
from renovation_app.services.money import format_usd
from renovation_app.services.templates import render_email
from renovation_app.settings import settings


def queue_receipts(session: Session, invoice: Invoice, payment: Payment, now: datetime) -> None:
    """The customer's receipt (with its PDF) and the office's payment notice."""
    view = invoice_view(invoice, lines_of(session, invoice.id))
    paid_total = paid_cents(session, invoice.id)
    context = {
        "invoice": view,
        "business": BUSINESS,
        "paid": format_usd(payment.amount_cents),
        "paid_on": now.astimezone(BUSINESS_TIMEZONE).strftime("%B %-d, %Y"),
        "card": card_words(payment),
        "paid_total": format_usd(paid_total),
        "balance": format_usd(max(invoice.total_cents - paid_total, 0)),
        "payment_intent": payment.payment_intent_id,
    }
    pdf = render_receipt_pdf(view, context["paid"], context["paid_on"], context["card"])
    html, text = render_email("receipt", **context)
    queue_email(
        session,
        EmailMessage(
            to=invoice.customer_email,
            reply_to=BUSINESS.email,
            subject=f"Receipt for invoice {invoice.number} from {BUSINESS.name}",
            html=html,
            text=text,
            kind="receipt",
            attachments=(Attachment(f"receipt-{invoice.number}.pdf", "application/pdf", pdf),),
        ),
        about_kind="invoice",
        about_id=invoice.id,
    )
    html, text = render_email("payment_notice", **context)
    queue_email(
        session,
        EmailMessage(
            to=settings.business_inbox,
            subject=f"Payment received: invoice {invoice.number}, {context['paid']}",
            html=html,
            text=text,
            kind="payment_notice",
        ),
        about_kind="invoice",
        about_id=invoice.id,
    )


def queue_staff_notice(session: Session, invoice: Invoice, title: str, words: str) -> None:
    """Tell the office about something on an invoice it must look at."""
    html, text = render_email(
        "staff_notice",
        title=title,
        words=words,
        invoice_number=invoice.number,
        customer_name=invoice.customer_name,
        invoice_url=settings.url(f"/invoices/{invoice.number}"),
    )
    queue_email(
        session,
        EmailMessage(
            to=settings.business_inbox,
            subject=f"{title}: invoice {invoice.number}",
            html=html,
            text=text,
            kind="staff_notice",
        ),
        about_kind="invoice",
        about_id=invoice.id,
    )
