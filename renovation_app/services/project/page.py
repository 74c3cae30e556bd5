"""What a customer's project page shows: their contract and change orders (one waiting for them
to sign first), the coming work days, the invoices with what is due, and the photos and notes
the office shared. Nothing else of the job (costs, internal notes, unshared photos, staff
names) and nothing of another job; photos only as their variants, which carry no location.
Every link the page hands out is the viewer's own (services/links), so it stops with theirs."""

from dataclasses import dataclass, field
from datetime import datetime

from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import (
    OPEN_CHANGE_ORDER_STATUSES,
    ChangeOrderStatus,
    CustomerLinkKind,
    Estimate,
    InvoiceStatus,
    Job,
    JobNote,
    JobPhoto,
    PhotoStage,
)
from renovation_app.services import links
from renovation_app.services.billing.money import format_usd
from renovation_app.services.jobs.records import change_orders, job_invoices
from renovation_app.services.jobs.views import STATUS_LABELS
from renovation_app.services.payments.summary import money_summary
from renovation_app.services.photos.library import Sizes, read_variant, sizes_of
from renovation_app.services.project.links import job_of_link, viewer_of_link
from renovation_app.services.schedule.times import day_words
from renovation_app.services.schedule.week import job_days

SHOWN_INVOICES = (
    InvoiceStatus.SENT,
    InvoiceStatus.PARTIALLY_PAID,
    InvoiceStatus.PAID,
    InvoiceStatus.PARTIALLY_REFUNDED,
    InvoiceStatus.REFUNDED,
)


@dataclass(frozen=True)
class Photo(Sizes):
    alt: str


@dataclass(frozen=True)
class Note:
    day: str
    text: str
    photos: list[Photo]


@dataclass(frozen=True)
class Document:
    label: str
    href: str
    action: str = ""  # "Review and sign", "Pay": the customer's next step, when there is one
    action_href: str = ""
    detail: str = ""


@dataclass(frozen=True)
class ProjectPage:
    title: str
    address: str
    status: str
    days: list[tuple[str, str, str]]  # (day, hours, what) of the coming appointments
    to_sign: list[Document]
    invoices: list[Document]
    documents: list[Document]
    notes: list[Note]
    photos: list[Photo] = field(default_factory=list)  # shared, outside a shared note


def photo_url(token: str, photo: JobPhoto, width: int) -> str:
    return f"/project/{token}/photos/{photo.id}/{width}.webp"


def _photo(token: str, photo: JobPhoto) -> Photo:
    room = f" in the {photo.room}" if photo.room else ""
    sizes = sizes_of(photo, lambda width: photo_url(token, photo, width))
    return Photo(**vars(sizes), alt=f"{PhotoStage(photo.stage).value.capitalize()} photo{room}")


def _change_orders(
    session: Session, job: Job, viewer_id: int
) -> tuple[list[Document], list[Document]]:
    def url_of(order) -> str:
        return links.current_link_url(session, CustomerLinkKind.CHANGE_ORDER, order.id, viewer_id)

    to_sign, signed = [], []
    for order in change_orders(session, job.id):
        label = f"Change order {order.number}: {order.reason[:80]}"
        if order.status in OPEN_CHANGE_ORDER_STATUSES:
            to_sign.append(Document(label, url_of(order), "Review and sign", url_of(order)))
        elif order.status == ChangeOrderStatus.SIGNED:
            signed.append(Document(f"{label} (signed)", url_of(order) + "/pdf"))
    return to_sign, signed


def _invoices(session: Session, job: Job, viewer_id: int) -> list[Document]:
    rows = []
    for invoice in job_invoices(session, job.id):
        if invoice.status not in SHOWN_INVOICES:
            continue
        url = links.current_link_url(session, CustomerLinkKind.PAY, invoice.id, viewer_id)
        money = money_summary(session, invoice)
        due = money.due_cents if money.processing_cents == 0 else 0
        detail = f"{format_usd(invoice.total_cents)}" + (
            f", due now {format_usd(due)}"
            if due
            else (", paid" if money.balance_cents == 0 else "")
        )
        rows.append(
            Document(
                f"Invoice {invoice.number}",
                url + "/pdf",
                "Pay" if due else "",
                url if due else "",
                detail,
            )
        )
    return rows


def _shared_log(session: Session, token: str, job: Job) -> tuple[list[Note], list[Photo]]:
    notes = session.exec(
        select(JobNote)
        .where(JobNote.job_id == job.id, JobNote.shared, JobNote.deleted_at.is_(None))
        .order_by(JobNote.day.desc(), JobNote.id.desc())
    ).all()
    photos = session.exec(
        select(JobPhoto)
        .where(JobPhoto.job_id == job.id, JobPhoto.shared, JobPhoto.deleted_at.is_(None))
        .order_by(JobPhoto.created_at.desc(), JobPhoto.id.desc())
    ).all()
    shown_notes = {note.id for note in notes}
    by_note: dict[int, list[Photo]] = {}
    loose = []
    for photo in photos:
        if photo.note_id in shown_notes:
            by_note.setdefault(photo.note_id, []).append(_photo(token, photo))
        else:
            loose.append(_photo(token, photo))
    return [Note(day_words(n.day), n.text, by_note.get(n.id, [])) for n in notes], loose


def project_page(token: str, now: datetime | None = None) -> ProjectPage | None:
    """The page of the job the link opens; None when it opens none."""
    with db_session() as session:
        found = viewer_of_link(session, token, now)
        if found is None:
            return None
        viewer, job = found
        to_sign, signed = _change_orders(session, job, viewer.id)
        documents = []
        estimate = session.get(Estimate, job.estimate_id) if job.estimate_id else None
        if estimate is not None and estimate.accepted_at is not None:
            url = links.current_link_url(session, CustomerLinkKind.ESTIMATE, estimate.id, viewer.id)
            documents.append(Document(f"Your signed contract ({estimate.number})", url + "/pdf"))
        invoices = _invoices(session, job, viewer.id)
        notes, photos = _shared_log(session, token, job)
        session.commit()  # a link made again for a document is kept
    days = [(d.day, d.hours, d.title) for d in job_days(job.number) if not d.past]
    return ProjectPage(
        title=job.title,
        address=job.address,
        status=STATUS_LABELS[job.status],
        days=days,
        to_sign=to_sign,
        invoices=invoices,
        documents=documents + signed,
        notes=notes,
        photos=photos,
    )


def shared_photo(token: str, photo_id: object, name: str) -> tuple[bytes, str] | None:
    """A shared photo's variant for the link's holder; None for anything not shared on its job."""
    if name == "original":
        return None  # the original keeps its location tags: office only
    with db_session() as session:
        job = job_of_link(session, token)
        photo = session.get(JobPhoto, photo_id) if job and isinstance(photo_id, int) else None
        if photo is None or photo.job_id != job.id or not photo.shared or photo.deleted_at:
            return None
    return read_variant(photo, name)
