"""What every page a customer answers through a link (an estimate, a change order) holds: the
typed name, the ticked box, the decline reason, the problem shown, and the hash of the signer's
network address. The token is read from the page's address on each event, never kept."""

import asyncio
import logging

import reflex as rx

from renovation_app.services.errors import ActionRefused
from renovation_app.services.limits import client_address_from_headers, client_fingerprint
from renovation_app.state.payments import path_part
from renovation_app.state.record import RecordPage

log = logging.getLogger(__name__)
FAILED = "Your signature could not be saved. Please try again."


class AnswerLinkMixin(RecordPage, mixin=True):
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

    async def _answer(self, action, *args) -> None:
        """Run the answer (a signature) in a thread; a refusal or a failure is shown in words.
        The caller set `working` and sent it to the page first."""
        try:
            await asyncio.to_thread(action, *args)
        except ActionRefused as refused:
            self.problem = str(refused)
        except Exception:
            log.exception("%s: the answer failed", type(self).__name__)
            self.problem = FAILED
        finally:
            self.working = False
