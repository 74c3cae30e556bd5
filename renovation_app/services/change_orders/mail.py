"""A change order's e-mails: the change order and its link to the owner, the signed PDF to the
owner and the office, and the office's notice when the owner declines. The owner's are in the
language of the job's sale beside English; the office's in English."""

from sqlmodel import Session

from renovation_app.content import BUSINESS
from renovation_app.content.languages import ENGLISH
from renovation_app.models import ChangeOrder, Job, Signature
from renovation_app.routes import job_path
from renovation_app.services import mail, texts
from renovation_app.services.change_orders.document import label
from renovation_app.services.change_orders.pdf import render_change_order_pdf
from renovation_app.services.change_orders.records import link_url_of, sent_by
from renovation_app.services.change_orders.views import change_order_view
from renovation_app.services.languages import job_language
from renovation_app.settings import settings


def _queue(
    session: Session,
    job: Job,
    to: str,
    kind: mail.EmailKind,
    context: dict,
    pdf: bytes | None = None,
    name: str = "",
    to_office: bool = False,
) -> None:
    attachments = (mail.Attachment(name, "application/pdf", pdf),) if pdf else ()
    language = ENGLISH.code if to_office else job_language(session, job)
    message = mail.build_email(
        kind,
        mail.one_line(to),
        reply_to=BUSINESS.email,
        attachments=attachments,
        language=language,
        **context,
    )
    mail.queue_email(session, message, about_kind=mail.About.JOB, about_id=job.id)


def queue_change_order_email(session: Session, job: Job, change_order: ChangeOrder) -> None:
    view = change_order_view(session, job, change_order, link_url_of(session, change_order))
    _queue(session, job, job.customer_email, mail.EmailKind.CHANGE_ORDER, {"co": view})
    words = f"change order {label(job, change_order)} is ready to read and sign:"
    about = (mail.About.JOB, job.id)
    kind = mail.EmailKind.CHANGE_ORDER
    url = view["link_url"]
    texts.text_link(session, job.customer_phone, words, url, kind, about, job.customer_id)


def queue_signed_copies(
    session: Session, job: Job, change_order: ChangeOrder, signature: Signature
) -> None:
    """The signed change order (PDF) to the owner and to the office."""
    view = change_order_view(session, job, change_order)
    pdf = render_change_order_pdf(view, sent_by(session, change_order))
    name = f"change-order-{job.number}-CO-{change_order.number}.pdf"
    staff_url = settings.url(job_path(job.number))
    for to, to_office in ((job.customer_email, False), (settings.business_inbox, True)):
        context = {"co": view, "staff_url": staff_url, "to_office": to_office}
        _queue(session, job, to, mail.EmailKind.CHANGE_ORDER_SIGNED, context, pdf, name, to_office)


def queue_office_notice(
    session: Session, job: Job, change_order: ChangeOrder, title: str, words: str
) -> None:
    context = {
        "title": title,
        "words": words,
        "co_label": label(job, change_order),
        "customer_name": job.customer_name,
        "job_url": settings.url(job_path(job.number)),
    }
    office = settings.business_inbox
    _queue(session, job, office, mail.EmailKind.CHANGE_ORDER_NOTICE, context, to_office=True)
