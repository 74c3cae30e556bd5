"""/estimate/<token>: the customer's estimate, signed out. The optional lines ticked here are
sent to the server, which computes the totals; "Accept and sign" needs a typed name and the
ticked box. The token is read from the address on each event and kept in no var."""

import asyncio

import reflex as rx

from renovation_app.services import estimates
from renovation_app.services.billing.money import shown
from renovation_app.services.errors import ActionRefused
from renovation_app.state.answer import AnswerLinkMixin


class EstimateLinkState(AnswerLinkMixin, rx.State):
    estimate: dict = {}  # the view in words beside its cents (billing.shown)
    # "open", "accepted", "declined", "expired", "withdrawn", "cancelled", "invoiced", "unknown"
    link_state: str = "open"
    chosen: list[int] = []
    certified: list[str] = []  # the certificates ticked (ST-124, the lead pamphlet's receipt)
    texts_ok: bool = False  # "text me about my job" ticked

    async def _read(self, every_optional_line: bool = False) -> None:
        """The link again, with totals for the lines ticked (every optional one at first)."""
        choice = None if every_optional_line else self.chosen
        answer = await asyncio.to_thread(estimates.read_link, self._token(), choice)
        self.link_state = answer.state.value if answer else "unknown"
        self.estimate = shown(answer.estimate) if answer else {}
        if answer is not None:
            self.chosen = [
                line.id for line in answer.estimate.lines if line.optional and line.included
            ]
            # A tick stays only on a certificate still asked for (an optional capital
            # improvement line taken out takes the ST-124 with it).
            self.certified = [kind for kind in self.certified if kind in self._asked()]

    async def _read_record(self, key: str) -> bool:
        self._start_answer()
        await asyncio.to_thread(estimates.record_view, key)
        await self._read(every_optional_line=True)
        return bool(self.estimate)

    @rx.event
    async def toggle_line(self, line_id: int):
        if line_id in self.chosen:
            self.chosen = [i for i in self.chosen if i != line_id]
        else:
            self.chosen = [*self.chosen, line_id]
        await self._read()

    def _asked(self) -> set[str]:
        """The certificates the estimate shown asks for (estimates.certificates.to_sign)."""
        return {str(c.get("kind")) for c in self.estimate.get("to_sign", [])}

    @rx.var
    def all_certified(self) -> bool:
        """Every certificate the estimate asks for is ticked (the server checks it again)."""
        return self._asked() <= set(self.certified)

    @rx.event
    def set_texts_ok(self, ticked: bool):
        self.texts_ok = ticked is True

    @rx.event
    def tick_certificate(self, kind: str, ticked: bool):
        others = [k for k in self.certified if k != kind]
        self.certified = [*others, kind] if ticked is True and kind in self._asked() else others

    def _signing(self) -> tuple:
        """Accept with the lines chosen and the certificates ticked; the server computes the
        totals again from what it stored."""
        return (
            estimates.accept,
            self._token(),
            self.chosen,
            self.signer_name,
            self.agreed,
            self._client_hash,
            None,  # now
            self.certified,
            self.texts_ok,
        )

    @rx.event
    async def decline(self):
        await self._decline_with(estimates.decline)

    @rx.event
    async def cancel_contract(self):
        if self.working:
            return
        self.working, self.problem = True, ""
        yield
        try:
            problems = await asyncio.to_thread(estimates.cancel_contract, self._token())
            if problems:
                self.problem = "Your contract is cancelled; we will contact you about the deposit."
        except ActionRefused as refused:
            self.problem = str(refused)
        self.working = False
        await self._read()
