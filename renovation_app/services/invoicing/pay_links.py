"""The customer's pay link (/pay/<token>): what it shows, when it closes, who looked."""

from datetime import datetime, timedelta
from enum import StrEnum

from sqlalchemy import update
from sqlmodel import Session, select

from renovation_app.content import BUSINESS
from renovation_app.db import db_session
from renovation_app.models import (
    CustomerLinkKind,
    Invoice,
    InvoiceEvent,
    InvoiceEventKind,
    InvoiceStatus,
    utc_now,
)
from renovation_app.services import links, texts
from renovation_app.services.billing import (
    InvoiceView,
    business_day_start,
    business_today,
    customer_view,
    record_event,
    view_of,
)
from renovation_app.services.errors import ActionRefused
from renovation_app.services.mail import About
from renovation_app.services.payments import MoneySummary, payment_summary


class PayLinkState(StrEnum):
    OPEN = "open"  # shows the invoice; takes a card while something is due
    VOID = "void"  # the invoice was cancelled: a page that says so
    EXPIRED = "expired"  # settled long enough ago: a page that says so


def pay_link(token: str, now: datetime | None = None) -> tuple[PayLinkState, InvoiceView] | None:
    """The state of a pay link and the customer's view of its invoice; None for an unknown
    token. It expires a while after the invoice is settled (links.lifetimes)."""
    with db_session() as session:
        opened = links.open_link(session, CustomerLinkKind.PAY, token, now)
        invoice = session.get(Invoice, opened.record_id) if opened is not None else None
        if invoice is None:
            return None
        pay_url = links.link_url(CustomerLinkKind.PAY, token)
        view = customer_view(view_of(session, invoice, pay_url))
        if invoice.status == InvoiceStatus.VOID:
            return PayLinkState.VOID, view
        return (PayLinkState.EXPIRED if opened.ended else PayLinkState.OPEN), view


def invoice_for_pay_token(token: str, now: datetime | None = None) -> InvoiceView | None:
    """The customer's view of the invoice behind an open pay link; None for an unknown token,
    a void invoice or an expired link."""
    found = pay_link(token, now)
    return found[1] if found and found[0] == PayLinkState.OPEN else None


def payable_invoice_id(token: str) -> int:
    """The invoice a payment started from the pay page is for, read from its link again at the
    moment of paying: a link revoked or ended while the page was open takes nothing. A void
    invoice's link still names it: the payment then refuses in the words of a void invoice."""
    found = pay_link(token)
    if found is None or found[0] == PayLinkState.EXPIRED:
        raise ActionRefused(
            f"This pay link no longer works. Please call us at {BUSINESS.phone_display}."
        )
    return found[1].id


def record_view(invoice_id: int, now: datetime | None = None) -> bool:
    """Note that the customer opened the pay page: at most one `viewed` event per New York
    calendar day. Returns True when an event was added."""
    now = now or utc_now()
    day = business_today(now)
    start, end = business_day_start(day), business_day_start(day + timedelta(days=1))
    with db_session() as session:
        # A no-op UPDATE first holds the invoice row, so two views at once add one event.
        held = session.execute(
            update(Invoice)
            .where(Invoice.id == invoice_id)
            .values(status=Invoice.status)
            .execution_options(synchronize_session=False)
        ).rowcount
        if held != 1:
            session.rollback()
            return False
        seen_today = session.exec(
            select(InvoiceEvent.id).where(
                InvoiceEvent.invoice_id == invoice_id,
                InvoiceEvent.kind == InvoiceEventKind.VIEWED,
                InvoiceEvent.at >= start,
                InvoiceEvent.at < end,
            )
        ).first()
        if seen_today is not None:
            session.rollback()
            return False
        record_event(session, invoice_id, "viewed", at=now)
        session.commit()
    return True


def pay_page(token: str) -> tuple[str, InvoiceView | None, MoneySummary]:
    """What the customer's pay page shows (the page and its server-drawn first paint): the
    link's state ("unknown", "open", "void", "expired"), and while it is open the customer's
    view of the invoice and its money."""
    found = pay_link(token)
    if found is None:
        return "unknown", None, MoneySummary()
    state, view = found
    if state != PayLinkState.OPEN:
        return str(state), None, MoneySummary()
    return str(state), view, payment_summary(view.id)


def text_pay_link(
    session: Session, invoice: Invoice, view: InvoiceView, news: str, kind: str
) -> None:
    """The pay link by text after `news` ("invoice 2026-0007 is ready"), to the invoice's
    mobile when it said yes (texts.queue_text checks)."""
    about = (About.INVOICE, invoice.id)
    words = f"{news}. View and pay:"
    texts.text_link(
        session, invoice.customer_phone, words, view.pay_url, kind, about, invoice.customer_id
    )
