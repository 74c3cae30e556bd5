"""Certificates that lapse soon: the office is told once by e-mail, CERTIFICATE_WARNING_DAYS
before, and the dashboard lists them (and those that lapsed) until a new one is uploaded.

The warning runs in the reminders round of every worker. Each certificate is claimed with a
conditional UPDATE (warned_at still empty, and still the newest of its kind) in the same
transaction as its e-mail, so two workers at once, or a restart half-way, send it once."""

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import exists, update
from sqlalchemy.orm import aliased
from sqlmodel import Session, select

from renovation_app.content.costs import CERTIFICATE_KINDS, CERTIFICATE_WARNING_DAYS
from renovation_app.db import db_session, write_session
from renovation_app.models import InsuranceCertificate, Subcontractor, utc_now
from renovation_app.routes import subcontractor_path
from renovation_app.services import mail
from renovation_app.services.billing import business_today, long_date
from renovation_app.services.subcontractors.certificates import days_words
from renovation_app.settings import settings

CERTIFICATE_NOTICE = mail.EmailKind.CERTIFICATE_NOTICE
ABOUT_SUBCONTRACTOR = mail.About.SUBCONTRACTOR

Certificate = InsuranceCertificate


def _is_newest():
    """SQL: no later certificate of the same subcontractor and kind replaced this one."""
    newer = aliased(InsuranceCertificate)
    return ~exists().where(
        newer.subcontractor_id == Certificate.subcontractor_id,
        newer.kind == Certificate.kind,
        newer.id > Certificate.id,
    )


def _due_ids(session: Session, today: date) -> list[int]:
    """Certificates in force of active subcontractors lapsing within the warning days, not yet
    warned about."""
    last_day = today + timedelta(days=CERTIFICATE_WARNING_DAYS)
    return list(
        session.exec(
            select(Certificate.id)
            .join(Subcontractor, Subcontractor.id == Certificate.subcontractor_id)
            .where(
                Subcontractor.active,
                Certificate.warned_at.is_(None),
                Certificate.expires_on > today,
                Certificate.expires_on <= last_day,
                _is_newest(),
            )
            .order_by(Certificate.id)
        )
    )


def _queue_notice(
    session: Session, subcontractor: Subcontractor, certificate: Certificate, today: date
) -> None:
    days = (certificate.expires_on - today).days
    kind = CERTIFICATE_KINDS[certificate.kind]
    context = {
        "title": f"{kind} insurance expires {days_words(days)}",
        "company": subcontractor.company,
        "kind_label": kind,
        "expires": long_date(certificate.expires_on),
        "subcontractor_url": settings.url(subcontractor_path(str(subcontractor.id))),
    }
    message = mail.build_email(
        CERTIFICATE_NOTICE, mail.one_line(settings.business_inbox), **context
    )
    mail.queue_email(session, message, about_kind=ABOUT_SUBCONTRACTOR, about_id=subcontractor.id)


def _warn_one(certificate_id: int, today: date, now: datetime) -> int:
    """Claim one certificate and queue its e-mail in one transaction; 1 when this call sent it."""
    with write_session() as session:
        claimed = session.execute(
            update(Certificate)
            .where(Certificate.id == certificate_id, Certificate.warned_at.is_(None), _is_newest())
            .values(warned_at=now)
        )
        if claimed.rowcount != 1:  # another worker warned it, or a newer one replaced it
            session.rollback()
            return 0
        certificate = session.get(Certificate, certificate_id)
        subcontractor = session.get(Subcontractor, certificate.subcontractor_id)
        _queue_notice(session, subcontractor, certificate, today)
        session.commit()
        return 1


def warn_expiring_certificates(now: datetime | None = None) -> int:
    """E-mail the office once about each certificate in force that lapses within
    CERTIFICATE_WARNING_DAYS days (New York's today); how many were queued."""
    now = now or utc_now()
    today = business_today(now)
    with db_session() as session:
        due = _due_ids(session, today)
    warned = sum(_warn_one(certificate_id, today, now) for certificate_id in due)
    if warned:
        mail.wake_outbox_worker()
    return warned


@dataclass(frozen=True)
class ExpiringCertificate:
    """A certificate in force that lapses within the warning days, or has lapsed."""

    subcontractor_id: int
    company: str
    kind: str
    kind_label: str
    expires_on: date
    days_left: int  # 0 or less: lapsed
    lapsed: bool
    words: str  # "General liability insurance expires in 12 days (December 7, 2026)"


def _expiring(subcontractor_id: int, company: str, certificate: Certificate, today: date):
    days = (certificate.expires_on - today).days
    kind = CERTIFICATE_KINDS.get(certificate.kind, certificate.kind)
    expires = long_date(certificate.expires_on)
    if days <= 0:
        words = f"{kind} insurance lapsed on {expires}"
    else:
        words = f"{kind} insurance expires {days_words(days)} ({expires})"
    return ExpiringCertificate(
        subcontractor_id,
        company,
        certificate.kind,
        kind,
        certificate.expires_on,
        days,
        days <= 0,
        words,
    )


def expiring_certificates(session: Session, today: date) -> list[ExpiringCertificate]:
    """The certificates in force of active subcontractors that lapse within the warning days
    or have lapsed, soonest first: for the dashboard's needs-attention list."""
    last_day = today + timedelta(days=CERTIFICATE_WARNING_DAYS)
    found = session.exec(
        select(Certificate, Subcontractor.company)
        .join(Subcontractor, Subcontractor.id == Certificate.subcontractor_id)
        .where(Subcontractor.active, Certificate.expires_on <= last_day, _is_newest())
        .order_by(Certificate.expires_on, Subcontractor.company, Certificate.kind)
    )
    return [
        _expiring(certificate.subcontractor_id, company, certificate, today)
        for certificate, company in found
    ]
