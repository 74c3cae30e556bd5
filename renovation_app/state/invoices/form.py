"""The invoice form: live total while typing; "Submit" saves, numbers and e-mails it, "Save
draft" keeps it unnumbered. Opened on a draft (?draft=<id>) or to revise a sent invoice
(?revise=<number>), it starts with what they hold.

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
from renovation_app.content.tax import DEFAULT_TAX_AREA, DEFAULT_TAX_CATEGORY
from renovation_app.routes import invoice_path
from renovation_app.services import invoicing
from renovation_app.services.billing.lines import LINES_MAX
from renovation_app.services.billing.money import PriceInvalid, format_usd, parse_price
from renovation_app.services.billing.quantities import cents_or_zero, typed_line_cents
from renovation_app.services.errors import ActionRefused, FormInvalid
from renovation_app.services.invoicing.validation import ValidLine, discount_tax_cents
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


@dataclass
class StageRow:
    """One row of the payment schedule; the inputs keep what is typed (read on submit)."""

    key: str
    label: str = ""  # what the row starts with
    amount: str = ""
    due_date: str = ""


@dataclass
class FreeLine:
    """A free-text line (not a catalogue service): what is typed, for the live total."""

    key: str
    description: str = ""
    quantity: str = "1"
    unit: str = ""
    unit_price: str = ""
    tax_category: str = DEFAULT_TAX_CATEGORY


# "Deposit and two stages": the common split of a renovation job.
STAGE_TEMPLATE = (("Deposit", "30%"), ("Work under way", "40%"), ("Completion", "30%"))
STAGES_SHOWN_MAX = 12
TEXT_FIELDS = (
    "name", "email", "phone", "address", "note", "due_date", "tax_area", "discount",
)  # fmt: skip
FREE_FIELDS = ("description", "quantity", "unit", "unit_price", "tax_category")
FREE_LINES_MAX = LINES_MAX - len(INVOICE_OPTIONS)


class InvoiceFormState(CustomerSuggestionsMixin, StaffState):
    field_prefix: ClassVar[str] = "invoice-"
    checked: list[str] = []
    prices: dict[str, str] = {}  # unit price per checked service, as typed
    quantities: dict[str, str] = {}
    free_lines: list[FreeLine] = []
    discount: str = ""
    # What the form's inputs start with (a draft's or a revised invoice's), by input name.
    defaults: dict[str, str] = {}
    errors: dict[str, str] = {}
    submitting: bool = False
    # The form's React key: a new one redraws the form empty. Kept in sessionStorage so a tab
    # given a new state (see `draft`) hydrates with the key it already has and keeps what is typed.
    form_key: str = rx.SessionStorage("0", name="invoice_form_key")
    saved_number: str = ""
    draft_saved: str = ""  # "Draft saved." once saved
    draft_id: int = 0  # the draft being written, 0 for a new invoice
    revising: str = ""  # the number of the sent invoice being revised
    intent: str = "send"  # which button sent the form: "send" or "draft"
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

    def _live_lines(self) -> tuple[ValidLine, ...]:
        """The lines as typed, priced as the server saves them (a price that does not read
        counts as $0.00)."""
        rate = self._rate()
        typed = [
            (self.quantities.get(s, ""), self.prices.get(s, ""), self.taxes.get(s, ""))
            for s in self.checked
        ] + [(line.quantity, line.unit_price, line.tax_category) for line in self.free_lines]
        lines = []
        for quantity, price, category in typed:
            amount = typed_line_cents(quantity, price)
            taxed = invoicing.TAX_CATEGORY_BY_SLUG.get(category, None)
            tax = invoicing.line_tax_cents(amount, rate) if taxed and taxed.taxed else 0
            lines.append(ValidLine("", "", "", amount, tax_cents=tax))
        return tuple(lines)

    def _rate(self) -> int:
        area = invoicing.TAX_AREA_BY_SLUG.get(self.tax_area)
        return (area or invoicing.TAX_AREA_BY_SLUG[DEFAULT_TAX_AREA]).rate

    def _sums(self) -> tuple[int, int, int]:
        """(subtotal, discount, tax) as the server computes them."""
        lines = self._live_lines()
        rate = self._rate()
        subtotal = sum(line.price_cents for line in lines)
        discount = min(cents_or_zero(self.discount), max(subtotal, 0))
        tax = sum(line.tax_cents for line in lines) - discount_tax_cents(lines, discount, rate)
        return subtotal, discount, tax

    @rx.var
    def tax_display(self) -> str:
        """The sales tax of the taxed lines ("" when none), computed as the server saves it."""
        tax = self._sums()[2]
        return format_usd(tax) if tax else ""

    @rx.var
    def total_display(self) -> str:
        subtotal, discount, tax = self._sums()
        return format_usd(subtotal - discount + tax)

    @rx.var
    def free_amounts(self) -> dict[str, str]:
        return {
            line.key: format_usd(typed_line_cents(line.quantity, line.unit_price))
            for line in self.free_lines
        }

    @rx.event
    def set_tax(self, slug: str, category: str):
        if slug in invoicing.OPTIONS_BY_SLUG and category in invoicing.TAX_CATEGORY_BY_SLUG:
            self.taxes = {**self.taxes, slug: category}
            self._keep_draft()

    @rx.event
    def set_tax_area(self, area: str):
        if area in invoicing.TAX_AREA_BY_SLUG:
            self.tax_area = area
            self._keep_draft()

    @rx.event
    def set_discount(self, text: str):
        self.discount = str(text)[:40]
        self._keep_draft()

    @rx.event
    def set_intent(self, intent: str):
        """Which button is sending the form (its click comes before the submit)."""
        self.intent = "draft" if intent == "draft" else "send"

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
    def set_quantity(self, slug: str, text: str):
        if slug in invoicing.OPTIONS_BY_SLUG:
            self.quantities = {**self.quantities, slug: text[:20]}
            self._keep_draft()

    @rx.event
    def add_free_line(self):
        if len(self.free_lines) < FREE_LINES_MAX:
            self.free_lines = [*self.free_lines, FreeLine(secrets.token_hex(4))]
            self._keep_draft()

    @rx.event
    def remove_free_line(self, key: str):
        self.free_lines = [line for line in self.free_lines if line.key != key]
        self._keep_draft()

    @rx.event
    def set_free(self, key: str, field: str, text: str):
        if field not in FREE_FIELDS or not isinstance(text, str):
            return
        for line in self.free_lines:
            if line.key == key:
                setattr(line, field, text[:500])
        self.free_lines = list(self.free_lines)
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
                "quantities": self.quantities,
                "taxes": self.taxes,
                "tax_area": self.tax_area,
                "discount": self.discount,
                "free_lines": [dataclasses.asdict(line) for line in self.free_lines],
                "stages": [dataclasses.asdict(row) for row in self.stages],
                "draft_id": self.draft_id,
                "revising": self.revising,
            }
        )

    def _restore_draft(self) -> bool:
        """The tab's own draft back into a new state; False when there is none to restore."""
        try:
            saved = json.loads(self.draft or "{}")
            token = str(saved.get("token") or "")[:64]
            slugs = invoicing.OPTIONS_BY_SLUG

            def by_slug(name: str, limit: int) -> dict[str, str]:
                return {
                    k: str(v)[:limit] for k, v in dict(saved.get(name, {})).items() if k in slugs
                }

            checked = [s for s in saved.get("checked", []) if s in slugs]
            prices, quantities, taxes = (
                by_slug("prices", 40),
                by_slug("quantities", 20),
                by_slug("taxes", 30),
            )
            free_lines = [
                FreeLine(str(row["key"])[:8], *(str(row[f])[:500] for f in FREE_FIELDS))
                for row in saved.get("free_lines", [])[:FREE_LINES_MAX]
            ]
            stages = [
                StageRow(str(row["key"])[:8], str(row["label"])[:100], str(row["amount"])[:40])
                for row in saved.get("stages", [])[:STAGES_SHOWN_MAX]
            ]
            draft_id = int(saved.get("draft_id") or 0)
            revising = str(saved.get("revising") or "")[:20]
        except (ValueError, TypeError, AttributeError, KeyError):
            return False
        if not token:
            return False
        self.form_token, self.checked, self.prices = token, checked, prices
        self.quantities, self.taxes, self.free_lines = quantities, taxes, free_lines
        self.tax_area = str(saved.get("tax_area") or DEFAULT_TAX_AREA)
        self.discount = str(saved.get("discount") or "")[:40]
        self.stages, self.draft_id, self.revising = stages, draft_id, revising
        return True

    @rx.event
    async def open_form(self):
        """On page load. A reconnect (a phone back from another app, a network drop, a worker
        restart) loads the page again: the draft being typed is kept, not cleared. The ticks
        are then read from what the browser shows (the checkboxes keep their own state), so a
        price box is enabled exactly when its line shows ticked. ?draft=<id> opens a saved
        draft, ?revise=<number> a sent invoice to revise."""
        params = self.router.url.query_parameters
        wanted_draft = int(params["draft"]) if params.get("draft", "").isdigit() else 0
        wanted_revision = params.get("revise", "")[:20]
        if (wanted_draft and wanted_draft != self.draft_id) or (
            wanted_revision and wanted_revision != self.revising
        ):
            await self._open_saved(wanted_draft, wanted_revision)
            return
        if not wanted_draft and not wanted_revision and (self.draft_id or self.revising):
            self.new_form()  # the plain form after editing a draft or revising
            return
        if not self.form_token and not self._restore_draft():
            self.new_form()
        return rx.call_script(READ_TICKS_SCRIPT, callback=InvoiceFormState.sync_ticks)

    async def _open_saved(self, draft_id: int, number: str) -> None:
        self.new_form()
        if draft_id:
            form = await asyncio.to_thread(invoicing.draft_form, draft_id)
            if form is None:
                self.errors = {"form": "This draft was sent or deleted: it is no longer here."}
                return
            self.draft_id = draft_id
        else:
            form = await asyncio.to_thread(invoicing.revision_form, number)
            if form is None:
                self.errors = {"form": f"There is no invoice {number} to revise."}
                return
            self.revising = number
        self._fill(form)
        self.form_key = str(int(self.form_key) + 1 if self.form_key.isdigit() else 1)
        self._keep_draft()

    def _fill(self, form: dict) -> None:
        """A draft's or an invoice's fields into the form (it is then redrawn with them)."""
        defaults = {f: str(form.get(f) or "") for f in TEXT_FIELDS}
        self.tax_area = defaults["tax_area"] or DEFAULT_TAX_AREA
        self.discount = defaults["discount"]
        free_lines = []
        for line in form.get("lines") or []:
            line = {f: str(line.get(f) or "") for f in ("service", *FREE_FIELDS)}
            slug = line["service"]
            if slug in invoicing.OPTIONS_BY_SLUG and slug not in self.checked:
                self.checked = [*self.checked, slug]
                self.prices = {**self.prices, slug: line["unit_price"]}
                self.quantities = {**self.quantities, slug: line["quantity"] or "1"}
                self.taxes = {**self.taxes, slug: line["tax_category"] or DEFAULT_TAX_CATEGORY}
                for field in ("description", "unit"):
                    defaults[f"{field}-{slug}"] = line[field]
            elif len(free_lines) < FREE_LINES_MAX:
                free_lines.append(FreeLine(secrets.token_hex(4), *(line[f] for f in FREE_FIELDS)))
        self.free_lines = free_lines
        self.stages = [
            StageRow(
                secrets.token_hex(4),
                *(str(row.get(f) or "") for f in ("label", "amount", "due_date")),
            )
            for row in (form.get("schedule") or [])[:STAGES_SHOWN_MAX]
        ]
        self.defaults = defaults

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
        self.quantities, self.free_lines, self.discount, self.defaults = {}, [], "", {}
        self.taxes, self.tax_area = {}, DEFAULT_TAX_AREA
        self.draft_id, self.revising, self.draft_saved, self.intent = 0, "", "", "send"
        self.submitting, self.suggestions, self.used_customer_id = False, [], 0
        self.form_token = secrets.token_urlsafe(16)
        self.form_key = str(int(self.form_key) + 1 if self.form_key.isdigit() else 1)
        self._keep_draft()

    def _raw(self, form_data: dict) -> tuple[dict, list[str]]:
        """What the browser shows ticked and typed (any total it might send is never read),
        and each line's error key in the form (a service's slug, a free line's row key)."""
        catalogue = [o.slug for o in INVOICE_OPTIONS if form_data.get(f"service-{o.slug}")]
        lines = [
            {
                "service": slug,
                "description": form_data.get(f"description-{slug}", ""),
                "quantity": form_data.get(f"quantity-{slug}", ""),
                "unit": form_data.get(f"unit-{slug}", ""),
                "unit_price": form_data.get(f"price-{slug}", ""),
                "tax_category": form_data.get(f"tax-{slug}", ""),
            }
            for slug in catalogue
        ] + [
            {"service": "", **{f: form_data.get(f"free-{f}-{line.key}", "") for f in FREE_FIELDS}}
            for line in self.free_lines
        ]
        raw = {
            **{k: form_data.get(k, "") for k in TEXT_FIELDS},
            "lines": lines,
            "schedule": [
                {
                    field: form_data.get(f"stage-{field}-{row.key}", "")
                    for field in ("label", "amount", "due_date")
                }
                for row in self.stages
            ],
        }
        return raw, catalogue + [f"free:{line.key}" for line in self.free_lines]

    def _form_errors(self, errors: dict[str, str], line_keys: list[str]) -> dict[str, str]:
        """The service's error keys as the form shows them: a stage's and a free line's under
        its row's key."""
        stage_keys = [row.key for row in self.stages]
        shown = {}
        for key, message in errors.items():
            if key.startswith("stage:"):
                key = f"stage:{stage_keys[int(key[6:])]}"
            elif key.startswith("line:") and key[5:].isdigit():
                key = line_keys[int(key[5:])]
            shown[key] = message
        return shown

    @rx.event
    async def submit(self, form_data: dict):
        if self.submitting:  # a second click while the first is saved
            return
        self.submitting, self.errors, self.draft_saved = True, {}, ""
        raw, line_keys = self._raw(form_data)
        if self.intent == "draft" and not self.revising:
            await self._save_draft(raw)
            return
        yield rx.toast.loading(SENDING, id="invoice-submit")
        token = str(form_data.get("form_token") or "")[:64] or secrets.token_urlsafe(16)
        try:
            if self.revising:
                reason = str(form_data.get("reason") or "")
                view = await asyncio.to_thread(
                    invoicing.revise_invoice, self.revising, raw, reason, self._signed_in_user()
                )
            else:
                valid = invoicing.validate_invoice(raw)
                invoice = await asyncio.to_thread(
                    invoicing.create_invoice,
                    valid,
                    self._user_id,
                    token,
                    None,
                    "",
                    self.draft_id or None,
                )
        except FormInvalid as invalid:
            self.errors = self._form_errors(invalid.errors, line_keys)
            self.submitting = False
            yield rx.toast.dismiss("invoice-submit")
            yield rx.toast.error("Please check the highlighted fields.", duration=4000)
            return
        except ActionRefused as refused:
            self.errors, self.submitting = {"form": str(refused)}, False
            yield rx.toast.dismiss("invoice-submit")
            return
        except Exception:
            log.exception("invoice form: could not save the invoice")
            self.submitting = False
            yield rx.toast.dismiss("invoice-submit")
            yield rx.toast.error(FAILED, duration=4000)
            return
        yield rx.toast.dismiss("invoice-submit")
        if self.revising:
            self.new_form()
            yield rx.toast.success(
                f"Invoice {view.number} was revised and e-mailed.", duration=3000
            )
            yield rx.redirect(invoice_path(view.number))
            return
        self.saved_number = invoice.number
        self.new_form()
        yield rx.toast.success(SENT, duration=2000)

    async def _save_draft(self, raw: dict) -> None:
        """Keep the form as a draft: no number, nothing sent."""
        try:
            self.draft_id = await asyncio.to_thread(
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
            self.checked, self.prices, self.quantities, self.taxes = [], {}, {}, {}
            self._fill(raw)
        self.submitting, self.intent = False, "send"
        self._keep_draft()
