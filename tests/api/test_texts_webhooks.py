"""Twilio's webhooks on our API, signed by the fake with the SDK's own RequestValidator."""

import io

import pytest
from PIL import Image
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import (
    AuditEvent,
    Channel,
    ConsentSource,
    Customer,
    InboundText,
    InboundTextMedia,
    OutboxEmail,
    OutboxStatus,
    TextConsent,
)
from renovation_app.services import files, jobs, mail, photos, texts
from renovation_app.services.errors import ActionRefused
from renovation_app.settings import settings
from tests.factories import make_customer, sign_in, signed_in
from tests.factories.jobs import customers_job
from tests.fakes.resend_server import FakeResend

SITE = "http://testserver"
INBOUND = SITE + texts.INBOUND_PATH
STATUS = SITE + texts.STATUS_PATH
MOBILE = "(718) 555-0199"
MOBILE_E164 = "+17185550199"
STRANGER = "+12125550100"


@pytest.fixture(autouse=True)
def site(monkeypatch):
    """Twilio signs the address it posts to: this site's."""
    monkeypatch.setattr(settings, "site_url", SITE)


@pytest.fixture
def customer(client) -> Customer:
    """Pat, whose mobile said yes to texts when booking a visit."""
    pat = make_customer(phone=MOBILE)
    with db_session() as session:
        texts.record_consent(session, MOBILE, True, ConsentSource.BOOKING, pat.id)
        session.commit()
    return pat


def text_to_pat(body: str, customer_id: int | None = None) -> OutboxEmail | None:
    with db_session() as session:
        row = texts.queue_text(session, MOBILE, body, "test", ("test", 1), customer_id)
        session.commit()
        return row


def inbound_rows() -> list[InboundText]:
    with db_session() as session:
        return list(session.exec(select(InboundText).order_by(InboundText.id)))


def counts() -> tuple[int, int, int, int]:
    with db_session() as session:
        return tuple(
            len(session.exec(select(model)).all())
            for model in (InboundText, TextConsent, AuditEvent, OutboxEmail)
        )


@pytest.mark.parametrize("forgery", ["unsigned", "forged", "other token", "other address"])
def test_a_forged_or_unsigned_inbound_text_is_403_and_changes_nothing(
    twilio, client, customer, forgery
):
    before = counts()
    if forgery == "other token":
        twilio.auth_token = "someone_elses_token"
    url = SITE + "/api/twilio/elsewhere" if forgery == "other address" else INBOUND
    signature = {"unsigned": None, "forged": "bm90IGEgc2lnbmF0dXJl"}.get(forgery, "")
    if forgery == "other address":  # signed for another address, sent to ours
        signed = twilio.post_inbound(url, MOBILE_E164, "STOP", post=lambda *a, **k: k)
        answer = client.post(INBOUND, data=signed["data"], headers=signed["headers"])
    else:
        answer = twilio.post_inbound(
            url, MOBILE_E164, "STOP", signature=signature, post=client.post
        )
    assert answer.status_code == 403
    assert counts() == before
    assert text_to_pat("Still texting") is not None  # the consent still holds


def test_a_forged_status_callback_is_403_and_changes_nothing(twilio, client, customer):
    text_to_pat("Your visit is confirmed.", customer.id)
    mail.deliver_due()
    twilio.auth_token = "someone_elses_token"
    answer = twilio.post_status(STATUS, twilio.sent[0]["sid"], "failed", "30003", post=client.post)
    assert answer.status_code == 403
    with db_session() as session:
        assert session.get(Customer, customer.id).text_problem == ""
        assert session.exec(select(OutboxEmail)).one().delivery == ""


def test_without_an_auth_token_every_webhook_is_refused(twilio, client, monkeypatch):
    monkeypatch.setattr(settings, "twilio_auth_token", "")
    answer = twilio.post_inbound(INBOUND, STRANGER, "hello", post=client.post)
    assert answer.status_code == 403 and inbound_rows() == []


def test_a_customers_reply_lands_on_their_page_and_the_office_is_told(twilio, client, customer):
    answer = twilio.post_inbound(INBOUND, MOBILE_E164, "Can you come at 9?", post=client.post)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/xml")
    assert "<Message>" not in answer.text  # nothing sent back to a plain reply
    [reply] = inbound_rows()
    assert reply.customer_id == customer.id and reply.keyword == ""
    with db_session() as session:
        assert texts.unread_texts_count(session) == 1
        [line] = texts.customer_texts(session, customer.id)
        assert line.incoming and line.body == "Can you come at 9?" and line.status == "unread"
        assert "text_received" in session.exec(select(AuditEvent.action)).all()


def test_a_reply_from_an_unknown_number_is_kept_for_the_office_unattached(twilio, client, customer):
    twilio.post_inbound(INBOUND, STRANGER, "Is this the plumber?", post=client.post)
    [kept] = inbound_rows()
    assert kept.customer_id is None and kept.job_id is None and kept.from_phone == STRANGER
    with db_session() as session:
        assert [t.body for t in texts.unattached_texts(session)] == ["Is this the plumber?"]
        assert texts.customer_texts(session, customer.id) == []
        assert texts.unread_texts_count(session) == 1


def test_the_office_attaches_an_unknown_numbers_text_once_with_an_audit_row(
    twilio, client, customer, staff
):
    twilio.post_inbound(INBOUND, STRANGER, "It's Pat, from my work phone", post=client.post)
    [kept] = inbound_rows()
    with db_session() as session:
        texts.attach_text(session, signed_in(staff), kept.id, customer.id)
        session.commit()
        with pytest.raises(ActionRefused):
            texts.attach_text(session, signed_in(staff), kept.id, customer.id)
        [line] = texts.customer_texts(session, customer.id)
        actions = session.exec(select(AuditEvent.action)).all()
    assert line.body == "It's Pat, from my work phone" and "text_attached" in actions


def test_a_replayed_inbound_webhook_keeps_one_text(twilio, client, customer):
    signed = twilio.post_inbound(INBOUND, MOBILE_E164, "Thanks!", post=lambda *a, **k: k)
    for _ in range(2):
        assert (
            client.post(INBOUND, data=signed["data"], headers=signed["headers"]).status_code == 200
        )
    assert len(inbound_rows()) == 1


def test_stop_then_nothing_more_is_texted_while_the_emails_still_go(
    twilio, client, customer, monkeypatch
):
    resend = FakeResend().start()
    monkeypatch.setattr(settings, "resend_api_key", "re_test_key")
    monkeypatch.setattr(settings, "resend_api_url", resend.url)
    try:
        waiting = text_to_pat("Reminder: invoice 2026-0001 is due.", customer.id)
        twilio.post_inbound(INBOUND, MOBILE_E164, "Stop", post=client.post)
        assert text_to_pat("Another reminder", customer.id) is None
        with db_session() as session:
            message = mail.EmailMessage("pat@example.com", "Reminder", "<p>r</p>", "r", "test")
            mail.queue_email(session, message, "test", 1)
            session.commit()
            assert session.get(OutboxEmail, waiting.id).status == OutboxStatus.CANCELLED
        assert mail.deliver_due() == 1
        assert twilio.sent == [] and [m["subject"] for m in resend.sent] == ["Reminder"]
        with db_session() as session:
            latest = texts.latest_consent(session, MOBILE)
        assert (latest.consented, latest.source) == (False, "stop")
        twilio.post_inbound(INBOUND, MOBILE_E164, "START", post=client.post)
        assert text_to_pat("Welcome back", customer.id) is not None
    finally:
        resend.stop()


def test_help_is_answered_in_escaped_twiml(twilio, client, customer):
    answer = twilio.post_inbound(INBOUND, MOBILE_E164, "help", post=client.post)
    assert "<Message>" in answer.text and "Reply STOP to stop" in answer.text
    assert "Msg&amp;data" in answer.text  # XML-escaped, never raw markup
    assert inbound_rows()[0].keyword == "HELP"


def test_a_text_body_is_kept_and_shown_as_plain_text_never_html(twilio, client, customer):
    body = '<img src=x onerror="alert(1)"><b>bold</b>'
    twilio.post_inbound(INBOUND, MOBILE_E164, body, post=client.post)
    with db_session() as session:
        [line] = texts.customer_texts(session, customer.id)
    assert line.body == body  # kept exactly; the page shows it as text (escaped by React)
    assert texts.twiml(body).count("<img") == 0  # anything we echo to Twilio is escaped


def a_photo_with_its_place() -> bytes:
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"  # Make; a GPS position is kept the same way
    out = io.BytesIO()
    Image.new("RGB", (40, 30), "red").save(out, "JPEG", exif=exif)
    return out.getvalue()


def test_an_mms_photo_is_kept_with_the_customers_one_open_job_without_its_exif(
    twilio, client, customer, staff, photo_storage
):
    job_id = customers_job(customer, staff)
    photo = twilio.add_media(a_photo_with_its_place(), "image/jpeg")
    script = twilio.add_media(b"<script>alert(1)</script>", "image/jpeg")
    media = ((photo, "image/jpeg"), (script, "image/jpeg"))
    twilio.post_inbound(INBOUND, MOBILE_E164, "The crack", media=media, post=client.post)
    [text] = inbound_rows()
    assert text.job_id == job_id
    [event] = jobs.get_job("J-2026-0001").events
    assert event.detail == f"Text from {MOBILE_E164}: The crack" and "by text" in event.who
    with db_session() as session:
        kept, refused = session.exec(select(InboundTextMedia).order_by(InboundTextMedia.id)).all()
    assert kept.job_id == job_id and kept.inbound_text_id == text.id
    assert refused.file_key == texts.NOT_KEPT
    stored = files.read(kept.file_key)
    assert Image.open(io.BytesIO(stored)).getexif() == {}  # kept as a plain JPEG
    # The job's photos page lists it; staff see it, nobody else, and only on its own job.
    [listed] = photos.job_photos("J-2026-0001").texted
    assert listed.url == f"/jobs/J-2026-0001/texts/{kept.id}/photo"
    assert listed.words.startswith(f"From {MOBILE_E164}")
    assert client.get(listed.url).status_code == 401  # signed out
    sign_in(client, staff.email)
    shown = client.get(listed.url)
    assert shown.status_code == 200 and shown.content == stored
    assert shown.headers["content-type"] == "image/jpeg"
    assert client.get(f"/jobs/J-2026-0002/texts/{kept.id}/photo").status_code == 404
    assert client.get(f"/jobs/J-2026-0001/texts/{refused.id}/photo").status_code == 404


def test_an_mms_from_an_unknown_number_is_noted_but_not_fetched(twilio, client):
    photo = twilio.add_media(a_photo_with_its_place(), "image/jpeg")
    twilio.post_inbound(INBOUND, STRANGER, "pic", media=((photo, "image/jpeg"),), post=client.post)
    with db_session() as session:
        [noted] = session.exec(select(InboundTextMedia)).all()
    assert noted.job_id is None and noted.file_key == ""
    assert not [r for r in twilio.requests if "/Media/" in r["path"]]


def test_delivery_status_is_shown_and_a_failed_number_flags_the_customer(twilio, client, customer):
    text_to_pat("Your visit is confirmed.", customer.id)
    mail.deliver_due()
    sid = twilio.sent[0]["sid"]
    assert twilio.post_status(STATUS, sid, "sent", post=client.post).json()["outcome"] == "recorded"
    answer = twilio.post_status(STATUS, sid, "undelivered", "30003", post=client.post)
    assert answer.json()["outcome"] == "recorded"
    late = twilio.post_status(STATUS, sid, "sent", post=client.post)
    assert late.json()["outcome"] == "older"  # a late word never undoes a failure
    with db_session() as session:
        row = session.exec(select(OutboxEmail)).one()
        assert row.delivery == "undelivered" and "30003" in row.delivery_detail
        assert "+17185550199 was undelivered" in session.get(Customer, customer.id).text_problem
        [line] = texts.customer_texts(session, customer.id)
    assert line.status == "not delivered" and not line.incoming


def test_staff_answer_a_customer_by_text_with_an_audit_row(twilio, client, customer, staff):
    with db_session() as session:
        with pytest.raises(ActionRefused):
            texts.reply_to_customer(session, signed_in(staff), customer.id, STRANGER, "Hi")
        row = texts.reply_to_customer(
            session, signed_in(staff), customer.id, MOBILE, "Yes, 9 works."
        )
        session.commit()
        assert row.channel == Channel.TEXT and row.customer_id == customer.id
        [audit] = session.exec(select(AuditEvent).where(AuditEvent.action == "text_sent")).all()
    assert audit.actor == staff.email and audit.record_id == str(customer.id)
    assert mail.deliver_due() == 1
    assert twilio.bodies_to(MOBILE_E164) == ["Yes, 9 works."]
