"""Writing a change order on a job and sending it for the owner's signature; withdrawing one
the owner has not signed."""

import hashlib
from datetime import datetime

from sqlalchemy import func
from sqlmodel import select

from renovation_app.db import db_session
from renovation_app.models import (
    OPEN_CHANGE_ORDER_STATUSES,
    ChangeOrder,
    ChangeOrderLine,
    ChangeOrderStatus,
    CustomerLinkKind,
    utc_now,
)
from renovation_app.services import links
from renovation_app.services.billing import business_today, format_usd
from renovation_app.services.billing.lines import line_columns
from renovation_app.services.change_orders.document import label
from renovation_app.services.change_orders.mail import queue_change_order_email
from renovation_app.services.change_orders.records import change_order_of, removable_lines
from renovation_app.services.change_orders.validation import validate_change_order
from renovation_app.services.errors import ActionRefused
from renovation_app.services.jobs.records import open_job, record_job_event
from renovation_app.services.mail import wake_outbox_worker
from renovation_app.services.staff import SignedInUser
from renovation_app.services.words import noun_for


def _token_hash(user: SignedInUser, form_token: str) -> str | None:
    return hashlib.sha256(f"{user.id}:{form_token}".encode()).hexdigest() if form_token else None


def create_change_order(
    number: str, raw: dict, user: SignedInUser, form_token: str = "", now: datetime | None = None
) -> ChangeOrder:
    """Number the change order on its job, save it and e-mail the owner its link. A second
    click (the same form token) finds the first one; the job must not be closed or cancelled."""
    now = now or utc_now()
    with db_session() as session:
        job = open_job(session, number)
        token_hash = _token_hash(user, form_token)
        if token_hash and (
            same := session.exec(
                select(ChangeOrder).where(ChangeOrder.form_token == token_hash)
            ).first()
        ):
            return same
        # Checked under the job's lock: a line another change order just took out is refused.
        valid = validate_change_order(
            raw, removable_lines(session, job), job.tax_rate, business_today(now)
        )
        last = session.exec(
            select(func.max(ChangeOrder.number)).where(ChangeOrder.job_id == job.id)
        ).one()
        totals = valid.totals
        change_order = ChangeOrder(
            job_id=job.id,
            number=(last or 0) + 1,
            reason=valid.reason,
            days=valid.days,
            payment=valid.payment,
            subtotal_cents=totals.subtotal_cents,
            tax_cents=totals.tax_cents,
            total_cents=totals.total_cents,
            valid_until=valid.valid_until,
            form_token=token_hash,
            author_id=user.id,
            created_at=now,
        )
        session.add(change_order)
        session.flush()
        for position, (line, removes) in enumerate(zip(valid.lines, valid.removes, strict=True)):
            columns = line_columns(position, line, totals.line_tax_cents[position])
            session.add(
                ChangeOrderLine(**columns, change_order_id=change_order.id, removes=removes)
            )
        links.issue_link(session, CustomerLinkKind.CHANGE_ORDER, change_order.id)
        session.flush()
        queue_change_order_email(session, job, change_order)
        record_job_event(
            session,
            job,
            "change_order_sent",
            f"CO-{change_order.number}, {format_usd(change_order.total_cents)}, "
            f"{change_order.days:+d} {noun_for(change_order.days, 'day')}: sent to {job.customer_email}",
            user.id,
        )
        session.commit()
        session.refresh(change_order)
    wake_outbox_worker()
    return change_order


def withdraw_change_order(
    number: str, co_number: str, user: SignedInUser, now: datetime | None = None
) -> None:
    """Take back a change order the owner has not signed: its link then shows it withdrawn."""
    now = now or utc_now()
    with db_session() as session:
        job = open_job(session, number)
        change_order = change_order_of(session, job, co_number)
        if change_order is None:
            raise ActionRefused("There is no such change order on this job.")
        if change_order.status not in OPEN_CHANGE_ORDER_STATUSES:
            raise ActionRefused(
                f"{label(job, change_order)} is {change_order.status}: it cannot be withdrawn."
            )
        change_order.status, change_order.answered_at = ChangeOrderStatus.WITHDRAWN, now
        session.add(change_order)
        record_job_event(
            session, job, "change_order_withdrawn", f"CO-{change_order.number}", user.id
        )
        session.commit()
