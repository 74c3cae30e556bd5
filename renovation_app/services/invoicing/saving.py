"""Saving an invoice with the year's next number and e-mailing it (also again)."""

from datetime import datetime

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from renovation_app.content import BUSINESS
from renovation_app.db import db_session
from renovation_app.models import (
    CustomerLinkKind,
    Invoice,
    InvoiceLine,
    InvoiceStage,
    InvoiceStatus,
    utc_now,
)
from renovation_app.services import links
from renovation_app.services.billing import (
    InvoiceView,
    business_today,
    by_number,
    format_usd,
    lines_of,
    next_number,
    record_event,
    render_invoice_pdf,
    view_of,
)
from renovation_app.services.billing.lines import line_columns
from renovation_app.services.billing.money import shown
from renovation_app.services.billing.records import stage_rows_of
from renovation_app.services.customers import ContactDetails, customer_for
from renovation_app.services.customers.locations import location_of
from renovation_app.services.delivery import clear_mail_problem
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import form_token_key
from renovation_app.services.invoicing.drafts import take_draft
from renovation_app.services.invoicing.pay_links import text_pay_link
from renovation_app.services.invoicing.queries import staff_view
from renovation_app.services.invoicing.validation import ValidInvoice, invoice_words
from renovation_app.services.languages import invoice_language
from renovation_app.services.mail import (
    About,
    Attachment,
    EmailKind,
    EmailMessage,
    build_email,
    one_line,
    queue_email,
    wake_outbox_worker,
)
from renovation_app.services.quickbooks import queue_invoice_sync
from renovation_app.services.staff import SignedInUser


class IdempotencyConflict(Exception):
    """An API Idempotency-Key used before with another request body."""


def _invoice_email(
    view: InvoiceView, language: str, revised_because: str, documents: tuple[Attachment, ...]
) -> EmailMessage:
    pdf = Attachment(f"invoice-{view.number}.pdf", "application/pdf", render_invoice_pdf(view))
    return build_email(
        EmailKind.INVOICE,
        one_line(view.customer_email),
        reply_to=BUSINESS.email,
        attachments=(pdf, *documents),
        # Each file besides the invoice by what it is: the e-mail says exactly what it carries.
        also_attached=[document.title or document.filename for document in documents],
        language=language,
        invoice=shown(view),
        revised_because=revised_because,
    )


def _text_invoice(session: Session, invoice: Invoice, view: InvoiceView, revised: str) -> None:
    """The pay link by text too, to a mobile that said yes (texts.queue_text checks)."""
    what = "was changed" if revised else "is ready"
    text_pay_link(session, invoice, view, f"invoice {view.number} {what}", EmailKind.INVOICE)


def queue_invoice_email(
    session: Session,
    invoice: Invoice,
    user_id: int | None,
    now: datetime,
    revised_because: str = "",
    view: InvoiceView | None = None,
    documents: tuple[Attachment, ...] = (),
) -> None:
    """The invoice e-mail with its PDF (and `documents`), into the outbox (a revision says why
    it changed; `view`: the invoice's view when the caller has it already), in the language of
    the sale it bills beside English."""
    view = view or view_of(session, invoice)
    language = invoice_language(session, invoice)
    message = _invoice_email(view, language, revised_because, documents)
    queue_email(session, message, about_kind=About.INVOICE, about_id=invoice.id)
    _text_invoice(session, invoice, view, revised_because)
    clear_mail_problem(session, invoice)  # sent again: a new bounce marks it again
    record_event(
        session, invoice.id, "emailed", f"to {invoice.customer_email}", user_id=user_id, at=now
    )


def _by_form_token(session: Session, token: str, author_id: int) -> Invoice | None:
    return session.exec(
        select(Invoice).where(Invoice.form_token == token, Invoice.author_id == author_id)
    ).first()


def _replayed(existing: Invoice, request_hash: str) -> Invoice:
    if existing.request_hash != request_hash:
        raise IdempotencyConflict("This Idempotency-Key was used with another request.")
    return existing


def create_invoice(
    valid: ValidInvoice,
    author_id: int,
    form_token: str,
    now: datetime | None = None,
    request_hash: str = "",
    draft_id: int | None = None,
) -> Invoice:
    """Save the invoice with the year's next number and queue its e-mail, in one transaction.

    `form_token` is a random value the form made when it opened (or the API's Idempotency-Key,
    scoped to the user): a second submit with the same token by the same author (a double
    click, a retried request) returns the first invoice and saves nothing. `request_hash`
    identifies the API request's body: the same token with another body raises
    IdempotencyConflict. `draft_id`: the draft this sends, deleted in the same transaction
    (a draft already sent from another tab is refused).
    """
    now = now or utc_now()
    token = form_token_key(author_id, form_token)
    year = business_today(now).year
    with db_session() as session:
        try:
            # The counter first: from here on a second submit of the same form waits for us.
            number = next_number(session, year)
            existing = _by_form_token(session, token, author_id) if token else None
            if existing is not None:
                session.rollback()  # gives the number back
                return _replayed(_by_form_token(session, token, author_id), request_hash)
            if draft_id:
                try:
                    take_draft(session, draft_id, author_id)
                except ActionRefused:
                    session.rollback()
                    raise
            invoice = _save(session, valid, author_id, token, now, year, number)
            invoice.request_hash = request_hash
            queue_invoice_sync(session, invoice)  # to QuickBooks, when connected
            queue_invoice_email(session, invoice, author_id, now)
            session.commit()
        except IntegrityError:
            # The same form token saved meanwhile under another year's counter (at midnight
            # on New Year's Eve), or another author's token: the first one wins.
            session.rollback()
            existing = _by_form_token(session, token, author_id) if token else None
            if existing is None:
                raise
            return _replayed(existing, request_hash)
    wake_outbox_worker()
    return invoice


def add_invoice(
    session: Session,
    valid: ValidInvoice,
    author_id: int,
    now: datetime,
    estimate_id: int | None = None,
    estimate_part: str = "",
    documents: tuple[Attachment, ...] = (),
) -> Invoice:
    """Save an invoice and queue its e-mail in the caller's transaction (which holds what it
    bills, e.g. an accepted estimate): the year's next number, the customer, the history.
    `documents` go with its PDF (a final invoice's record of lead-safe work)."""
    year = business_today(now).year
    number = next_number(session, year)
    invoice = _save(session, valid, author_id, "", now, year, number)
    invoice.estimate_id, invoice.estimate_part = estimate_id, estimate_part
    session.add(invoice)
    queue_invoice_email(session, invoice, author_id, now, documents=documents)
    return invoice


def fill_invoice(session: Session, invoice: Invoice, valid: ValidInvoice) -> None:
    """The customer, amounts and due date of a checked form onto the invoice (new or revised)."""
    invoice.customer_name, invoice.customer_email = valid.name, valid.email
    invoice.customer_phone, invoice.customer_address = valid.phone, valid.address
    invoice.note, invoice.due_date = valid.note, valid.due_date
    invoice.location = location_of(valid.address)
    invoice.tax_area, invoice.tax_rate, invoice.tax_cents = (
        valid.tax_area,
        valid.tax_rate,
        valid.tax_cents,
    )
    invoice.subtotal_cents, invoice.discount_cents = valid.subtotal_cents, valid.discount_cents
    invoice.total_cents = valid.total_cents
    invoice.customer_id = customer_for(
        session, ContactDetails(valid.name, valid.email, valid.phone, valid.address)
    ).id


def write_lines_and_stages(session: Session, invoice_id: int, valid: ValidInvoice) -> None:
    """The invoice's lines and payment schedule as in the form (replacing any earlier ones)."""
    for old in [*lines_of(session, invoice_id), *stage_rows_of(session, invoice_id)]:
        session.delete(old)
    session.flush()
    taxes = valid.totals.line_tax_cents
    for position, (line, tax) in enumerate(zip(valid.lines, taxes, strict=True), start=1):
        label, description = invoice_words(line)
        columns = {**line_columns(position, line, tax), "description": description}
        session.add(InvoiceLine(invoice_id=invoice_id, label=label, **columns))
    for position, stage in enumerate(valid.schedule, start=1):
        session.add(
            InvoiceStage(
                invoice_id=invoice_id,
                position=position,
                label=stage.label,
                percent_bp=stage.percent_bp,
                amount_cents=stage.amount_cents,
                due_date=stage.due_date,
            )
        )


def _save(
    session: Session,
    valid: ValidInvoice,
    author_id: int,
    token: str,
    now: datetime,
    year: int,
    number: int,
) -> Invoice:
    invoice = Invoice(
        number=f"{year}-{number:04d}",
        year=year,
        status=InvoiceStatus.SENT,
        form_token=token or None,
        created_at=now,
        sent_at=now,
        author_id=author_id,
    )
    fill_invoice(session, invoice, valid)  # the customer, amounts and due date
    session.add(invoice)
    session.flush()  # gives the invoice its id for the lines, events, pay link and e-mail
    links.issue_link(session, CustomerLinkKind.PAY, invoice.id)
    write_lines_and_stages(session, invoice.id, valid)
    stages = f", {len(valid.schedule)} payment stages" if valid.schedule else ""
    record_event(
        session,
        invoice.id,
        "created",
        f"{len(valid.lines)} line(s), total {format_usd(invoice.total_cents)}{stages}",
        user_id=author_id,
        at=now,
    )
    session.flush()
    return invoice


def resend_invoice_email(
    number: str, user: SignedInUser, now: datetime | None = None
) -> InvoiceView:
    """Queue the invoice e-mail (with its PDF) again; refused for a void invoice."""
    now = now or utc_now()
    with db_session() as session:
        invoice = by_number(session, number)
        if invoice is None:
            raise ActionRefused(f"There is no invoice {number}.")
        if invoice.status == InvoiceStatus.VOID:
            raise ActionRefused(f"Invoice {invoice.number} is void: it cannot be sent.")
        queue_invoice_email(session, invoice, user.id, now)
        session.commit()
        view = staff_view(session, invoice)
    wake_outbox_worker()
    return view
