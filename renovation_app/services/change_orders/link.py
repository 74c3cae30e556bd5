"""Reading a change order for its owner's link and its PDF (the link's and the staff's), and
what the change order form needs of its job."""

from dataclasses import dataclass
from datetime import datetime

from renovation_app.db import db_session
from renovation_app.models import ENDED_JOB_STATUSES, ChangeOrder, CustomerLinkKind, Job, utc_now
from renovation_app.services import links
from renovation_app.services.billing import format_usd
from renovation_app.services.billing.form_lines import typed_from_row
from renovation_app.services.change_orders.pdf import render_change_order_pdf
from renovation_app.services.change_orders.records import (
    by_token,
    change_order_of,
    removable_lines,
    sent_by,
)
from renovation_app.services.change_orders.signing import LinkState, link_state
from renovation_app.services.change_orders.views import change_order_view
from renovation_app.services.jobs.records import job_by_number, signed_change_orders


@dataclass(frozen=True)
class LinkPage:
    state: str  # signing.LinkState
    change_order: dict  # views.change_order_view


def read_link(token: str, now: datetime | None = None) -> LinkPage | None:
    """What the owner's link shows; None for a token that opens no change order."""
    with db_session() as session:
        opened = links.open_link(session, CustomerLinkKind.CHANGE_ORDER, token, now)
        if opened is None:
            return None
        if opened.ended:
            return LinkPage(str(LinkState.ENDED), {})
        change_order = session.get(ChangeOrder, opened.record_id)
        job = session.get(Job, change_order.job_id)
        state = link_state(job, change_order, now or utc_now())
        url = links.link_url(CustomerLinkKind.CHANGE_ORDER, token)
        return LinkPage(str(state), change_order_view(session, job, change_order, url, str(state)))


def change_order_pdf(
    token: str = "", number: str = "", co_number: str = ""
) -> tuple[str, bytes] | None:
    """The file name and PDF by the owner's token, or (for staff) by the job's number and CO-n;
    the name is the stored records', never the address's."""
    with db_session() as session:
        if token:
            change_order = by_token(session, token)
            job = session.get(Job, change_order.job_id) if change_order else None
        else:
            job = job_by_number(session, number)
            change_order = change_order_of(session, job, co_number) if job else None
        if job is None or change_order is None:
            return None
        view = change_order_view(session, job, change_order)
        name = f"change-order-{job.number}-CO-{change_order.number}.pdf"
        return name, render_change_order_pdf(view, sent_by(session, change_order))


@dataclass(frozen=True)
class FormStart:
    """What the change order form needs of its job."""

    job_number: str
    title: str
    customer_name: str
    address: str
    value_cents: int  # the contract value now (signed change orders in)
    tax_area: str
    is_open: bool
    # The lines the change order may take out: key, words, and the line as the editor types it.
    removable: list[dict]


def form_start(number: str) -> FormStart | None:
    with db_session() as session:
        job = job_by_number(session, number)
        if job is None:
            return None
        signed = signed_change_orders(session, job.id)
        removable = [
            {
                "key": key,
                "words": f"{row.description} ({format_usd(row.price_cents)})",
                "typed": typed_from_row(row),
            }
            for key, row in removable_lines(session, job).items()
        ]
        return FormStart(
            job_number=job.number,
            title=job.title,
            customer_name=job.customer_name,
            address=job.address,
            value_cents=job.contract_cents + sum(co.total_cents for co in signed),
            tax_area=job.tax_area,
            is_open=job.status not in ENDED_JOB_STATUSES,
            removable=removable,
        )
