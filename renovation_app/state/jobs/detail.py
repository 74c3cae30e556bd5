"""/jobs/<number>: one job for staff: bill a stage, move the job along, withdraw a change order
or record one signed on paper. Every action is checked again by the service."""

import asyncio
import logging

import reflex as rx

from renovation_app.routes import invoice_path
from renovation_app.services import change_orders, compliance, costs, jobs, quickbooks
from renovation_app.services.billing.money import shown
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import whole_number
from renovation_app.services.schedule.week import job_days
from renovation_app.state.paper import PaperFormMixin
from renovation_app.state.record import RecordPage
from renovation_app.state.staff import StaffState

log = logging.getLogger(__name__)


def whole(value: object) -> int:
    """A number the page sends (a stage's id, a change order's number); 0 for anything else."""
    return whole_number(value) or 0


class JobDetailState(RecordPage, PaperFormMixin, StaffState):
    job: dict = {}  # JobView in words beside its cents (billing.shown)
    budget: dict = {}  # costs.budget.budget_view in words: the costs card
    days: list[dict] = []  # schedule.week.JobDay: its work days and visits
    duties: dict = {}  # compliance.JobDuties: escrow deadlines, the owner's notice, the lien
    in_quickbooks: dict[str, str] = {}  # the job (a sub-customer) in QuickBooks
    action_error: str = ""
    action_note: str = ""
    working: bool = False
    # What the final invoice's record of lead-safe work misses, in the service's words, and the
    # tick that confirms making the invoice anyway.
    lead_safe_warning: str = ""
    lead_safe_ticked: bool = False

    async def _read_record(self, key: str) -> bool:
        await self._show(key)
        return bool(self.job)

    async def _show(self, number: str) -> None:
        view = await asyncio.to_thread(jobs.get_job, number)
        self.job = shown(view) if view else {}
        budget = await asyncio.to_thread(costs.get_budget, number) if view else None
        self.budget = shown(budget) if budget else {}
        self.days = shown(await asyncio.to_thread(job_days, number)) if view else []
        duties = (
            await asyncio.to_thread(compliance.get_job_duties, number, self._signed_in_user())
            if view
            else None
        )
        self.duties = shown(duties) if duties else {}
        if view is not None:
            self.in_quickbooks = await asyncio.to_thread(
                quickbooks.record_words, quickbooks.SyncKind.JOB, view.id
            )

    async def _act(self, action, *args, done: str = ""):
        """Run one staff action on this job; a refusal is shown in words and changes nothing."""
        if self.working or not self.job:
            return None
        self.working, self.action_error, self.action_note = True, "", ""
        try:
            result = await asyncio.to_thread(action, self.job["number"], *args)
            self.action_note = done
        except jobs.LeadSafeNeedsConfirming as missing:
            # A tick confirms the words it was shown next to, never newer ones.
            self.lead_safe_warning, self.lead_safe_ticked, result = missing.words, False, None
        except ActionRefused as refused:
            self.action_error = str(refused)
            result = None
        except Exception:
            log.exception("job %s: %s failed", self.job["number"], action.__name__)
            self.action_error = "That did not work. Please try again."
            result = None
        finally:
            self.working = False
        await self._show(self.job["number"])
        return result

    @rx.event
    async def bill_stage(self, stage_id: int):
        """Make the stage's invoice (it is e-mailed to the owner) and open it. The final invoice
        waits while its record of lead-safe work misses something, until the warning is ticked."""
        confirmed = self.lead_safe_warning if self.lead_safe_ticked else ""
        invoice = await self._act(
            jobs.bill_stage, whole(stage_id), self._signed_in_user(), None, confirmed
        )
        if invoice is not None:
            self.lead_safe_warning, self.lead_safe_ticked = "", False
            yield rx.redirect(invoice_path(invoice.number))

    @rx.event
    def set_lead_safe_ticked(self, ticked: bool):
        self.lead_safe_ticked = ticked is True

    @rx.event
    async def set_status(self, status: str):
        await self._act(jobs.set_job_status, str(status), self._signed_in_user(), done="Saved.")

    @rx.event
    async def withdraw(self, co_number: int):
        await self._act(
            change_orders.withdraw_change_order,
            f"CO-{whole(co_number)}",
            self._signed_in_user(),
            done=f"CO-{whole(co_number)} withdrawn: its link no longer takes a signature.",
        )

    @rx.event
    def open_paper(self, row: int):
        """The form on one change order, with nothing said of an earlier try."""
        self.paper_for, self.paper_name, self.paper_day = whole(row), "", ""
        self.action_error = ""

    @rx.event
    async def record_paper(self, files: list[rx.UploadFile]):
        """The scan of the page the owner signed (the form's change order: `paper_for`), with
        who signed it and on which day."""
        paper = await self._paper(files, "scan")
        if paper is None:
            self.action_error = "Please choose the scan of the signed page."
            return
        co = self.paper_for
        await self._act(
            change_orders.record_paper_signature,
            f"CO-{co}",
            paper,
            self._signed_in_user(),
            done=f"CO-{co} recorded as signed on paper.",
        )
        if not self.action_error:
            self.paper_for = 0
