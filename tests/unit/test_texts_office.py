"""Texts in the office: a customer's conversation (opening it reads their texts), the office
noting a customer's yes or no, answering, /texts (unread, and unknown numbers put on a customer
only by the office's hand), "On my way" only by a person on the visit, the dashboard's count."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import (
    AuditEvent,
    Channel,
    ConsentSource,
    Enquiry,
    InboundText,
    OutboxEmail,
    Role,
)
from renovation_app.services import dashboard, texts
from renovation_app.services.errors import ActionRefused, FormInvalid
from renovation_app.services.schedule import booking, windows
from renovation_app.services.schedule.on_my_way import send_on_my_way
from renovation_app.settings import settings
from tests.factories import make_customer, signed_in, staff_user

MOBILE = "(718) 555-0142"
NUMBER = "+17185550142"
STRANGER = "+13475550177"


def text_in(twilio, number: str, body: str) -> None:
    """A text as Twilio posts it, signed, through the webhook's handler."""
    twilio.post_inbound(
        settings.url(texts.INBOUND_PATH),
        number,
        body,
        post=lambda url, data, headers: texts.handle_inbound(data, headers["X-Twilio-Signature"]),
    )


def say_yes(phone: str, customer_id: int | None = None) -> None:
    with db_session() as session:
        texts.record_consent(session, phone, True, ConsentSource.BOOKING, customer_id)
        session.commit()


def sent_texts() -> list[OutboxEmail]:
    with db_session() as session:
        query = select(OutboxEmail).where(OutboxEmail.channel == Channel.TEXT)
        return list(session.exec(query.order_by(OutboxEmail.id)))


@pytest.fixture
def office():
    return signed_in(staff_user(name="Olga Office", email="olga@example.com"))


def test_opening_the_conversation_reads_the_texts_and_lowers_the_count(twilio, office):
    pat = make_customer(phone=MOBILE)
    say_yes(MOBILE, pat.id)
    text_in(twilio, NUMBER, "<b>Can you come at 9?</b>")
    assert dashboard.dashboard().unread_texts == 1
    talk = texts.open_conversation(pat.id, office)
    [line] = talk.lines
    assert line.incoming and line.body == "<b>Can you come at 9?</b>"  # text, escaped by React
    assert line.status == "unread" and talk.may_text
    assert talk.numbers[0].consent.startswith("Said yes when booking a visit")
    assert dashboard.dashboard().unread_texts == 0
    assert texts.open_conversation(pat.id, office).lines[0].status == "read"


def test_the_office_notes_the_customers_word_only_for_their_own_number(twilio, office):
    pat = make_customer(phone=MOBILE)
    texts.note_customer_word(office, pat.id, "(718) 555-0142", True)
    with pytest.raises(ActionRefused, match="not one of this customer's"):
        texts.note_customer_word(office, pat.id, "(347) 555-0177", True)
    talk = texts.open_conversation(pat.id, office)
    assert talk.numbers[0].consent.startswith("Said yes to the office") and talk.may_text
    with db_session() as session:
        noted = session.exec(select(AuditEvent).where(AuditEvent.action == "text_consent_given"))
        assert [e.user_id for e in noted] == [office.id]
    texts.note_customer_word(office, pat.id, MOBILE, False)
    assert not texts.open_conversation(pat.id, office).may_text


def test_staff_answer_a_customer_and_an_empty_or_refused_text_sends_nothing(twilio, office):
    pat = make_customer(phone=MOBILE)
    with pytest.raises(FormInvalid):
        texts.answer_customer(office, pat.id, MOBILE, "   ")
    with pytest.raises(ActionRefused, match="not agreed"):
        texts.answer_customer(office, pat.id, MOBILE, "Hello")
    say_yes(MOBILE, pat.id)
    texts.answer_customer(office, pat.id, MOBILE, "Yes, 9 works.")
    [row] = sent_texts()
    assert (row.to, row.text, row.customer_id) == (NUMBER, "Yes, 9 works.", pat.id)


def test_a_text_from_an_unknown_number_waits_until_the_office_puts_it_on_a_customer(twilio, office):
    pat = make_customer(phone=MOBILE)
    text_in(twilio, STRANGER, "Is this the tile guy?")
    text_in(twilio, STRANGER, "Pat here, new phone")
    box = texts.inbox()
    assert box.unread == [] and [t.body for t in box.unknown] == [
        "Pat here, new phone",
        "Is this the tile guy?",
    ]
    assert box.unknown[0].enquiry_id == 0
    with pytest.raises(ActionRefused):
        texts.attach_to_customer(office, box.unknown[0].id, 999_999)
    texts.attach_to_customer(office, box.unknown[0].id, pat.id)
    box = texts.inbox()
    assert box.unknown == [] and {t.customer for t in box.unread} == {"Pat Payer"}
    assert [t.customer_link for t in box.unread] == [f"/customers/{pat.id}"] * 2


def test_a_visitors_text_is_put_on_the_customer_made_from_their_enquiry(twilio, office):
    with db_session() as session:
        first = windows.free_windows(session, datetime(2026, 11, 20, 15, tzinfo=UTC))[0]
    form = booking.validate_booking(
        {
            "name": "Tess Texter",
            "email": "tess@example.com",
            "phone": "(347) 555-0177",
            "message": "A leaking shower.",
            "address": "40 Clinton St, Brooklyn",
            "window": first.key,
            "texts": "on",
        }
    )
    booking.book_visit(form, "203.0.113.9", now=datetime(2026, 11, 20, 15, tzinfo=UTC))
    text_in(twilio, STRANGER, "Can you come at 9?")
    [waiting] = texts.inbox().unknown
    assert waiting.enquiry_name == "Tess Texter"
    texts.attach_to_enquirer(office, waiting.id, waiting.enquiry_id)
    with db_session() as session:
        customer_id = session.exec(select(Enquiry.customer_id)).one()
        assert session.exec(select(InboundText.customer_id)).one() == customer_id
    talk = texts.open_conversation(customer_id, office)
    assert [line.incoming for line in talk.lines] == [False, True]  # the confirmation, hers
    assert "/visit/" in talk.lines[0].body


def test_on_my_way_only_by_a_person_on_the_visit_or_an_admin(twilio, office):
    crew = signed_in(staff_user(name="Tony Tiles", email="tony@example.com"))
    admin = signed_in(staff_user(Role.ADMIN, name="Ada Admin", email="ada@example.com"))
    say_yes(MOBILE)
    now = datetime.now(UTC)
    with db_session() as session:
        window = windows.free_windows(session, now + timedelta(hours=1))[0]
    form = booking.validate_booking(
        {
            "name": "Pat Payer",
            "email": "pat@example.com",
            "phone": MOBILE,
            "message": "A new kitchen.",
            "address": "12 Court St, Brooklyn",
            "window": window.key,
        }
    )
    visit = booking.book_visit(form, "203.0.113.9", now=now)
    with pytest.raises(ActionRefused, match="not on this appointment"):
        send_on_my_way(crew, visit.id, 30)
    with pytest.raises(ActionRefused, match="when you arrive"):
        send_on_my_way(admin, visit.id, 7)
    said = send_on_my_way(admin, visit.id, 30)
    assert said.startswith(f"Texted {NUMBER}: arriving about")
    [row] = [r for r in sent_texts() if r.kind == "on_my_way"]
    assert "Ada is on the way" in row.text


def test_without_twilios_settings_the_pages_say_texts_are_off(clean_db, office):
    pat = make_customer(phone=MOBILE)
    assert "Texts are off" in texts.inbox().off_reason
    assert dashboard.dashboard().texts_off
    talk = texts.open_conversation(pat.id, office)
    assert "Texts are off" in talk.off_reason
    with pytest.raises(ActionRefused, match="Texts are off"):
        send_on_my_way(office, 1, 30)
