"""/settings/quickbooks (admins): the connected company, what our services, tax and payments
are in QuickBooks, and what needs attention. Connecting is a full navigation to
/api/quickbooks/connect (Intuit's consent page); the services check on the server that the
person is an admin with two-step sign-in."""

import asyncio
import dataclasses
import logging

import reflex as rx

from renovation_app.services import quickbooks
from renovation_app.services.billing import when_display
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import whole_number
from renovation_app.settings import settings
from renovation_app.state.staff import StaffState

log = logging.getLogger(__name__)

ONLY_ADMINS = "Only admins see and change the QuickBooks connection."


def _connection(view: quickbooks.ConnectionView) -> dict:
    return {
        "connected": view.connected,
        "company": view.company_name,
        "since": when_display(view.connected_at) if view.connected_at else "",
        "renew_by": f"{view.renew_by:%B %-d, %Y}" if view.renew_by else "",
        "renew_warning": view.renew_warning,
        "problem": view.problem,
    }


def _sync_row(row: quickbooks.SyncView) -> dict:
    return {**dataclasses.asdict(row), "pushed_at": ""}


class QuickBooksState(StaffState):
    configured: bool = False  # QUICKBOOKS_CLIENT_ID and _SECRET are set
    connection: dict = {}
    choices: list[dict] = []  # {what, words, entity, current}
    items: list[dict] = []  # the company's active items {quickbooks_id, name}
    accounts: list[dict] = []
    attention: list[dict] = []  # what QuickBooks refused
    unrecorded: list[dict] = []  # payments recorded there that could not be recorded here
    error: str = ""
    note: str = ""

    @rx.event
    async def load(self):
        self.reset()
        self.configured = settings.quickbooks_on
        if not self.is_admin:
            self.error = ONLY_ADMINS
            return
        if self.router.url.query_parameters.get("connected") == "1":
            self.note = "QuickBooks is connected."
        try:
            await self._read()
        except Exception:
            log.exception("the QuickBooks settings could not be read")
            self.error = "The QuickBooks settings could not be read. Please reload."

    async def _read(self) -> None:
        """Our side, then the company's items and accounts to map to (read from QuickBooks)."""
        if await self._read_ours():
            await self._read_offered()

    async def _read_ours(self) -> bool:
        """The connection, the choices made, what was refused and the payments not recorded;
        True when QuickBooks can be asked for its items and accounts."""
        view = await asyncio.to_thread(quickbooks.connection_view)
        self.connection = _connection(view)
        mapped = await asyncio.to_thread(quickbooks.mappings)
        self.choices = [
            {**dataclasses.asdict(choice), "current": mapped.get(choice.what, "")}
            for choice in quickbooks.mapping_choices()
        ]
        self.attention = [
            _sync_row(r) for r in await asyncio.to_thread(quickbooks.needing_attention)
        ]
        self.unrecorded = [
            dataclasses.asdict(r) for r in await asyncio.to_thread(quickbooks.unrecorded_payments)
        ]
        return view.connected and not view.problem

    async def _read_offered(self) -> None:
        try:
            self.items = [
                dataclasses.asdict(o) for o in await asyncio.to_thread(quickbooks.offered, "Item")
            ]
            self.accounts = [
                dataclasses.asdict(o)
                for o in await asyncio.to_thread(quickbooks.offered, "Account")
            ]
        except Exception:
            log.exception("the company's items and accounts could not be read")
            self.error = "QuickBooks did not answer: its items and accounts are not listed."

    async def _act(self, action, *args, done: str) -> None:
        if not self.is_admin:
            self.error = ONLY_ADMINS
            return
        self.error, self.note = "", ""
        try:
            await asyncio.to_thread(action, self._signed_in_user(), *args)
        except ActionRefused as refused:
            self.error = refused.message
            return
        self.note = done
        # Saving a choice, a retry or disconnecting changes nothing of the company's items and
        # accounts: they are not asked of QuickBooks again.
        await self._read_ours()

    @rx.event
    async def map_to(self, what: str, quickbooks_id: str):
        offered = {o["quickbooks_id"]: o["name"] for o in [*self.items, *self.accounts]}
        chosen = str(quickbooks_id)
        if chosen not in offered:
            self.error = "Please choose an account or item of QuickBooks."
            return
        await self._act(quickbooks.set_mapping, str(what), chosen, offered[chosen], done="Saved.")

    @rx.event
    async def retry(self, sync_id: int):
        row = whole_number(sync_id)
        if row is not None:
            await self._act(quickbooks.retry, row, done="Sent to QuickBooks again.")
            quickbooks.wake_quickbooks_worker()

    @rx.event
    async def disconnect(self):
        await self._act(
            quickbooks.disconnect, done="Disconnected: nothing goes to QuickBooks any more."
        )
