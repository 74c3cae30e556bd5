"""The invoice form: live total while typing; "Submit" saves, numbers and e-mails it, "Save
draft" keeps it unnumbered. Opened on a draft (?draft=<id>) or to revise a sent invoice
(?revise=<number>), it starts with what they hold.

Every amount shown or saved is computed on the server from what was typed (the line editor's
state, services/invoicing/form.py for the form's data); the guard (state/guard.py) has checked
the session before any of these handlers runs.
"""

import asyncio
import logging
import secrets
from typing import ClassVar

import reflex as rx

from renovation_app.routes import invoice_path
from renovation_app.services import invoicing
from renovation_app.services.errors import ActionRefused, FormInvalid
from renovation_app.services.fields import whole_number
from renovation_app.services.invoicing.form import (
    STAGE_TEMPLATE,
    STAGES_SHOWN_MAX,
    InvoiceForm,
    StageRow,
    opened,
    restored,
)
from renovation_app.state.billing import LineEditorMixin
from renovation_app.state.customers import CustomerSuggestionsMixin
from renovation_app.state.staff import StaffState

log = logging.getLogger(__name__)

SENDING = "Sending email, please wait..."
SENT = "Email sent successfully!"
FAILED = "Error sending email. Please try again."
FORM_ID = "invoice-form"
TOAST = "invoice-submit"


class InvoiceFormState(LineEditorMixin, CustomerSuggestionsMixin, StaffState):
    field_prefix: ClassVar[str] = "invoice-"
    # What the form's text inputs start with (a draft's or a revised invoice's), by name.
    defaults: dict[str, str] = {}
    stages: list[StageRow] = []
    errors: dict[str, str] = {}
    submitting: bool = False
    # The form's React key: a new one redraws the form from this state. Kept in sessionStorage
    # so a tab given a new state (see `draft`) hydrates with the key it already has and keeps
    # what is typed.
    form_key: str = rx.SessionStorage("0", name="invoice_form_key")
    saved_number: str = ""
    draft_saved: str = ""  # "Draft saved." once saved
    draft_id: int = 0  # the draft being written, 0 for a new invoice
    revising: str = ""  # the number of the sent invoice being revised
    intent: str = "send"  # which button sent the form: "send" or "draft"
    # Sent back with the form: a double click or a resent event carries the same token, and the
    # server saves one invoice per token.
    form_token: str = ""
    # What is typed, also kept in the tab's sessionStorage. Reflex gives a tab that reconnects
    # while its old socket still looks alive (a network drop behind a proxy, a worker that
    # died) a new, empty state (reflex-dev/reflex#6345): the form is then restored from here.
    draft: str = rx.SessionStorage("", name="invoice_draft")

    def _form(self) -> InvoiceForm:
        return InvoiceForm(
            self.form_token,
            self.lines,
            self.stages,
            self.tax_area,
            self.discount,
            self.draft_id,
            self.revising,
            self.defaults,
        )

    def _use(self, form: InvoiceForm) -> None:
        self.form_token, self.lines, self.stages = form.token, form.lines, form.stages
        self.tax_area, self.discount, self.defaults = form.tax_area, form.discount, form.defaults
        self.draft_id, self.revising = form.draft_id, form.revising
        self._lines_changed()

    def _lines_changed(self) -> None:
        self.draft = self._form().to_json()

    def _redraw(self) -> None:
        self.form_key = str((whole_number(self.form_key) or 0) + 1)

    @rx.event
    def set_intent(self, intent: str):
        """Which button is sending the form (its click comes before the submit)."""
        self.intent = "draft" if intent == "draft" else "send"

    @rx.event
    def add_stage(self):
        if len(self.stages) < STAGES_SHOWN_MAX:
            self.stages = [*self.stages, StageRow(label="" if self.stages else "Deposit")]
            self._lines_changed()

    @rx.event
    def use_stage_template(self):
        self.stages = [StageRow(label=label, amount=amount) for label, amount in STAGE_TEMPLATE]
        self._lines_changed()

    @rx.event
    def remove_stage(self, key: str):
        self.stages = [row for row in self.stages if row.key != key]
        self._lines_changed()

    @rx.event
    async def open_form(self):
        """On page load. A reconnect (a phone back from another app, a network drop, a worker
        restart) loads the page again: the form being typed is kept, not cleared. ?draft=<id>
        opens a saved draft, ?revise=<number> a sent invoice to revise."""
        params = self.router.url.query_parameters
        wanted_draft = whole_number(params.get("draft", "")) or 0
        wanted_revision = params.get("revise", "")[:20]
        if (wanted_draft and wanted_draft != self.draft_id) or (
            wanted_revision and wanted_revision != self.revising
        ):
            await self._open_saved(wanted_draft, wanted_revision)
        elif not wanted_draft and not wanted_revision and (self.draft_id or self.revising):
            self.new_form()  # the plain form after editing a draft or revising
        elif not self.form_token:
            # A state that never held a form: the page shows it empty, and anything already
            # typed into it stays (redrawing it could wipe a name typed on a slow phone).
            form = restored(self.draft)
            self._use(form) if form else self._start()

    async def _open_saved(self, draft_id: int, number: str) -> None:
        self.new_form()
        if draft_id:
            saved = await asyncio.to_thread(invoicing.draft_form, draft_id)
            missing = "This draft was sent or deleted: it is no longer here."
        else:
            saved = await asyncio.to_thread(invoicing.revision_form, number)
            missing = f"There is no invoice {number} to revise."
        if saved is None:
            self.errors = {"form": missing}
            return
        self._use(opened(saved, self.form_token, draft_id, "" if draft_id else number))
        self._redraw()

    @rx.event
    def new_form(self):
        """A fresh form (the first time, and after a saved invoice): a new idempotency token.
        The form is redrawn too (a new key), so what the browser shows always matches the
        lines kept here."""
        self._start()
        self._redraw()

    def _start(self) -> None:
        """An empty form with a new idempotency token, nothing shown from before."""
        self.errors, self.draft_saved, self.intent, self.submitting = {}, "", "send", False
        self.suggestions, self.used_customer_id = [], 0
        self._use(InvoiceForm(token=secrets.token_urlsafe(16)))

    @rx.event
    async def submit(self, form_data: dict):
        if self.submitting:  # a second click while the first is saved
            return
        self.submitting, self.errors, self.draft_saved = True, {}, ""
        form = self._form()
        raw = form.posted(form_data)
        if self.intent == "draft" and not self.revising:
            await self._save_draft(raw)
            return
        yield rx.toast.loading(SENDING, id=TOAST)
        token = str(form_data.get("form_token") or "")[:64] or secrets.token_urlsafe(16)
        try:
            if self.revising:
                reason = str(form_data.get("reason") or "")
                view = await asyncio.to_thread(
                    invoicing.revise_invoice, self.revising, raw, reason, self._signed_in_user()
                )
            else:
                invoice = await asyncio.to_thread(
                    invoicing.create_invoice,
                    invoicing.validate_invoice(raw),
                    self._user_id,
                    token,
                    None,
                    "",
                    self.draft_id or None,
                )
        except FormInvalid as invalid:
            self.errors, self.submitting = form.shown_errors(invalid.errors), False
            yield rx.toast.dismiss(TOAST)
            yield rx.toast.error("Please check the highlighted fields.", duration=4000)
            return
        except ActionRefused as refused:
            self.errors, self.submitting = {"form": str(refused)}, False
            yield rx.toast.dismiss(TOAST)
            return
        except Exception:
            log.exception("invoice form: could not save the invoice")
            self.submitting = False
            yield rx.toast.dismiss(TOAST)
            yield rx.toast.error(FAILED, duration=4000)
            return
        yield rx.toast.dismiss(TOAST)
        self.new_form()
        if form.revising:
            yield rx.toast.success(
                f"Invoice {view.number} was revised and e-mailed.", duration=3000
            )
            yield rx.redirect(invoice_path(view.number))
            return
        self.saved_number = invoice.number
        yield rx.toast.success(SENT, duration=2000)

    async def _save_draft(self, raw: dict) -> None:
        """Keep the form as a draft: no number, nothing sent."""
        try:
            draft_id = await asyncio.to_thread(
                invoicing.save_draft,
                raw,
                self._signed_in_user(),
                self.form_token,
                self.draft_id or None,
            )
        except ActionRefused as refused:
            self.errors = {"form": str(refused)}
        except Exception:
            log.exception("invoice form: could not save the draft")
            self.errors = {"form": "The draft could not be saved. Please try again."}
        else:
            self.draft_saved = "Draft saved. It is listed under Drafts on the invoices page."
            # What was saved is what the form starts with when it is drawn again (opening the
            # draft from the list in this tab keeps this state).
            saved = opened(raw, self.form_token, draft_id)
            pairs = [*zip(saved.lines, self.lines, strict=False)]
            for row, shown in [*pairs, *zip(saved.stages, self.stages, strict=False)]:
                row.key = shown.key  # the rows on the page keep their inputs
            self._use(saved)
        self.submitting, self.intent = False, "send"
