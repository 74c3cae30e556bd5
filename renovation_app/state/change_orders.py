"""/change-order/<token>: the owner's change order, signed out. Signing needs the full name,
the ticked box and, when they like, a signature drawn with a finger; the server signs what it
stored (nothing the browser sends is an amount). The token is read from the address on each
event and kept in no var."""

import asyncio

import reflex as rx

from renovation_app.services import change_orders
from renovation_app.services.errors import ActionRefused
from renovation_app.services.limits import client_address_from_headers, client_fingerprint
from renovation_app.state.payments import path_part


class ChangeOrderLinkState(rx.State):
    change_order: dict = {}  # change_orders.views.change_order_view
    link_state: str = "open"  # signing.LinkState, or "unknown"
    signer_name: str = ""
    drawing: str = ""  # the drawn signature's path, "" when none
    agreed: bool = False
    declining: bool = False
    decline_reason: str = ""
    problem: str = ""
    working: bool = False
    _client_hash: str = ""

    @rx.var
    def can_sign(self) -> bool:
        return len(self.signer_name.strip()) >= 2 and self.agreed and not self.working

    def _token(self) -> str:
        return path_part(self, 1)

    async def _read(self) -> None:
        page = await asyncio.to_thread(change_orders.read_link, self._token())
        self.link_state = page.state if page else "unknown"
        self.change_order = page.change_order if page else {}

    @rx.event
    async def load(self):
        headers = self.router.headers.raw_headers
        self._client_hash = client_fingerprint(
            client_address_from_headers(headers, headers.get("asgi-scope-client", ""))
        )
        self.signer_name, self.drawing, self.agreed, self.problem = "", "", False, ""
        self.working, self.declining, self.decline_reason = False, False, ""
        await asyncio.to_thread(change_orders.record_view, self._token())
        await self._read()

    @rx.event
    def set_signer_name(self, text: str):
        self.signer_name = str(text)[:100]

    @rx.event
    def set_drawing(self, path: str):
        self.drawing = str(path)[: change_orders.DRAWING_MAX]

    @rx.event
    def set_agreed(self, ticked: bool):
        self.agreed = ticked is True

    @rx.event
    async def sign(self):
        if self.working:
            return
        self.working, self.problem = True, ""
        yield
        try:
            await asyncio.to_thread(
                change_orders.sign, self._token(), self.signer_name, self.agreed, self.drawing,
                self._client_hash,
            )  # fmt: skip
        except ActionRefused as refused:
            self.problem = str(refused)
        self.working = False
        await self._read()

    @rx.event
    def show_decline(self):
        self.declining = True

    @rx.event
    def set_decline_reason(self, text: str):
        self.decline_reason = str(text)[:500]

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
