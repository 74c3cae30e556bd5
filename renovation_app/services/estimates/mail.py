"""The estimate's e-mails: the estimate to the customer, the signed contract to the customer
and the office, and notices to the office (declined, cancelled). The customer's are in the
language of the sale beside English; the office's in English."""

import json

from sqlmodel import Session

from renovation_app.content import BUSINESS
from renovation_app.content.languages import ENGLISH
from renovation_app.models import Estimate, EstimateLine, OutboxEmail
from renovation_app.routes import estimate_path, job_path
from renovation_app.services import mail, texts
from renovation_app.services.billing import when_display
from renovation_app.services.billing.money import shown
from renovation_app.services.estimates.certificates import CERTIFICATE_FILES, signed_certificates
from renovation_app.services.estimates.document import contract_document
from renovation_app.services.estimates.pdf import (
    Signature,
    render_certificate_pdf,
    render_contract_pdf,
)
from renovation_app.services.estimates.records import link_url_of
from renovation_app.services.estimates.views import estimate_view, label_of, shown_totals
from renovation_app.services.jobs.creating import job_for_estimate
from renovation_app.settings import settings


def _pdf(name: str, content: bytes) -> mail.Attachment:
    return mail.Attachment(filename=name, content_type="application/pdf", content=content)


def estimate_pdf(estimate: Estimate, lines: list[EstimateLine]) -> bytes:
    """The signed contract once accepted, else the estimate with every line."""
    if estimate.accepted_at is not None and estimate.signed_document:
        return render_contract_pdf(json.loads(estimate.signed_document), signature_of(estimate))
    document = contract_document(estimate, lines, shown_totals(estimate, lines, None))
    return render_contract_pdf(document)


def signature_of(estimate: Estimate) -> Signature:
    return Signature(
        name=estimate.signer_name,
        when=when_display(estimate.accepted_at),
        document_sha256=estimate.document_sha256,
    )


def _queue(
    session: Session,
    estimate: Estimate,
    to: str,
    kind: mail.EmailKind,
    context: dict,
    pdf: bytes | None,
    signed_with_it: tuple[mail.Attachment, ...] = (),
    to_office: bool = False,
) -> OutboxEmail:
    name = f"{'contract' if estimate.accepted_at else 'estimate'}-{estimate.number}.pdf"
    message = mail.build_email(
        kind,
        mail.one_line(to),
        reply_to=BUSINESS.email,
        attachments=((_pdf(name, pdf),) if pdf else ()) + signed_with_it,
        language=ENGLISH.code if to_office else estimate.language,
        **context,
    )
    return mail.queue_email(session, message, about_kind=mail.About.ESTIMATE, about_id=estimate.id)


def queue_estimate_email(session: Session, estimate: Estimate, lines: list[EstimateLine]) -> None:
    view = estimate_view(estimate, lines, link_url=link_url_of(session, estimate))
    _queue(
        session,
        estimate,
        estimate.customer_email,
        mail.EmailKind.ESTIMATE,
        {"estimate": shown(view)},
        estimate_pdf(estimate, lines),
    )
    about = (mail.About.ESTIMATE, estimate.id)
    words = f"your estimate {estimate.number} is ready to read and sign:"
    phone, customer_id = estimate.customer_phone, estimate.customer_id
    texts.text_link(
        session, phone, words, view.link_url, mail.EmailKind.ESTIMATE, about, customer_id
    )


def queue_signed_copies(session: Session, estimate: Estimate, lines: list[EstimateLine]) -> None:
    """The signed contract (PDF) to the customer and to the office, with the certificates signed
    with it (Form ST-124, the lead pamphlet's receipt)."""
    view = estimate_view(estimate, lines, link_url=link_url_of(session, estimate))
    pdf = estimate_pdf(estimate, lines)
    certificates = tuple(
        _pdf(f"{CERTIFICATE_FILES[c.kind]}-{estimate.number}.pdf", render_certificate_pdf(c))
        for c in signed_certificates(session, estimate.id)
    )
    job = job_for_estimate(session, estimate.id)
    staff_url = settings.url(job_path(job.number) if job else estimate_path(estimate.number))
    for to, to_office in ((estimate.customer_email, False), (settings.business_inbox, True)):
        context = {"estimate": shown(view), "staff_url": staff_url, "to_office": to_office}
        kind = mail.EmailKind.ESTIMATE_SIGNED
        _queue(session, estimate, to, kind, context, pdf, certificates, to_office)


def queue_office_notice(session: Session, estimate: Estimate, title: str, words: str) -> None:
    context = {
        "title": title,
        "words": words,
        "estimate_label": label_of(estimate),
        "customer_name": estimate.customer_name,
        "estimate_url": settings.url(estimate_path(estimate.number)),
    }
    office = settings.business_inbox
    _queue(session, estimate, office, mail.EmailKind.ESTIMATE_NOTICE, context, None, to_office=True)


def queue_expiry_reminder(
    session: Session, estimate: Estimate, lines: list[EstimateLine]
) -> OutboxEmail:
    """The one reminder before an estimate expires: valid until when, and its link."""
    view = estimate_view(estimate, lines, link_url=link_url_of(session, estimate))
    return _queue(
        session,
        estimate,
        estimate.customer_email,
        mail.EmailKind.ESTIMATE_REMINDER,
        {"estimate": shown(view)},
        None,
    )
