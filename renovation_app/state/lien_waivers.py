"""/lien-waiver/<token>: a subcontractor's lien waiver for a payment received, signed out.
Signing needs the full name, the ticked box and, when they like, a drawn signature; the server
signs the waiver it made from the payment (nothing the browser sends is an amount)."""

import asyncio

import reflex as rx

from renovation_app.services import lien_waivers
from renovation_app.state.answer import DrawnSignatureMixin


class LienWaiverLinkState(DrawnSignatureMixin, rx.State):
    waiver: dict = {}  # lien_waivers.views.waiver_view
    signed: bool = False
    ended: bool = False  # the link is past its end: a page that says so

    async def _read(self) -> None:
        page = await asyncio.to_thread(lien_waivers.read_waiver_link, self._token())
        self.signed = bool(page and page.signed)
        self.ended = bool(page and page.ended)
        self.waiver = page.waiver if page else {}

    async def _read_record(self, key: str) -> bool:
        self._start_answer()
        await self._read()
        return bool(self.waiver) or self.ended

    def _signing(self) -> tuple:
        return self._drawn_signing(lien_waivers.sign_waiver, self.waiver)
