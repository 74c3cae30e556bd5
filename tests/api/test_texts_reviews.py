"""A job's one review request after its final payment, and its link through our site."""

import re
from types import SimpleNamespace

import pytest
from sqlmodel import select
from starlette.testclient import TestClient

from renovation_app.db import db_session
from renovation_app.models import (
    AuditEvent,
    ConsentSource,
    InvoiceStatus,
    JobStatus,
    OutboxEmail,
    ReviewRequest,
    User,
)
from renovation_app.services import mail, reviews, texts
from renovation_app.settings import settings
from tests.factories import make_customer
from tests.factories.jobs import customers_job

REVIEWS = "https://g.page/r/example-business/review"
MOBILE = "(718) 555-0199"
LINK = re.compile(r"http://testserver/review/[\w-]+")


@pytest.fixture
def review_settings(monkeypatch, client):
    monkeypatch.setattr(settings, "site_url", "http://testserver")
    monkeypatch.setattr(settings, "review_link", REVIEWS)


def finished_job(author: User, status: JobStatus = JobStatus.CLOSED) -> int:
    return customers_job(make_customer(phone=MOBILE), author, customer_phone=MOBILE, status=status)


def say(yes: bool) -> None:
    source = ConsentSource.BOOKING if yes else ConsentSource.STOP
    with db_session() as session:
        texts.record_consent(session, MOBILE, yes, source)
        session.commit()


def ask(job_id: int) -> ReviewRequest | None:
    with db_session() as session:
        request = reviews.ask_for_review(session, job_id)
        session.commit()
        return request


def outbox() -> list[OutboxEmail]:
    with db_session() as session:
        return list(session.exec(select(OutboxEmail)))


def test_a_number_that_said_yes_is_asked_once_by_text(review_settings, twilio, staff):
    job_id = finished_job(staff)
    say(True)
    request = ask(job_id)
    assert request.channel == "text"
    assert ask(job_id) is None  # asked once
    mail.deliver_due()
    [text] = twilio.sent
    assert LINK.search(text["body"])
    with db_session() as session:
        assert "review_requested" in session.exec(select(AuditEvent.action)).all()


def test_without_a_yes_to_texts_the_request_is_an_email(review_settings, staff):
    job_id = finished_job(staff)
    assert ask(job_id).channel == "email"
    [email] = outbox()
    assert email.kind == "review_request" and email.to == "pat@example.com"
    assert LINK.search(email.text) and LINK.search(email.html)


@pytest.mark.parametrize("why", ["cancelled job", "opted out", "no review link"])
def test_never_for_a_cancelled_job_an_opted_out_customer_or_without_a_link(
    review_settings, staff, monkeypatch, why
):
    status = JobStatus.CANCELLED if why == "cancelled job" else JobStatus.CLOSED
    job_id = finished_job(staff, status)
    if why == "opted out":
        say(False)  # they texted STOP: not by text, and not by e-mail instead
    if why == "no review link":
        monkeypatch.setattr(settings, "review_link", "")
    assert ask(job_id) is None
    assert outbox() == []


def test_only_the_final_invoice_paid_in_full_asks(review_settings, staff):
    job_id = finished_job(staff)
    deposit = SimpleNamespace(status=InvoiceStatus.PAID, job_id=job_id, estimate_part="deposit")
    partly = SimpleNamespace(
        status=InvoiceStatus.PARTIALLY_PAID, job_id=job_id, estimate_part="final"
    )
    final = SimpleNamespace(status=InvoiceStatus.PAID, job_id=job_id, estimate_part="final")
    with db_session() as session:
        assert reviews.ask_after_final_payment(session, deposit) is None
        assert reviews.ask_after_final_payment(session, partly) is None
        assert reviews.ask_after_final_payment(session, final) is not None
        assert reviews.ask_after_final_payment(session, final) is None
        session.commit()


def test_the_link_counts_opens_and_goes_on_to_the_review_page(
    review_settings, staff, client: TestClient
):
    job_id = finished_job(staff)
    ask(job_id)
    [link] = LINK.findall(outbox()[0].text)
    for _ in range(2):
        answer = client.get(link, follow_redirects=False)
        assert answer.status_code == 302 and answer.headers["location"] == REVIEWS
    assert client.get("/review/made-up-token", follow_redirects=False).status_code == 404
    with db_session() as session:
        counts = reviews.review_counts(session)
        [request] = session.exec(select(ReviewRequest)).all()
    assert (counts.sent, counts.opened) == (1, 1) and request.open_count == 2
