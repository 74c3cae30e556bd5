"""Texts through the one outbox, sent by the real twilio SDK to a fake Twilio API on loopback."""

from datetime import UTC, datetime, timedelta
from threading import Thread

import pytest
import time_machine
from sqlmodel import select

from renovation_app.content.business import BUSINESS_TIMEZONE
from renovation_app.db import db_session
from renovation_app.models import (
    AuditEvent,
    Channel,
    ConsentSource,
    OutboxEmail,
    OutboxStatus,
    utc_now,
)
from renovation_app.services import mail, texts
from renovation_app.services.mail import outbox
from renovation_app.services.texts import gateway, sending
from renovation_app.settings import settings
from tests.fakes.resend_server import FakeResend

MOBILE = "(718) 555-0199"
MOBILE_E164 = "+17185550199"


@pytest.fixture
def resend(monkeypatch, clean_db):
    fake = FakeResend().start()
    monkeypatch.setattr(settings, "resend_api_key", "re_test_key")
    monkeypatch.setattr(settings, "resend_api_url", fake.url)
    yield fake
    fake.stop()


def consent(phone: str = MOBILE, yes: bool = True) -> None:
    with db_session() as session:
        texts.record_consent(session, phone, yes, ConsentSource.BOOKING)
        session.commit()


def queue(body: str, phone: str = MOBILE) -> int | None:
    with db_session() as session:
        row = texts.queue_text(session, phone, body, "test", ("test", 1))
        session.commit()
        return row.id if row else None


def text_rows() -> list[OutboxEmail]:
    with db_session() as session:
        query = select(OutboxEmail).where(OutboxEmail.channel == Channel.TEXT)
        return list(session.exec(query.order_by(OutboxEmail.id)))


def later(seconds: float) -> datetime:
    return utc_now() + timedelta(seconds=seconds)


def new_york(year, month, day, hour, minute=0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=BUSINESS_TIMEZONE)


def test_without_twilio_settings_nothing_is_texted_and_the_pages_can_say_so(clean_db):
    assert not settings.texts_on
    assert "Texts are off" in texts.texts_off_reason()
    consent()
    assert queue("Your visit is confirmed.") is None
    assert text_rows() == []


def test_a_number_that_never_said_yes_or_said_no_is_not_texted(twilio):
    assert queue("Hello") is None
    consent(yes=False)
    assert queue("Hello") is None
    assert text_rows() == [] and twilio.sent == []


def test_a_text_goes_once_through_the_sdk_with_its_status_callback(twilio):
    consent()
    text_id = queue("Your visit is confirmed for Tuesday 10-12.")
    assert mail.deliver_due() == 1
    assert mail.deliver_due() == 0
    [sent] = twilio.sent
    assert sent["to"] == MOBILE_E164 and sent["from"] == "+15005550006"
    assert sent["body"] == "Your visit is confirmed for Tuesday 10-12."
    assert sent["status_callback"] == settings.url(texts.STATUS_PATH)
    [row] = text_rows()
    assert row.id == text_id and row.status == OutboxStatus.SENT
    assert row.provider_id == sent["sid"] and row.provider_id.startswith("SM")
    assert row.html == "" and row.subject == ""  # a text is never an HTML message


def test_a_messaging_service_is_the_sender_when_set(twilio, monkeypatch):
    monkeypatch.setattr(settings, "twilio_messaging_service_sid", "MG" + "1" * 32)
    consent()
    queue("Hi")
    mail.deliver_due()
    assert twilio.sent[0]["messaging_service_sid"] == "MG" + "1" * 32


def test_three_workers_and_a_restart_send_each_text_once(twilio, resend):
    consent()
    for i in range(12):
        queue(f"Text {i}")
    with db_session() as session:  # e-mails share the queue and the workers
        for i in range(3):
            mail.queue_email(
                session,
                mail.EmailMessage(f"c{i}@example.com", f"Mail {i}", "<p>m</p>", "m", "test"),
                "test",
                i,
            )
        session.commit()
    # A worker claimed the first text, handed it to Twilio and died before recording it.
    first = text_rows()[0]
    now = utc_now()
    with db_session() as session:
        assert outbox._claim(session, first.id, now)
    sending.send_text(text_rows()[0], [], earlier_try=False)
    restart = now + timedelta(seconds=settings.outbox_claim_seconds + 1)
    workers = [
        Thread(target=mail.deliver_due, kwargs={"now": restart, "batch": 100}) for _ in range(3)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    bodies = sorted(m["body"] for m in twilio.sent)
    assert bodies == sorted(f"Text {i}" for i in range(12))  # each once, the first too
    assert all(r.status == OutboxStatus.SENT for r in text_rows())
    assert {r.provider_id for r in text_rows()} == {m["sid"] for m in twilio.sent}
    assert sorted(m["subject"] for m in resend.sent) == ["Mail 0", "Mail 1", "Mail 2"]


def test_a_timeout_after_twilio_took_the_text_is_looked_up_not_sent_again(twilio, monkeypatch):
    monkeypatch.setattr(gateway, "SEND_TIMEOUT_SECONDS", 0.3)
    consent()
    queue("On my way, there at 9:40.")
    twilio.hang_after_accept = 1.0
    assert mail.deliver_due() == 0
    [row] = text_rows()
    assert row.status == OutboxStatus.QUEUED and row.attempts == 1
    assert "Timeout" in row.last_error
    twilio.hang_after_accept = 0
    assert mail.deliver_due(now=later(60)) == 1
    [sent] = twilio.sent
    [row] = text_rows()
    assert row.status == OutboxStatus.SENT and row.provider_id == sent["sid"]
    creates = [r for r in twilio.requests if r["method"] == "POST"]
    assert len(creates) == 1  # the retry listed the messages to the number instead


def test_the_same_words_twice_to_one_number_are_two_texts_after_a_timeout(twilio, monkeypatch):
    """The lookup never takes another outbox row's message for this one."""
    consent()
    queue("See you tomorrow.")
    assert mail.deliver_due() == 1
    queue("See you tomorrow.")
    monkeypatch.setattr(gateway, "SEND_TIMEOUT_SECONDS", 0.3)
    twilio.hang_after_accept = 1.0
    assert mail.deliver_due() == 0
    twilio.hang_after_accept = 0
    assert mail.deliver_due(now=later(60)) == 1
    assert len(twilio.sent) == 2
    assert {r.provider_id for r in text_rows()} == {m["sid"] for m in twilio.sent}


def test_a_retry_that_finds_nothing_at_twilio_sends_it(twilio):
    consent()
    queue("Your estimate is ready.")
    twilio.fail_with = 500
    assert mail.deliver_due() == 0
    twilio.fail_with = None
    assert mail.deliver_due(now=later(60)) == 1
    assert [m["body"] for m in twilio.sent] == ["Your estimate is ready."]


@pytest.mark.parametrize("code", ["21211", "21610"])
def test_a_number_twilio_refuses_fails_at_once_with_its_code(twilio, code):
    consent()
    (twilio.invalid if code == "21211" else twilio.unsubscribed).add(MOBILE_E164)
    queue("Hi")
    assert mail.deliver_due() == 0
    [row] = text_rows()
    assert row.status == OutboxStatus.FAILED and code in row.last_error
    with db_session() as session:  # Twilio's word that the number opted out is kept
        assert texts.may_text(session, MOBILE) is (code != "21610")


def test_a_stop_after_queueing_means_it_is_never_sent(twilio):
    consent()
    queue("Reminder: invoice 2026-0001 is due.")
    consent(yes=False)  # only the consent: the send step checks it again
    assert mail.deliver_due() == 0
    [row] = text_rows()
    assert row.status == OutboxStatus.FAILED and "STOP" in row.last_error
    assert twilio.sent == []


def test_a_reminder_due_at_10_pm_is_texted_at_8_am(twilio):
    consent()
    ten_pm = new_york(2026, 12, 1, 22)
    with time_machine.travel(ten_pm, tick=False):
        queue("Reminder: invoice 2026-0001 is due today.")
        assert mail.deliver_due() == 0
    with time_machine.travel(new_york(2026, 12, 2, 7, 59), tick=False):
        assert mail.deliver_due() == 0
    assert twilio.sent == []
    with time_machine.travel(new_york(2026, 12, 2, 8, 0), tick=False):
        assert mail.deliver_due() == 1
    [row] = text_rows()
    assert row.sent_at == new_york(2026, 12, 2, 8).astimezone(UTC)


def test_a_text_claimed_as_quiet_hours_begin_waits_uncounted(twilio):
    consent()
    with time_machine.travel(new_york(2026, 12, 1, 20, 59), tick=False):
        queue("Running late, there in 20 minutes.")
    with time_machine.travel(new_york(2026, 12, 1, 21, 0), tick=False):
        assert mail.deliver_due() == 0
    [row] = text_rows()
    assert row.status == OutboxStatus.QUEUED and row.attempts == 0
    assert row.next_attempt_at == new_york(2026, 12, 2, 8).astimezone(UTC)


@pytest.mark.parametrize(
    ("local", "waits_until"),
    [
        (new_york(2026, 7, 1, 20, 59), None),
        (new_york(2026, 7, 1, 21, 0), new_york(2026, 7, 2, 8)),
        (new_york(2026, 7, 2, 0, 30), new_york(2026, 7, 2, 8)),
        (new_york(2026, 7, 2, 7, 59), new_york(2026, 7, 2, 8)),
        (new_york(2026, 7, 2, 8, 0), None),
        # the night the clocks go back (1 November 2026) and forward (14 March 2027)
        (new_york(2026, 10, 31, 23, 0), new_york(2026, 11, 1, 8)),
        (new_york(2027, 3, 13, 23, 0), new_york(2027, 3, 14, 8)),
    ],
)
def test_quiet_hours_are_9_pm_to_8_am_new_york_time(local, waits_until):
    expected = waits_until.astimezone(UTC) if waits_until else None
    assert texts.end_of_quiet_hours(local.astimezone(UTC)) == expected


def test_the_office_noting_a_yes_names_who_and_leaves_an_audit_row(clean_db):
    with db_session() as session:
        with pytest.raises(ValueError):
            texts.record_consent(session, MOBILE, True, ConsentSource.OFFICE)
        texts.record_consent(session, MOBILE, True, ConsentSource.BOOKING, customer_id=None)
        session.commit()
        assert texts.may_text(session, MOBILE)
        actions = session.exec(select(AuditEvent.action)).all()
    assert actions == ["text_consent_given"]
