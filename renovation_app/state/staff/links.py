"""The pages of the one-time links and "Forgot password?": who a link is for, and the answers
of the HTTP routes the forms post to (api/staff_links.py sets the session cookie)."""

import asyncio

import reflex as rx

from renovation_app.models import LinkKind
from renovation_app.services.staff import accounts
from renovation_app.state.payments import path_part

# assets/site.js posts the form's named fields as JSON and hands the answer back.
POST_SCRIPT = "window.renovation.postForm(document.getElementById('{form}'), '{url}')"


class LinkPageState(rx.State):
    link_email: str = ""
    token: str = ""
    sending: bool = False
    error: str = ""
    message: str = ""

    async def _open(self, kind: LinkKind) -> None:
        self.token = path_part(self, 1)[:100]
        self.link_email = await asyncio.to_thread(accounts.link_email, kind, self.token)
        self.sending, self.error, self.message = False, "", ""

    @rx.event
    async def open_invitation(self):
        await self._open(LinkKind.INVITATION)

    @rx.event
    async def open_reset(self):
        await self._open(LinkKind.PASSWORD_RESET)

    @rx.event
    def open_forgot(self):
        self.sending, self.error, self.message = False, "", ""

    @rx.event
    def start(self):
        self.sending, self.error = True, ""

    @rx.event
    def answered(self, result: dict):
        """The route's JSON answer; a welcome that worked has already navigated away."""
        self.sending = False
        if result.get("ok"):
            self.message = str(result.get("message") or "")[:300]
            self.error = ""
        else:
            self.error = str(result.get("error") or "Something went wrong. Please try again.")[:300]
