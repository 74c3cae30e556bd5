"""New York's duties during a job, with a frozen clock: a deposit's escrow deadline (5 business
days, New York holidays skipped), the office's reminder the business day before, the deposit
recorded, the owner's escrow notice sent once; and the lien deadline (4 or 8 months after the
last work day) with the office told 30 and 7 days before."""

from datetime import UTC, date, datetime

import pytest
import time_machine
from sqlmodel import select

from renovation_app.content.compliance import ESCROW_NOTICE_NAMED, ESCROW_NOTICE_WAITING
from renovation_app.db import db_session
from renovation_app.models import (
    Appointment,
    AppointmentKind,
    Invoice,
    Job,
    JobEvent,
    JobStatus,
    Reminder,
)
from renovation_app.services import compliance, jobs
from renovation_app.services.business_days import business_days_after
from renovation_app.services.compliance.duties import job_duties
from renovation_app.services.dashboard.attention import attention_rows
from renovation_app.services.errors import ActionRefused
from renovation_app.services.photos.library import save_note
from renovation_app.settings import settings
from tests.factories import bill, bill_deposit, job_of, mails, record_payment, signed_in
from tests.factories.estimates import accepted_estimate

BANK, BANK_ADDRESS = "Example Community Bank, Brooklyn", "350 Fulton Street, Brooklyn, NY 11201"


def at(day: date, hour: int = 15) -> datetime:
    return datetime(day.year, day.month, day.day, hour, tzinfo=UTC)


@pytest.fixture
def escrow_bank(monkeypatch, contract_settings):
    monkeypatch.setattr(settings, "escrow_bank", BANK)
    monkeypatch.setattr(settings, "escrow_bank_address", BANK_ADDRESS)


def duties_on(job: Job, day: date):
    with time_machine.travel(at(day), tick=False), db_session() as session:
        return job_duties(session, session.get(Job, job.id), day)


def office_notices(day: date) -> int:
    with time_machine.travel(at(day), tick=False):
        return compliance.send_due_office_notices()


def attention_on(day: date) -> list[tuple[str, str]]:
    with time_machine.travel(at(day), tick=False), db_session() as session:
        return [(row.customer, row.words) for row in attention_rows(session, day)]


@pytest.fixture
def deposit_paid(admin, escrow_bank) -> Job:
    """A contract with a $7,500 deposit, signed and paid by check on Friday, January 15, 2027
    (Monday the 18th is Martin Luther King Jr. Day)."""
    with time_machine.travel(at(date(2027, 1, 15)), tick=False):
        estimate = accepted_estimate(
            admin,
            "escrow-1",
            deposit_kind="amount",
            deposit_value="7,500",
            lines=[{"description": "Kitchen remodel", "quantity": "1", "unit_price": "25,000"}],
        )
        invoice = bill_deposit(estimate.number, admin)
        record_payment(invoice, admin, amount="7,500.00", received_on="2027-01-15")
    return job_of(estimate)


def test_a_deposit_paid_on_friday_before_a_holiday_is_due_in_escrow_on_the_monday_after(
    deposit_paid,
):
    (row,) = duties_on(deposit_paid, date(2027, 1, 15)).escrow
    assert row.amount_cents == 7_500_00 and row.received == "January 15, 2027"
    assert row.deadline_on == date(2027, 1, 25)
    assert row.words == "Deposit by Monday, January 25, 2027" and not row.late
    assert compliance.reminder_day(row.deadline_on) == date(2027, 1, 22)


def test_every_deadline_counts_the_one_new_york_calendar():
    """Christmas 2027 is a Saturday: General Construction Law §24 moves no holiday to the Friday
    before, so Friday the 24th counts for the deposit's deadline and the owner's right to cancel
    alike. Susan B. Anthony Day (February 15, 2028) is not a day off either; Independence Day
    2027 is a Sunday, so Monday July 5th is a public holiday."""
    assert compliance.deposit_deadline(date(2027, 12, 17)) == date(2027, 12, 24)
    assert business_days_after(date(2027, 12, 21), 3) == date(2027, 12, 24)
    assert compliance.deposit_deadline(date(2028, 2, 14)) == date(2028, 2, 22)
    assert compliance.reminder_day(date(2027, 12, 27)) == date(2027, 12, 24)
    assert compliance.deposit_deadline(date(2027, 7, 1)) == date(2027, 7, 9)
    assert compliance.reminder_day(date(2027, 7, 6)) == date(2027, 7, 2)


def test_the_office_is_reminded_once_the_business_day_before_the_deadline(deposit_paid):
    assert office_notices(date(2027, 1, 21)) == 0
    assert office_notices(date(2027, 1, 22)) == 1
    assert office_notices(date(2027, 1, 22)) == 0  # a second round, or a second worker
    assert office_notices(date(2027, 1, 25)) == 0  # once, ever
    (notice,) = mails("compliance_notice")
    assert notice.to == settings.business_inbox
    assert "$7,500.00 received January 15, 2027" in notice.text
    assert "by January 25, 2027" in notice.text


def test_a_deposit_not_recorded_by_its_deadline_needs_attention(deposit_paid):
    assert attention_on(date(2027, 1, 25)) == []
    late = [w for about, w in attention_on(date(2027, 1, 26)) if about == "Deposit in escrow"]
    assert late == [
        "$7,500.00 received January 15, 2027: Late: it was due in escrow by Monday, "
        "January 25, 2027."
    ]


def test_recording_the_deposit_ends_the_reminders_and_is_kept_once(deposit_paid, user):
    (row,) = duties_on(deposit_paid, date(2027, 1, 21)).escrow
    with time_machine.travel(at(date(2027, 1, 21)), tick=False):
        compliance.record_deposit(
            deposit_paid.number, row.payment_id, date(2027, 1, 21), "Example Bank ...1234", user
        )
        with pytest.raises(ActionRefused, match="already recorded"):  # a second tab
            compliance.record_deposit(
                deposit_paid.number, row.payment_id, date(2027, 1, 21), "Other", user
            )
    (row,) = duties_on(deposit_paid, date(2027, 1, 26)).escrow
    assert row.deposited == "January 21, 2027 at Example Bank ...1234" and not row.late
    assert office_notices(date(2027, 1, 22)) == 0
    assert not [w for about, w in attention_on(date(2027, 1, 26)) if about == "Deposit in escrow"]
    with db_session() as session:
        events = session.exec(select(JobEvent).where(JobEvent.kind == "escrow")).all()
    assert [e.detail for e in events] == [
        "$7,500.00 deposited in escrow on January 21, 2027 at Example Bank ...1234"
    ]


@pytest.mark.parametrize(
    ("day", "account", "refusal"),
    [
        (date(2027, 1, 14), "Example Bank", "from January 15, 2027"),  # before the money came
        (date(2027, 1, 22), "Example Bank", "to today"),  # in the future
        (date(2027, 1, 21), "  ", "Please give the escrow account"),
        (date(2027, 1, 21), "x" * 201, "at most 200"),
    ],
)
def test_a_wrong_deposit_record_is_refused_in_words(deposit_paid, user, day, account, refusal):
    (row,) = duties_on(deposit_paid, date(2027, 1, 21)).escrow
    with time_machine.travel(at(date(2027, 1, 21)), tick=False):
        with pytest.raises(ActionRefused, match=refusal):
            compliance.record_deposit(deposit_paid.number, row.payment_id, day, account, user)
        with pytest.raises(ActionRefused, match="not one this job holds"):
            compliance.record_deposit(deposit_paid.number, 999, date(2027, 1, 21), "Bank", user)
    assert not duties_on(deposit_paid, date(2027, 1, 21)).escrow[0].deposited


def test_a_contract_that_names_the_bank_owes_no_separate_notice_and_is_never_late(deposit_paid):
    """Lien Law §71-a(4)(a): the notice is owed "unless the home improvement contract specifies
    the name of the depositary"; a contract signed online prints the bank."""
    notice = duties_on(deposit_paid, date(2027, 1, 15)).notice
    assert not notice.needed and not notice.late and notice.deadline == ""
    assert notice.words == ESCROW_NOTICE_NAMED
    assert not any(a == "Owner's escrow notice" for a, _ in attention_on(date(2027, 3, 1)))


@pytest.fixture
def by_hand(admin, escrow_bank) -> Job:
    """A $326.63 repair agreed without an estimate, made by hand on Monday, January 4, 2027 and
    billed then: no contract of ours names the bank."""
    work = {
        "name": "Lee Chan",
        "email": "lee@example.com",
        "phone": "",
        "title": "New faucet",
        "address": "5 Court St, Brooklyn",
        "price": "300",
        "tax_category": "repair",
        "tax_area": "nyc",
    }
    with time_machine.travel(at(date(2027, 1, 4)), tick=False):
        job = jobs.create_small_job(jobs.validate_small_work(work), signed_in(admin), "small-1")
        bill(job, "final", admin)
    return job


def pay_by_hand(job: Job, admin, day: date) -> None:
    (invoice,) = invoices_of(job)
    with time_machine.travel(at(day), tick=False):
        record_payment(invoice, admin, amount="326.63", received_on=day.isoformat())


def invoices_of(job: Job) -> list[Invoice]:
    with db_session() as session:
        return list(session.exec(select(Invoice).where(Invoice.job_id == job.id)))


def test_the_owners_notice_is_due_ten_business_days_after_the_deposit_not_the_contract(
    by_hand, admin, user
):
    assert duties_on(by_hand, date(2027, 1, 12)).notice.words == ESCROW_NOTICE_WAITING
    pay_by_hand(by_hand, admin, date(2027, 1, 15))  # a Friday; Monday the 18th is MLK Day
    notice = duties_on(by_hand, date(2027, 1, 20)).notice
    assert notice.needed and not notice.late and notice.deadline == "February 1, 2027"
    assert notice.words == (
        "Due by Monday, February 1, 2027: 10 business days after the deposit of January 15, 2027."
    )
    (row,) = duties_on(by_hand, date(2027, 1, 21)).escrow
    with time_machine.travel(at(date(2027, 1, 21)), tick=False):
        compliance.record_deposit(by_hand.number, row.payment_id, date(2027, 1, 21), "Bank", user)
    assert duties_on(by_hand, date(2027, 2, 2)).notice.deadline == "February 4, 2027"
    assert not any(a == "Owner's escrow notice" for a, _ in attention_on(date(2027, 2, 4)))
    late = ("Owner's escrow notice", "Not sent to Lee Chan; it was due by February 4, 2027.")
    assert late in attention_on(date(2027, 2, 5))
    assert duties_on(by_hand, date(2027, 2, 5)).notice.words.startswith("Late: it was due by")


def test_the_owners_escrow_notice_is_sent_and_recorded_once(by_hand, admin, user):
    pay_by_hand(by_hand, admin, date(2027, 1, 15))
    with time_machine.travel(at(date(2027, 1, 19)), tick=False):
        compliance.send_escrow_notice(by_hand.number, user)
        with pytest.raises(ActionRefused, match="already sent"):  # a double click, a second tab
            compliance.send_escrow_notice(by_hand.number, user)
    (mail,) = mails("escrow_notice")
    assert mail.to == "lee@example.com"
    assert BANK in mail.text and BANK_ADDRESS in mail.text and "§71-a" in mail.text
    with db_session() as session:
        (row,) = session.exec(select(Reminder).where(Reminder.step == "escrow-notice")).all()
    assert row.email_id == mail.id and row.user_id == user.id
    assert row.due_on == date(2027, 2, 1)
    assert duties_on(by_hand, date(2027, 2, 2)).notice.sent == "Sent January 19, 2027"
    assert not any(a == "Owner's escrow notice" for a, _ in attention_on(date(2027, 2, 2)))


def test_no_owners_notice_is_sent_without_the_banks_address(by_hand, admin, user, monkeypatch):
    pay_by_hand(by_hand, admin, date(2027, 1, 15))
    monkeypatch.setattr(settings, "escrow_bank_address", "")
    with pytest.raises(ActionRefused, match="ESCROW_BANK_ADDRESS"):
        compliance.send_escrow_notice(by_hand.number, user)
    assert mails("escrow_notice") == []


def test_a_payment_after_substantial_completion_owes_no_escrow(deposit_paid):
    with db_session() as session:
        job = session.get(Job, deposit_paid.id)
        job.substantially_complete_on = date(2027, 1, 15)  # the day the money came
        session.add(job)
        session.commit()
    assert duties_on(deposit_paid, date(2027, 1, 20)).escrow == []


def unpaid_job(admin, signed_on: date, last_work_day: date) -> Job:
    """A $9,000 contract signed on `signed_on`, nothing paid, whose last day of work (the daily
    log) is `last_work_day`."""
    with time_machine.travel(at(signed_on), tick=False):
        estimate = accepted_estimate(
            admin,
            "lien-1",
            deposit_kind="none",
            lines=[{"description": "Bathroom", "quantity": "1", "unit_price": "9,000"}],
        )
    job = job_of(estimate)
    with time_machine.travel(at(last_work_day), tick=False):
        save_note(job.number, signed_in(admin), "note-key-1", "Tile grouted, fixtures set")
    return job


@pytest.fixture
def unpaid_9000(admin, contract_settings) -> Job:
    """A $9,000 contract, nothing paid, whose last day of work (the daily log) is March 3, 2027."""
    return unpaid_job(admin, date(2027, 2, 1), date(2027, 3, 3))


def test_the_lien_deadline_of_a_single_family_home_is_four_months_after_the_last_work_day(
    unpaid_9000, user
):
    compliance.set_property_type(unpaid_9000.number, "single_family", user)
    lien = duties_on(unpaid_9000, date(2027, 3, 10)).lien
    assert lien.last_work_day == "March 3, 2027" and lien.owed == "$9,000.00"
    assert lien.deadline_on == date(2027, 7, 3)
    assert lien.warnings == (date(2027, 6, 3), date(2027, 6, 26))
    # A Saturday, and Monday July 5th is Independence Day's Monday (General Construction Law §24).
    assert (lien.allowed_on, lien.safe_on) == (date(2027, 7, 6), date(2027, 7, 2))
    assert lien.words.startswith("Last day to file a mechanic's lien: Tuesday, July 6, 2027")
    assert lien.words.endswith("to be safe, file by Friday, July 2, 2027")


def test_a_lien_deadline_on_a_sunday_reads_the_next_business_day_with_the_safe_day_before(
    admin, contract_settings, user
):
    job = unpaid_job(admin, date(2026, 10, 1), date(2026, 10, 28))
    compliance.set_property_type(job.number, "single_family", user)
    lien = duties_on(job, date(2027, 2, 20)).lien
    assert lien.deadline_on == date(2027, 2, 28)  # 4 months after October 28, 2026: a Sunday
    assert (lien.allowed_on, lien.safe_on) == (date(2027, 3, 1), date(2027, 2, 26))
    assert lien.words == (
        "Last day to file a mechanic's lien: Monday, March 1, 2027 (4 months after the last work "
        "day, October 28, 2026, end on Sunday, February 28, 2027, not a business day, so General "
        "Construction Law §25-a moves the deadline to the next business day); to be safe, file "
        "by Friday, February 26, 2027"
    )
    (row,) = [w for about, w in attention_on(date(2027, 3, 1)) if about == "Lien deadline"]
    assert "Monday, March 1, 2027" in row and "Friday, February 26, 2027" in row
    assert not any(about == "Lien deadline" for about, _ in attention_on(date(2027, 3, 2)))


def test_the_office_is_told_thirty_and_seven_days_before_the_lien_deadline(unpaid_9000, user):
    compliance.set_property_type(unpaid_9000.number, "single_family", user)
    assert office_notices(date(2027, 6, 2)) == 0
    assert not any(a == "Lien deadline" for a, _ in attention_on(date(2027, 6, 2)))
    assert office_notices(date(2027, 6, 3)) == 1
    assert office_notices(date(2027, 6, 20)) == 0  # the 30-day warning, once
    assert office_notices(date(2027, 6, 26)) == 1
    assert office_notices(date(2027, 6, 30)) == 0
    assert [m.subject for m in mails("compliance_notice")] == [
        f"Lien deadline in 30 days: job {unpaid_9000.number}",
        f"Lien deadline in 7 days: job {unpaid_9000.number}",
    ]
    assert any(a == "Lien deadline" for a, _ in attention_on(date(2027, 6, 3)))


def test_another_building_gets_eight_months_and_an_unset_type_the_earlier_date(unpaid_9000, user):
    unset = duties_on(unpaid_9000, date(2027, 3, 10)).lien
    assert unset.deadline_on == date(2027, 7, 3) and "set the type" in unset.words
    compliance.set_property_type(unpaid_9000.number, "other", user)
    assert duties_on(unpaid_9000, date(2027, 3, 10)).lien.deadline_on == date(2027, 11, 3)
    with pytest.raises(ActionRefused, match="type of building"):
        compliance.set_property_type(unpaid_9000.number, "castle", user)
    with db_session() as session:  # closed with money owed: the type still counts the lien
        job = session.get(Job, unpaid_9000.id)
        job.status = JobStatus.CLOSED
        session.add(job)
        session.commit()
    compliance.set_property_type(unpaid_9000.number, "single_family", user)
    assert duties_on(unpaid_9000, date(2027, 3, 10)).lien.deadline_on == date(2027, 7, 3)


def test_a_later_work_day_on_the_schedule_moves_the_deadline_and_a_paid_job_has_none(
    unpaid_9000, admin, user
):
    with db_session() as session:
        session.add(
            Appointment(
                kind=AppointmentKind.WORK_DAY,
                title="Punch list",
                job_id=unpaid_9000.id,
                starts_at=at(date(2027, 3, 9), 13),
                ends_at=at(date(2027, 3, 9), 17),
            )
        )
        session.commit()
    assert duties_on(unpaid_9000, date(2027, 3, 8)).lien.deadline_on == date(2027, 7, 3)
    assert duties_on(unpaid_9000, date(2027, 3, 10)).lien.deadline_on == date(2027, 7, 9)
    with time_machine.travel(at(date(2027, 3, 10)), tick=False):
        invoice = bill(unpaid_9000, "final", admin)
        record_payment(invoice, admin, amount="9,000.00", received_on="2027-03-10")
    assert duties_on(unpaid_9000, date(2027, 3, 11)).lien is None
