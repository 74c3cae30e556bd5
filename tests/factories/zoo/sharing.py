"""What the zoo shares with customers: a job's photos and daily log (one photo and one note
shown to the customer, one photo kept in the office), the lead-safe practices the crew recorded
on the log of the home of 1925 and its record signed by the certified renovator, and the
customers' project links; and an after photo of the closed job published to the website's
bathroom gallery (no browser test counts that gallery's published pictures)."""

import pytest

from renovation_app import routes
from renovation_app.models import Job, User
from renovation_app.services import photos, project
from renovation_app.settings import settings
from tests.factories.costs import phone_photo, run_upload
from tests.factories.lead_safe import record_practice, sign_record
from tests.factories.staff import signed_in
from tests.factories.zoo.book import Book


def photos_and_log(book: Book, admin: User, job: Job) -> None:
    """A note of the day with a photo, both shown to the customer; a photo kept in the office."""
    who = signed_in(admin)
    note = photos.save_note(job.number, who, book.key("note"), "Subfloor replaced under the tub.")
    photos.set_shared(job.number, "note", note.id, True, who)
    shown = run_upload(
        photos.receive_photo(
            job.number, who, book.key("photo-1"), "during", "Bathroom", note.id, phone_photo()
        )
    )
    photos.set_shared(job.number, "photo", shown.id, True, who)
    run_upload(
        photos.receive_photo(
            job.number, who, book.key("photo-2"), "before", "Kitchen", None, phone_photo()
        )
    )
    book.notes["photos and the daily log"] = routes.job_photos_path(job.number)


def lead_safe_log(book: Book, crew: User, renovator: User, job: Job) -> None:
    """The crew's warning signs (with a photo) and containment, the renovator's cleaning
    verification (re-cleaned, then passed), and the record signed by the renovator, whom the
    settings name while they sign."""
    record_practice(job, crew, "signs", book.key("signs"), photo=True)
    record_practice(job, crew, "containment", book.key("containment"), text="Kitchen sealed off")
    cloths = "2 sills, 1 floor area: 4 wet cloths"
    key = book.key("verification")
    record_practice(job, renovator, "verification", key, text=cloths, result="reclean_pass")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(settings, "rrp_renovator_name", renovator.name)
        patch.setattr(
            settings, "rrp_renovator_certificate", settings.rrp_renovator_certificate or "R-ZOO-1"
        )
        sign_record(job, renovator, renovator.name)


def project_links(book: Book, admin: User, jobs: dict[str, Job]) -> None:
    """The project page of each job (by its label) for its customer's e-mail."""
    for label, job in jobs.items():
        url = project.make_link(job.number, job.customer_email, signed_in(admin))
        book.add(
            routes.PROJECT_LINK,
            routes.project_path(url.rsplit("/", 1)[1]),
            f"project page of the {label}",
        )


GALLERY = "bathroom-remodeling"


def published_photo(book: Book, admin: User, job: Job) -> None:
    """An after photo of the finished `job`, with its before photo, on the website's gallery."""
    who = signed_in(admin)
    pictures = [
        run_upload(
            photos.receive_photo(
                job.number,
                who,
                book.key(f"gallery-{stage}"),
                stage,
                "Bathroom",
                None,
                phone_photo(),
            )
        )
        for stage in ("before", "after")
    ]
    fields = {
        "gallery": GALLERY,
        "caption": "A new faucet on the old vanity",
        "alt": "A chrome faucet on a white vanity",
        "permission": True,
    }
    photos.publish(job.number, who, pictures[1].id, pictures[0].id, fields)
    book.notes["photo published to the gallery"] = routes.job_photos_path(job.number)
