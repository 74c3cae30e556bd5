"""/jobs/<number>/change-order: a change order of the job's contract: lines of new work,
credits, lines of the contract taken out, the reason, the days, how it is paid; the live
change and the new contract value come from the services, as the server will save them.
"Send for signature" saves it and e-mails the owner its link."""

import asyncio
import logging
import secrets
from typing import ClassVar

import reflex as rx

from renovation_app.routes import job_path
from renovation_app.services import change_orders
from renovation_app.services.billing import form_lines, format_usd
from renovation_app.services.billing.form_lines import LineDraft
from renovation_app.services.billing.money import shown
from renovation_app.state.billing import LineEditorMixin
from renovation_app.state.record import RecordPage
from renovation_app.state.staff import SavedFormMixin, StaffState

log = logging.getLogger(__name__)
TERM_FIELDS = ("reason", "days", "payment", "valid_until")


class ChangeOrderFormState(RecordPage, SavedFormMixin, LineEditorMixin, StaffState):
    field_prefix: ClassVar[str] = "change-order-"
    saved_noun: ClassVar[str] = "The change order"
    defaults: dict[str, str] = {"reason": "", "days": "0", "payment": "spread", "valid_until": ""}
    job: dict = {}  # change_orders.FormStart in words beside its cents
    removable: list[dict] = []  # the contract's lines that may be taken out
    take_out: str = ""  # the key picked in "Take out work of the contract"

    async def _read_record(self, key: str) -> bool:
        self.form_token = secrets.token_urlsafe(16)
        self.lines, self.discount = [LineDraft()], ""
        start = await asyncio.to_thread(change_orders.form_start, key)
        self.job = shown(start) if start else {}
        self.removable = start.removable if start else []
        if start is not None:
            self.tax_area = start.tax_area
            if not start.is_open:
                self.errors = {
                    "form": f"Job {start.job_number} is closed: it takes no change order."
                }
        self.form_key += 1
        return start is not None

    @rx.var
    def new_value(self) -> str:
        """The contract value with this change, as typed."""
        if not self.job:
            return ""
        change = form_lines.live_totals(self.lines, "", self.tax_area).total_cents
        return format_usd(self.job["value_cents"] + change)

    @rx.event
    def set_take_out(self, key: str):
        self.take_out = str(key)[:40]

    @rx.event
    def add_take_out(self):
        """A line of the contract taken out: its words and price, which cannot be edited."""
        picked = next((r for r in self.removable if r["key"] == self.take_out), None)
        if picked is None or any(line.removes == picked["key"] for line in self.lines):
            return
        row = form_lines.drafts_from([{**picked["typed"], "removes": picked["key"]}], 1)[0]
        row.description = "Taken out: " + row.description
        kept = [line for line in self.lines if line.description or line.unit_price or line.removes]
        self.lines = [*kept, row]
        self.take_out = ""

    def _raw(self, form_data: dict) -> dict:
        """What the browser shows (any amount it might send for a taken-out line is ignored)."""
        return {
            **{name: str(form_data.get(name, "") or "") for name in TERM_FIELDS},
            "lines": form_lines.posted_lines(self.lines, form_data),
        }

    def _may_submit(self) -> bool:
        return bool(self.job)

    def _saving(self, form_data: dict) -> tuple:
        number, user = self.job["job_number"], self._signed_in_user()
        raw = self._raw(form_data)
        return change_orders.create_change_order, number, raw, user, self.form_token

    def _saved(self, saved) -> list:
        return [
            rx.toast.success("Sent to the owner for signature.", duration=3000),
            rx.redirect(job_path(self.job["job_number"])),
        ]
