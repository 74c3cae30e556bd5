"""Jobs and change orders through the real services: a signed contract's job, billing its
stages, a change order's form and its owner's link."""

from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import (
    ChangeOrder,
    Customer,
    CustomerLinkKind,
    Estimate,
    Invoice,
    Job,
    JobStage,
    User,
)
from renovation_app.services import change_orders, jobs
from renovation_app.services.signatures import LinkSigning
from renovation_app.services.staff.sessions import SignedInUser
from tests.factories.estimates import SIGNER_CLIENT
from tests.factories.links import link_token
from tests.factories.staff import as_signed_in


def job_of(estimate: Estimate | str) -> Job:
    """The job of a signed contract (an estimate, or its number)."""
    number = estimate if isinstance(estimate, str) else estimate.number
    with db_session() as session:
        return session.exec(
            select(Job)
            .join(Estimate, Estimate.id == Job.estimate_id)
            .where(Estimate.number == number)
        ).one()


def stages_of(job: Job) -> list[JobStage]:
    with db_session() as session:
        return list(
            session.exec(
                select(JobStage).where(JobStage.job_id == job.id).order_by(JobStage.position)
            )
        )


def bill(
    job: Job, kind: str, user: User | SignedInUser, confirm_lead_safe: bool = False
) -> Invoice:
    """Bill the job's first stage of `kind` not yet billed ("deposit", "progress", "final"), or
    its first of that kind again (which the service refuses). With `confirm_lead_safe`, the
    final invoice's warning of what its record of lead-safe work misses is confirmed."""
    of_kind = [s for s in stages_of(job) if s.kind == kind]
    stage = next((s for s in of_kind if s.invoice_id is None), of_kind[0])
    try:
        return jobs.bill_stage(job.number, stage.id, as_signed_in(user))
    except jobs.LeadSafeNeedsConfirming as missing:
        if not confirm_lead_safe:
            raise
        return jobs.bill_stage(job.number, stage.id, as_signed_in(user), None, missing.words)


def bill_deposit(number: str, user: User | SignedInUser) -> Invoice:
    """The deposit invoice of the contract with estimate number `number`."""
    return bill(job_of(number), "deposit", user)


def bill_final(number: str, user: User | SignedInUser) -> Invoice:
    """The final invoice of the contract with estimate number `number`."""
    return bill(job_of(number), "final", user)


def change_order_payload(**overrides: object) -> dict:
    """A change order as staff type it: a $3,200 vanity, 5 days more, spread over the stages."""
    raw = {
        "reason": "The owner asked for a double vanity instead of the single one.",
        "days": "5",
        "payment": "spread",
        "lines": [
            {"description": "Double vanity, Kohler K-1234, installed", "unit_price": "3,200"}
        ],
    }
    return {**raw, **overrides}


def make_change_order(
    job: Job, user: User | SignedInUser, form_token: str = "", **overrides: object
) -> ChangeOrder:
    return change_orders.create_change_order(
        job.number, change_order_payload(**overrides), as_signed_in(user), form_token
    )


def change_order_token(change_order: ChangeOrder) -> str:
    return link_token(CustomerLinkKind.CHANGE_ORDER, change_order.id)


def seen_hash(token: str) -> str:
    """The hash of the change order its link shows, which the owner's signature must match."""
    return change_orders.read_link(token).change_order["document_sha256_shown"]


def sign_change_order(change_order: ChangeOrder, name: str = "Maria Lopez", drawing: str = ""):
    """The owner reads the change order at its link and signs it."""
    token = change_order_token(change_order)
    change_orders.sign(token, LinkSigning(name, True, drawing, SIGNER_CLIENT, seen_hash(token)))
    with db_session() as session:
        return session.get(ChangeOrder, change_order.id)


def customers_job(customer: Customer, author: User, **fields: object) -> int:
    """A $1,000 bathroom job J-2026-0001 of `customer`, written straight to its table (a job's
    texts and review request need no contract); `fields` override its columns."""
    with db_session() as session:
        job = Job(
            number="J-2026-0001",
            year=2026,
            customer_id=customer.id,
            title="Bathroom",
            customer_name=customer.name,
            customer_email="pat@example.com",
            contract_cents=100_000,
            author_id=author.id,
            **fields,
        )
        session.add(job)
        session.commit()
        return job.id
