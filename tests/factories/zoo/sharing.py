"""What the zoo shares with customers: a job's photos and daily log (one photo and one note
shown to the customer, one photo kept in the office) and the customers' project links."""

from renovation_app import routes
from renovation_app.models import Job, User
from renovation_app.services import photos, project
from tests.factories.costs import phone_photo, run_upload
from tests.factories.staff import signed_in
from tests.factories.zoo.book import Book


def photos_and_log(book: Book, admin: User, job: Job) -> None:
    """A note of the day with a photo, both shown to the customer; a photo kept in the office."""
    who = signed_in(admin)
    note = photos.save_note(job.number, who, book.key("note"), "Subfloor replaced under the tub.")
    photos.set_shared(job.number, "note", note.id, True, who)
    shown = run_upload(photos.receive_photo(job.number, who, book.key("photo-1"), "during",
                                            "Bathroom", note.id, phone_photo()))  # fmt: skip
    photos.set_shared(job.number, "photo", shown.id, True, who)
    run_upload(photos.receive_photo(job.number, who, book.key("photo-2"), "before", "Kitchen",
                                    None, phone_photo()))  # fmt: skip
    book.notes["photos and the daily log"] = routes.job_photos_path(job.number)


def project_links(book: Book, admin: User, jobs: dict[str, Job]) -> None:
    """The project page of each job (by its label) for its customer's e-mail."""
    for label, job in jobs.items():
        url = project.make_link(job.number, job.customer_email, signed_in(admin))
        book.add(routes.PROJECT_LINK, routes.project_path(url.rsplit("/", 1)[1]),
                 f"project page of the {label}")  # fmt: skip
