"""Reading invoices for staff: the full view with history and e-mails, and the PDF."""

from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import (
    Invoice,
    InvoiceEvent,
    InvoiceEventKind,
    InvoiceRevision,
    User,
)
from renovation_app.services.billing import (
    InvoiceEventView,
    InvoiceView,
    by_number,
    iso,
    render_invoice_pdf,
    view_of,
    when_display,
)
from renovation_app.services.billing.views import RevisionView
from renovation_app.services.mail import About, emails_about


def staff_view(session: Session, invoice: Invoice) -> InvoiceView:
    names = dict(session.exec(select(User.id, User.name)).all())
    events = tuple(
        InvoiceEventView(
            kind=str(event.kind),
            when=iso(event.at),
            when_display=when_display(event.at),
            who=names.get(event.user_id, "")
            if event.user_id
            else ("Customer" if event.kind == InvoiceEventKind.VIEWED else ""),
            detail=event.detail,
        )
        for event in session.exec(
            select(InvoiceEvent)
            .where(InvoiceEvent.invoice_id == invoice.id)
            .order_by(InvoiceEvent.at, InvoiceEvent.id)
        )
    )
    emails = emails_about(session, About.INVOICE, [invoice.id])
    revisions = tuple(
        RevisionView(
            revision=row.revision,
            reason=row.reason,
            before=row.before,
            after=row.after,
            who=names.get(row.user_id, ""),
            when_display=when_display(row.at),
        )
        for row in session.exec(
            select(InvoiceRevision)
            .where(InvoiceRevision.invoice_id == invoice.id)
            .order_by(InvoiceRevision.revision.desc())
        )
    )
    return view_of(
        session,
        invoice,
        author_name=names.get(invoice.author_id, ""),
        events=events,
        emails=emails,
        revisions=revisions,
    )


def get_invoice(number: str) -> InvoiceView | None:
    """The staff view of an invoice: lines, history and its e-mails with delivery status."""
    with db_session() as session:
        invoice = by_number(session, number)
        view = staff_view(session, invoice) if invoice else None
        session.commit()  # keeps a pay link issued at first need (links.link_token)
    return view


def invoice_pdf(number: str) -> tuple[str, bytes] | None:
    """The file name and PDF of an invoice for staff (a void one is marked VOID); None if
    unknown. The name is the stored number's, never the address's."""
    with db_session() as session:
        invoice = by_number(session, number)
        if invoice is None:
            return None
        view = view_of(session, invoice)
        session.commit()  # keeps a pay link issued at first need (links.link_token)
    return f"invoice-{view.number}.pdf", render_invoice_pdf(view)
