"""A visit booked with "text me" ticked: its confirmation and its day-before notice by text too,
beside the e-mails; a visitor who did not tick gets e-mails only."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import AuditEvent, Channel, OutboxEmail, OutboxStatus
from renovation_app.services import mail, texts
from renovation_app.services.errors import ActionRefused
from renovation_app.services.schedule import booking, windows
from renovation_app.services.schedule.notices import send_appointment_notices
from renovation_app.services.schedule.on_my_way import text_on_my_way
from tests.factories import signed_in, staff_user

NOW = datetime(2026, 11, 20, 15, 0, tzinfo=UTC)  # Friday 10 am in New York
MOBILE_E164 = "+17185550142"


def book(texts_ok: bool):
    with db_session() as session:
        first = windows.free_windows(session, NOW)[0]
    form = booking.validate_booking(
        {
            "name": "Visitor",
            "email": "visitor@example.com",
            "phone": "(718) 555-0142",
            "message": "A new kitchen.",
            "address": "12 Court St, Brooklyn",
            "window": first.key,
            "texts": "on" if texts_ok else "",
        }
    )
    with time_machine.travel(NOW, tick=False):
        return booking.book_visit(form, "203.0.113.9", now=NOW)


def rows(channel: Channel) -> list[OutboxEmail]:
    with db_session() as session:
        query = select(OutboxEmail).where(OutboxEmail.channel == channel)
        return list(session.exec(query.order_by(OutboxEmail.id)))


def test_ticking_texts_records_the_yes_and_texts_the_confirmation_beside_the_email(twilio):
    visit = book(texts_ok=True)
    with db_session() as session:
        consent = texts.latest_consent(session, MOBILE_E164)
    assert consent.consented and consent.source == "booking"
    [text] = rows(Channel.TEXT)
    assert text.kind == "visit_booked" and "/visit/" in text.text
    assert (text.about_kind, text.about_id) == ("appointment", visit.id)
    assert [e.kind for e in rows(Channel.EMAIL)] == ["enquiry_notification", "visit_booked"]
    with time_machine.travel(NOW, tick=False):
        mail.deliver_due()
    assert len(twilio.bodies_to(MOBILE_E164)) == 1


def test_texts_ticked_without_a_phone_is_asked_for_one(clean_db):
    with pytest.raises(booking.FormInvalid) as invalid:
        booking.validate_booking(
            {
                "name": "Visitor",
                "email": "visitor@example.com",
                "phone": "",
                "message": "A new kitchen.",
                "address": "12 Court St, Brooklyn",
                "window": "x",
                "texts": "on",
            }
        )
    assert "phone" in invalid.value.errors


def test_without_the_tick_only_emails_go(twilio):
    book(texts_ok=False)
    assert rows(Channel.TEXT) == []


def test_the_day_before_notice_is_texted_once_and_withdrawn_with_the_email(twilio):
    visit = book(texts_ok=True)
    evening_before = visit.starts_at - timedelta(hours=20)
    assert send_appointment_notices(evening_before) == 1
    assert send_appointment_notices(evening_before) == 0
    notices = [r for r in rows(Channel.TEXT) if r.kind == "appointment_notice"]
    assert len(notices) == 1 and "we arrive" in notices[0].text
    with db_session() as session:  # the visit moved: both notices still queued are withdrawn
        assert mail.cancel_queued_reminders(session, mail.About.APPOINTMENT, visit.id) == 2
        session.commit()
    assert {r.status for r in rows(Channel.TEXT) if r.kind == "appointment_notice"} == {
        OutboxStatus.CANCELLED
    }


def test_on_my_way_texts_the_arrival_time_with_an_audit_row(twilio):
    crew = signed_in(staff_user(name="Tony Tiles", email="tony@example.com"))
    visit = book(texts_ok=True)
    arrival = visit.starts_at + timedelta(minutes=20)
    with db_session() as session:
        row = text_on_my_way(session, crew, visit.id, arrival)
        session.commit()
        actions = session.exec(select(AuditEvent.action)).all()
    assert "Tony is on the way and arrives about" in row.text and "on_my_way" in actions
    assert row.kind == "on_my_way" and row.about_id == visit.id


def test_on_my_way_is_refused_in_words_without_a_yes(twilio):
    crew = signed_in(staff_user(name="Tony Tiles", email="tony@example.com"))
    visit = book(texts_ok=False)
    with db_session() as session, pytest.raises(ActionRefused, match="agreed to texts"):
        text_on_my_way(session, crew, visit.id, visit.starts_at)
