"""The estimate form: customer, lines (free text or a catalogue service, quantity, unit,
unit price, optional), deposit, dates and terms; a live total computed here from what is typed.
Opened empty, from an enquiry (?enquiry=<id>: the customer is made or found and filled in) or
on a draft (?edit=<number>)."""

import asyncio
import dataclasses
import logging
import secrets
from dataclasses import dataclass
from typing import ClassVar

import reflex as rx

from renovation_app.routes import estimate_path
from renovation_app.services import customers, estimates
from renovation_app.services.billing import format_usd
from renovation_app.services.billing.lines import LINES_MAX
from renovation_app.services.billing.quantities import typed_line_cents
from renovation_app.services.errors import ActionRefused, FormInvalid
from renovation_app.state.customers import CustomerSuggestionsMixin
from renovation_app.state.staff import StaffState

log = logging.getLogger(__name__)

LINE_FIELDS = ("service", "description", "quantity", "unit", "unit_price")
TERM_FIELDS = (
    "name", "email", "phone", "address", "note", "discount", "deposit_kind", "deposit_value",
    "deposit_due_date", "valid_until", "start_date", "completion_date", "contingencies",
    "progress_schedule",
)  # fmt: skip


@dataclass
class LineDraft:
    key: str
    service: str = ""  # a catalogue slug, or "" for free text
    description: str = ""
    quantity: str = "1"
    unit: str = ""
    unit_price: str = ""
    optional: bool = False


def _amount(line: LineDraft) -> int:
    return typed_line_cents(line.quantity, line.unit_price)


def _new_line() -> LineDraft:
    return LineDraft(key=secrets.token_hex(4))


class EstimateFormState(CustomerSuggestionsMixin, StaffState):
    field_prefix: ClassVar[str] = "estimate-"
    lines: list[LineDraft] = []
    values: dict[str, str] = {}
    time_of_essence: bool = False
    errors: dict[str, str] = {}
    submitting: bool = False
    form_key: int = 0  # a new value redraws the form with `values`
    form_token: str = ""
    editing: str = ""  # the draft's number, or "" for a new estimate
    enquiry_id: int = 0

    @rx.var
    def total_display(self) -> str:
        return format_usd(sum(_amount(line) for line in self.lines if not line.optional))

    @rx.var
    def optional_display(self) -> str:
        return format_usd(sum(_amount(line) for line in self.lines if line.optional))

    @rx.var
    def amounts(self) -> dict[str, str]:
        return {line.key: format_usd(_amount(line)) for line in self.lines}

    @rx.event
    async def open_form(self):
        params = self.router.url.query_parameters
        self.errors, self.submitting, self.editing, self.enquiry_id = {}, False, "", 0
        self.suggestions, self.used_customer_id = [], 0
        self.form_token = secrets.token_urlsafe(16)
        self.values, self.lines, self.time_of_essence = (
            {"deposit_kind": "none"},
            [_new_line()],
            False,
        )
        try:
            if params.get("edit"):
                await self._load_draft(params["edit"])
            elif params.get("enquiry", "").isdigit():
                await self._load_enquiry(int(params["enquiry"]))
        except ActionRefused as refused:
            self.errors = {"form": str(refused)}
        self.form_key += 1

    async def _load_enquiry(self, enquiry_id: int) -> None:
        customer_id = await asyncio.to_thread(customers.customer_for_enquiry, enquiry_id)
        contact = await asyncio.to_thread(customers.contact_of, customer_id)
        self.enquiry_id = enquiry_id
        self.values = {**self.values, **dataclasses.asdict(contact)}

    async def _load_draft(self, number: str) -> None:
        view = await asyncio.to_thread(estimates.get_estimate, number)
        if view is None or view.status != "draft":
            raise ActionRefused(f"There is no draft {number[:20]} to change.")
        self.editing = view.number
        self.values = await asyncio.to_thread(estimates.form_values, view.number)
        self.time_of_essence = view.time_of_essence
        self.lines = [
            LineDraft(
                secrets.token_hex(4),
                line.service,
                line.description,
                line.quantity,
                line.unit,
                line.unit_price.removeprefix("$"),
                line.optional,
            )  # fmt: skip
            for line in view.lines
        ]

    @rx.event
    def add_line(self):
        if len(self.lines) < LINES_MAX:
            self.lines = [*self.lines, _new_line()]

    @rx.event
    def remove_line(self, key: str):
        if len(self.lines) > 1:
            self.lines = [line for line in self.lines if line.key != key]

    @rx.event
    def set_line(self, key: str, field: str, text: str):
        if field not in LINE_FIELDS or not isinstance(text, str):
            return
        for line in self.lines:
            if line.key == key:
                setattr(line, field, text[:500])
        self.lines = list(self.lines)

    @rx.event
    def set_optional(self, key: str, ticked: bool):
        for line in self.lines:
            if line.key == key:
                line.optional = bool(ticked)
        self.lines = list(self.lines)

    @rx.event
    def set_time_of_essence(self, ticked: bool):
        self.time_of_essence = bool(ticked)

    def _raw(self, form_data: dict) -> dict:
        """What the browser shows (any total it might send is never read)."""
        return {
            **{field: str(form_data.get(field, "") or "") for field in TERM_FIELDS},
            "time_of_essence": self.time_of_essence,
            "lines": [
                {
                    **{f: form_data.get(f"{f}-{line.key}", "") for f in LINE_FIELDS},
                    "optional": line.optional,
                }
                for line in self.lines
            ],
        }

    @rx.event
    async def submit(self, form_data: dict):
        if self.submitting:
            return
        self.submitting, self.errors = True, {}
        yield
        try:
            valid = estimates.validate_estimate(self._raw(form_data))
            if self.editing:
                saved = await asyncio.to_thread(
                    estimates.update_draft, self.editing, valid, self._signed_in_user()
                )
            else:
                saved = await asyncio.to_thread(
                    estimates.create_estimate, valid, self._signed_in_user(), self.form_token,
                    self.enquiry_id or None,
                )  # fmt: skip
        except FormInvalid as invalid:
            self.errors, self.submitting = invalid.errors, False
            yield rx.toast.error("Please check the highlighted fields.", duration=4000)
            return
        except ActionRefused as refused:
            self.errors, self.submitting = {"form": str(refused)}, False
            return
        except Exception:
            log.exception("estimate form: could not save")
            self.errors = {"form": "The estimate could not be saved. Please try again."}
            self.submitting = False
            return
        self.submitting = False
        yield rx.redirect(estimate_path(saved.number))
