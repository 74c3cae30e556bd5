"""An estimate's and a change order's link by text beside the e-mail, to a mobile that said yes."""

from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Channel, ConsentSource, OutboxEmail
from renovation_app.services import texts
from tests.factories import job_of, make_change_order, sent_estimate
from tests.factories.costs import contract_28k

ESTIMATE_PHONE = "718-555-0100"  # the factories' customer


def said_yes(user) -> None:
    with db_session() as session:
        texts.record_consent(session, ESTIMATE_PHONE, True, ConsentSource.OFFICE, user=user)
        session.commit()


def texts_of(kind: str) -> list[OutboxEmail]:
    with db_session() as session:
        query = select(OutboxEmail).where(OutboxEmail.channel == Channel.TEXT)
        return list(session.exec(query.where(OutboxEmail.kind == kind)))


def test_a_sent_estimate_texts_its_link(twilio, admin, contract_settings):
    said_yes(admin)
    estimate = sent_estimate(admin)
    [text] = texts_of("estimate")
    assert estimate.number in text.text and "/estimate/" in text.text


def test_without_a_yes_the_estimate_goes_by_e_mail_only(twilio, admin, contract_settings):
    sent_estimate(admin)
    assert texts_of("estimate") == []


def test_a_change_order_sent_to_the_owner_texts_its_link(twilio, admin, contract_settings):
    job = job_of(contract_28k(admin))
    said_yes(admin)
    with db_session() as session:
        phone = session.get(type(job), job.id).customer_phone
    assert phone  # the contract's customer is the factories' customer
    change_order = make_change_order(job, admin)
    [text] = texts_of("change_order")
    assert f"{job.number} / CO-{change_order.number}" in text.text
    assert "/change-order/" in text.text
