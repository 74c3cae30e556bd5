"""The zoo's texts: a customer who said yes when signing, texted by staff and texting back (a
body that looks like HTML, a photo by MMS kept with their job), a visitor's text from the number of their booking
(an unknown number beside its enquiry), a stranger's, and a number that texted STOP. Made
through the real webhook handler, signed as Twilio signs, with texts on for the while."""

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager

from sqlmodel import select
from twilio.request_validator import RequestValidator

from renovation_app import routes
from renovation_app.db import db_session
from renovation_app.models import ConsentSource, InboundText, InboundTextMedia, Job, User
from renovation_app.services import texts
from renovation_app.services.texts.inbound import customer_of_number
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


def texts_of_every_kind(book: Book, admin: User, job: Job, visitor_phone: str) -> None:
    number = texts.e164(job.customer_phone)
    stranger = f"+1347555{int(book.tag, 16) % 10_000:04d}"
    with db_session() as session:  # another zoo's customer may hold the phone (and the e-mail)
        customer_id = customer_of_number(session, number)
    with texts_on() as twilio:
        with db_session() as session:
            texts.record_consent(
                session, job.customer_phone, True, ConsentSource.ESTIMATE, customer_id
            )
            session.commit()
        texts.answer_customer(signed_in(admin), customer_id, job.customer_phone, "On Monday?")
        text_in(book, number, "<b>Yes</b> & <script>alert(1)</script>")
        text_in(book, number, "The crack", media=twilio.add_media(phone_photo(), "image/jpeg"))
        texts.keep_text_media()  # kept with the job: a file on its photos page
        text_in(book, texts.e164(visitor_phone), "Can you come at 9?")
        text_in(book, stranger, "Is this the tile guy?")
        text_in(book, stranger, "STOP")
    with db_session() as session:
        [media] = session.exec(
            select(InboundTextMedia).join(InboundText).where(InboundText.from_phone == number)
        ).all()
        kept_on = session.get(Job, media.job_id).number
    book.add(routes.JOB_PHOTOS, routes.job_photos_path(kept_on), "photos the customer texted")
    book.customer(customer_id)
    book.add(routes.CUSTOMER, routes.customer_path(str(customer_id)), "customer who texts")
    book.notes["texts inbox"] = routes.TEXTS.path
