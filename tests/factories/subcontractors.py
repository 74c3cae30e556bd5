"""Subcontractors and their insurance certificates through the real services (validation,
audit rows, files judged by their content)."""

from datetime import date

from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import InsuranceCertificate, Subcontractor, User
from renovation_app.services import subcontractors
from renovation_app.services.staff.sessions import SignedInUser
from tests.factories.papers import one_page_pdf
from tests.factories.staff import as_signed_in, staff_user

# A certificate of insurance as the insurer e-mails it: a PDF that opens.
PDF = one_page_pdf("Certificate of insurance")


def _someone(by: User | SignedInUser | None) -> SignedInUser:
    """`by`, or the first account of the database (Sam Staff, made when there is none)."""
    if by is not None:
        return as_signed_in(by)
    with db_session() as session:
        user = session.exec(select(User).order_by(User.id)).first()
    return as_signed_in(user or staff_user())


def subcontractor_of(
    company: str = "Gowanus Plumbing LLC", by: User | SignedInUser | None = None, **fields: str
) -> Subcontractor:
    """A subcontractor made as the page makes one; `fields` are other form fields (contact_name,
    email, phone, trade, licence_number)."""
    details = subcontractors.validate_subcontractor({"company": company, **fields})
    return subcontractors.create_subcontractor(details, _someone(by))


def certificate_of(
    sub: Subcontractor | int,
    kind: str,
    expires_on: date,
    by: User | SignedInUser | None = None,
    content: bytes = PDF,
    file_name: str = "certificate.pdf",
) -> InsuranceCertificate:
    """An uploaded certificate of `kind` ("general_liability", "workers_comp"): the one in
    force of its kind from now on."""
    sub_id = sub if isinstance(sub, int) else sub.id
    upload = subcontractors.CertificateUpload(kind, expires_on, content, file_name)
    return subcontractors.upload_certificate(sub_id, upload, _someone(by))


def certificates_of(sub: Subcontractor | int) -> list[InsuranceCertificate]:
    sub_id = sub if isinstance(sub, int) else sub.id
    with db_session() as session:
        return list(
            session.exec(
                select(InsuranceCertificate)
                .where(InsuranceCertificate.subcontractor_id == sub_id)
                .order_by(InsuranceCertificate.id)
            )
        )


def reloaded(sub: Subcontractor) -> Subcontractor:
    with db_session() as session:
        return session.get(Subcontractor, sub.id)
