"""Making a job: when an owner signs an estimate (in the same transaction as the signature),
or by hand for small work agreed without an estimate."""

from datetime import datetime

from sqlmodel import Session, select

from renovation_app.models import Estimate, EstimateLine, Job, JobCounter, JobStage, utc_now
from renovation_app.services.billing import business_today
from renovation_app.services.billing.numbering import next_number
from renovation_app.services.customers.locations import location_of
from renovation_app.services.jobs.records import record_job_event
from renovation_app.services.jobs.schedule import PlannedStage, contract_stages
from renovation_app.services.words import shortened

TITLE_MAX = 100


def job_number(year: int, number: int) -> str:
    return f"J-{year}-{number:04d}"


def write_stages(session: Session, job_id: int, stages: list[PlannedStage]) -> None:
    for position, stage in enumerate(stages):
        session.add(
            JobStage(
                job_id=job_id,
                position=position,
                kind=stage.kind,
                label=stage.label,
                amount_cents=stage.amount_cents,
            )
        )


def _title(estimate: Estimate, lines: list[EstimateLine]) -> str:
    first = next((line.description for line in lines if line.chosen and line.description), "")
    return shortened(" ".join(first.split()), TITLE_MAX) or f"Contract {estimate.number}"


def job_for_estimate(session: Session, estimate_id: int) -> Job | None:
    return session.exec(select(Job).where(Job.estimate_id == estimate_id)).first()


def job_from_estimate(
    session: Session, estimate: Estimate, lines: list[EstimateLine], now: datetime | None = None
) -> Job:
    """The job of a contract just signed, with its payment schedule: the deposit, the progress
    payments its schedule names ("Rough-in done: 40%") and the final payment."""
    now = now or utc_now()
    year = business_today(now).year
    job = Job(
        number=job_number(year, next_number(session, year, JobCounter)),
        year=year,
        customer_id=estimate.customer_id,
        estimate_id=estimate.id,
        title=_title(estimate, lines),
        customer_name=estimate.customer_name,
        customer_email=estimate.customer_email,
        customer_phone=estimate.customer_phone,
        address=estimate.customer_address,
        location=estimate.location or location_of(estimate.customer_address),
        contract_cents=estimate.accepted_total_cents,
        tax_area=estimate.tax_area,
        tax_rate=estimate.tax_rate,
        start_date=estimate.start_date,
        completion_date=estimate.completion_date,
        year_built=estimate.year_built,
        property_type=estimate.property_type,
        author_id=estimate.author_id,
        created_at=now,
    )
    session.add(job)
    session.flush()
    stages = contract_stages(
        estimate.accepted_total_cents, estimate.accepted_deposit_cents, estimate.progress_schedule
    )
    write_stages(session, job.id, stages)
    record_job_event(
        session, job, "made", f"from contract {estimate.number} signed by {estimate.signer_name}"
    )
    return job
