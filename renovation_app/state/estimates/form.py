"""The estimate form: customer, lines (free text or a catalogue service, quantity, unit,
unit price, optional), deposit, dates and terms; a live total computed here from what is typed.
Opened empty, from an enquiry (?enquiry=<id>: the customer is made or found and filled in) or
on a draft (?edit=<number>)."""

import asyncio
import dataclasses
import secrets
from typing import ClassVar

import reflex as rx

from renovation_app.content.tax import DEFAULT_TAX_AREA
from renovation_app.routes import estimate_path
from renovation_app.services import customers, estimates
from renovation_app.services.billing import form_lines
from renovation_app.services.billing.form_lines import LineDraft
from renovation_app.services.billing.lines import LINES_MAX
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import whole_number
from renovation_app.state.billing import LineEditorMixin
from renovation_app.state.customers import CustomerSuggestionsMixin
from renovation_app.state.staff import SavedFormMixin, StaffState

TERM_FIELDS = (
    "name",
    "email",
    "phone",
    "address",
    "note",
    "deposit_kind",
    "deposit_value",
    "deposit_due_date",
    "valid_until",
    "start_date",
    "completion_date",
    "contingencies",
    "progress_schedule",
    "tax_area",
    "discount",
    "language",
    "year_built",
    "property_type",
)


class EstimateFormState(SavedFormMixin, LineEditorMixin, CustomerSuggestionsMixin, StaffState):
    field_prefix: ClassVar[str] = "estimate-"
    saved_noun: ClassVar[str] = "The estimate"
    defaults: dict[str, str] = {}  # what the inputs start with, by name
    time_of_essence: bool = False
    editing: str = ""  # the draft's number, or "" for a new estimate
    enquiry_id: int = 0

    @rx.event
    async def open_form(self):
        params = self.router.url.query_parameters
        self.errors, self.submitting, self.editing, self.enquiry_id = {}, False, "", 0
        self.suggestions, self.used_customer_id = [], 0
        self.form_token = secrets.token_urlsafe(16)
        self.defaults, self.lines, self.time_of_essence = (
            {"deposit_kind": "none"},
            [LineDraft()],
            False,
        )
        self.tax_area, self.discount = DEFAULT_TAX_AREA, ""
        try:
            if params.get("edit"):
                await self._load_draft(params["edit"])
            elif (enquiry := whole_number(params.get("enquiry", ""))) is not None:
                await self._load_enquiry(enquiry)
        except ActionRefused as refused:
            self.errors = {"form": str(refused)}
        self.form_key += 1

    async def _load_enquiry(self, enquiry_id: int) -> None:
        customer_id = await asyncio.to_thread(customers.customer_for_enquiry, enquiry_id)
        contact = await asyncio.to_thread(customers.contact_of, customer_id)
        self.enquiry_id = enquiry_id
        self.defaults = {**self.defaults, **dataclasses.asdict(contact)}

    async def _load_draft(self, number: str) -> None:
        view = await asyncio.to_thread(estimates.get_estimate, number)
        if view is None or view.status != "draft":
            raise ActionRefused(f"There is no draft {number[:20]} to change.")
        self.editing = view.number
        self.defaults = await asyncio.to_thread(estimates.form_values, view.number)
        self.time_of_essence = view.time_of_essence
        self.tax_area, self.discount = view.tax_area, self.defaults.get("discount", "")
        typed = await asyncio.to_thread(estimates.typed_lines, view.number)
        self.lines = form_lines.drafts_from(typed, LINES_MAX)

    @rx.event
    def set_time_of_essence(self, ticked: bool):
        self.time_of_essence = bool(ticked)

    def _raw(self, form_data: dict) -> dict:
        """What the browser shows (any total it might send is never read)."""
        return {
            **{field: str(form_data.get(field, "") or "") for field in TERM_FIELDS},
            "time_of_essence": self.time_of_essence,
            "lines": form_lines.posted_lines(self.lines, form_data),
        }

    def _saving(self, form_data: dict) -> tuple:
        valid = estimates.validate_estimate(self._raw(form_data))
        user = self._signed_in_user()
        if self.editing:
            return estimates.update_draft, self.editing, valid, user
        enquiry_id = self.enquiry_id or None
        return estimates.create_estimate, valid, user, self.form_token, enquiry_id

    def _saved(self, saved) -> list:
        return [rx.redirect(estimate_path(saved.number))]
