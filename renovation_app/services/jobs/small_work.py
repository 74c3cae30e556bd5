"""A job made by hand, for small work agreed without an estimate: the customer, where, what,
its price and sales tax category, and the dates. New York asks a written contract the owner
signs for home improvement over $500 (General Business Law §771): larger work starts from an
estimate, whose signature makes its job."""

from bisect import bisect_left
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime

from sqlmodel import select

from renovation_app.content.tax import DEFAULT_TAX_CATEGORY
from renovation_app.db import db_session
from renovation_app.models import Job, JobCounter, JobStageKind, utc_now
from renovation_app.services.billing import business_today, format_usd
from renovation_app.services.billing.lines import TAX_CATEGORY_BY_SLUG, ValidLine
from renovation_app.services.billing.money import PriceInvalid, parse_price
from renovation_app.services.billing.numbering import next_number
from renovation_app.services.billing.totals import document_totals, read_tax_area
from renovation_app.services.customers import ContactDetails, customer_for
from renovation_app.services.customers.fields import read_contact
from renovation_app.services.customers.locations import location_of
from renovation_app.services.errors import FormInvalid
from renovation_app.services.fields import check_text, is_blank, iso_date, text_of
from renovation_app.services.jobs.creating import TITLE_MAX, job_number, write_stages
from renovation_app.services.jobs.records import record_job_event
from renovation_app.services.jobs.schedule import PlannedStage
from renovation_app.services.staff import SignedInUser

SMALL_WORK_MAX_CENTS = 500_00
OVER_THE_LIMIT = (
    "Work over $500.00 needs a written contract the owner signs (General Business Law §771): "
    "write an estimate; its signature makes the job."
)


@dataclass(frozen=True)
class SmallWork:
    contact: ContactDetails
    title: str
    price_cents: int  # before tax
    tax_category: str
    tax_area: str
    tax_rate: int
    start_date: date | None
    completion_date: date | None

    @property
    def total_cents(self) -> int:
        return work_total(self.price_cents, self.tax_category, self.tax_rate)


def work_total(price_cents: int, tax_category: str, rate: int) -> int:
    line = ValidLine("", "work", unit_price_cents=price_cents, tax_category=tax_category)
    return document_totals([line], 0, rate).total_cents


def price_before_tax(job: Job) -> int:
    """The price of a job made by hand, from its total: the one price whose total it is (a
    total grows with its price, never shrinks, so the search over 0..total finds it whether
    the work is taxed or not)."""
    price = bisect_left(
        range(job.contract_cents + 1),
        job.contract_cents,
        key=lambda cents: work_total(cents, job.tax_category, job.tax_rate),
    )
    if work_total(price, job.tax_category, job.tax_rate) != job.contract_cents:
        # No price gives this total (a total edited by hand): the total is the best price.
        return job.contract_cents
    return price


def _day(errors: dict, raw: Mapping, name: str) -> date | None:
    value = raw.get(name)
    if value in (None, ""):
        return None
    day = iso_date(value)
    if day is None:
        errors[name] = "Please give a day like 2026-12-07."
    return day


def validate_small_work(raw: Mapping[str, object]) -> SmallWork:
    """Check the form; raise FormInvalid with a message per field."""
    errors: dict[str, str] = {}
    contact = read_contact(errors, raw)
    title = check_text(errors, "title", text_of(raw, "title"), TITLE_MAX)
    if "title" not in errors and is_blank(title):
        errors["title"] = "Please say what the work is, like Replace the kitchen faucet."
    category = str(raw.get("tax_category") or DEFAULT_TAX_CATEGORY)
    if category not in TAX_CATEGORY_BY_SLUG:
        errors["tax_category"] = "Please choose capital improvement (ST-124) or taxable repair."
    area = read_tax_area(errors, raw.get("tax_area"))
    price = 0
    try:
        price = parse_price(text_of(raw, "price") or "")
    except PriceInvalid as invalid:
        errors["price"] = invalid.message
    start, completion = _day(errors, raw, "start_date"), _day(errors, raw, "completion_date")
    if start and completion and completion < start:
        errors["completion_date"] = "The completion date cannot be before the start date."
    work = SmallWork(contact, title, price, category, area.slug, area.rate, start, completion)
    if not errors and work.total_cents > SMALL_WORK_MAX_CENTS:
        errors["price"] = OVER_THE_LIMIT
    if errors:
        raise FormInvalid(errors)
    return work


def create_small_job(
    work: SmallWork, user: SignedInUser, form_token: str = "", now: datetime | None = None
) -> Job:
    """The job, its one payment (billed by its final invoice) and its history; the same form
    token again (a double click) gives the first job."""
    now = now or utc_now()
    with db_session() as session:
        token = f"{user.id}:{form_token}"[:64] if form_token else None
        if token and (same := session.exec(select(Job).where(Job.form_token == token)).first()):
            return same
        customer = customer_for(session, work.contact)
        year = business_today(now).year
        job = Job(
            number=job_number(year, next_number(session, year, JobCounter)),
            year=year,
            customer_id=customer.id,
            title=work.title,
            customer_name=work.contact.name,
            customer_email=work.contact.email,
            customer_phone=work.contact.phone,
            address=work.contact.address,
            location=location_of(work.contact.address),
            contract_cents=work.total_cents,
            tax_area=work.tax_area,
            tax_rate=work.tax_rate,
            tax_category=work.tax_category,
            start_date=work.start_date,
            completion_date=work.completion_date,
            form_token=token,
            author_id=user.id,
            created_at=now,
        )
        session.add(job)
        session.flush()
        payment = PlannedStage(JobStageKind.FINAL, "Payment", job.contract_cents)
        write_stages(session, job.id, [payment])
        words = f"by hand: {work.title}, {format_usd(job.contract_cents)}"
        record_job_event(session, job, "made", words, user.id)
        session.commit()
        session.refresh(job)
        return job
