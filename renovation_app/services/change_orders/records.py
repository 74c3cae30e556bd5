"""Reading a change order with its job, and the lines of a job's contract it may take out."""

from datetime import date, datetime

from sqlmodel import Session, select

from renovation_app.models import (
    OPEN_CHANGE_ORDER_STATUSES,
    ChangeOrder,
    ChangeOrderLine,
    ChangeOrderStatus,
    CustomerLinkKind,
    Estimate,
    Job,
    User,
)
from renovation_app.services import links
from renovation_app.services.billing import business_today, when_display
from renovation_app.services.fields import whole_number
from renovation_app.services.jobs.records import (
    change_order_lines,
    change_orders,
    contract_lines,
    signed_change_orders,
)


def change_order_of(session: Session, job: Job, number: object) -> ChangeOrder | None:
    text = str(number).strip().upper().removeprefix("CO-") if isinstance(number, int | str) else ""
    co_number = whole_number(text, maximum=999_999)
    if co_number is None:
        return None
    return session.exec(
        select(ChangeOrder).where(ChangeOrder.job_id == job.id, ChangeOrder.number == co_number)
    ).first()


def past_its_day(change_order: ChangeOrder, today: date) -> bool:
    """Sent, not answered, and past its sign-by day: its link takes no signature (expired)."""
    return change_order.status in OPEN_CHANGE_ORDER_STATUSES and change_order.valid_until < today


def by_token(session: Session, token: str, now: datetime | None = None) -> ChangeOrder | None:
    """The change order a customer's link opens (services/links); None for any other token."""
    record_id = links.find_record(session, CustomerLinkKind.CHANGE_ORDER, token, now)
    return session.get(ChangeOrder, record_id) if record_id is not None else None


def link_url_of(session: Session, change_order: ChangeOrder) -> str:
    return links.current_link_url(session, CustomerLinkKind.CHANGE_ORDER, change_order.id)


def sent_by(session: Session, change_order: ChangeOrder) -> str:
    """The contractor's side of the signatures: who wrote and sent it for the business, when."""
    author = session.get(User, change_order.author_id)
    name = author.name or author.email if author else "the office"
    return f"{name}, who sent it on {when_display(change_order.created_at)} (New York time)"


def contract_label(session: Session, job: Job) -> str:
    estimate = session.get(Estimate, job.estimate_id) if job.estimate_id else None
    return f"{estimate.number}, signed by {estimate.signer_name}" if estimate else job.number


def removable_lines(session: Session, job: Job) -> dict[str, object]:
    """The work of the contract as amended that a change order may take out, by key: the
    signed contract's lines and the new work of signed change orders, less what a change order
    (signed, or still waiting for its signature before its sign-by day) already takes out."""
    rows: dict[str, object] = {
        f"estimate_line:{line.id}": line for line in contract_lines(session, job)
    }
    for change_order in signed_change_orders(session, job.id):
        for line in change_order_lines(session, change_order.id):
            if line.price_cents > 0 and not line.removes:
                rows[f"change_order_line:{line.id}"] = line
    taken = session.exec(
        select(ChangeOrderLine.removes)
        .join(ChangeOrder, ChangeOrder.id == ChangeOrderLine.change_order_id)
        .where(
            ChangeOrder.job_id == job.id,
            ChangeOrderLine.removes != "",
            (ChangeOrder.status == ChangeOrderStatus.SIGNED)
            | (
                ChangeOrder.status.in_(OPEN_CHANGE_ORDER_STATUSES)
                & (ChangeOrder.valid_until >= business_today())
            ),
        )
    ).all()
    return {key: row for key, row in rows.items() if key not in set(taken)}


def signed_before(session: Session, job: Job, change_order: ChangeOrder) -> list[ChangeOrder]:
    """The change orders of the job signed before this one (in the order they were signed)."""
    signed = [co for co in signed_change_orders(session, job.id) if co.id != change_order.id]
    return sorted(signed, key=lambda co: (co.answered_at, co.id))


__all__ = ["change_order_lines", "change_orders"]
