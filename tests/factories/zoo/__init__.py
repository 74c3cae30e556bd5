"""The zoo: a fixture office with every kind of record the app can make, made through the real
services, and the address of every record page for them (`Zoo.paths`, one list per record route
of the route table) for the tests that open every staff and customer page.

What it holds (each part's module says more): an admin, a second admin who manages staff, a
member of staff with a loaded hourly rate and a calendar feed, and their one-time links
(people); estimates in every state, taxed and untaxed jobs from signed contracts and made by
hand, a cancelled and a closed job, signed credit, declined, expired and waiting change orders
(work); invoices sent, partly paid (a deposit held in escrow), paid (a review asked for after
it, and opened), refunded, void and a draft, and one of a payment schedule, revised and
reminded of when overdue (money); an invoice e-mail delivered and a reminder bounced, as
Resend's webhook says (delivery); subcontractors with paid bills, signed and unsigned lien
waivers and lapsed certificates, costs of every kind (trade); photos, the daily log with
lead-safe practices, the record of lead-safe work signed, project links, and a photo published
to the website's gallery (sharing); visits booked online, a staff-only appointment and both
1:30 ams of New York's fall-back night, November 7, 2027, a 4 am delivery, and the day-before
notice of a work day (days); timesheets approved, reopened and with every kind of time entry,
one left open (clock); texts both ways, from a visitor's and an unknown number, and a STOP
(texts); QuickBooks disconnected, with records in it, waiting and refused, a payment from it
not recorded, and its items and accounts chosen (books).

Sending an estimate needs the contract settings (the unit tests' `contract_settings` fixture);
photos, receipts and certificates go to whatever files storage the settings name. A database
may hold more than one zoo, each with its own admin's e-mail (the other accounts' addresses
are made beside it; one-time keys and company names carry the zoo's tag); its customers are
found again by their e-mails.
"""

from dataclasses import dataclass, field

from renovation_app import routes
from renovation_app.db import db_session
from renovation_app.models import Customer, User
from tests.factories.zoo.book import RECORD_ROUTES, Book
from tests.factories.zoo.books import quickbooks_of_every_kind
from tests.factories.zoo.clock import time_of_every_kind
from tests.factories.zoo.days import (
    FALL_BACK,
    FALL_BACK_WEEK,
    VISITOR_PHONE,
    appointments_of,
    booked_visits,
)
from tests.factories.zoo.delivery import deliveries
from tests.factories.zoo.money import job_invoices, staged_invoice, standalone_invoices
from tests.factories.zoo.people import people, staff_links
from tests.factories.zoo.sharing import (
    lead_safe_log,
    photos_and_log,
    project_links,
    published_photo,
)
from tests.factories.zoo.texts import texts_of_every_kind
from tests.factories.zoo.trade import costs_of_every_kind
from tests.factories.zoo.work import LONG_EMAIL, LONG_NAME, all_jobs, change_orders_of


@dataclass
class Zoo:
    admin: User
    staff: User  # not an admin
    # Route path of the route table ("/jobs/[number]") -> the addresses of that page for the
    # zoo's records ("/jobs/J-2026-0001", ...): every kind of record the page shows.
    paths: dict[str, list[str]]
    # A short label of each notable record -> its address.
    notes: dict[str, str]
    # The labels (of `notes`) of pages that link to files: PDFs, CSVs, receipts, certificates.
    file_pages: list[str] = field(default_factory=list)


# Pages with links to files, by their label in the notes.
FILE_PAGES = [
    "untaxed job",
    "trust books",
    "costs of every kind",
    "photos and the daily log",
    "photos the customer texted",
    "photo published to the gallery",
    "sent invoice",
    "pay link of the sent invoice",
    "taxed contract (staff page)",
    "taxed contract (its link)",
    "signed credit change order",
    "signed lien waiver",
    "subcontractor with paid bills",
]


def _customer_pages(book: Book) -> None:
    """The page of every customer of the zoo's records, the long-named one noted."""
    with db_session() as session:
        for customer_id in book.customer_ids:
            long = session.get(Customer, customer_id).name == LONG_NAME
            note = "customer with a long name and e-mail" if long else ""
            book.add(routes.CUSTOMER, routes.customer_path(str(customer_id)), note)


def make_zoo(admin_email: str = "zoo-admin@example.com") -> Zoo:
    """Every kind of record the app can make, through the real services."""
    book = Book()
    who = people(admin_email)
    staff_links(book, who)
    made = all_jobs(book, who.admin)
    change_orders_of(book, who.admin, made)
    sent = job_invoices(book, who.admin, made)
    standalone_invoices(book, who.admin)
    deliveries(book, sent, staged_invoice(book, who.admin))
    costs_of_every_kind(book, who.admin, who.staff, made.untaxed)
    photos_and_log(book, who.admin, made.untaxed)
    published_photo(book, who.admin, made.faucet)
    lead_safe_log(book, who.staff, who.keeper, made.untaxed)
    project_links(
        book,
        who.admin,
        {"untaxed job": made.untaxed, "taxed job": made.taxed, "untaxed job by hand": made.window},
    )
    booked_visits(book)
    appointments_of(book, who.admin, who.staff, made.untaxed)
    time_of_every_kind(book, who.admin, who.staff, made.untaxed, made.taxed)
    texts_of_every_kind(book, who.admin, VISITOR_PHONE)
    quickbooks_of_every_kind(book, who.admin, made.taxed, made.untaxed)
    _customer_pages(book)
    book.notes["trust books"] = routes.trust_books_path(made.untaxed.number)
    return Zoo(who.admin, who.staff, book.paths, book.notes, list(FILE_PAGES))


__all__ = [
    "FILE_PAGES",
    "FALL_BACK",
    "FALL_BACK_WEEK",
    "LONG_EMAIL",
    "LONG_NAME",
    "RECORD_ROUTES",
    "Zoo",
    "make_zoo",
]
