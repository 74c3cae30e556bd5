"""/jobs/<number>/costs: a job's costs for staff: add a purchase (with its receipt, taken with
the phone's camera), a subcontractor's bill or a crew day; pay a bill (which makes its lien
waiver); delete a cost. The browser sends words; the service reads and checks every one."""

import asyncio
import logging
import secrets

import reflex as rx

from renovation_app.services import costs
from renovation_app.services.billing.money import shown
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import whole_number
from renovation_app.state.jobs.detail import whole
from renovation_app.state.record import RecordPage
from renovation_app.state.staff import StaffState

log = logging.getLogger(__name__)
FORM_FIELDS = (
    "category",
    "incurred_on",
    "payee",
    "description",
    "amount",
    "tax",
    "subcontractor_id",
    "due_on",
    "worker_id",
    "hours",
    "paid_how",
)
PAY_FIELDS = ("paid_on", "paid_how", "paid_reference", "funded_by_payment_id")
ID_FIELDS = ("subcontractor_id", "worker_id", "funded_by_payment_id")
RECEIPT_ID = "receipt"  # the upload's id on the page
DEFAULT_CATEGORY = {"purchase": "materials", "sub_bill": "subcontractor", "labour": "labour"}


def _typed(values: dict) -> dict:
    """The form's words as the service reads them: the chosen ids as numbers."""
    return {
        k: (n if k in ID_FIELDS and (n := whole_number(v)) is not None else v)
        for k, v in values.items()
    }


class JobCostsState(RecordPage, StaffState):
    page: dict = {}  # costs.CostsPage in words beside its cents
    kind: str = "purchase"
    form: dict[str, str] = {}
    credit: bool = False
    form_token: str = ""
    editing: int = 0  # the cost whose values the form holds to change it; 0 adds a new one
    reason: str = ""  # an admin's reason for changing a closed job's costs
    deleting: int = 0  # the cost whose deletion waits for a "Yes, delete"
    paying: int = 0  # the sub bill whose payment form is open
    pay: dict[str, str] = {}
    lapse: str = ""  # the lapse the payment must confirm, in the service's words
    lapse_ticked: bool = False
    error: str = ""
    note: str = ""
    working: bool = False
    show_all: bool = False  # every cost listed, not only the newest

    @rx.event
    async def show_every_cost(self):
        self.show_all = True
        await self._show()

    async def _read_record(self, key: str) -> bool:
        self._new_form(self.kind)
        await self._show(key)
        return bool(self.page)

    async def _show(self, number: str = "") -> None:
        """The costs of the job read (`number`), then again of the one the page holds."""
        number = number or self.page.get("number", "")
        if not number:
            return
        view = await asyncio.to_thread(
            costs.get_job_costs, number, self._signed_in_user(), self.show_all
        )
        self.page = shown(view) if view else {}

    def _new_form(self, kind: str) -> None:
        self.kind = kind if kind in DEFAULT_CATEGORY else "purchase"
        # Every field starts as "" (an input bound to a missing key keeps showing old text).
        self.form = {
            **dict.fromkeys(FORM_FIELDS, ""),
            "category": DEFAULT_CATEGORY[self.kind],
            "paid_how": "card",
        }
        self.credit, self.form_token, self.editing = False, secrets.token_urlsafe(16), 0

    @rx.event
    def edit(self, cost_id: int):
        """Put a cost's values in the form to change them (its kind stays)."""
        row = next((r for r in self.page.get("rows", []) if r["id"] == whole(cost_id)), None)
        if row is not None:
            self.kind, self.credit = row["kind"], row["credit"]
            self.form = {**dict.fromkeys(FORM_FIELDS, ""), **row["typed"]}
            self.editing, self.error, self.note = row["id"], "", ""

    @rx.event
    def stop_editing(self):
        self._new_form(self.kind)

    @rx.event
    async def save_changes(self):
        raw = {**_typed(self.form), "credit": self.credit}
        await self._run(
            costs.edit_cost,
            self.editing,
            raw,
            self._signed_in_user(),
            self.reason,
            done="Cost changed.",
        )
        if not self.error:
            self._new_form(self.kind)

    @rx.event
    def choose_kind(self, kind: str):
        self._new_form(str(kind))

    @rx.event
    def set_form(self, name: str, value: str):
        if name in FORM_FIELDS:
            self.form[name] = str(value)[:300]

    @rx.event
    def set_credit(self, ticked: bool):
        self.credit = ticked is True

    @rx.event
    def set_reason(self, text: str):
        self.reason = str(text)[:300]

    async def _run(self, action, *args, done: str = ""):
        """One action on this job's costs; a refusal is shown in words and changes nothing."""
        if self.working or not self.page:
            return None
        self.working, self.error, self.note = True, "", ""
        try:
            result = await asyncio.to_thread(action, self.page["number"], *args)
            self.note = done
        except costs.LapseNeedsConfirming as lapse:
            # A tick confirms the words it was shown next to, never newer ones.
            self.lapse, self.lapse_ticked, self.error, result = lapse.words, False, "", None
        except ActionRefused as refused:
            self.error, result = str(refused), None
        except Exception:
            log.exception("job %s: %s failed", self.page["number"], action.__name__)
            self.error, result = "That did not work. Please try again.", None
        finally:
            self.working = False
        await self._show()
        return result

    async def _add(self, receipt: tuple[bytes, str] | None):
        raw = {**_typed(self.form), "credit": self.credit}
        added = await self._run(
            costs.add_cost,
            self.kind,
            raw,
            self._signed_in_user(),
            receipt,
            self.form_token,
            self.reason,
            done="Cost added.",
        )
        if added is not None:
            self._new_form(self.kind)
        return added

    @rx.event
    async def add(self):
        await self._add(None)

    @rx.event
    async def add_with_receipt(self, files: list[rx.UploadFile]):
        """A purchase with the receipt photographed or chosen (the service checks the file;
        one byte more than the largest receipt is enough to refuse it)."""
        receipt = None
        if files:
            content = await files[0].read(costs.MAX_RECEIPT_BYTES + 1)
            receipt = (content, str(files[0].name or "receipt"))
        if await self._add(receipt) is not None:
            yield rx.clear_selected_files(RECEIPT_ID)  # the next purchase has its own receipt

    @rx.event
    def ask_delete(self, cost_id: int):
        self.deleting = whole(cost_id)

    @rx.event
    def keep(self):
        self.deleting = 0

    @rx.event
    async def delete(self, cost_id: int):
        self.deleting = 0
        await self._run(
            costs.delete_cost,
            whole(cost_id),
            self._signed_in_user(),
            self.reason,
            done="Cost deleted.",
        )

    @rx.event
    def open_pay(self, cost_id: int):
        self.paying, self.lapse, self.lapse_ticked = whole(cost_id), "", False
        self.pay = {**dict.fromkeys(PAY_FIELDS, ""), "paid_how": "check"}
        self.error = ""

    @rx.event
    def close_pay(self):
        self.paying, self.lapse = 0, ""

    @rx.event
    def set_pay(self, name: str, value: str):
        if name in PAY_FIELDS:
            self.pay[name] = str(value)[:100]

    @rx.event
    def set_lapse_ticked(self, ticked: bool):
        self.lapse_ticked = ticked is True

    @rx.event
    async def record_payment(self):
        if not self.paying:
            return  # a second click, after the first paid the bill and closed the form
        raw = _typed(self.pay)
        if self.lapse and self.lapse_ticked:
            raw["lapse_confirmed"] = self.lapse  # the words the service named, confirmed
        waiver = await self._run(
            costs.pay_sub_bill,
            self.paying,
            raw,
            self._signed_in_user(),
            self.reason,
            done="Payment recorded: the lien waiver is ready for the subcontractor to sign.",
        )
        if waiver is not None:
            self.paying, self.lapse = 0, ""
