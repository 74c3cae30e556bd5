"""/change-order/<token>: the owner's change order, signed out. Signing needs the full name,
the ticked box and, when they like, a signature drawn with a finger; the server signs what it
stored (nothing the browser sends is an amount). The token is read from the address on each
event and kept in no var."""

import asyncio

import reflex as rx

from renovation_app.services import change_orders
from renovation_app.state.answer import DrawnSignatureMixin


class ChangeOrderLinkState(DrawnSignatureMixin, rx.State):
    change_order: dict = {}  # change_orders.views.change_order_view
    link_state: str = "open"  # signing.LinkState, or "unknown"

    async def _read(self) -> None:
        page = await asyncio.to_thread(change_orders.read_link, self._token())
        self.link_state = page.state if page else "unknown"
        self.change_order = page.change_order if page else {}

    async def _read_record(self, key: str) -> bool:
        self._start_answer()
        await asyncio.to_thread(change_orders.record_view, key)
        await self._read()
        return bool(self.change_order) or self.link_state == change_orders.LinkState.ENDED

    def _signing(self) -> tuple:
        return self._drawn_signing(change_orders.sign, self.change_order)

    @rx.event
    async def decline(self):
        await self._decline_with(change_orders.decline)
