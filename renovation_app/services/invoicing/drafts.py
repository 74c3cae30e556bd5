"""Invoice drafts: the form saved as typed, with no number and no e-mail. A draft need not be
valid yet; "Send" checks it, numbers and e-mails the invoice (saving.create_invoice) and deletes
the draft in the same transaction, so a draft is sent once."""

import json
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete
from sqlmodel import Session, select

from renovation_app.db import db_session
from renovation_app.models import InvoiceDraft, Role, User, utc_now
from renovation_app.services import audit
from renovation_app.services.billing import format_usd, when_display
from renovation_app.services.billing.quantities import typed_line_cents
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import form_token_key
from renovation_app.services.staff import SignedInUser

FORM_MAX_BYTES = 64_000  # a full form of 40 lines is about 20 KB
DRAFTS_LISTED = 100


@dataclass(frozen=True)
class DraftRow:
    id: int
    customer_name: str  # "(no name yet)" when none was typed
    total: str  # of the lines as typed, before tax and discount
    updated: str  # "Nov 24, 2026, 9:41 AM"
    author_name: str


GONE = "This draft was sent or deleted meanwhile."


def _check_author(draft: InvoiceDraft, user_id: int | None, is_admin: bool, verb: str) -> None:
    """A draft is its author's until it is sent: only they or an admin change, send or delete
    it (a colleague may open it to read)."""
    if not (is_admin or draft.author_id == user_id):
        raise ActionRefused(f"Only an administrator or the draft's author can {verb} it.")


def take_draft(session: Session, draft_id: int, user_id: int) -> None:
    """Delete the draft being sent, in the sending transaction; refused when it is gone (sent
    or deleted meanwhile) or is a colleague's and the sender no admin. The delete holds its
    row, so a second send of the same draft waits and then finds nothing."""
    draft = session.get(InvoiceDraft, draft_id)
    if draft is None:
        raise ActionRefused(f"{GONE} See the invoices.")
    sender = session.get(User, user_id)
    is_admin = sender is not None and sender.active and sender.role == Role.ADMIN
    _check_author(draft, user_id, is_admin, "send")
    if session.execute(delete(InvoiceDraft).where(InvoiceDraft.id == draft_id)).rowcount == 0:
        raise ActionRefused(f"{GONE} See the invoices.")


def _typed_total(form: dict) -> int:
    """The lines as typed, for the list (billing.quantities.typed_line_cents)."""
    return sum(
        typed_line_cents(str(line.get("quantity") or ""), str(line.get("unit_price") or ""))
        for line in form.get("lines") or []
        if isinstance(line, dict)
    )


def _encoded(form: dict) -> str:
    text = json.dumps(form, ensure_ascii=False, sort_keys=True)
    if len(text.encode()) > FORM_MAX_BYTES:
        raise ActionRefused("This draft is too long to save. Please shorten the descriptions.")
    return text


def save_draft(
    form: dict,
    user: SignedInUser,
    form_token: str,
    draft_id: int | None = None,
    now: datetime | None = None,
) -> int:
    """Save the form as a draft and return its id: a new one, or `draft_id` changed. A second
    save with the same form token (a double click) changes the first draft, not a new one."""
    now = now or utc_now()
    text = _encoded(form)
    name = str(form.get("name") or "").strip()[:100]
    with db_session() as session:
        if draft_id:
            draft = session.get(InvoiceDraft, draft_id)
            if draft is None:
                raise ActionRefused(GONE)
            _check_author(draft, user.id, user.is_admin, "change")
        else:
            token = form_token_key(user.id, form_token, "draft")
            if not token:
                raise ValueError("a draft needs the form's token")
            draft = session.exec(
                select(InvoiceDraft).where(InvoiceDraft.form_token == token)
            ).first() or InvoiceDraft(form_token=token, author_id=user.id, created_at=now)
        draft.form, draft.customer_name = text, name
        draft.total_cents, draft.updated_at = _typed_total(form), now
        session.add(draft)
        session.flush()
        audit.record(
            session,
            "draft.saved",
            user_id=user.id,
            record_kind="draft",
            record_id=draft.id,
            detail=f"{name or '(no name yet)'}, {format_usd(draft.total_cents)}",
        )
        session.commit()
        return draft.id


def draft_form(draft_id: int) -> dict | None:
    """What the draft's form held, or None when there is no such draft."""
    with db_session() as session:
        draft = session.get(InvoiceDraft, draft_id)
        return json.loads(draft.form) if draft else None


def list_drafts() -> list[DraftRow]:
    """The drafts, last changed first."""
    with db_session() as session:
        names = dict(session.exec(select(User.id, User.name)).all())
        drafts = session.exec(
            select(InvoiceDraft).order_by(InvoiceDraft.updated_at.desc()).limit(DRAFTS_LISTED)
        )
        return [
            DraftRow(
                id=draft.id,
                customer_name=draft.customer_name or "(no name yet)",
                total=format_usd(draft.total_cents),
                updated=when_display(draft.updated_at),
                author_name=names.get(draft.author_id, ""),
            )
            for draft in drafts
        ]


def delete_draft(draft_id: int, user: SignedInUser) -> None:
    """Delete a draft (its author or an admin): it was never sent, so nothing else changes."""
    with db_session() as session:
        draft = session.get(InvoiceDraft, draft_id)
        if draft is None:
            raise ActionRefused(GONE)
        _check_author(draft, user.id, user.is_admin, "delete")
        session.delete(draft)
        audit.record(
            session,
            "draft.deleted",
            user_id=user.id,
            record_kind="draft",
            record_id=draft_id,
            detail=draft.customer_name,
        )
        session.commit()
