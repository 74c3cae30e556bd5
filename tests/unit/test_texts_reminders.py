"""Payment reminders by text beside the e-mail, to a mobile that said yes."""

from datetime import UTC, datetime

import time_machine
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import Channel, ConsentSource, OutboxEmail, OutboxStatus
from renovation_app.services import customers, invoicing, mail, reminders, texts
from tests.factories import invoice_payload, record_payment

PHONE = "718-555-0142"


def rita_owes(author, consented: bool = True):
    raw = invoice_payload(
        name="Rita Reminder",
        email="rita@example.com",
        phone=PHONE,
        due_date="2026-11-20",
        price="1000",
    )
    with time_machine.travel(datetime(2026, 11, 2, 15, tzinfo=UTC), tick=False):
        made = invoicing.create_invoice(invoicing.validate_invoice(raw), author.id, "rem-1")
    if consented:
        with db_session() as session:
            texts.record_consent(session, PHONE, True, ConsentSource.OFFICE, user=author)
            session.commit()
    return made


def reminder_texts() -> list[OutboxEmail]:
    with db_session() as session:
        query = select(OutboxEmail).where(
            OutboxEmail.channel == Channel.TEXT, OutboxEmail.kind == "reminder"
        )
        return list(session.exec(query.order_by(OutboxEmail.id)))


def test_a_reminder_is_texted_with_the_pay_link_beside_the_email(twilio, clerk):
    rita_owes(clerk)
    with time_machine.travel(datetime(2026, 11, 17, 15, tzinfo=UTC), tick=False):
        assert reminders.send_due_reminders() == 1  # three days before it is due
        mail.deliver_due()
    [text] = reminder_texts()
    assert "$1,000.00" in text.text and "/pay/" in text.text
    assert "is due November 20, 2026" in text.text
    assert len(twilio.sent) == 1 and text.status == OutboxStatus.SENT


def test_without_a_yes_only_the_email_reminds(twilio, clerk):
    rita_owes(clerk, consented=False)
    with time_machine.travel(datetime(2026, 11, 17, 15, tzinfo=UTC), tick=False):
        assert reminders.send_due_reminders() == 1
    assert reminder_texts() == []


def test_a_reminder_due_at_10_pm_waits_for_8_am_and_payment_withdraws_it(twilio, clerk):
    made = rita_owes(clerk)
    ten_pm = datetime(2026, 11, 18, 3, tzinfo=UTC)  # 10 pm on the 17th in New York
    with time_machine.travel(ten_pm, tick=False):
        reminders.send_due_reminders()
        mail.deliver_due()
    [text] = reminder_texts()
    assert text.status == OutboxStatus.QUEUED
    assert text.next_attempt_at == datetime(2026, 11, 18, 13, tzinfo=UTC)  # 8 am New York
    with time_machine.travel(datetime(2026, 11, 18, 12, tzinfo=UTC), tick=False):
        record_payment(made, clerk, amount="1000", received_on="2026-11-18")
    assert reminder_texts()[0].status == OutboxStatus.CANCELLED
    assert twilio.sent == []


def test_a_new_invoice_texts_its_pay_link_to_a_mobile_that_said_yes(twilio, clerk):
    with db_session() as session:
        texts.record_consent(session, PHONE, True, ConsentSource.OFFICE, user=clerk)
        session.commit()
    made = rita_owes(clerk, consented=False)
    with db_session() as session:
        [text] = session.exec(
            select(OutboxEmail).where(
                OutboxEmail.channel == Channel.TEXT, OutboxEmail.kind == "invoice"
            )
        ).all()
    assert made.number in text.text and "/pay/" in text.text
    assert (text.about_kind, text.about_id) == ("invoice", made.id)
    with db_session() as session:  # the invoice's e-mails list e-mails only
        listed = mail.emails_about(session, mail.About.INVOICE, [made.id])
    assert [e.to for e in listed] == ["rita@example.com"]
    timeline = customers.customer_view(made.customer_id).timeline
    assert any(e.kind == "text" and made.number in e.text for e in timeline)
    assert not any(e.kind == "email" and "+1" in e.text for e in timeline)
