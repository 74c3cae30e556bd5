"""/lien-waiver/<token>: a subcontractor's lien waiver for a payment received, signed out.
Signing needs the full name, the ticked box and, when they like, a drawn signature; the server
signs the waiver it made from the payment (nothing the browser sends is an amount)."""

import asyncio

import reflex as rx

from renovation_app.services import lien_waivers
from renovation_app.services.signatures import DRAWING_MAX
from renovation_app.state.answer import AnswerLinkMixin


class LienWaiverLinkState(AnswerLinkMixin, rx.State):
    waiver: dict = {}  # lien_waivers.views.waiver_view
    signed: bool = False
    ended: bool = False  # the link is past its end: a page that says so
    drawing: str = ""

    async def _read(self) -> None:
        page = await asyncio.to_thread(lien_waivers.read_waiver_link, self._token())
        self.signed = bool(page and page.signed)
        self.ended = bool(page and page.ended)
        self.waiver = page.waiver if page else {}

    async def _read_record(self, key: str) -> bool:
        self._start_answer()
        await self._read()
        return bool(self.waiver) or self.ended

    @rx.event
    def set_drawing(self, path: str):
        self.drawing = str(path)[:DRAWING_MAX]

    @rx.event
    async def sign(self):
        if self.working:
            return
        self.working, self.problem = True, ""
        yield
        await self._answer(
            lien_waivers.sign_waiver, self._token(), self.signer_name, self.agreed,
            self.drawing, self._client_hash, self.waiver.get("document_sha256_shown", ""),
        )  # fmt: skip
        await self._read()
