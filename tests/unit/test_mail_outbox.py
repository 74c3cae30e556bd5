"""The outbox mailer, talking through the real Resend SDK to a fake Resend API on loopback."""

from datetime import timedelta
from threading import Thread

import pytest
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import OutboxEmail, utc_now
from renovation_app.services import mail
from renovation_app.settings import settings
from tests.fakes.resend_server import FakeResend


@pytest.fixture
def resend_fake(monkeypatch, clean_db):
    fake = FakeResend().start()
    monkeypatch.setattr(settings, "resend_api_key", "re_test_key")
    monkeypatch.setattr(settings, "resend_api_url", fake.url)
    yield fake
    fake.stop()


def queue(n: int = 1) -> list[int]:
    with db_session() as session:
        rows = [
            mail.queue_email(
                session,
                mail.EmailMessage(f"c{i}@example.com", f"Hello {i}", "<p>hi</p>", "hi", "test"),
            )
            for i in range(n)
        ]
        session.commit()
        return [r.id for r in rows]


def rows() -> list[OutboxEmail]:
    with db_session() as session:
        return list(session.exec(select(OutboxEmail).order_by(OutboxEmail.id)))


def test_queued_mail_is_delivered_once_with_an_idempotency_key(resend_fake):
    [email_id] = queue()
    assert mail.deliver_due() == 1
    assert mail.deliver_due() == 0
    [sent] = resend_fake.sent
    assert sent["to"] == ["c0@example.com"] and sent["subject"] == "Hello 0"
    assert sent["text"] == "hi" and sent["html"] == "<p>hi</p>"
    assert sent["idempotency_key"] == f"outbox-{email_id}"
    [row] = rows()
    assert row.status == "sent" and row.provider_id == sent["id"] and row.sent_at


def test_an_outage_keeps_the_mail_and_it_goes_out_after_recovery(resend_fake):
    queue()
    resend_fake.fail_with = 500
    assert mail.deliver_due() == 0
    [row] = rows()
    assert row.status == "queued" and row.attempts == 1 and row.last_error
    # Not retried before its backoff has passed...
    resend_fake.fail_with = None
    assert mail.deliver_due() == 0
    # ...and delivered once it has.
    assert mail.deliver_due(now=utc_now() + timedelta(seconds=6)) == 1
    assert len(resend_fake.sent) == 1
    assert rows()[0].status == "sent"


def test_refused_connections_are_retried_with_growing_backoff(resend_fake):
    queue()
    resend_fake.stop()
    now = utc_now()
    for attempt in range(1, 4):
        mail.deliver_due(now=now)
        row = rows()[0]
        assert row.attempts == attempt and row.status == "queued"
        assert "Connection" in row.last_error or "connect" in row.last_error.lower()
        now = row.next_attempt_at + timedelta(seconds=1)
    assert mail.retry_delay(1) < mail.retry_delay(2) < mail.retry_delay(3)
    resend_fake.start(port=resend_fake.port)
    assert mail.deliver_due(now=now) == 1
    assert len(resend_fake.sent) == 1


def test_after_max_attempts_a_mail_is_marked_failed(resend_fake):
    queue()
    resend_fake.fail_with = 503
    now = utc_now()
    for _ in range(mail.MAX_ATTEMPTS):
        mail.deliver_due(now=now)
        now = rows()[0].next_attempt_at + timedelta(seconds=1)
    assert rows()[0].status == "failed"
    resend_fake.fail_with = None
    assert mail.deliver_due(now=now + timedelta(days=1)) == 0


def test_concurrent_workers_deliver_each_message_exactly_once(resend_fake):
    queue(30)
    workers = [Thread(target=mail.deliver_due, kwargs={"batch": 100}) for _ in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert sorted(m["subject"] for m in resend_fake.sent) == sorted(f"Hello {i}" for i in range(30))
    assert all(r.status == "sent" for r in rows())


def test_a_worker_that_died_mid_send_is_taken_over_without_a_duplicate(resend_fake):
    [email_id] = queue()
    now = utc_now()
    with db_session() as session:  # a worker claimed it and sent it, then crashed
        assert mail._claim(session, email_id, now)
    row = rows()[0]
    mail._send(row)
    assert mail.deliver_due(now=now) == 0  # the claim is still live
    later = now + timedelta(seconds=mail.CLAIM_SECONDS + 1)
    assert mail.deliver_due(now=later) == 1
    assert len(resend_fake.sent) == 1  # Resend saw the same idempotency key twice


def test_without_an_api_key_mail_is_logged_and_kept(monkeypatch, clean_db):
    monkeypatch.setattr(settings, "resend_api_key", "")
    queue()
    assert mail.deliver_due() == 1
    assert rows()[0].provider_id == "console"
