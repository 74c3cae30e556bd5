"""Reading estimates for staff: one with its history and invoices, the list, the PDFs."""

from dataclasses import dataclass, replace

from sqlmodel import Session, func, select

from renovation_app.db import db_session
from renovation_app.models import (
    DepositKind,
    Estimate,
    EstimateEvent,
    EstimateLine,
    EstimateStatus,
    Invoice,
    User,
)
from renovation_app.services import jobs
from renovation_app.services.billing import STATUS_LABELS as INVOICE_STATUS_LABELS
from renovation_app.services.billing import EmailView, format_usd, when_display
from renovation_app.services.billing.form_lines import price_typed, typed_from_row
from renovation_app.services.estimates.mail import estimate_pdf
from renovation_app.services.estimates.records import (
    by_token,
    estimate_lines,
    latest_revision,
    link_url_of,
)
from renovation_app.services.estimates.views import (
    STATUS_LABELS,
    EstimateEventView,
    EstimateInvoiceView,
    EstimateView,
    estimate_view,
    label_of,
    shown_totals,
)
from renovation_app.services.mail import About, emails_about
from renovation_app.services.paging import page_of, words_in


def _events(session: Session, estimate_id: int) -> tuple[EstimateEventView, ...]:
    rows = session.exec(
        select(EstimateEvent, User.name)
        .join(User, User.id == EstimateEvent.user_id, isouter=True)
        .where(EstimateEvent.estimate_id == estimate_id)
        .order_by(EstimateEvent.at, EstimateEvent.id)
    )
    return tuple(
        EstimateEventView(
            kind=event.kind,
            when_display=when_display(event.at),
            who=name or "",
            detail=event.detail,
        )
        for event, name in rows
    )


def _invoices(session: Session, estimate_id: int) -> tuple[EstimateInvoiceView, ...]:
    rows = session.exec(
        select(Invoice).where(Invoice.estimate_id == estimate_id).order_by(Invoice.id)
    )
    return tuple(
        EstimateInvoiceView(
            number=i.number,
            part=i.estimate_part,
            total_cents=i.total_cents,
            status=INVOICE_STATUS_LABELS[i.status],
            attention=i.attention,
        )
        for i in rows
    )


def _emails(session: Session, number: str) -> tuple[EmailView, ...]:
    """The e-mails of every revision of the estimate (an earlier revision's bounce is the
    same address's), oldest first."""
    revisions = session.exec(select(Estimate.id).where(Estimate.number == number)).all()
    return emails_about(session, About.ESTIMATE, list(revisions))


def get_estimate(number: str) -> EstimateView | None:
    """The newest revision with its history and invoices, for its staff page."""
    with db_session() as session:
        estimate = latest_revision(session, number)
        if estimate is None:
            return None
        lines = estimate_lines(session, estimate.id)
        view = estimate_view(
            estimate,
            lines,
            events=_events(session, estimate.id),
            invoices=_invoices(session, estimate.id),
            link_url=link_url_of(session, estimate),
            emails=_emails(session, estimate.number),
        )
        if job := jobs.job_for_estimate(session, estimate.id):
            view = replace(view, job_number=job.number)
        session.commit()  # keeps a link issued at first need (links.link_token)
        return view


def staff_estimate_pdf(number: str) -> tuple[str, bytes] | None:
    with db_session() as session:
        estimate = latest_revision(session, number)
        if estimate is None:
            return None
        return _file_name(estimate), estimate_pdf(estimate, estimate_lines(session, estimate.id))


def customer_estimate_pdf(token: str) -> tuple[str, bytes] | None:
    """The PDF behind a customer's link (not for a draft)."""
    with db_session() as session:
        estimate = by_token(session, token)
        if estimate is None or estimate.status == EstimateStatus.DRAFT:
            return None
        return _file_name(estimate), estimate_pdf(estimate, estimate_lines(session, estimate.id))


def _file_name(estimate: Estimate) -> str:
    kind = "contract" if estimate.accepted_at else "estimate"
    return f"{kind}-{estimate.number}-r{estimate.revision}.pdf"


@dataclass(frozen=True)
class EstimateRow:
    number: str
    label: str
    customer: str
    total: str
    status: str
    status_label: str
    created: str


@dataclass(frozen=True)
class EstimateListPage:
    rows: list[EstimateRow]
    total_count: int
    page: int
    page_count: int


def list_estimates(search: str = "", status: str = "", page: int = 1) -> EstimateListPage:
    """The newest revision of each estimate, newest first; search by number or customer."""
    newest = (
        select(Estimate.number, func.max(Estimate.revision).label("revision"))
        .group_by(Estimate.number)
        .subquery()
    )
    query = select(Estimate).join(
        newest, (newest.c.number == Estimate.number) & (newest.c.revision == Estimate.revision)
    )
    query = query.where(
        words_in(search, Estimate.number, Estimate.customer_name, Estimate.customer_email)
    )
    if status in EstimateStatus.__members__.values():
        query = query.where(Estimate.status == status)
    with db_session() as session:
        paged = page_of(session, query, page, Estimate.created_at.desc(), Estimate.id.desc())
        found = paged.rows
        lines_by_estimate: dict[int, list[EstimateLine]] = {e.id: [] for e in found}
        for line in session.exec(  # one query for the page's lines, not one per estimate
            select(EstimateLine)
            .where(EstimateLine.estimate_id.in_(list(lines_by_estimate) or [0]))
            .order_by(EstimateLine.position)
        ):
            lines_by_estimate[line.estimate_id].append(line)
        rows = []
        for estimate in found:
            totals = shown_totals(estimate, lines_by_estimate[estimate.id], None)
            rows.append(
                EstimateRow(
                    number=estimate.number,
                    label=label_of(estimate),
                    customer=estimate.customer_name,
                    total=format_usd(totals.total_cents),
                    status=estimate.status,
                    status_label=STATUS_LABELS[EstimateStatus(estimate.status)],
                    created=when_display(estimate.created_at),
                )
            )
    return EstimateListPage(rows, paged.total_count, paged.page, paged.page_count)


def form_values(number: str) -> dict[str, str]:
    """A draft's fields as the estimate form shows them, to change it."""
    with db_session() as session:
        estimate = latest_revision(session, number)
        if estimate is None:
            return {}
        if estimate.deposit_kind == DepositKind.PERCENT:
            deposit = f"{estimate.deposit_value / 100:g}"
        else:
            deposit = price_typed(estimate.deposit_value)
        dates = ("deposit_due_date", "valid_until", "start_date", "completion_date")
        return {
            "name": estimate.customer_name,
            "email": estimate.customer_email,
            "phone": estimate.customer_phone,
            "address": estimate.customer_address,
            "note": estimate.note,
            "discount": price_typed(estimate.discount_cents),
            "tax_area": estimate.tax_area,
            "deposit_kind": str(estimate.deposit_kind),
            "deposit_value": deposit,
            "contingencies": estimate.contingencies,
            "progress_schedule": estimate.progress_schedule,
            "language": estimate.language,
            "year_built": str(estimate.year_built or ""),
            "property_type": estimate.property_type,
            **{d: getattr(estimate, d).isoformat() if getattr(estimate, d) else "" for d in dates},
        }


def typed_lines(number: str) -> list[dict]:
    """A draft's lines as the estimate form's line editor types them, to change it."""
    with db_session() as session:
        estimate = latest_revision(session, number)
        return (
            [typed_from_row(row) for row in estimate_lines(session, estimate.id)]
            if estimate
            else []
        )
