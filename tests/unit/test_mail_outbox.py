"""The outbox mailer, talking through the real Resend SDK to a fake Resend API on loopback."""

import asyncio
import logging
import threading
import time
import uuid
from dataclasses import replace
from datetime import timedelta
from threading import Thread

import pytest
from resend.exceptions import ResendError
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Channel, OutboxAttachment, OutboxEmail, utc_now
from renovation_app.services.mail import channels, resend_channel
from renovation_app.services.mail import outbox as mail
from renovation_app.settings import settings
from tests.fakes.resend_server import FakeResend


def send_email_with(monkeypatch, send) -> None:
    """E-mails leave through `send` (Resend's sender wrapped, to stall or race it) for a test."""
    email = channels.sender_of(Channel.EMAIL)
    monkeypatch.setitem(channels._SENDERS, Channel.EMAIL, replace(email, send=send))


@pytest.fixture
def resend_fake(monkeypatch, clean_db):
    fake = FakeResend().start()
    monkeypatch.setattr(settings, "resend_api_key", "re_test_key")
    monkeypatch.setattr(settings, "resend_api_url", fake.url)
    yield fake
    fake.stop()


class FakeClock:
    """Stands in for mail.utc_now so a test decides how long a send takes."""

    def __init__(self) -> None:
        self.now = utc_now() + timedelta(seconds=1)  # mail queued in the test is due at once

    def __call__(self):
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(mail, "utc_now", fake)
    return fake


def queue(n: int = 1, attachments: tuple[mail.Attachment, ...] = ()) -> list[int]:
    with db_session() as session:
        rows = [
            mail.queue_email(
                session,
                mail.EmailMessage(
                    f"c{i}@example.com",
                    f"Hello {i}",
                    "<p>hi</p>",
                    "hi",
                    "test",
                    attachments=attachments,
                ),
                about_kind="test",
                about_id=i,
            )
            for i in range(n)
        ]
        session.commit()
        return [r.id for r in rows]


def rows() -> list[OutboxEmail]:
    with db_session() as session:
        return list(session.exec(select(OutboxEmail).order_by(OutboxEmail.id)))


def requests_with_key(fake: FakeResend, key: str) -> list[dict]:
    return [r for r in fake.requests if r["key"] == key]


def test_queued_mail_is_delivered_once_with_a_random_idempotency_key_per_row(resend_fake):
    queue(2)
    assert mail.deliver_due() == 2
    assert mail.deliver_due() == 0
    assert len(resend_fake.sent) == 2
    first, second = rows()
    assert (first.about_kind, first.about_id) == ("test", 0)
    for row in (first, second):
        [sent] = [m for m in resend_fake.sent if m["to"] == [row.to]]
        assert sent["subject"] == row.subject and sent["text"] == "hi"
        assert sent["html"] == "<p>hi</p>"
        assert sent["idempotency_key"] == row.idempotency_key
        assert uuid.UUID(row.idempotency_key).version == 4
        assert row.status == "sent" and row.provider_id == sent["id"] and row.sent_at
        assert row.attempts == 1 and not row.claim_token
    assert first.idempotency_key != second.idempotency_key


def test_attachments_are_stored_and_reach_resend(resend_fake):
    pdf = b"%PDF-1.7\n\x00\xff\xfe binary \r\n bytes %%EOF"
    files = (
        mail.Attachment("invoice-2026-0001.pdf", "application/pdf", pdf),
        mail.Attachment("notes.txt", "text/plain", b"plain"),
    )
    [email_id] = queue(attachments=files)
    with db_session() as session:
        stored = session.exec(
            select(OutboxAttachment).where(OutboxAttachment.email_id == email_id)
        ).all()
    assert sorted(a.filename for a in stored) == ["invoice-2026-0001.pdf", "notes.txt"]
    assert mail.deliver_due() == 1
    [sent] = resend_fake.sent
    assert sent["files"] == [
        {"filename": "invoice-2026-0001.pdf", "content_type": "application/pdf", "content": pdf},
        {"filename": "notes.txt", "content_type": "text/plain", "content": b"plain"},
    ]


def test_a_header_with_a_line_break_is_refused(clean_db):
    with db_session() as session, pytest.raises(ValueError):
        mail.queue_email(
            session,
            mail.EmailMessage("a@example.com", "Hi\r\nBcc: x@example.com", "h", "t", "test"),
            about_kind="test",
            about_id=None,
        )


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


@pytest.mark.parametrize(
    ("status", "name"),
    [(400, "validation_error"), (403, "invalid_api_key"), (422, "validation_error")],
)
def test_a_4xx_refusal_fails_at_once_with_the_reason(resend_fake, status, name):
    queue()
    resend_fake.fail_with, resend_fake.fail_name = status, name
    assert mail.deliver_due() == 0
    [row] = rows()
    assert row.status == "failed" and row.attempts == 1
    assert "fake outage" in row.last_error
    resend_fake.fail_with = None
    assert mail.deliver_due(now=utc_now() + timedelta(days=1)) == 0
    assert len(resend_fake.requests) == 1 and resend_fake.sent == []


def test_429_waits_as_long_as_retry_after_asks(resend_fake):
    queue()
    resend_fake.fail_with, resend_fake.fail_name = 429, "rate_limit_exceeded"
    resend_fake.fail_headers = {"Retry-After": "90"}
    before = utc_now()
    assert mail.deliver_due() == 0
    [row] = rows()
    assert row.status == "queued" and row.attempts == 1
    assert timedelta(seconds=89) <= row.next_attempt_at - before <= timedelta(seconds=95)
    resend_fake.fail_with = None
    assert mail.deliver_due(now=before + timedelta(seconds=60)) == 0  # backoff alone: 5 s
    assert mail.deliver_due(now=before + timedelta(seconds=96)) == 1
    assert len(resend_fake.sent) == 1


def test_429_without_retry_after_uses_the_normal_backoff(resend_fake):
    queue()
    resend_fake.fail_with, resend_fake.fail_name = 429, "rate_limit_exceeded"
    before = utc_now()
    mail.deliver_due()
    [row] = rows()
    assert row.status == "queued"
    assert row.next_attempt_at - before <= mail.retry_delay(1) + timedelta(seconds=2)


def test_a_409_for_a_key_in_flight_is_retried_soon(resend_fake):
    [email_id] = queue()
    with db_session() as session:  # several failures already: the backoff would be minutes
        row = session.get(OutboxEmail, email_id)
        row.attempts = 6
        session.add(row)
        session.commit()
    resend_fake.fail_with, resend_fake.fail_name = 409, "concurrent_idempotent_requests"
    before = utc_now()
    assert mail.deliver_due() == 0
    [row] = rows()
    assert row.status == "queued" and row.attempts == 7
    assert row.next_attempt_at - before <= resend_channel.IN_FLIGHT_DELAY + timedelta(seconds=2)
    resend_fake.fail_with = None
    assert mail.deliver_due(now=before + resend_channel.IN_FLIGHT_DELAY + timedelta(seconds=3)) == 1


def test_a_409_for_a_key_reused_with_another_body_fails(resend_fake):
    queue()
    resend_fake.fail_with, resend_fake.fail_name = 409, "invalid_idempotent_request"
    mail.deliver_due()
    assert rows()[0].status == "failed"


def test_classify_reads_status_and_retry_after_from_the_sdk_error():
    now = utc_now()

    def error(code, name="x", headers=None):
        return ResendError(
            code=code, error_type=name, message="m", suggested_action="", headers=headers
        )

    assert resend_channel.classify_email_failure(error(404), now).permanent
    assert resend_channel.classify_email_failure(error("422"), now).permanent
    assert not resend_channel.classify_email_failure(error(500, "HttpClientError"), now).permanent
    assert resend_channel.classify_email_failure(error(500), now).delay is None
    assert not resend_channel.classify_email_failure(ConnectionError("boom"), now).permanent
    limited = resend_channel.classify_email_failure(error(429, headers={"retry-after": "30"}), now)
    assert not limited.permanent and limited.delay == timedelta(seconds=30)
    http_date = (now + timedelta(seconds=120)).strftime("%a, %d %b %Y %H:%M:%S GMT")
    dated = resend_channel.classify_email_failure(
        error(429, headers={"Retry-After": http_date}), now
    )
    assert timedelta(seconds=118) <= dated.delay <= timedelta(seconds=121)
    assert (
        resend_channel.classify_email_failure(
            error(429, headers={"Retry-After": "99999"}), now
        ).delay
        == resend_channel.MAX_DELAY
    )


def test_concurrent_workers_deliver_each_message_exactly_once(resend_fake):
    queue(30)
    workers = [Thread(target=mail.deliver_due, kwargs={"batch": 100}) for _ in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert sorted(m["subject"] for m in resend_fake.sent) == sorted(f"Hello {i}" for i in range(30))
    assert all(r.status == "sent" for r in rows())
    assert len(resend_fake.requests) == 30


def test_a_worker_that_died_mid_send_is_taken_over_without_a_duplicate(resend_fake):
    [email_id] = queue()
    now = utc_now()
    with db_session() as session:  # a worker claimed it and sent it, then crashed
        assert mail._claim(session, email_id, now)
    row = rows()[0]
    resend_channel.send_email(row, [], False)
    assert mail.deliver_due(now=now) == 0  # the claim is still live
    later = now + timedelta(seconds=settings.outbox_claim_seconds + 1)
    assert mail.deliver_due(now=later) == 1
    assert len(resend_fake.sent) == 1  # Resend saw the same idempotency key twice


def test_each_claim_runs_from_the_moment_its_message_is_claimed(resend_fake, clock, monkeypatch):
    """A slow batch: each send takes 100 s of a 120 s claim. The second message is claimed
    100 s after the batch began; another worker looking 200 s in must still see it claimed."""
    first_id, second_id = queue(2)
    real_send = resend_channel.send_email
    other_worker_sent = []

    def slow_send(row, attachments, earlier_try):
        clock.advance(100)
        if row.id == second_id and not other_worker_sent:
            other_worker_sent.append(mail.deliver_due())  # another host, same moment
        return real_send(row, attachments, earlier_try)

    send_email_with(monkeypatch, slow_send)
    assert mail.deliver_due() == 2
    assert other_worker_sent == [0]
    keys = {r.id: r.idempotency_key for r in rows()}
    assert len(requests_with_key(resend_fake, keys[first_id])) == 1
    assert len(requests_with_key(resend_fake, keys[second_id])) == 1
    assert all(r.status == "sent" and r.attempts == 1 for r in rows())


@pytest.mark.parametrize("late_result", ["success", "failure"])
def test_a_late_result_after_a_lost_claim_is_not_written(
    resend_fake, clock, monkeypatch, caplog, late_result
):
    """This worker stalls past its claim; another takes the message over and sends it.
    The stalled worker's late answer must change nothing and count nothing."""
    queue()
    real_send = resend_channel.send_email
    stalled = []

    def stalling_send(row, attachments, earlier_try):
        if not stalled:
            stalled.append(row.id)
            clock.advance(settings.outbox_claim_seconds + 60)
            assert mail.deliver_due() == 1  # the other worker re-claims and delivers
            if late_result == "failure":
                raise ConnectionError("answer lost after a long stall")
        return real_send(row, attachments, earlier_try)

    send_email_with(monkeypatch, stalling_send)
    with caplog.at_level(logging.WARNING, logger=mail.__name__):
        assert mail.deliver_due() == 0
    [row] = rows()
    assert row.status == "sent" and row.attempts == 1 and row.last_error == ""
    assert row.provider_id == resend_fake.sent[0]["id"]
    assert "claim lost" in caplog.text
    clock.advance(3600)
    assert mail.deliver_due() == 0
    assert len(resend_fake.sent) == 1


def test_without_an_api_key_mail_is_logged_not_sent_and_the_body_stays_out_of_the_log(
    monkeypatch, clean_db, caplog
):
    monkeypatch.setattr(settings, "resend_api_key", "")
    with db_session() as session:
        mail.queue_email(
            session,
            mail.EmailMessage(
                "someone@example.com",
                "Your invoice",
                "<p>secret-html-body-7731</p>",
                "secret-text-body-7731",
                "test",
            ),
            about_kind="test",
            about_id=None,
        )
        session.commit()
    with caplog.at_level(logging.INFO, logger=mail.__name__):
        assert mail.deliver_due() == 1
    [row] = rows()
    assert row.status == "logged" and row.sent_at is None and row.provider_id == ""
    assert "someone@example.com" in caplog.text and "Your invoice" in caplog.text
    assert "secret" not in caplog.text
    assert mail.deliver_due() == 0


class WorkerThread:
    """outbox_worker on its own event loop in a thread, as under Reflex."""

    def __init__(self, poll_seconds: float) -> None:
        self.loop = asyncio.new_event_loop()
        self.task: asyncio.Task | None = None
        self.thread = Thread(target=self._run, args=(poll_seconds,), daemon=True)
        self.thread.start()

    def _run(self, poll_seconds: float) -> None:
        asyncio.set_event_loop(self.loop)
        self.task = self.loop.create_task(mail.outbox_worker(poll_seconds))
        try:
            self.loop.run_until_complete(self.task)
        except asyncio.CancelledError:
            pass
        finally:
            self.loop.run_until_complete(self.loop.shutdown_default_executor())
            self.loop.close()

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.task.cancel)
        self.thread.join(timeout=30)


def test_a_wake_from_another_thread_delivers_at_once(resend_fake, monkeypatch):
    rounds = threading.Semaphore(0)
    real_deliver_due = mail.deliver_due

    def counted_deliver_due(*args, **kwargs):
        try:
            return real_deliver_due(*args, **kwargs)
        finally:
            rounds.release()

    monkeypatch.setattr(mail, "deliver_due", counted_deliver_due)
    worker = WorkerThread(poll_seconds=120)
    try:
        assert rounds.acquire(timeout=20)  # the first round found nothing to do
        time.sleep(0.3)  # the worker now waits for a wake-up, or 120 s
        queue()
        waker = Thread(target=mail.wake_outbox_worker)  # as from asyncio.to_thread
        waker.start()
        waker.join()
        deadline = time.monotonic() + 10
        while not resend_fake.sent and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(resend_fake.sent) == 1
    finally:
        worker.stop()
    assert not worker.thread.is_alive()
    assert mail._wakeup is None and mail._loop is None


def test_without_an_api_key_a_batch_is_logged_at_once_and_a_live_claim_is_left_alone(
    monkeypatch, clean_db
):
    monkeypatch.setattr(settings, "resend_api_key", "")
    claimed_elsewhere, *others = queue(mail.BATCH_SIZE + 6)
    with db_session() as session:  # another worker holds this one, sending it right now
        assert mail._claim(session, claimed_elsewhere, utc_now())
    assert mail.deliver_due() == mail.BATCH_SIZE
    assert mail.deliver_due() == 5
    assert mail.deliver_due() == 0
    by_id = {r.id: r for r in rows()}
    assert by_id[claimed_elsewhere].status == "sending" and by_id[claimed_elsewhere].attempts == 0
    assert all(by_id[i].status == "logged" and by_id[i].attempts == 1 for i in others)
    assert all(by_id[i].claim_token == "" for i in others)


def test_after_a_full_batch_the_worker_goes_round_again_without_waiting(monkeypatch, clean_db):
    monkeypatch.setattr(settings, "resend_api_key", "")
    queue(mail.BATCH_SIZE * 2 + 3)
    worker = WorkerThread(poll_seconds=120)  # no poll would come in time: only the loop itself
    try:
        deadline = time.monotonic() + 15
        while any(r.status != "logged" for r in rows()) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert all(r.status == "logged" for r in rows())
    finally:
        worker.stop()
