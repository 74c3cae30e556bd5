"""The last day to file a mechanic's lien (Lien Law §10), for a job with an unpaid balance:
counted from the last day of work recorded (a work day on the schedule, or a daily log note),
4 months for a single-family home and 8 months for any other building. When that day is a
Saturday, Sunday or public holiday, General Construction Law §25-a allows the next business
day; the last business day before is shown too, the safe day to file. The office is told 30 and
7 days before. The app does not file liens."""

from dataclasses import dataclass
from datetime import date, timedelta

from dateutil.relativedelta import relativedelta
from sqlalchemy import func
from sqlmodel import Session, select

from renovation_app.content.compliance import (
    LIEN_DEADLINE,
    LIEN_DEADLINE_MOVED,
    LIEN_MONTHS_OTHER,
    LIEN_MONTHS_SINGLE_FAMILY,
    LIEN_TYPE_UNSET,
    LIEN_WARNING_DAYS,
)
from renovation_app.models import (
    Appointment,
    AppointmentKind,
    AppointmentStatus,
    Job,
    JobNote,
    PropertyType,
)
from renovation_app.services.billing import business_today, format_usd, long_date
from renovation_app.services.business_days import (
    business_day_on_or_after,
    business_day_on_or_before,
)
from renovation_app.services.schedule.times import day_span


@dataclass(frozen=True)
class LienDeadline:
    last_work_day: str  # "March 3, 2027"
    deadline: str
    deadline_on: date  # the months counted (Lien Law §10), perhaps a closed day
    allowed_on: date  # that day or, on a closed day, the next business day (GCL §25-a)
    safe_on: date  # that day or, on a closed day, the last business day before
    warnings: tuple[date, ...]  # the days the office is told, earliest first
    owed: str  # "$9,000.00"
    words: str  # "Last day to file a mechanic's lien: Tuesday, July 6, 2027 (4 months ..."
    soon: bool  # within the first warning's days, and not past the day allowed


def lien_months(property_type: str) -> int:
    """8 months for a building known not to be a single-family home; 4 otherwise (a job whose
    type is not set gets the earlier date)."""
    return LIEN_MONTHS_OTHER if property_type == PropertyType.OTHER else LIEN_MONTHS_SINGLE_FAMILY


def lien_deadline_on(last_work_day: date, property_type: str) -> date:
    return last_work_day + relativedelta(months=lien_months(property_type))


def warning_days(deadline: date) -> tuple[date, ...]:
    return tuple(deadline - timedelta(days=days) for days in LIEN_WARNING_DAYS)


def last_work_day(session: Session, job_id: int, today: date) -> date | None:
    """The last day of work recorded up to today: a work day on the schedule (not cancelled)
    or a day of the daily log."""
    before = day_span(today)[1]
    worked = session.exec(
        select(func.max(Appointment.starts_at)).where(
            Appointment.job_id == job_id,
            Appointment.kind == AppointmentKind.WORK_DAY,
            Appointment.status == AppointmentStatus.SCHEDULED,
            Appointment.starts_at < before,
        )
    ).one()
    logged = session.exec(
        select(func.max(JobNote.day)).where(
            JobNote.job_id == job_id, JobNote.deleted_at.is_(None), JobNote.day <= today
        )
    ).one()
    days = [d for d in (business_today(worked) if worked else None, logged) if d is not None]
    return max(days, default=None)


def lien_deadline(session: Session, job: Job, owed_cents: int, today: date) -> LienDeadline | None:
    """The job's lien deadline while something is owed and a day of work is recorded."""
    if owed_cents <= 0:
        return None
    last = last_work_day(session, job.id, today)
    if last is None:
        return None
    deadline = lien_deadline_on(last, job.property_type)
    allowed, safe = business_day_on_or_after(deadline), business_day_on_or_before(deadline)
    fields = {
        "deadline": weekday_date(deadline),
        "allowed": weekday_date(allowed),
        "safe": weekday_date(safe),
        "months": lien_months(job.property_type),
        "last_work_day": long_date(last),
        "type_unset": "" if job.property_type else LIEN_TYPE_UNSET,
    }
    words = (LIEN_DEADLINE if allowed == deadline else LIEN_DEADLINE_MOVED).format(**fields)
    warnings = warning_days(deadline)
    return LienDeadline(
        last_work_day=long_date(last),
        deadline=long_date(deadline),
        deadline_on=deadline,
        allowed_on=allowed,
        safe_on=safe,
        warnings=tuple(sorted(warnings)),
        owed=format_usd(owed_cents),
        words=words,
        soon=min(warnings) <= today <= allowed,
    )


def weekday_date(day: date) -> str:
    """ "Monday, March 1, 2027"."""
    return f"{day:%A}, {long_date(day)}"
