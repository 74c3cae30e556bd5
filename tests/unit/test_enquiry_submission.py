"""A valid enquiry is stored first; both e-mails then reach the (fake) Resend API."""

import pytest
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Enquiry, OutboxEmail
from renovation_app.services.enquiries import (
    TooManyEnquiries,
    submit_enquiry,
    validate_enquiry,
)
from renovation_app.services.enquiries.listing import recent_enquiries
from renovation_app.services.mail import outbox as mail
from renovation_app.settings import settings
from tests.fakes.resend_server import FakeResend
from tests.unit.test_enquiry_validation import VALID


@pytest.fixture
def resend_fake(monkeypatch, clean_db):
    fake = FakeResend().start()
    monkeypatch.setattr(settings, "resend_api_key", "re_test_key")
    monkeypatch.setattr(settings, "resend_api_url", fake.url)
    monkeypatch.setattr(settings, "business_inbox", "office@example.com")
    yield fake
    fake.stop()


def stored() -> list[Enquiry]:
    with db_session() as session:
        return list(session.exec(select(Enquiry)))


def test_an_enquiry_is_stored_and_both_emails_are_delivered(resend_fake):
    enquiry = submit_enquiry(validate_enquiry(VALID), "203.0.113.5")
    [row] = stored()
    assert (row.name, row.email, row.service) == (
        "Maria Lopez",
        "maria@example.com",
        "kitchen-remodeling",
    )
    assert row.source_ip_hash and "203.0.113.5" not in row.source_ip_hash
    assert mail.deliver_due() == 2
    [notification] = resend_fake.sent_to("office@example.com")
    assert (
        notification["reply_to"] == ["maria@example.com"]
        or notification["reply_to"] == "maria@example.com"
    )
    for value in (
        "Maria Lopez",
        "maria@example.com",
        "(718) 555-0142",
        "Kitchen Remodeling",
        "Park Slope",
    ):
        assert value in notification["text"] and value in notification["html"]
    [ack] = resend_fake.sent_to("maria@example.com")
    assert "Kitchen Remodeling" in ack["text"] and "Kitchen Remodeling" in ack["html"]
    for typed in ("Maria Lopez", "Park Slope"):  # nothing the sender typed goes back out
        assert typed not in ack["text"] and typed not in ack["html"]
        assert typed not in ack["subject"]
    assert enquiry.id == row.id
    with db_session() as session:
        emails = session.exec(select(OutboxEmail)).all()
    assert {(e.about_kind, e.about_id) for e in emails} == {("enquiry", enquiry.id)}
    [listed] = recent_enquiries()
    assert listed.delivery == "sent"


def test_the_enquiry_survives_an_outage_and_mail_follows_without_duplicates(resend_fake):
    resend_fake.stop()
    submit_enquiry(validate_enquiry(VALID), "203.0.113.6")
    assert mail.deliver_due() == 0
    assert len(stored()) == 1
    resend_fake.start(port=resend_fake.port)
    from datetime import timedelta

    from renovation_app.models import utc_now

    later = utc_now() + timedelta(seconds=10)
    assert mail.deliver_due(now=later) == 2
    assert mail.deliver_due(now=later + timedelta(hours=2)) == 0
    assert len(resend_fake.sent) == 2


def test_html_typed_by_the_customer_arrives_escaped(resend_fake):
    submit_enquiry(
        validate_enquiry({**VALID, "name": "<b>Bob</b>", "message": "<script>alert(1)</script>"}),
        "203.0.113.7",
    )
    mail.deliver_due()
    for sent in resend_fake.sent:
        assert "<script>" not in sent["html"] and "<b>Bob</b>" not in sent["html"]
    [notification] = resend_fake.sent_to("office@example.com")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in notification["html"]
    assert "<script>alert(1)</script>" in notification["text"]  # plain text stays as typed


def test_a_filled_honeypot_is_stored_as_spam_and_not_mailed(resend_fake):
    submit_enquiry(validate_enquiry(VALID), "203.0.113.8", honeypot="http://spam.example")
    [row] = stored()
    assert row.is_spam
    with db_session() as session:
        assert session.exec(select(OutboxEmail)).all() == []


def test_the_rate_limit_refuses_the_sixth_enquiry_from_one_client(resend_fake):
    form = validate_enquiry(VALID)
    for _ in range(settings.contact_rate_limit):
        submit_enquiry(form, "198.51.100.1")
    with pytest.raises(TooManyEnquiries):
        submit_enquiry(form, "198.51.100.1")
    submit_enquiry(form, "198.51.100.2")  # another client is not affected
    assert len(stored()) == settings.contact_rate_limit + 1


def test_without_a_mail_service_the_staff_list_says_logged(monkeypatch, clean_db):
    monkeypatch.setattr(settings, "resend_api_key", "")
    submit_enquiry(validate_enquiry(VALID), "203.0.113.9")
    assert mail.deliver_due() == 2
    [listed] = recent_enquiries()
    assert listed.delivery == "logged (no mail service configured)"


def test_the_staff_list_shows_a_refusal_with_its_reason(resend_fake):
    resend_fake.fail_with, resend_fake.fail_name = 422, "validation_error"
    submit_enquiry(validate_enquiry(VALID), "203.0.113.10")
    mail.deliver_due()
    [listed] = recent_enquiries()
    assert listed.delivery.startswith("failed: ") and "fake outage" in listed.delivery


def test_the_staff_list_shows_a_retry_with_its_attempts(resend_fake):
    resend_fake.fail_with = 503
    submit_enquiry(validate_enquiry(VALID), "203.0.113.11")
    mail.deliver_due()
    [listed] = recent_enquiries()
    assert listed.delivery.startswith("queued for retry (1 attempt so far: ")
