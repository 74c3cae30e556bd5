"""The job's property type, which counts its lien deadline (4 or 8 months)."""

from renovation_app.content.compliance import PROPERTY_TYPES
from renovation_app.db import db_session
from renovation_app.services.errors import ActionRefused
from renovation_app.services.jobs.records import job_by_number, lock_job, record_job_event
from renovation_app.services.staff import SignedInUser


def set_property_type(number: str, property_type: object, user: SignedInUser) -> None:
    """Also on a closed job: its lien deadline still counts by it while money is owed."""
    if property_type not in PROPERTY_TYPES:
        raise ActionRefused("Please choose the type of building.")
    with db_session() as session:
        job = job_by_number(session, number)
        if job is None:
            raise ActionRefused(f"There is no job {str(number)[:20]}.")
        lock_job(session, job)
        if job.property_type == property_type:
            return
        job.property_type = str(property_type)
        session.add(job)
        record_job_event(session, job, "property_type", PROPERTY_TYPES[job.property_type], user.id)
        session.commit()
