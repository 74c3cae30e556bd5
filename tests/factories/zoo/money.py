"""The zoo's invoices in every state: sent (a job's and one standing alone), partly paid (its
payment recorded as deposited in escrow), paid (its job then closed, and the customer asked for
a review, who opened the link), refunded (a check given back in full: a card refund needs
Stripe), void, and an unsaved draft; an invoice of a payment schedule (deposit and stages) sent
40 days ago (at the earliest on January 1), its deposit paid and its second stage overdue,
revised and then reminded of; each with its customer's pay link."""

from datetime import time, timedelta

import pytest
from sqlmodel import select

from renovation_app import routes
from renovation_app.db import db_session
from renovation_app.models import Invoice, OutboxEmail, ReviewRequest, User, utc_now
from renovation_app.services import compliance, invoicing, jobs, payments, reminders, reviews
from renovation_app.services.billing import business_today, format_usd
from renovation_app.services.schedule.times import instant_of
from renovation_app.settings import settings
from tests.factories.costs import payments_of_invoice
from tests.factories.invoices import invoice_payload, make_invoice
from tests.factories.jobs import bill
from tests.factories.links import pay_token
from tests.factories.payments import record_payment
from tests.factories.staff import signed_in
from tests.factories.zoo.book import Book
from tests.factories.zoo.work import LONG_EMAIL, LONG_NAME, LONG_PHONE, Jobs


def invoice_pages(book: Book, invoice: Invoice, note: str) -> None:
    """The invoice's staff page and its customer's pay link."""
    book.customer(invoice.customer_id)
    book.add(routes.INVOICE, routes.invoice_path(invoice.number), note)
    book.add(routes.PAY, routes.pay_path(pay_token(invoice)), f"pay link of the {note}")


def job_invoices(book: Book, admin: User, made: Jobs) -> Invoice:
    """The taxed job's deposit, sent (returned); the untaxed job's deposit, $1,000 of it paid
    and deposited in escrow; the taxed job by hand billed, paid in full (its customer asked for
    a review, who opens the link) and closed."""
    taxed = bill(made.taxed, "deposit", admin)
    invoice_pages(book, taxed, "sent invoice of a taxed job")
    deposit = bill(made.untaxed, "deposit", admin)
    record_payment(deposit, admin, amount="1,000.00")
    (paid,) = payments_of_invoice(deposit.id)
    account = "Example Bank, escrow account ...4417"
    office = signed_in(admin)
    compliance.record_deposit(made.untaxed.number, paid.id, business_today(), account, office)
    invoice_pages(book, deposit, "partly paid invoice")
    book.notes["deposit held in escrow"] = routes.job_path(made.untaxed.number)
    final = bill(made.faucet, "final", admin)
    with pytest.MonkeyPatch.context() as patch:  # paid in full, it asks for a review
        patch.setattr(settings, "review_link", settings.review_link or REVIEW_LINK)
        record_payment(final, admin, amount=format_usd(final.total_cents).lstrip("$"))
        _open_review_link(made.faucet.id)
    invoice_pages(book, final, "paid invoice")
    jobs.set_job_status(made.faucet.number, "closed", signed_in(admin))
    book.notes["closed job"] = routes.job_path(made.faucet.number)
    return taxed


def standalone_invoices(book: Book, admin: User) -> None:
    """Invoices of no job: one sent to the customer with the long name and e-mail, one paid by
    check and given back in full (refunded), one void, and a draft (no number, no page of its
    own: it is listed on the invoices page)."""
    sent = make_invoice(
        admin,
        "zoo-invoice-sent",
        price="1,250.00",
        name=LONG_NAME,
        email=LONG_EMAIL,
        phone=LONG_PHONE,
    )
    invoice_pages(book, sent, "sent invoice")
    refunded = make_invoice(
        admin,
        "zoo-invoice-refunded",
        price="500.00",
        name="Rae Refund",
        email="rae@example.com",
        phone="718-555-0106",
    )
    record_payment(refunded, admin, amount="500.00")
    (check,) = payments_of_invoice(refunded.id)
    given_back = {
        "method": "check",
        "amount": "500.00",
        "received_on": str(business_today()),
        "reference": "2001",
    }
    payments.record_return(refunded.number, check.id, given_back, signed_in(admin))
    invoice_pages(book, refunded, "refunded invoice")
    void = make_invoice(
        admin,
        "zoo-invoice-void",
        price="80.00",
        name="Vic Void",
        email="vic@example.com",
        phone="718-555-0107",
    )
    invoicing.void_invoice(void.number, signed_in(admin), "Entered twice.")
    invoice_pages(book, void, "void invoice")
    draft = invoice_payload(name="Dana Draft", email="dana@example.com", price="640.00")
    invoicing.save_draft(draft, signed_in(admin), "zoo-invoice-draft")
    book.notes["draft invoice"] = routes.INVOICES.path


REVIEW_LINK = "https://g.page/r/zoo-renovation/review"


def _open_review_link(job_id: int) -> None:
    """The customer opens the link of the review request about the job (as GET /review/...)."""
    with db_session() as session:
        request = session.exec(select(ReviewRequest).where(ReviewRequest.job_id == job_id)).one()
        sent = session.get(OutboxEmail, request.outbox_id)
        token = sent.text.split(reviews.REVIEW_PATH_PREFIX, 1)[1].split()[0]
        reviews.open_review_link(session, token)
        session.commit()


def staged_invoice(book: Book, admin: User) -> Invoice:
    """An invoice of a payment schedule sent 40 days ago: the deposit due that day and paid,
    the rough-in due 10 days later and overdue, the rest due in a month; revised (a line
    added), so it has a history of revisions; then the office sends a reminder of it.
    Issued no earlier than the year's first day: the dashboard's export of the year (which a
    browser test sums against what is owed) holds it."""
    today = business_today()
    day = max(today - timedelta(days=40), today.replace(month=1, day=1))
    issued = min(instant_of(day, time(10)), utc_now())
    later = business_today() + timedelta(days=30)
    schedule = [
        {"label": "Deposit", "amount": "30%", "due_date": str(day)},
        {"label": "Rough-in", "amount": "40%", "due_date": str(day + timedelta(days=10))},
        {"label": "Completion", "amount": "30%", "due_date": str(later)},
    ]
    raw = invoice_payload(
        name="Stella Stages",
        email="stella@example.com",
        phone="718-555-0108",
        price="6,000.00",
        due_date=str(later),
        schedule=schedule,
    )
    valid = invoicing.validate_invoice(raw, today=day)
    staged = invoicing.create_invoice(valid, admin.id, book.key("invoice-staged"), now=issued)
    record_payment(staged, admin, amount="1,800.00")
    changed = invoicing.revision_form(staged.number)
    changed["lines"].append({"service": "", "description": "Pantry shelves", "unit_price": "400"})
    invoicing.revise_invoice(staged.number, changed, "Added the pantry shelves", signed_in(admin))
    reminders.send_reminder_now(staged.number, signed_in(admin))  # a revision withdraws one queued
    invoice_pages(book, staged, "staged, reminded and revised invoice")
    return staged
