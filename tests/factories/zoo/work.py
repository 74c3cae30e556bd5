"""The zoo's estimates and jobs: a draft, a sent and a declined estimate; a taxed (repair) and
an untaxed (capital improvement, a home of 1925) contract signed, and one cancelled; two jobs
made by hand (an untaxed $400 window in New York City, a taxed $300 repair); and the change
orders: a signed credit, a declined one, an expired one and one waiting for its signature."""

from dataclasses import dataclass
from datetime import timedelta

from renovation_app import routes
from renovation_app.models import Estimate, Job, User, utc_now
from renovation_app.services import change_orders, estimates, jobs
from renovation_app.services.billing import business_today
from tests.factories.costs import contract_28k
from tests.factories.estimates import accepted_estimate, draft_estimate, sent_estimate
from tests.factories.jobs import (
    change_order_payload,
    change_order_token,
    job_of,
    make_change_order,
    sign_change_order,
)
from tests.factories.links import estimate_token
from tests.factories.staff import signed_in
from tests.factories.zoo.book import Book

LONG_NAME = "Maximiliana Evangelina Rodriguez-Featherstonehaugh"
LONG_EMAIL = "maximiliana.rodriguez-f@example.com"  # 35 characters
LONG_PHONE = "718-555-0104"
REPAIR_LINES = [
    {
        "description": "Repair the boiler and bleed every radiator",
        "quantity": "1",
        "unit_price": "6,000",
        "tax_category": "repair",
    },
]
VALVE = [{"description": "A second boiler valve", "unit_price": "150", "tax_category": "repair"}]
WINDOW = {
    "name": "Wendy Window",
    "email": "wendy@example.com",
    "phone": "718-555-0170",
    "address": "300 Ashland Pl, Brooklyn, NY 11217",
    "title": "Replace one double-hung window",
    "price": "400",
    "tax_category": "capital_improvement",
    "tax_area": "nyc",
}
FAUCET = {
    "name": "Lee Chan",
    "email": "lee@example.com",
    "phone": "",
    "address": "5 Court St, Brooklyn",
    "title": "Replace the kitchen faucet",
    "price": "300",
    "tax_category": "repair",
    "tax_area": "nyc",
}


@dataclass(frozen=True)
class Jobs:
    taxed: Job  # from a signed estimate of repair lines (sales tax)
    untaxed: Job  # from a signed estimate of capital improvement lines, costs on it
    window: Job  # by hand, untaxed, $400
    faucet: Job  # by hand, taxed, $300 + tax (closed once paid: money.py)
    cancelled: Job


def estimate_pages(book: Book, estimate: Estimate, note: str) -> None:
    """The estimate's staff page, and its customer's link once it was sent."""
    book.customer(estimate.customer_id)
    book.add(routes.ESTIMATE, routes.estimate_path(estimate.number), f"{note} (staff page)")
    if estimate.status != "draft":
        token = estimate_token(estimate)
        book.add(routes.ESTIMATE_LINK, routes.estimate_link_path(token), f"{note} (its link)")


def job_pages(book: Book, job: Job, note: str) -> None:
    """The job's page and the pages of its costs, photos, trust books and change order form."""
    book.customer(job.customer_id)
    book.add(routes.JOB, routes.job_path(job.number), note)
    book.add(routes.JOB_COSTS, routes.job_costs_path(job.number))
    book.add(routes.JOB_PHOTOS, routes.job_photos_path(job.number))
    book.add(routes.TRUST_BOOKS, routes.trust_books_path(job.number))
    book.add(routes.NEW_CHANGE_ORDER, f"{routes.job_path(job.number)}/change-order")


def open_estimates(book: Book, admin: User) -> None:
    """A draft, one sent and waiting, and one the customer declined."""
    draft = draft_estimate(
        admin,
        "zoo-draft-estimate",
        name="Dora Draft",
        email="dora@example.com",
        phone="718-555-0101",
    )
    estimate_pages(book, draft, "draft estimate")
    sent = sent_estimate(
        admin, "zoo-sent-estimate", name="Sid Sent", email="sid@example.com", phone="718-555-0102"
    )
    estimate_pages(book, sent, "sent estimate")
    declined = sent_estimate(
        admin,
        "zoo-declined-estimate",
        name="Dee Clined",
        email="dee@example.com",
        phone="718-555-0103",
    )
    estimates.decline(estimate_token(declined), "We chose to wait a year.")
    estimate_pages(book, declined, "declined estimate")


def signed_jobs(book: Book, admin: User) -> tuple[Job, Job, Job]:
    """The taxed and the untaxed contract's jobs, and a signed job cancelled before any bill."""
    taxed = accepted_estimate(
        admin,
        "zoo-taxed",
        signer=LONG_NAME,
        name=LONG_NAME,
        email=LONG_EMAIL,
        phone=LONG_PHONE,
        address="1 Eastern Pkwy, Apt 12B, Brooklyn, NY 11238",
        lines=REPAIR_LINES,
    )
    estimate_pages(book, taxed, "taxed contract")
    untaxed = contract_28k(admin, "zoo-untaxed", year_built="1925")
    estimate_pages(book, untaxed, "untaxed contract")
    dropped = accepted_estimate(
        admin,
        "zoo-cancelled",
        signer="Cal Cancel",
        name="Cal Cancel",
        email="cal@example.com",
        phone="718-555-0105",
    )
    estimate_pages(book, dropped, "contract of the cancelled job")
    cancelled = job_of(dropped)
    jobs.set_job_status(cancelled.number, "cancelled", signed_in(admin))
    made = job_of(taxed), job_of(untaxed), cancelled
    for job, note in zip(made, ("taxed job", "untaxed job", "cancelled job"), strict=True):
        job_pages(book, job, note)
    return made


def jobs_by_hand(book: Book, admin: User) -> tuple[Job, Job]:
    """Small work agreed without an estimate: the untaxed $400 window (in New York City, where
    its price was once read back wrong and stopped the dashboard) and a taxed faucet."""
    made = []
    for form, token, note in (
        (WINDOW, "zoo-window", "untaxed job by hand"),
        (FAUCET, "zoo-faucet", "taxed job by hand"),
    ):
        job = jobs.create_small_job(jobs.validate_small_work(form), signed_in(admin), token)
        job_pages(book, job, note)
        made.append(job)
    return made[0], made[1]


def all_jobs(book: Book, admin: User) -> Jobs:
    open_estimates(book, admin)
    taxed, untaxed, cancelled = signed_jobs(book, admin)
    window, faucet = jobs_by_hand(book, admin)
    return Jobs(taxed, untaxed, window, faucet, cancelled)


def _co_link(book: Book, change_order, note: str) -> None:
    token = change_order_token(change_order)
    book.add(routes.CHANGE_ORDER_LINK, routes.change_order_link_path(token), note)


def change_orders_of(book: Book, admin: User, made: Jobs) -> None:
    """On the untaxed job: a signed credit, a declined and a waiting change order; on the taxed
    job: one that expired (written a month ago, to be signed the same day)."""
    credit = [{"description": "No towel warmer after all", "unit_price": "700", "credit": True}]
    kept = "The owner keeps the old towel warmer."
    credit_order = make_change_order(
        made.untaxed, admin, "zoo-co-credit", lines=credit, payment="next", days="0", reason=kept
    )
    signed = sign_change_order(credit_order)
    _co_link(book, signed, "signed credit change order")
    declined = make_change_order(made.untaxed, admin, "zoo-co-declined")
    change_orders.decline(change_order_token(declined), "Too expensive for now.")
    _co_link(book, declined, "declined change order")
    waiting = make_change_order(made.untaxed, admin, "zoo-co-waiting", days="2")
    _co_link(book, waiting, "waiting change order")
    a_month_ago = utc_now() - timedelta(days=30)
    form = change_order_payload(lines=VALVE, days="0", valid_until=str(business_today(a_month_ago)))
    expired = change_orders.create_change_order(
        made.taxed.number, form, signed_in(admin), "zoo-co-expired", now=a_month_ago
    )
    _co_link(book, expired, "expired change order")
