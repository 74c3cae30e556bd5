"""The zoo's invoices in every state: sent (a job's and one standing alone), partly paid,
paid (its job then closed), refunded (a check given back in full: a card refund needs Stripe),
void, and an unsaved draft; each with its customer's pay link."""

from renovation_app import routes
from renovation_app.models import Invoice, User
from renovation_app.services import invoicing, jobs, payments
from renovation_app.services.billing import business_today, format_usd
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


def job_invoices(book: Book, admin: User, made: Jobs) -> None:
    """The taxed job's deposit, sent; the untaxed job's deposit, $1,000 of it paid; the taxed
    job by hand billed, paid in full and closed."""
    invoice_pages(book, bill(made.taxed, "deposit", admin), "sent invoice of a taxed job")
    deposit = bill(made.untaxed, "deposit", admin)
    record_payment(deposit, admin, amount="1,000.00")
    invoice_pages(book, deposit, "partly paid invoice")
    final = bill(made.faucet, "final", admin)
    record_payment(final, admin, amount=format_usd(final.total_cents).lstrip("$"))
    invoice_pages(book, final, "paid invoice")
    jobs.set_job_status(made.faucet.number, "closed", signed_in(admin))
    book.notes["closed job"] = routes.job_path(made.faucet.number)


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
