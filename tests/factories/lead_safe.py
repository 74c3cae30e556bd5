"""The record of lead-safe work through the real services: a practice recorded on the job's
daily log (on a given day, with a photo when asked), and the certified renovator's signature of
the record as the job page shows it."""

from datetime import date, datetime, time

import time_machine

from renovation_app.content.business import BUSINESS_TIMEZONE
from renovation_app.models import Job, User
from renovation_app.services import compliance, photos
from renovation_app.services.staff.sessions import SignedInUser
from tests.factories.costs import phone_photo, run_upload
from tests.factories.staff import as_signed_in


def _record(
    job: Job, who: SignedInUser, practice: str, key: str, text: str, result: str, photo: bool
) -> int:
    note = photos.save_note(job.number, who, key, text, practice, result)
    if photo:
        upload = photos.receive_photo(
            job.number, who, f"{key}-photo", "during", "", note.id, phone_photo()
        )
        run_upload(upload)
    return note.id


def record_practice(
    job: Job,
    user: User | SignedInUser,
    practice: str,
    key: str,
    *,
    text: str = "",
    result: str = "",
    photo: bool = False,
    day: date | None = None,
) -> int:
    """A daily log note of `job` recording the lead-safe `practice` (content/compliance.py's
    keys) under the note key `key`, written at noon in New York on `day` (today when None)
    with a photo when `photo`; returns the note's id."""
    who = as_signed_in(user)
    if day is None:
        return _record(job, who, practice, key, text, result, photo)
    with time_machine.travel(datetime.combine(day, time(12), BUSINESS_TIMEZONE), tick=False):
        return _record(job, who, practice, key, text, result, photo)


def sign_record(job: Job, user: User | SignedInUser, name: str) -> str:
    """The record of lead-safe work signed by `user`, typing `name`, as the job page shows it."""
    who = as_signed_in(user)
    seen = compliance.get_job_duties(job.number, who).lead_safe.sha256
    return compliance.sign_lead_safe_record(job.number, name, True, seen, who)
