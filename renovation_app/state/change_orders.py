"""/change-order/<token>: the owner's change order, signed out. Signing needs the full name,
the ticked box and, when they like, a signature drawn with a finger; the server signs what it
stored (nothing the browser sends is an amount). The token is read from the address on each
event and kept in no var."""

import asyncio

import reflex as rx

from renovation_app.services import change_orders
from renovation_app.services.errors import ActionRefused
from renovation_app.state.answer import AnswerLinkMixin


class ChangeOrderLinkState(AnswerLinkMixin, rx.State):
    change_order: dict = {}  # change_orders.views.change_order_view
    link_state: str = "open"  # signing.LinkState, or "unknown"
    drawing: str = ""  # the drawn signature's path, "" when none

    async def _read(self) -> None:
        page = await asyncio.to_thread(change_orders.read_link, self._token())
        self.link_state = page.state if page else "unknown"
        self.change_order = page.change_order if page else {}

    async def _read_record(self, key: str) -> bool:
        self._start_answer()
        await asyncio.to_thread(change_orders.record_view, key)
        await self._read()
        return bool(self.change_order) or self.link_state == change_orders.LinkState.ENDED

    @rx.event
    def set_drawing(self, path: str):
        self.drawing = str(path)[: change_orders.DRAWING_MAX]

    @rx.event
    async def sign(self):
        if self.working:
            return
        self.working, self.problem = True, ""
        yield
        await self._answer(
            change_orders.sign, self._token(), self.signer_name, self.agreed, self.drawing,
            self._client_hash, self.change_order.get("document_sha256_shown", ""),
        )  # fmt: skip
        await self._read()

    @rx.event
    async def decline(self):
        if self.working:
            return
        self.working, self.problem = True, ""
        try:
            await asyncio.to_thread(change_orders.decline, self._token(), self.decline_reason)
        except ActionRefused as refused:
            self.problem = str(refused)
        self.working = False
        await self._read()
