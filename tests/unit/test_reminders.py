"""Payment reminders with a frozen clock: each step goes out once, ever, across workers and
downtime; paying, voiding and pausing cancel what is queued; staff's "Send reminder now"."""

import re
import threading
from datetime import UTC, date, datetime

import pytest
import time_machine
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import (
    Customer,
    Invoice,
    OutboxEmail,
    OutboxStatus,
    Reminder,
)
from renovation_app.services import invoicing, reminders
from renovation_app.services.billing import Stage
from renovation_app.services.errors import ActionRefused
from renovation_app.services.mail import EmailKind, deliver_due
from renovation_app.services.reminders.schedule import (
    ScheduleInvalid,
    Step,
    due_steps,
    invoice_steps,
    parse_days,
)
from tests.factories import (
    history,
    invoice_payload,
    pay_link_from_before_the_upgrade,
    pay_token,
    record_payment,
    sent_estimate,
    signed_in,
)

SENT = date(2026, 11, 2)
DUE = date(2026, 11, 20)


def at(day: date, hour: int = 15) -> datetime:
    """10:00 in New York (15:00 UTC in November) on `day`."""
    return datetime(day.year, day.month, day.day, hour, tzinfo=UTC)


def invoice(author, token="rem-1", due: date = DUE, schedule=None, sent_on: date = SENT) -> Invoice:
    raw = invoice_payload(
        name="Rita Reminder", email="rita@example.com", due_date=str(due), price="1000"
    )
    if schedule:
        raw["schedule"] = schedule
    with time_machine.travel(at(sent_on), tick=False):
        return invoicing.create_invoice(invoicing.validate_invoice(raw), author.id, token)


def reminder_mails(kind=EmailKind.REMINDER) -> list[OutboxEmail]:
    with db_session() as session:
        return list(
            session.exec(
                select(OutboxEmail).where(OutboxEmail.kind == kind).order_by(OutboxEmail.id)
            )
        )


def steps_sent(of: Invoice) -> list[str]:
    with db_session() as session:
        return sorted(
            session.exec(
                select(Reminder.step).where(
                    Reminder.about_kind == "invoice", Reminder.about_id == of.id
                )
            )
        )


def run_on(day: date, workers: int = 1) -> int:
    """The reminder job on `day`, in `workers` threads started together."""
    with time_machine.travel(at(day), tick=False):
        if workers == 1:
            return reminders.send_due_reminders()
        barrier, counts = threading.Barrier(workers), []

        def worker() -> None:
            barrier.wait()
            counts.append(reminders.send_due_reminders())

        threads = [threading.Thread(target=worker) for _ in range(workers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        return sum(counts)


# --- the schedule's rules -----------------------------------------------------------------------


def test_reminder_days_read_sorted_and_refuse_what_is_not_a_schedule():
    assert parse_days("14, 0, -3,7, 7") == (-3, 0, 7, 14)
    for bad in ("", "soon", "1,2,3,4,5,6,7", "-31", "121", "1.5", None):
        with pytest.raises(ScheduleInvalid):
            parse_days(bad)


def test_a_schedule_has_steps_per_unpaid_stage_and_none_for_a_paid_one():
    stages = [Stage("Deposit", 0, 300, date(2026, 12, 1)), Stage("Final", 0, 700, date(2027, 1, 1))]
    keys = [s.key for s in invoice_steps(DUE, stages, 300, (-3, 0))]
    assert keys == ["stage2-3", "stage2+0"]
    assert [s.key for s in invoice_steps(DUE, (), 0, (0, 7))] == ["due+0", "due+7"]


def test_no_step_in_the_quiet_days_after_sending_and_none_before_its_day():
    steps = [Step("due-3", date(2026, 11, 17), DUE), Step("due+0", DUE, DUE)]
    # Sent the day before the first step: that step is skipped for good, not sent late.
    assert [s.key for s in due_steps(steps, date(2026, 11, 16), DUE, set())] == ["due+0"]
    assert due_steps(steps, SENT, date(2026, 11, 16), set()) == []
    assert [s.key for s in due_steps(steps, SENT, DUE, {"due-3"})] == ["due+0"]


# --- once, ever ---------------------------------------------------------------------------------


def test_downtime_over_two_due_steps_sends_exactly_two_once_each_with_three_workers(clerk):
    made = invoice(clerk)
    assert run_on(date(2026, 11, 16), workers=3) == 0  # the last run before the downtime
    # Down from Nov 16 to Nov 21: the steps of Nov 17 (-3) and Nov 20 (0) fell due meanwhile.
    assert run_on(date(2026, 11, 21), workers=3) == 2
    assert steps_sent(made) == ["due+0", "due-3"]
    assert len(reminder_mails()) == 2
    # Every later run that day and the next: nothing again, and no +7 before its day.
    assert run_on(date(2026, 11, 21), workers=3) == 0
    assert run_on(date(2026, 11, 26), workers=3) == 0
    assert run_on(date(2026, 11, 27), workers=3) == 1  # +7
    assert steps_sent(made) == ["due+0", "due+7", "due-3"]
    assert len(reminder_mails()) == 3
    assert len(history(made, "reminded")) == 3


def test_a_reminder_says_the_balance_and_carries_the_pay_link(clerk):
    made = invoice(clerk)
    run_on(date(2026, 11, 27))
    late = reminder_mails()[-1]
    assert late.to == "rita@example.com"
    assert "$1,000.00" in late.subject and "Overdue" in late.subject
    link = f"/pay/{pay_token(made)}"
    assert link in late.text and link in late.html
    assert "was due on November 20, 2026 (7 days ago)" in late.text


def test_the_link_e_mailed_in_a_reminder_still_opens_the_invoice(clerk):
    """Days after sending, the reminder's link is made again from what is stored (a hash and
    a salt) with SECRET_KEY; an invoice whose link came through the upgrade gets a new one,
    and the customer's old link keeps working beside it."""
    made = invoice(clerk)
    upgraded = invoice(clerk, token="rem-2")
    old = pay_link_from_before_the_upgrade(upgraded)
    run_on(date(2026, 11, 27))
    for sent in (made, upgraded):
        mail = [m for m in reminder_mails() if m.about_id == sent.id][-1]
        token = re.search(r"/pay/([\w-]+)", mail.text).group(1)
        state, view = invoicing.pay_link(token)
        assert (state, view.number) == ("open", sent.number)
    assert token != old and invoicing.pay_link(old)[1].number == upgraded.number


def test_payment_cancels_the_queued_reminder_and_the_steps_after_it(clerk):
    made = invoice(clerk)
    run_on(date(2026, 11, 17))
    [queued] = reminder_mails()
    assert queued.status == OutboxStatus.QUEUED  # the mail service is down: still waiting
    with time_machine.travel(at(date(2026, 11, 18)), tick=False):
        record_payment(made, clerk, amount="1000", received_on="2026-11-18")
        deliver_due()  # the invoice and the receipt go; the cancelled reminder never does
    [cancelled] = reminder_mails()
    assert cancelled.status == OutboxStatus.CANCELLED
    assert run_on(date(2026, 12, 30)) == 0


def test_a_partial_payment_leaves_the_next_stage_to_be_reminded(clerk):
    schedule = [
        {"label": "Deposit", "amount": "30%", "due_date": "2026-11-10"},
        {"label": "Final", "amount": "70%", "due_date": "2026-12-10"},
    ]
    made = invoice(clerk, schedule=schedule, due=date(2026, 12, 10))
    assert run_on(date(2026, 11, 7)) == 1  # the deposit is due in 3 days
    assert run_on(date(2026, 11, 10)) == 1  # the deposit is due today
    with time_machine.travel(at(date(2026, 11, 11)), tick=False):
        record_payment(
            made, clerk, method="zelle", amount="300", received_on="2026-11-11", reference="ZL-1"
        )
    assert run_on(date(2026, 11, 17)) == 0  # the deposit's +7: paid, no reminder
    assert run_on(date(2026, 12, 7)) == 1  # the final stage's -3
    assert steps_sent(made) == ["stage1+0", "stage1-3", "stage2-3"]
    assert "The Final payment of $700.00" in reminder_mails()[-1].text


def test_voiding_and_pausing_cancel_what_is_queued_and_stop_the_schedule(clerk):
    voided = invoice(clerk, token="rem-void")
    paused = invoice(clerk, token="rem-pause")
    run_on(date(2026, 11, 17))
    assert len(reminder_mails()) == 2
    with time_machine.travel(at(date(2026, 11, 18)), tick=False):
        invoicing.void_invoice(voided.number, signed_in(clerk), "Written twice")
        reminders.set_invoice_reminders(paused.number, "", True, signed_in(clerk))
    assert [m.status for m in reminder_mails()] == [OutboxStatus.CANCELLED] * 2
    assert run_on(date(2026, 12, 30)) == 0
    assert history(paused, "reminders") == ["Reminders paused, 1 queued cancelled"]
    # Resumed: the steps that fell due while paused go out once, the cancelled one never again.
    reminders.set_invoice_reminders(paused.number, "", False, signed_in(clerk))
    assert run_on(date(2026, 12, 30)) == 3
    assert steps_sent(paused) == ["due+0", "due+14", "due+7", "due-3"]


def test_an_invoices_own_days_replace_the_default_and_bad_days_change_nothing(clerk):
    made = invoice(clerk)
    with pytest.raises(ScheduleInvalid):
        reminders.set_invoice_reminders(made.number, "next week", False, signed_in(clerk))
    reminders.set_invoice_reminders(made.number, "1, 30", False, signed_in(clerk))
    assert run_on(date(2026, 11, 30)) == 1
    assert steps_sent(made) == ["due+1"]


def test_a_paused_customer_gets_no_reminder_on_any_invoice(clerk):
    made = invoice(clerk)
    with db_session() as session:
        customer_id = session.get(Invoice, made.id).customer_id
    run_on(date(2026, 11, 17))
    assert reminders.set_customer_reminders(customer_id, True) == 1
    assert run_on(date(2026, 12, 30)) == 0
    with db_session() as session:
        assert session.get(Customer, customer_id).reminders_paused


def test_send_reminder_now_once_a_day_and_never_for_a_paid_or_void_invoice(clerk):
    made = invoice(clerk)
    with time_machine.travel(at(date(2026, 11, 5)), tick=False):
        view = reminders.send_reminder_now(made.number, signed_in(clerk))
        assert view.number == made.number
        with pytest.raises(ActionRefused, match="already sent today"):
            reminders.send_reminder_now(made.number, signed_in(clerk))
    assert steps_sent(made) == ["manual:2026-11-05"]
    with time_machine.travel(at(date(2026, 11, 6)), tick=False):
        invoicing.void_invoice(made.number, signed_in(clerk), "Duplicate")
        with pytest.raises(ActionRefused, match="nothing to remind of"):
            reminders.send_reminder_now(made.number, signed_in(clerk))


def test_two_tabs_pressing_send_reminder_now_together_send_one(clerk):
    made = invoice(clerk)
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def press() -> None:
        barrier.wait()
        try:
            reminders.send_reminder_now(made.number, signed_in(clerk))
            outcomes.append("sent")
        except ActionRefused:
            outcomes.append("refused")

    with time_machine.travel(at(date(2026, 11, 5)), tick=False):
        threads = [threading.Thread(target=press) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
    assert sorted(outcomes) == ["refused", "sent"]
    assert len(reminder_mails()) == 1


def test_an_estimate_gets_one_reminder_before_it_expires(clerk, contract_settings):
    with time_machine.travel(at(SENT), tick=False):
        sent_estimate(clerk, "e-1", valid_until="2026-11-30")
    assert run_on(date(2026, 11, 26)) == 0
    assert run_on(date(2026, 11, 27), workers=3) == 1  # three days before
    assert run_on(date(2026, 11, 29)) == 0
    [mail] = reminder_mails(EmailKind.ESTIMATE_REMINDER)
    assert "valid until November 30, 2026" in mail.text and "/estimate/" in mail.text
