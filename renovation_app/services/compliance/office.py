"""The office told of New York deadlines: the business day before a deposit's escrow deadline,
and 30 and 7 days before a lien deadline, once each (a Reminder row's unique step, claimed in
the e-mail's transaction, so two workers or a restart half-way send it once); and the
dashboard's needs-attention rows for deposits and notices that are late and liens that come."""

from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from renovation_app.db import db_session, write_session
from renovation_app.models import Job, Reminder, utc_now
from renovation_app.routes import job_path
from renovation_app.services import mail
from renovation_app.services.billing import business_today, format_usd
from renovation_app.services.compliance.duties import (
    open_jobs,
    owed_cents,
    recently_worked_jobs,
)
from renovation_app.services.compliance.escrow import (
    REMINDER_ABOUT,
    REMINDER_STEP,
    escrow_notice,
    escrow_rows,
    reminder_day,
)
from renovation_app.services.compliance.liens import lien_deadline
from renovation_app.services.words import counted
from renovation_app.settings import settings

ESCROW_ATTENTION = "Deposit in escrow"
NOTICE_ATTENTION = "Owner's escrow notice"
LIEN_ATTENTION = "Lien deadline"


@dataclass(frozen=True)
class OfficeNotice:
    about_kind: str  # the Reminder row that sends it once
    about_id: int
    step: str
    due_on: date
    title: str
    words: str


def _due_notices(session: Session, today: date) -> list[tuple[Job, OfficeNotice]]:
    due = []
    for job in open_jobs(session):
        for row in escrow_rows(session, job, today):
            if not row.deposited and reminder_day(row.deadline_on) <= today <= row.deadline_on:
                words = (
                    f"{format_usd(row.amount_cents)} received {row.received} "
                    f"(invoice {row.invoice_number}) must be in the escrow account by "
                    f"{row.deadline}. Record it on the job once deposited."
                )
                notice = OfficeNotice(
                    REMINDER_ABOUT,
                    row.payment_id,
                    REMINDER_STEP,
                    row.deadline_on,
                    "Deposit due in escrow",
                    words,
                )
                due.append((job, notice))
    for job in recently_worked_jobs(session, today):
        lien = lien_deadline(session, job, owed_cents(session, job), today)
        if lien is None or not lien.soon:
            continue
        warned_on = max(day for day in lien.warnings if day <= today)
        step = f"lien-{(lien.deadline_on - warned_on).days}:{lien.deadline_on.isoformat()}"
        days_left = (lien.deadline_on - today).days  # a round that ran late says so
        notice = OfficeNotice(
            "job",
            job.id,
            step,
            warned_on,
            f"Lien deadline in {counted(days_left, 'day')}",
            f"{lien.owed} unpaid. {lien.words}.",
        )
        due.append((job, notice))
    return due


def _send_one(job: Job, notice: OfficeNotice, now: datetime) -> int:
    with write_session() as session:
        session.add(
            Reminder(
                about_kind=notice.about_kind,
                about_id=notice.about_id,
                step=notice.step,
                due_on=notice.due_on,
                created_at=now,
            )
        )
        try:
            session.flush()
        except IntegrityError:  # sent before, by this worker or another
            session.rollback()
            return 0
        message = mail.build_email(
            mail.EmailKind.COMPLIANCE_NOTICE,
            mail.one_line(settings.business_inbox),
            title=notice.title,
            job=job.number,
            customer=job.customer_name,
            words=notice.words,
            job_url=settings.url(job_path(job.number)),
        )
        mail.queue_email(session, message, mail.About.JOB, job.id)
        session.commit()
        return 1


def send_due_office_notices(now: datetime | None = None) -> int:
    """Queue the office's escrow and lien reminders that fell due; how many were queued."""
    now = now or utc_now()
    with db_session() as session:
        due = _due_notices(session, business_today(now))
    sent = 0
    for job, notice in due:
        sent += _send_one(job, notice, now)
    if sent:
        mail.wake_outbox_worker()
    return sent


@dataclass(frozen=True)
class DutyRow:
    job: str
    about: str  # ESCROW_ATTENTION ...
    words: str
    link: str


def duty_rows(session: Session, today: date) -> list[DutyRow]:
    """Deposits late into escrow and owner's notices late, on jobs before substantial
    completion; lien deadlines within their first warning's days."""
    rows = []
    for job in open_jobs(session):
        escrow = escrow_rows(session, job, today)
        for row in escrow:
            if row.late:
                words = f"{format_usd(row.amount_cents)} received {row.received}: {row.words}."
                rows.append(DutyRow(job.number, ESCROW_ATTENTION, words, job_path(job.number)))
        notice = escrow_notice(session, job, today, escrow)
        if notice.late:
            words = f"Not sent to {job.customer_name}; it was due by {notice.deadline}."
            rows.append(DutyRow(job.number, NOTICE_ATTENTION, words, job_path(job.number)))
    for job in recently_worked_jobs(session, today):
        lien = lien_deadline(session, job, owed_cents(session, job), today)
        if lien is not None and lien.soon:
            words = f"{lien.owed} unpaid. {lien.words}."
            rows.append(DutyRow(job.number, LIEN_ATTENTION, words, job_path(job.number)))
    return rows
