"""The zoo's texts: Theo, the customer of a job of small work, said yes to the office, is texted
by staff and texts back (a body that looks like HTML, a photo by MMS kept with his job); a
visitor's text from the number of their booking (an unknown number beside its enquiry), a
stranger's, and a number that texted STOP. Made through the real webhook handler, signed as
Twilio signs, with texts on for the while."""

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager

from sqlmodel import select
from twilio.request_validator import RequestValidator

from renovation_app import routes
from renovation_app.db import db_session
from renovation_app.models import CustomerContact, Job, User
from renovation_app.services import jobs, texts
from renovation_app.settings import settings
from tests.factories.costs import phone_photo
from tests.factories.staff import signed_in
from tests.factories.zoo.book import Book
from tests.fakes.twilio_server import ACCOUNT_SID, AUTH_TOKEN, FakeTwilio

TEXTS_SETTINGS = {
    "twilio_account_sid": ACCOUNT_SID,
    "twilio_auth_token": AUTH_TOKEN,
    "twilio_from_number": "+15005550006",
}


@contextmanager
def texts_on() -> Iterator[FakeTwilio]:
    """Texts on for the while, through a fake Twilio of its own (the texted photo comes from
    it)."""
    fake = FakeTwilio().start()
    chosen = {**TEXTS_SETTINGS, "twilio_api_base": fake.url}
    before = {name: getattr(settings, name) for name in chosen}
    for name, value in chosen.items():
        setattr(settings, name, value)
    try:
        yield fake
    finally:
        for name, value in before.items():
            setattr(settings, name, value)
        fake.stop()


def text_in(book: Book, number: str, body: str, media: str = "") -> None:
    """A text in, signed as Twilio signs (its sid one of this zoo's)."""
    params = {
        "MessageSid": "SM" + hashlib.sha256(book.key(body).encode()).hexdigest()[:32],
        "AccountSid": ACCOUNT_SID,
        "From": number,
        "To": TEXTS_SETTINGS["twilio_from_number"],
        "Body": body,
        "NumMedia": "1" if media else "0",
    }
    if media:
        params |= {"MediaUrl0": media, "MediaContentType0": "image/jpeg"}
    url = settings.url(texts.INBOUND_PATH)
    texts.handle_inbound(params, RequestValidator(AUTH_TOKEN).compute_signature(url, params))


AREAS = ("347", "718", "917", "929", "646", "212")  # New York's, with 555-0100 to 555-0199


def free_mobile(session) -> str:
    """A fictional New York mobile no customer has yet (a database may hold several zoos)."""
    taken = set(session.exec(select(CustomerContact.value).where(CustomerContact.kind == "phone")))
    for area in AREAS:
        for line in range(100, 200):
            phone = f"({area}) 555-0{line}"
            if phone not in taken:
                return phone
    raise RuntimeError("no fictional number left")


def texting_customers_job(book: Book, admin: User) -> Job:
    """Theo's job of small work: his number and his one open job are this zoo's own, so the
    texts he sends land on him and his photo is kept with the job."""
    with db_session() as session:
        phone = free_mobile(session)
    form = {
        "name": "Theo Texter",
        "email": f"theo-{book.tag}@example.com",
        "phone": phone,
        "address": "40 Clinton St, Brooklyn, NY 11201",
        "title": "Fix the shower valve",
        "price": "450",
        "tax_category": "repair",
        "tax_area": "nyc",
    }
    return jobs.create_small_job(jobs.validate_small_work(form), signed_in(admin))


def texts_of_every_kind(book: Book, admin: User, visitor_phone: str) -> None:
    job = texting_customers_job(book, admin)
    number = texts.e164(job.customer_phone)
    stranger = f"+1347555{int(book.tag, 16) % 10_000:04d}"
    with texts_on() as twilio:
        texts.note_customer_word(signed_in(admin), job.customer_id, job.customer_phone, True)
        texts.answer_customer(signed_in(admin), job.customer_id, job.customer_phone, "On Monday?")
        text_in(book, number, "<b>Yes</b> & <script>alert(1)</script>")
        photo = twilio.add_media(phone_photo(), "image/jpeg")
        text_in(book, number, "The crack", media=photo)
        texts.keep_text_media()  # kept with his one open job: a file on its photos page
        text_in(book, texts.e164(visitor_phone), "Can you come at 9?")
        text_in(book, stranger, "Is this the tile guy?")
        text_in(book, stranger, "STOP")
    book.add(routes.JOB_PHOTOS, routes.job_photos_path(job.number), "photos the customer texted")
    book.customer(job.customer_id)
    book.add(routes.CUSTOMER, routes.customer_path(str(job.customer_id)), "customer who texts")
    book.notes["texts inbox"] = routes.TEXTS.path
