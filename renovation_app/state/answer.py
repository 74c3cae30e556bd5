"""What every page a person answers through a link (an estimate, a change order, a lien
waiver) holds and does: the typed name, the ticked box, a drawing, the decline reason, the
problem shown, the hash of the signer's network address, and the sign and decline handlers. The
token is read from the page's address on each event, never kept."""

import asyncio
import logging

import reflex as rx

from renovation_app.services.errors import ActionRefused
from renovation_app.services.limits import client_address_from_headers, client_fingerprint
from renovation_app.services.signatures import DRAWING_MAX, LinkSigning
from renovation_app.state.payments import path_part
from renovation_app.state.record import RecordPage

log = logging.getLogger(__name__)
FAILED = "Your signature could not be saved. Please try again."
DECLINE_FAILED = "Your answer could not be saved. Please try again."


class AnswerLinkMixin(RecordPage, mixin=True):
    """A link's page: implement `_read` (the link again, after each answer) and `_signing`;
    a link that takes a decline calls `_decline_with` from its `decline` event."""

    signer_name: str = ""
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

    def _start_answer(self) -> None:
        """A fresh page: nothing typed, and the signer's client as the server sees it."""
        headers = self.router.headers.raw_headers
        self._client_hash = client_fingerprint(
            client_address_from_headers(headers, headers.get("asgi-scope-client", ""))
        )
        self.signer_name, self.agreed, self.problem, self.working = "", False, "", False
        self.declining, self.decline_reason = False, ""

    @rx.event
    def set_signer_name(self, text: str):
        self.signer_name = str(text)[:100]

    @rx.event
    def set_agreed(self, ticked: bool):
        self.agreed = ticked is True

    @rx.event
    def show_decline(self):
        self.declining = True

    @rx.event
    def set_decline_reason(self, text: str):
        self.decline_reason = str(text)[:500]

    async def _answer(self, action, *args, failed: str = FAILED) -> None:
        """Run the answer (a signature, a decline) in a thread; a refusal or a failure is shown
        in words. The caller set `working`."""
        try:
            await asyncio.to_thread(action, *args)
        except ActionRefused as refused:
            self.problem = str(refused)
        except Exception:
            log.exception("%s: the answer failed", type(self).__name__)
            self.problem = failed
        finally:
            self.working = False

    async def _read(self) -> None:
        raise NotImplementedError

    def _signing(self) -> tuple:
        """The service that signs, then what it is given."""
        raise NotImplementedError

    @rx.event
    async def sign(self):
        if self.working:
            return
        self.working, self.problem = True, ""
        yield  # the button says "Signing..." while the service works
        await self._answer(*self._signing())
        await self._read()

    async def _decline_with(self, action) -> None:
        """Decline with the reason typed; `action` is the service that declines."""
        if self.working:
            return
        self.working, self.problem = True, ""
        await self._answer(action, self._token(), self.decline_reason, failed=DECLINE_FAILED)
        await self._read()


class DrawnSignatureMixin(AnswerLinkMixin, mixin=True):
    """A link signed with the typed name and, when the signer likes, a drawing (a change order,
    a lien waiver): the server signs the document it stored, the one the page showed."""

    drawing: str = ""  # the drawn signature's path, "" when none

    @rx.event
    def set_drawing(self, path: str):
        self.drawing = str(path)[:DRAWING_MAX]

    def _drawn_signing(self, action, view: dict) -> tuple:
        """`action` with the typed-or-drawn signature of the document `view` showed."""
        given = LinkSigning(
            name=self.signer_name,
            agreed=self.agreed,
            drawing=self.drawing,
            client_hash=self._client_hash,
            seen_sha256=view.get("document_sha256_shown", ""),
        )
        return (action, self._token(), given)
