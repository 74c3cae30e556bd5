"""The job's property type, which counts its lien deadline (4 or 8 months)."""

from renovation_app.content.compliance import PROPERTY_TYPES
from renovation_app.db import db_session
from renovation_app.services.errors import ActionRefused
from renovation_app.services.jobs.records import open_job, record_job_event
from renovation_app.services.staff import SignedInUser


def set_property_type(number: str, property_type: object, user: SignedInUser) -> None:
    if property_type not in PROPERTY_TYPES:
        raise ActionRefused("Please choose the type of building.")
    with db_session() as session:
        job = open_job(session, number)
        if job.property_type == property_type:
            return
        job.property_type = str(property_type)
        session.add(job)
        record_job_event(session, job, "property_type", PROPERTY_TYPES[job.property_type], user.id)
        session.commit()
