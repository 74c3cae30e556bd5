"""/estimates/<number>: one estimate for staff, with sending and a new revision (a signed
contract is billed from its job)."""

import asyncio
import logging

import reflex as rx

from renovation_app.routes import NEW_ESTIMATE
from renovation_app.services import estimates
from renovation_app.services.billing.money import shown
from renovation_app.services.errors import ActionRefused
from renovation_app.state.record import RecordPage
from renovation_app.state.staff import StaffState

log = logging.getLogger(__name__)


class EstimateDetailState(RecordPage, StaffState):
    estimate: dict = {}  # the view in words beside its cents (billing.shown)
    action_error: str = ""
    action_note: str = ""
    working: bool = False

    async def _read_record(self, key: str) -> bool:
        await self._show(key)
        return bool(self.estimate)

    async def _show(self, number: str) -> None:
        view = await asyncio.to_thread(estimates.get_estimate, number)
        self.estimate = shown(view) if view else {}

    async def _act(self, action, *args):
        """Run one staff action; a refusal is shown in words and changes nothing."""
        if self.working or not self.estimate:
            return None
        self.working, self.action_error, self.action_note = True, "", ""
        try:
            return await asyncio.to_thread(
                action, self.estimate["number"], self._signed_in_user(), *args
            )
        except ActionRefused as refused:
            self.action_error = str(refused)
        except Exception:
            log.exception("estimate %s: %s failed", self.estimate["number"], action.__name__)
            self.action_error = "That did not work. Please try again."
        finally:
            self.working = False
        return None

    async def _reload(self) -> None:
        await self._show(self.estimate["number"])

    @rx.event
    async def send(self):
        if await self._act(estimates.send_estimate) is not None:
            await self._reload()
            self.action_note = f"Sent to {self.estimate['customer_email']}."

    @rx.event
    async def revise(self):
        revision = await self._act(estimates.revise_estimate)
        if revision is not None:
            yield rx.redirect(f"{NEW_ESTIMATE.path}?edit={revision.number}")
