"""Deposits in escrow (Lien Law §71-a(4)(a)): each payment a job receives before substantial
completion reaches the escrow account within 5 New York business days, and, unless the signed
contract names the bank, the owner is told in writing where it is held within 10 business days
after the deposit is made. The job shows each deadline; staff record the deposit (day and
account) and send the owner's notice once."""

import json
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from renovation_app.content import BUSINESS
from renovation_app.content.compliance import (
    ESCROW_DEPOSIT_BUSINESS_DAYS,
    ESCROW_NOTICE,
    ESCROW_NOTICE_BUSINESS_DAYS,
    ESCROW_NOTICE_DUE,
    ESCROW_NOTICE_LATE,
    ESCROW_NOTICE_NAMED,
    ESCROW_NOTICE_SUBJECT,
    ESCROW_NOTICE_WAITING,
)
from renovation_app.content.contract import ESCROW_NOTICE as CONTRACT_ESCROW_PARAGRAPH
from renovation_app.db import db_session
from renovation_app.models import (
    EscrowDeposit,
    Estimate,
    Invoice,
    Job,
    JobStatus,
    Payment,
    PaymentStatus,
    Reminder,
    utc_now,
)
from renovation_app.services import mail
from renovation_app.services.billing import business_today, format_usd, long_date
from renovation_app.services.business_days import business_day_before, business_days_after
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import has_refused_characters
from renovation_app.services.jobs.records import open_job, record_job_event
from renovation_app.services.languages import job_language
from renovation_app.services.payments.means import payment_day
from renovation_app.services.staff import SignedInUser
from renovation_app.settings import settings

ACCOUNT_MAX = 200
# The owner's notice is one Reminder row of the job: its unique key sends it once, ever.
NOTICE_ABOUT, NOTICE_STEP = "job", "escrow-notice"
# The office's reminder of a deposit's deadline: one Reminder row of the payment.
REMINDER_ABOUT, REMINDER_STEP = "payment", "escrow-1"
# After substantial completion the escrowed money is released: no deposit is owed any more.
FINISHED = (JobStatus.SUBSTANTIALLY_COMPLETE, JobStatus.CLOSED, JobStatus.CANCELLED)


def deposit_deadline(received: date) -> date:
    """The last day a payment received on `received` may reach the escrow account."""
    return business_days_after(received, ESCROW_DEPOSIT_BUSINESS_DAYS)


def reminder_day(deadline: date) -> date:
    """The office is reminded the business day before the deadline."""
    return business_day_before(deadline)


def notice_deadline(deposited_on: date) -> date:
    """The last day to tell the owner where deposits are held, for a first deposit in escrow
    made on `deposited_on`."""
    return business_days_after(deposited_on, ESCROW_NOTICE_BUSINESS_DAYS)


@dataclass(frozen=True)
class EscrowRow:
    payment_id: int
    invoice_number: str
    amount_cents: int
    received: str  # "January 15, 2027"
    deadline: str
    deadline_on: date
    deposited: str  # "January 22, 2027 at Example Bank ...", "" until recorded
    late: bool  # not deposited and the deadline passed
    words: str  # "Deposit by Monday, January 25, 2027"
    received_on: date
    deposited_on: date | None  # None until recorded


@dataclass(frozen=True)
class EscrowNotice:
    deadline: str  # the 10th business day after the first deposit, "" while none is due
    sent: str  # "Sent January 19, 2027", "" until sent
    late: bool
    needed: bool  # a deposit was made and the contract does not name the bank
    words: str  # the job page's line: sent, not needed, due by, late


def _held_payments(session: Session, job: Job) -> list[tuple[Payment, str, date]]:
    """The job's payments received before substantial completion, oldest first, with their
    invoice's number and the day they came."""
    found = session.exec(
        select(Payment, Invoice.number)
        .join(Invoice, Invoice.id == Payment.invoice_id)
        .where(Invoice.job_id == job.id, Payment.status == PaymentStatus.SUCCEEDED)
        .order_by(Payment.id)
    ).all()
    held = []
    for payment, number in found:
        day = payment_day(payment)  # the day the money came, as the trust books date it
        complete = job.substantially_complete_on
        if complete is None or day < complete:
            held.append((payment, number, day))
    return held


def _row(payment: Payment, number: str, day: date, record: EscrowDeposit | None, today: date):
    deadline = deposit_deadline(day)
    deposited = f"{long_date(record.deposited_on)} at {record.account}" if record else ""
    late = record is None and deadline < today
    if record:
        words = f"Deposited on {deposited}"
    elif late:
        words = f"Late: it was due in escrow by {deadline:%A}, {long_date(deadline)}"
    else:
        words = f"Deposit by {deadline:%A}, {long_date(deadline)}"
    return EscrowRow(
        payment_id=payment.id,
        invoice_number=number,
        amount_cents=payment.amount_cents,
        received=long_date(day),
        deadline=long_date(deadline),
        deadline_on=deadline,
        deposited=deposited,
        late=late,
        words=words,
        received_on=day,
        deposited_on=record.deposited_on if record else None,
    )


def escrow_rows(session: Session, job: Job, today: date) -> list[EscrowRow]:
    held = _held_payments(session, job)
    records = {
        record.payment_id: record
        for record in session.exec(select(EscrowDeposit).where(EscrowDeposit.job_id == job.id))
    }
    return [_row(p, number, day, records.get(p.id), today) for p, number, day in held]


def contract_names_bank(session: Session, job: Job) -> bool:
    """Whether the job's signed contract names the bank holding deposits: a contract signed
    online prints it in its escrow paragraph (content/contract.py), and none is sent without
    ESCROW_BANK. A job made by hand has no contract of ours that names it."""
    estimate = session.get(Estimate, job.estimate_id) if job.estimate_id else None
    if estimate is None or not estimate.signed_document:
        return False
    sections = json.loads(estimate.signed_document).get("sections", [])
    return any(s["heading"] == CONTRACT_ESCROW_PARAGRAPH.heading for s in sections)


def first_deposit_day(rows: list[EscrowRow]) -> date | None:
    """The day the first payment reached escrow: as recorded, else the day it came (the
    earliest it can have been deposited, so the notice's deadline is never later than the
    law's)."""
    return min((row.deposited_on or row.received_on for row in rows), default=None)


def _notice_row(session: Session, job: Job) -> Reminder | None:
    return session.exec(
        select(Reminder).where(
            Reminder.about_kind == NOTICE_ABOUT,
            Reminder.about_id == job.id,
            Reminder.step == NOTICE_STEP,
        )
    ).first()


def escrow_notice(session: Session, job: Job, today: date, rows: list[EscrowRow]) -> EscrowNotice:
    """The owner's notice of where deposits are held, for a job whose payments before
    substantial completion are `rows` (escrow_rows)."""
    sent = _notice_row(session, job)
    deposited, named = first_deposit_day(rows), contract_names_bank(session, job)
    needed = deposited is not None and not named
    deadline = notice_deadline(deposited) if needed else None
    late = deadline is not None and not sent and deadline < today and job.status not in FINISHED
    fields = {"deadline": f"{deadline:%A}, {long_date(deadline)}" if deadline else ""}
    fields["deposited"] = long_date(deposited) if deposited else ""
    if sent:
        words = f"Sent {long_date(business_today(sent.created_at))}"
    elif named:
        words = ESCROW_NOTICE_NAMED
    elif deadline is None:
        words = ESCROW_NOTICE_WAITING
    else:
        words = (ESCROW_NOTICE_LATE if late else ESCROW_NOTICE_DUE).format(**fields)
    return EscrowNotice(
        deadline=long_date(deadline) if deadline else "",
        sent=words if sent else "",
        late=late,
        needed=needed,
        words=words,
    )


def _account_text(account: object) -> str:
    text = account.strip() if isinstance(account, str) else ""
    if not text:
        raise ActionRefused("Please give the escrow account (the bank and the account's end).")
    if len(text) > ACCOUNT_MAX or has_refused_characters(text):
        raise ActionRefused(f"The account: at most {ACCOUNT_MAX} characters on one line.")
    return text


def record_deposit(
    number: str, payment_id: int, deposited_on: date | None, account: object, user: SignedInUser
) -> None:
    """Record that a payment of the job reached the escrow account, on which day and where."""
    text = _account_text(account)
    with db_session() as session:
        job = open_job(session, number)
        today = business_today()
        held = {p.id: (p, day) for p, _, day in _held_payments(session, job)}
        if payment_id not in held:
            raise ActionRefused("That payment is not one this job holds before completion.")
        payment, received = held[payment_id]
        if deposited_on is None or not received <= deposited_on <= today:
            raise ActionRefused(
                f"The deposit day: from {long_date(received)} (the day the money came) to today."
            )
        session.add(
            EscrowDeposit(
                payment_id=payment.id,
                job_id=job.id,
                deposited_on=deposited_on,
                account=text,
                recorded_by=user.id,
            )
        )
        record_job_event(
            session,
            job,
            "escrow",
            f"{format_usd(payment.amount_cents)} deposited in escrow on "
            f"{long_date(deposited_on)} at {text}",
            user.id,
        )
        try:
            session.commit()
        except IntegrityError:
            raise ActionRefused("That deposit is already recorded: nothing was changed.") from None


def notice_context(job: Job, bank: str, bank_address: str) -> dict:
    """The owner's notice in content/compliance.py's words and the fields the template fills
    them with (in the language of the sale, then in English)."""
    fields = {
        "owner": job.customer_name,
        "contractor": BUSINESS.legal_name,
        "job": job.number,
        "title": job.title,
        "bank": bank,
        "bank_address": bank_address,
        "phone": BUSINESS.phone_display,
    }
    return {"subject": ESCROW_NOTICE_SUBJECT, "paragraphs": ESCROW_NOTICE, "fields": fields}


def send_escrow_notice(number: str, user: SignedInUser, now: datetime | None = None) -> None:
    """E-mail the owner where their payments are held, and record it: once per job (a second
    tab or a double click is refused by the notice's unique row)."""
    if not settings.escrow_bank.strip() or not settings.escrow_bank_address.strip():
        raise ActionRefused(
            "The escrow bank is not set: ESCROW_BANK and ESCROW_BANK_ADDRESS are needed."
        )
    now = now or utc_now()
    with db_session() as session:
        job = open_job(session, number)
        if _notice_row(session, job) is not None:
            raise ActionRefused("The owner's escrow notice was already sent: nothing was sent.")
        deposited = first_deposit_day(escrow_rows(session, job, business_today(now)))
        due_on = notice_deadline(deposited) if deposited else business_today(now)
        row = Reminder(
            about_kind=NOTICE_ABOUT,
            about_id=job.id,
            step=NOTICE_STEP,
            due_on=due_on,
            created_at=now,
            user_id=user.id,
        )
        session.add(row)
        try:
            session.flush()
        except IntegrityError:
            raise ActionRefused(
                "The owner's escrow notice was already sent: nothing was sent."
            ) from None
        context = notice_context(job, settings.escrow_bank, settings.escrow_bank_address)
        to, language = mail.one_line(job.customer_email), job_language(session, job)
        message = mail.build_email(mail.EmailKind.ESCROW_NOTICE, to, language=language, **context)
        email = mail.queue_email(session, message, mail.About.JOB, job.id)
        session.flush()
        row.email_id = email.id
        record_job_event(
            session,
            job,
            "escrow_notice",
            f"The owner told where deposits are held ({settings.escrow_bank}), to "
            f"{job.customer_email}",
            user.id,
        )
        session.commit()
    mail.wake_outbox_worker()
