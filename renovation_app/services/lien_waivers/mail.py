"""The waiver's e-mail: its link to the subcontractor, when the office has their address."""

from sqlmodel import Session

from renovation_app.content import BUSINESS
from renovation_app.models import LienWaiver, Subcontractor
from renovation_app.services.lien_waivers.document import link_url_of
from renovation_app.services.lien_waivers.views import waiver_view
from renovation_app.services.mail import About, EmailKind, build_email, one_line, queue_email


def queue_waiver_email(session: Session, waiver: LienWaiver) -> bool:
    """Queue the link to the subcontractor; False when they have no e-mail address."""
    sub = session.get(Subcontractor, waiver.subcontractor_id)
    if sub is None or not sub.email:
        return False
    view = waiver_view(session, waiver, link_url_of(session, waiver))
    message = build_email(
        EmailKind.LIEN_WAIVER, one_line(sub.email), reply_to=BUSINESS.email, waiver=view
    )
    queue_email(session, message, about_kind=About.JOB, about_id=waiver.job_id)
    return True
