"""The invoice form: live total while typing, then save, number and e-mail on submit.

Every amount shown or saved is computed here on the server from what was typed; the guard
(state/guard.py) has checked the session before any of these handlers runs.
"""

import asyncio
import dataclasses
import json
import logging
import secrets
from dataclasses import dataclass
from typing import ClassVar

import reflex as rx

from renovation_app.content import INVOICE_OPTIONS
from renovation_app.content.tax import DEFAULT_TAX_AREA, REPAIR
from renovation_app.services import invoicing
from renovation_app.services.billing.money import PriceInvalid, format_usd, parse_price
from renovation_app.services.errors import FormInvalid
from renovation_app.state.customers import CustomerSuggestionsMixin
from renovation_app.state.staff import StaffState

log = logging.getLogger(__name__)

SENDING = "Sending email, please wait..."
SENT = "Email sent successfully!"
FAILED = "Error sending email. Please try again."
FORM_ID = "invoice-form"
# What the browser shows ticked, with each ticked line's typed price: {slug: price}.
READ_TICKS_SCRIPT = (
    "Object.fromEntries(Array.from(document.querySelectorAll("
    "'input[type=checkbox][id^=\"service-\"]')).filter((box) => box.checked).map((box) => {"
    "const slug = box.id.slice(8); const price = document.getElementById('price-' + slug);"
    "return [slug, price ? price.value : ''];}))"
)


def price_problem(text: str) -> str:
    """Why a typed price does not count (it then counts as $0.00), or ''."""
    try:
        parse_price(text)
    except PriceInvalid as invalid:
        return str(invalid)
    return ""


def cents_or_zero(text: str) -> int:
    try:
        return parse_price(text)
    except PriceInvalid:
        return 0


@dataclass
class StageRow:
    """One row of the payment schedule; the inputs keep what is typed (read on submit)."""

    key: str
    label: str = ""  # what the row starts with
    amount: str = ""


# "Deposit and two stages": the common split of a renovation job.
STAGE_TEMPLATE = (("Deposit", "30%"), ("Work under way", "40%"), ("Completion", "30%"))
STAGES_SHOWN_MAX = 12


class InvoiceFormState(CustomerSuggestionsMixin, StaffState):
    field_prefix: ClassVar[str] = "invoice-"
    checked: list[str] = []
    prices: dict[str, str] = {}
    errors: dict[str, str] = {}
    submitting: bool = False
    # The form's React key: a new one redraws the form empty. Kept in sessionStorage so a tab
    # given a new state (see `draft`) hydrates with the key it already has and keeps what is typed.
    form_key: str = rx.SessionStorage("0", name="invoice_form_key")
    saved_number: str = ""
    # Sent back with the form: a double click or a resent event carries the same token, and the
    # server saves one invoice per token.
    form_token: str = ""
    # The lines ticked and priced, also kept in the tab's sessionStorage. Reflex gives a tab that
    # reconnects while its old socket still looks alive (a network drop behind a proxy, a worker
    # that died) a new, empty state (reflex-dev/reflex#6345): the draft is then restored from here.
    draft: str = rx.SessionStorage("", name="invoice_draft")
    stages: list[StageRow] = []

    # Sales tax: each checked line's category (capital improvement unless chosen) and the area.
    taxes: dict[str, str] = {}
    tax_area: str = DEFAULT_TAX_AREA

    def _tax_cents(self) -> int:
        rate = invoicing.TAX_AREA_BY_SLUG.get(self.tax_area, invoicing.TAX_AREA_BY_SLUG["nyc"]).rate
        return sum(
            invoicing.line_tax_cents(cents_or_zero(self.prices.get(slug, "")), rate)
            for slug in self.checked
            if self.taxes.get(slug) == REPAIR.slug
        )

    @rx.var
    def tax_display(self) -> str:
        """The sales tax of the taxed lines ("" when none), computed as the server saves it."""
        tax = self._tax_cents()
        return format_usd(tax) if tax else ""

    @rx.var
    def total_display(self) -> str:
        subtotal = sum(cents_or_zero(self.prices.get(s, "")) for s in self.checked)
        return format_usd(subtotal + self._tax_cents())

    @rx.event
    def set_tax(self, slug: str, category: str):
        if slug in invoicing.OPTIONS_BY_SLUG and category in invoicing.TAX_CATEGORY_BY_SLUG:
            self.taxes = {**self.taxes, slug: category}

    @rx.event
    def set_tax_area(self, area: str):
        if area in invoicing.TAX_AREA_BY_SLUG:
            self.tax_area = area

    @rx.var
    def price_notes(self) -> dict[str, str]:
        """Per checked line: the reason its price counts as $0.00."""
        notes = {}
        for slug in self.checked:
            if problem := price_problem(self.prices.get(slug, "")):
                notes[slug] = f"{problem} Counts as $0.00."
        return notes

    @rx.event
    def toggle_line(self, slug: str):
        if slug not in invoicing.OPTIONS_BY_SLUG:
            return
        if slug in self.checked:
            self.checked = [s for s in self.checked if s != slug]
        else:
            self.checked = [*self.checked, slug]
        self._keep_draft()

    @rx.event
    def set_price(self, slug: str, text: str):
        if slug in invoicing.OPTIONS_BY_SLUG:
            self.prices = {**self.prices, slug: text[:40]}
            self._keep_draft()

    @rx.event
    def add_stage(self):
        if len(self.stages) < STAGES_SHOWN_MAX:
            label = "" if self.stages else "Deposit"
            self.stages = [*self.stages, StageRow(secrets.token_hex(4), label)]
            self._keep_draft()

    @rx.event
    def use_stage_template(self):
        self.stages = [StageRow(secrets.token_hex(4), *row) for row in STAGE_TEMPLATE]
        self._keep_draft()

    @rx.event
    def remove_stage(self, key: str):
        self.stages = [row for row in self.stages if row.key != key]
        self._keep_draft()

    def _keep_draft(self) -> None:
        self.draft = json.dumps(
            {
                "token": self.form_token,
                "checked": self.checked,
                "prices": self.prices,
                "stages": [dataclasses.asdict(row) for row in self.stages],
            }
        )

    def _restore_draft(self) -> bool:
        """The tab's own draft back into a new state; False when there is none to restore."""
        try:
            saved = json.loads(self.draft or "{}")
            token = str(saved.get("token") or "")[:64]
            checked = [s for s in saved.get("checked", []) if s in invoicing.OPTIONS_BY_SLUG]
            prices = {
                slug: str(text)[:40]
                for slug, text in dict(saved.get("prices", {})).items()
                if slug in invoicing.OPTIONS_BY_SLUG
            }
            stages = [
                StageRow(str(row["key"])[:8], str(row["label"])[:100], str(row["amount"])[:40])
                for row in saved.get("stages", [])[:STAGES_SHOWN_MAX]
            ]
        except (ValueError, TypeError, AttributeError, KeyError):
            return False
        if not token:
            return False
        self.form_token, self.checked, self.prices = token, checked, prices
        self.stages = stages
        return True

    @rx.event
    def open_form(self):
        """On page load. A reconnect (a phone back from another app, a network drop, a worker
        restart) loads the page again: the draft being typed is kept, not cleared. The ticks
        are then read from what the browser shows (the checkboxes keep their own state), so a
        price box is enabled exactly when its line shows ticked."""
        if not self.form_token and not self._restore_draft():
            self.new_form()
        return rx.call_script(READ_TICKS_SCRIPT, callback=InvoiceFormState.sync_ticks)

    @rx.event
    def sync_ticks(self, shown: dict):
        """What the browser shows ticked and typed becomes this state's."""
        if not isinstance(shown, dict):
            return
        self.checked = [o.slug for o in INVOICE_OPTIONS if o.slug in shown]
        self.prices = {
            **self.prices,
            **{slug: str(shown[slug])[:40] for slug in self.checked},
        }
        self._keep_draft()

    @rx.event
    def new_form(self):
        """A fresh form (the first time, and after a saved invoice): a new idempotency token.
        The form is redrawn too (a new key), so what the browser shows always matches the
        ticks and prices kept here."""
        self.checked, self.prices, self.errors, self.stages = [], {}, {}, []
        self.taxes, self.tax_area = {}, DEFAULT_TAX_AREA
        self.submitting, self.suggestions, self.used_customer_id = False, [], 0
        self.form_token = secrets.token_urlsafe(16)
        self.form_key = str(int(self.form_key) + 1 if self.form_key.isdigit() else 1)
        self._keep_draft()

    @rx.event
    async def submit(self, form_data: dict):
        if self.submitting:  # a second click while the first is saved
            return
        self.submitting = True
        self.errors = {}
        yield rx.toast.loading(SENDING, id="invoice-submit")
        raw = {
            **{
                k: form_data.get(k, "")
                for k in ("name", "email", "phone", "address", "note", "due_date", "tax_area")
            },
            # What the browser shows ticked and typed; any total it might send is never read.
            "lines": [
                {
                    "service": option.slug,
                    "price": form_data.get(f"price-{option.slug}", ""),
                    "description": form_data.get(f"description-{option.slug}", ""),
                    "tax_category": form_data.get(f"tax-{option.slug}", ""),
                }
                for option in INVOICE_OPTIONS
                if form_data.get(f"service-{option.slug}")
            ],
            "schedule": [
                {
                    field: form_data.get(f"stage-{field}-{row.key}", "")
                    for field in ("label", "amount", "due_date")
                }
                for row in self.stages
            ],
        }
        try:
            valid = invoicing.validate_invoice(raw)
            token = str(form_data.get("form_token") or "")[:64] or secrets.token_urlsafe(16)
            invoice = await asyncio.to_thread(invoicing.create_invoice, valid, self._user_id, token)
        except FormInvalid as invalid:
            # A stage's error under its row's key (the form shows it beside the row).
            keys = [row.key for row in self.stages]
            self.errors = {
                (f"stage:{keys[int(k[6:])]}" if k.startswith("stage:") else k): v
                for k, v in invalid.errors.items()
            }
            self.submitting = False
            yield rx.toast.dismiss("invoice-submit")
            yield rx.toast.error("Please check the highlighted fields.", duration=4000)
            return
        except Exception:
            log.exception("invoice form: could not save the invoice")
            self.submitting = False
            yield rx.toast.dismiss("invoice-submit")
            yield rx.toast.error(FAILED, duration=4000)
            return
        self.saved_number = invoice.number
        self.new_form()
        yield rx.toast.dismiss("invoice-submit")
        yield rx.toast.success(SENT, duration=2000)
