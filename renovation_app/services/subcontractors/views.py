"""One subcontractor as its staff page shows it: the details, each kind of certificate's
standing, every certificate uploaded (newest first), and its bills on every job with the
lien waiver each payment asks for (read-only here: bills are entered on the job's costs)."""

from dataclasses import dataclass
from datetime import date

from sqlmodel import Session, select

from renovation_app.content.costs import CERTIFICATE_KINDS
from renovation_app.db import db_session
from renovation_app.models import (
    CostKind,
    InsuranceCertificate,
    Job,
    JobCost,
    LienWaiver,
    Subcontractor,
)
from renovation_app.services.billing import business_today, long_date
from renovation_app.services.subcontractors.certificates import (
    CertificateStatus,
    certificate_status,
)

BILLS_SHOWN = 200
WAIVER_RECEIVED = "waiver received"
WAIVER_OUTSTANDING = "waiver outstanding"


def certificate_file_path(subcontractor_id: int, certificate_id: int) -> str:
    """The staff download of a certificate's file (api/subcontractors.py)."""
    return f"/subcontractors/{subcontractor_id}/certificates/{certificate_id}/file"


@dataclass(frozen=True)
class CertificateRow:
    id: int
    kind: str
    label: str
    expires_on: str
    file_name: str
    file_url: str
    uploaded: str
    in_force: bool  # the newest of its kind


@dataclass(frozen=True)
class SubcontractorBill:
    cost_id: int
    job_number: str
    day: str
    description: str
    total_cents: int  # amount and tax
    due: str
    paid_on: str  # "" while unpaid
    waiver: str  # WAIVER_RECEIVED, WAIVER_OUTSTANDING, or "" while unpaid


@dataclass(frozen=True)
class SubcontractorView:
    id: int
    company: str
    contact_name: str
    email: str
    phone: str
    trade: str
    licence_number: str
    active: bool
    created: str
    statuses: list[CertificateStatus]
    certificates: list[CertificateRow]
    bills: list[SubcontractorBill]


def _waiver(paid_on: date | None, waiver_id: int | None, signature_id: int | None) -> str:
    if paid_on is None:
        return ""
    return WAIVER_RECEIVED if waiver_id is not None and signature_id else WAIVER_OUTSTANDING


def subcontractor_bills(session: Session, subcontractor_id: int) -> list[SubcontractorBill]:
    """The subcontractor's bills that are not deleted, newest first, with their job's number and
    the state of the lien waiver of each paid one."""
    found = session.exec(
        select(JobCost, Job.number, LienWaiver.id, LienWaiver.signature_id)
        .join(Job, Job.id == JobCost.job_id)
        .outerjoin(LienWaiver, LienWaiver.cost_id == JobCost.id)
        .where(
            JobCost.subcontractor_id == subcontractor_id,
            JobCost.kind == CostKind.SUB_BILL,
            JobCost.deleted_at.is_(None),
        )
        .order_by(JobCost.incurred_on.desc(), JobCost.id.desc())
        .limit(BILLS_SHOWN)
    )
    return [
        SubcontractorBill(
            cost_id=cost.id,
            job_number=number,
            day=long_date(cost.incurred_on),
            description=cost.description,
            total_cents=cost.total_cents,
            due=long_date(cost.due_on) if cost.due_on else "",
            paid_on=long_date(cost.paid_on) if cost.paid_on else "",
            waiver=_waiver(cost.paid_on, waiver_id, signature_id),
        )
        for cost, number, waiver_id, signature_id in found
    ]


def _certificates(session: Session, subcontractor_id: int) -> list[CertificateRow]:
    rows, seen = [], set()
    for certificate in session.exec(
        select(InsuranceCertificate)
        .where(InsuranceCertificate.subcontractor_id == subcontractor_id)
        .order_by(InsuranceCertificate.id.desc())
    ):
        rows.append(
            CertificateRow(
                id=certificate.id,
                kind=certificate.kind,
                label=CERTIFICATE_KINDS.get(certificate.kind, certificate.kind),
                expires_on=long_date(certificate.expires_on),
                file_name=certificate.file_name,
                file_url=certificate_file_path(subcontractor_id, certificate.id),
                uploaded=long_date(business_today(certificate.uploaded_at)),
                in_force=certificate.kind not in seen,
            )
        )
        seen.add(certificate.kind)
    return rows


def get_subcontractor(subcontractor_id: int, today: date | None = None) -> SubcontractorView | None:
    """Everything the subcontractor's page shows; None when there is no such subcontractor."""
    today = today or business_today()
    with db_session() as session:
        found = session.get(Subcontractor, subcontractor_id)
        if found is None:
            return None
        return SubcontractorView(
            id=found.id,
            company=found.company,
            contact_name=found.contact_name,
            email=found.email,
            phone=found.phone,
            trade=found.trade,
            licence_number=found.licence_number,
            active=found.active,
            created=long_date(business_today(found.created_at)),
            statuses=certificate_status(session, found.id, today),
            certificates=_certificates(session, found.id),
            bills=subcontractor_bills(session, found.id),
        )
