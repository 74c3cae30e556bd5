"""A job's costs through the real services (costs.add_cost, costs.pay_sub_bill): a purchase, a
subcontractor's bill and its payment, a crew day of a person with a loaded rate, an insured
subcontractor, a $28,200 contract whose lines carry their estimated cost, and the budget."""

import asyncio
import functools
import io
import itertools
import struct
import zlib
from concurrent.futures import ThreadPoolExecutor
from datetime import date, timedelta

from PIL import Image
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import (
    AuditEvent,
    Estimate,
    Job,
    JobCost,
    LienWaiver,
    Payment,
    Subcontractor,
    User,
)
from renovation_app.services import costs, files
from renovation_app.services.billing import business_today
from renovation_app.services.costs import JobBudget, job_budget
from renovation_app.services.staff.sessions import SignedInUser
from tests.factories.estimates import accepted_estimate
from tests.factories.papers import one_page_pdf
from tests.factories.staff import as_signed_in, staff_user
from tests.factories.subcontractors import certificate_of, subcontractor_of

_NAMES = itertools.count(1)

# The $28,200 contract's lines (capital improvements: no sales tax), each with its estimated
# cost: labour $3,017.00, materials 120 x $31.13 = $3,735.60, subcontractor $7,523.00. The unit
# costs are amounts that appear nowhere else in the contract, so a test can look for them.
CONTRACT_28K_LINES = [
    {
        "description": "Demolition, framing and finish carpentry",
        "quantity": "1",
        "unit_price": "9,000",
        "cost_category": "labour",
        "unit_cost": "3,017",
    },
    {
        "description": "Tile, Daltile Rittenhouse",
        "quantity": "120",
        "unit": "sq ft",
        "unit_price": "40",
        "cost_category": "materials",
        "unit_cost": "31.13",
    },
    {
        "description": "Plumbing and electrical rough-in",
        "quantity": "1",
        "unit_price": "14,400",
        "cost_category": "subcontractor",
        "unit_cost": "7,523",
    },
]
ESTIMATED_28K = {"labour": 3_017_00, "materials": 3_735_60, "subcontractor": 7_523_00}


def contract_28k(admin: User | SignedInUser, token: str = "contract-28k", **overrides) -> Estimate:
    """A signed $28,200 contract (a 30% deposit) whose lines carry their estimated cost. Needs
    the unit tests' `contract_settings` fixture."""
    fields = {"lines": CONTRACT_28K_LINES, "deposit_kind": "percent", "deposit_value": "30"}
    return accepted_estimate(admin, token, **{**fields, **overrides})


def contract_line_key(job: Job, starts: str) -> str:
    """The key a change order takes a contract line out by, of the line whose words start so."""
    from renovation_app.services.change_orders.records import removable_lines

    with db_session() as session:
        lines = removable_lines(session, session.merge(job)).items()
        return next(key for key, row in lines if row.description.startswith(starts))


def _number(job: Job | str) -> str:
    return job if isinstance(job, str) else job.number


def _someone(by: User | SignedInUser | None) -> SignedInUser:
    """`by`, or the first account of the database (made when there is none)."""
    if by is not None:
        return as_signed_in(by)
    with db_session() as session:
        user = session.exec(select(User).order_by(User.id)).first()
    return as_signed_in(user or staff_user())


def days_ago(days: int) -> str:
    """A day `days` before today (New York), as the form sends it."""
    return str(business_today() - timedelta(days=days))


def cost_of(cost_id: int) -> JobCost:
    with db_session() as session:
        return session.get(JobCost, cost_id)


def costs_of(job: Job | str, deleted: bool = False) -> list[JobCost]:
    """The job's cost rows, in the order they were added (the deleted ones too if asked)."""
    with db_session() as session:
        query = select(JobCost).join(Job, Job.id == JobCost.job_id)
        query = query.where(Job.number == _number(job))
        if not deleted:
            query = query.where(JobCost.deleted_at.is_(None))
        return list(session.exec(query.order_by(JobCost.id)))


def budget_of(job: Job | str) -> JobBudget:
    with db_session() as session:
        found = session.exec(select(Job).where(Job.number == _number(job))).one()
        return job_budget(session, found)


def worker_with_rate(cents: int, name: str = "", role: str = "staff") -> User:
    """A staff account whose loaded hourly cost is `cents` (0: none set). No service sets the
    rate yet (an admin's Staff page will), so the factory writes the column."""
    name = name or f"Worker{next(_NAMES)} Crew"
    user = staff_user(role, name=name)
    with db_session() as session:
        row = session.get(User, user.id)
        row.hourly_cost_cents = cents
        session.add(row)
        session.commit()
        session.refresh(row)
        return row


def insured_sub(
    company: str = "Gowanus Plumbing LLC", by: User | SignedInUser | None = None, **fields: str
) -> Subcontractor:
    """A subcontractor with both certificates in force for a year (a payment asks nothing)."""
    sub = subcontractor_of(company, by, **fields)
    in_a_year = business_today() + timedelta(days=365)
    for kind in ("general_liability", "workers_comp"):
        certificate_of(sub, kind, in_a_year, by)
    return sub


def purchase_form(day: str | date | None = None, **fields: object) -> dict:
    """The purchase form: $4,000.00 of materials from Home Depot with $310.55 tax, three days
    ago; every key is an override (credit, paid_how...)."""
    raw = {
        "category": "materials",
        "incurred_on": str(day or days_ago(3)),
        "payee": "Home Depot",
        "description": "Cement board, thinset, grout",
        "amount": "4,000.00",
        "tax": "310.55",
    }
    return {**raw, **fields}


def sub_bill_form(sub: Subcontractor | int, day: str | date | None = None, **fields) -> dict:
    """A subcontractor's bill of $6,000 dated ten days ago; every key is an override."""
    raw = {
        "subcontractor_id": sub if isinstance(sub, int) else sub.id,
        "incurred_on": str(day or days_ago(10)),
        "description": "Rough plumbing, bathroom",
        "amount": "6,000",
        "tax": "",
    }
    return {**raw, **fields}


def crew_day_form(worker: User | int, day: str | date | None = None, **fields) -> dict:
    """Eight hours of `worker` yesterday; every key is an override."""
    raw = {
        "worker_id": worker if isinstance(worker, int) else worker.id,
        "hours": "8",
        "incurred_on": str(day or days_ago(1)),
        "description": "Framing",
    }
    return {**raw, **fields}


def purchase_of(
    job: Job | str,
    amount: str = "4,000.00",
    tax: str = "310.55",
    category: str = "materials",
    day: str | date | None = None,
    by: User | SignedInUser | None = None,
    receipt: tuple[bytes, str] | None = None,
    form_token: str = "",
    reason: str = "",
    **fields: object,
) -> JobCost:
    """A purchase (purchase_form) added by costs.add_cost, with its receipt if given."""
    raw = purchase_form(day, amount=amount, tax=tax, category=category, **fields)
    number, user = _number(job), _someone(by)
    return cost_of(costs.add_cost(number, "purchase", raw, user, receipt, form_token, reason))


def sub_bill_of(
    job: Job | str,
    sub: Subcontractor | int,
    amount: str = "6,000",
    tax: str = "",
    day: str | date | None = None,
    by: User | SignedInUser | None = None,
    **fields: object,
) -> JobCost:
    """A subcontractor's bill (sub_bill_form) added by costs.add_cost."""
    raw = sub_bill_form(sub, day, amount=amount, tax=tax, **fields)
    return cost_of(costs.add_cost(_number(job), "sub_bill", raw, _someone(by)))


def crew_day_of(
    job: Job | str,
    worker: User | int,
    hours: str = "8",
    day: str | date | None = None,
    by: User | SignedInUser | None = None,
    **fields: object,
) -> JobCost:
    """One person's hours on one day (crew_day_form), priced by costs.add_cost."""
    raw = crew_day_form(worker, day, hours=hours, **fields)
    return cost_of(costs.add_cost(_number(job), "labour", raw, _someone(by)))


def pay_bill(
    job: Job | str,
    cost_id: int,
    by: User | SignedInUser | None = None,
    paid_on: str | date | None = None,
    how: str = "check",
    reference: str = "1042",
    reason: str = "",
    **raw: object,
) -> int:
    """Record the payment of a sub bill (today, check #1042 by default) by costs.pay_sub_bill;
    `raw` are other fields (funded_by_payment_id, lapse_confirmed). Returns the waiver's id."""
    fields = {
        "paid_on": str(paid_on or business_today()),
        "paid_how": how,
        "paid_reference": reference,
        **raw,
    }
    return costs.pay_sub_bill(_number(job), cost_id, fields, _someone(by), reason)


def waivers_made() -> list[LienWaiver]:
    with db_session() as session:
        return list(session.exec(select(LienWaiver).order_by(LienWaiver.id)))


def audit_rows(action: str) -> list[AuditEvent]:
    with db_session() as session:
        return list(session.exec(select(AuditEvent).where(AuditEvent.action == action)))


def receipt_kept(cost: JobCost) -> bytes | None:
    """The bytes kept of a cost's receipt (services.files)."""
    return files.read(cost.receipt_sha256)


def waiver_of(waiver_id: int) -> LienWaiver:
    with db_session() as session:
        return session.get(LienWaiver, waiver_id)


def payments_of_invoice(invoice_id: int) -> list[Payment]:
    with db_session() as session:
        query = select(Payment).where(Payment.invoice_id == invoice_id).order_by(Payment.id)
        return list(session.exec(query))


# Receipts as they arrive: a phone's photo, a PNG, a vendor's PDF, and files that are not one.
RECEIPT_PDF = one_page_pdf("Home Depot receipt 4310.55")
GPS = {1: "N", 2: (40.0, 41.0, 12.5), 3: "W", 4: (73.0, 59.0, 0.0)}  # the Gowanus canal


def run_upload(coroutine):
    """Run an upload's coroutine (photos.receive_photo), from a thread of its own when a loop
    already runs here (a browser test's)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def phone_photo() -> bytes:
    """A JPEG as a phone takes it, lying on its side: 40 x 20, red left half and blue right,
    with EXIF orientation 6 (turn it a quarter clockwise to view: red on top), the camera's
    make and where it was taken (GPS)."""
    image = Image.new("RGB", (40, 20), "red")
    image.paste("blue", (20, 0, 40, 20))
    exif = Image.Exif()
    exif[0x0112], exif[0x010F], exif[0x8825] = 6, "PhoneMaker", GPS
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif.tobytes(), quality=95)
    return out.getvalue()


def png_of(size: tuple[int, int] = (30, 10), mode: str = "RGB") -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, "white" if mode == "RGB" else 0).save(out, "PNG", optimize=True)
    return out.getvalue()


def png_claiming(width: int, height: int) -> bytes:
    """A 1 x 1 PNG whose header says it is `width` x `height` (its checksum made right)."""
    data = bytearray(png_of((1, 1)))
    header = b"IHDR" + struct.pack(">II", width, height) + bytes(data[24:29])
    data[12:29] = header
    data[29:33] = struct.pack(">I", zlib.crc32(header))
    return bytes(data)


@functools.cache
def png_bomb() -> bytes:
    """A real 8,000 x 8,000 picture (64 megapixels, under Pillow's own warning) of 8 KB."""
    return png_of((8000, 8000), mode="1")
