"""Who may open a job's project page: each e-mail contact of the job's customer has their own
link (customer links of kind "project": 256 bits, only the hash kept), which staff make, e-mail,
and revoke one by one. A link stops opening the page 90 days after the job is closed or
cancelled (links.lifetimes); its page then says so."""

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, select

from renovation_app.content import BUSINESS
from renovation_app.db import db_session
from renovation_app.models import (
    CustomerContact,
    CustomerLinkKind,
    Job,
    ProjectViewer,
)
from renovation_app.services import audit, links
from renovation_app.services.errors import ActionRefused
from renovation_app.services.jobs.records import job_by_number
from renovation_app.services.mail import About, EmailKind, build_email, one_line, queue_email
from renovation_app.services.staff import SignedInUser

KIND = CustomerLinkKind.PROJECT


def contact_emails(session: Session, job: Job) -> list[str]:
    """The job's e-mail and its customer's other e-mail contacts, each once."""
    emails = [job.customer_email.strip().lower()] if job.customer_email else []
    if job.customer_id:
        emails += session.exec(
            select(CustomerContact.value)
            .where(CustomerContact.customer_id == job.customer_id, CustomerContact.kind == "email")
            .order_by(CustomerContact.id)
        ).all()
    return list(dict.fromkeys(e for e in emails if e))


@dataclass(frozen=True)
class ViewerRow:
    email: str
    url: str  # "" while the contact has no working link


def _viewer(session: Session, job: Job, email: str) -> ProjectViewer | None:
    return session.exec(
        select(ProjectViewer).where(ProjectViewer.job_id == job.id, ProjectViewer.email == email)
    ).first()


def viewer_rows(session: Session, job: Job) -> list[ViewerRow]:
    rows = []
    for email in contact_emails(session, job):
        viewer = _viewer(session, job, email)
        live = viewer is not None and links.has_live_link(session, KIND, viewer.id)
        rows.append(
            ViewerRow(email, links.current_link_url(session, KIND, viewer.id) if live else "")
        )
    return rows


def _job_and_email(session: Session, number: str, email: object) -> tuple[Job, str]:
    job = job_by_number(session, number)
    if job is None:
        raise ActionRefused("There is no such job.")
    if not isinstance(email, str) or email not in contact_emails(session, job):
        raise ActionRefused("That is not an e-mail of this job's customer.")
    return job, email


def make_link(number: str, email: object, user: SignedInUser, send: bool = False) -> str:
    """The contact's working link (a new one when they had none); e-mailed to them on `send`."""
    with db_session() as session:
        job, email = _job_and_email(session, number, email)
        viewer = _viewer(session, job, email)
        if viewer is None:
            viewer = ProjectViewer(job_id=job.id, email=email)
            session.add(viewer)
            session.flush()
        if not links.has_live_link(session, KIND, viewer.id):
            links.issue_link(session, KIND, viewer.id)
            audit.record_staff_action(session, "project_link.made", user, "job", job.number, email)
        url = links.current_link_url(session, KIND, viewer.id)
        if send:
            project = {"title": job.title, "address": job.address, "url": url}
            message = build_email(
                EmailKind.PROJECT_LINK, one_line(email), reply_to=BUSINESS.email, project=project
            )
            queue_email(session, message, about_kind=About.JOB, about_id=job.id)
            audit.record_staff_action(session, "project_link.sent", user, "job", job.number, email)
        session.commit()
        return url


def revoke_link(number: str, email: object, user: SignedInUser) -> None:
    """The contact's link stops opening the page at once, and with it every link the page gave
    them (services/links: a viewer's links open only while their project link does); a new one
    can be made later."""
    with db_session() as session:
        job, email = _job_and_email(session, number, email)
        viewer = _viewer(session, job, email)
        if viewer is not None and links.revoke_links(session, KIND, viewer.id):
            audit.record_staff_action(
                session, "project_link.revoked", user, "job", job.number, email
            )
            session.commit()


def viewer_of_link(
    session: Session, token: object, now: datetime | None = None
) -> tuple[ProjectViewer, Job] | None:
    """The person a project link is for and the job it opens; None for any other token, a
    revoked link, or one past its end."""
    viewer_id = links.find_record(session, KIND, token, now)
    viewer = session.get(ProjectViewer, viewer_id) if viewer_id else None
    job = session.get(Job, viewer.job_id) if viewer else None
    return (viewer, job) if job is not None else None


def job_of_link(session: Session, token: object, now: datetime | None = None) -> Job | None:
    """The job a project link opens (see viewer_of_link)."""
    found = viewer_of_link(session, token, now)
    return found[1] if found else None


def link_has_ended(token: object, now: datetime | None = None) -> bool:
    """Whether the token is a project link that worked until its end: its page says so and
    whom to call, where any other token gets the 404 page."""
    with db_session() as session:
        opened = links.open_link(session, KIND, token, now)
        return opened is not None and opened.ended
