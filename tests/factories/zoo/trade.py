"""The zoo's subcontractors and a job's costs of every kind: an insured plumber with two bills
paid (one lien waiver signed at its link, one not), an electrician whose certificates lapsed
with a bill not yet paid, a purchase with its receipt, a credit, and a crew day. A company's
name is its own, so theirs carry the zoo's tag."""

from datetime import timedelta

from renovation_app import routes
from renovation_app.models import CustomerLinkKind, Job, Subcontractor, User
from renovation_app.services import lien_waivers
from renovation_app.services.billing import business_today
from renovation_app.services.signatures import LinkSigning
from tests.factories.costs import (
    RECEIPT_PDF,
    crew_day_of,
    days_ago,
    insured_sub,
    pay_bill,
    purchase_of,
    sub_bill_of,
)
from tests.factories.estimates import SIGNER_CLIENT
from tests.factories.links import link_token
from tests.factories.subcontractors import certificate_of, subcontractor_of
from tests.factories.zoo.book import Book


def _sub_page(book: Book, sub: Subcontractor, note: str) -> None:
    book.add(routes.SUBCONTRACTOR, routes.subcontractor_path(str(sub.id)), note)


def _waiver_link(book: Book, waiver_id: int, note: str) -> str:
    token = link_token(CustomerLinkKind.LIEN_WAIVER, waiver_id)
    book.add(routes.LIEN_WAIVER_LINK, routes.lien_waiver_link_path(token), note)
    return token


def paid_plumber(book: Book, admin: User, job: Job) -> None:
    """Two bills of an insured plumber, both paid: the first waiver signed at its link."""
    company = f"Gowanus Plumbing {book.tag} LLC"
    sub = insured_sub(company, admin, email="office@gowanusplumbing.com", licence_number="PL-2231")
    _sub_page(book, sub, "subcontractor with paid bills")
    rough = sub_bill_of(job, sub, "5,600", "", days_ago(12), by=admin)
    signed = pay_bill(job, rough.id, by=admin, paid_on=days_ago(6))
    token = _waiver_link(book, signed, "signed lien waiver")
    seen = lien_waivers.read_waiver_link(token).waiver["document_sha256_shown"]
    lien_waivers.sign_waiver(token, LinkSigning("Luis Ortiz", True, "", SIGNER_CLIENT, seen))
    finish = sub_bill_of(job, sub, "1,400", "", days_ago(4), by=admin, description="Fixtures")
    _waiver_link(book, pay_bill(job, finish.id, by=admin, reference="1043"), "unsigned lien waiver")


def lapsed_electrician(book: Book, admin: User, job: Job) -> None:
    """An electrician whose certificates lapsed last month, with a bill still to pay."""
    company = f"Lapsed Electric {book.tag} Corp"
    sub = subcontractor_of(company, admin, email="office@lapsedelectric.com", trade="Electrical")
    lapsed_on = business_today() - timedelta(days=30)
    for kind in ("general_liability", "workers_comp"):
        certificate_of(sub, kind, lapsed_on, admin)
    sub_bill_of(job, sub, "2,200", "", days_ago(2), by=admin, description="Rough wiring")
    _sub_page(book, sub, "subcontractor with a lapsed certificate")


def costs_of_every_kind(book: Book, admin: User, crew: User, job: Job) -> None:
    """Subcontractors' bills, a purchase with its receipt, a returned part (a credit) and a
    crew day of the member of staff with a loaded rate."""
    paid_plumber(book, admin, job)
    lapsed_electrician(book, admin, job)
    purchase_of(job, by=admin, receipt=(RECEIPT_PDF, "home-depot.pdf"))
    purchase_of(
        job, "120.00", "", by=admin, credit=True, payee="Home Depot", description="Returned grout"
    )
    crew_day_of(job, crew, "8", days_ago(1), by=admin)
    book.notes["costs of every kind"] = routes.job_costs_path(job.number)
