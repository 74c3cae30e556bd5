"""The customer's project page: each contact's own link, and what the page shows."""

from renovation_app.services.project.links import (
    contact_emails,
    job_of_link,
    link_has_ended,
    make_link,
    revoke_link,
    viewer_rows,
)
from renovation_app.services.project.page import ProjectPage, project_page, shared_photo

__all__ = [
    "ProjectPage",
    "contact_emails",
    "job_of_link",
    "link_has_ended",
    "make_link",
    "project_page",
    "revoke_link",
    "shared_photo",
    "viewer_rows",
]
