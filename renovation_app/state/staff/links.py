"""The pages of the one-time links and "Forgot password?": who a link is for, and the answers
of the HTTP routes the forms post to (api/staff_links.py sets the session cookie)."""

import asyncio
from typing import ClassVar

import reflex as rx

from renovation_app.models import LinkKind
from renovation_app.routes import WELCOME
from renovation_app.services.staff import accounts
from renovation_app.state.record import RecordPage

# assets/site.js posts the form's named fields as JSON and hands the answer back.
POST_SCRIPT = "window.renovation.postForm(document.getElementById('{form}'), '{url}')"


class LinkPageState(RecordPage, rx.State):
    """An invitation's or a password reset's page (the record is the link), and "Forgot
    password?" (no record: it opens with `open_forgot`)."""

    opening_handlers: ClassVar[tuple[str, ...]] = ("load", "open_forgot")
    link_email: str = ""  # "" when the link is used, withdrawn or expired
    token: str = ""
    sending: bool = False
    error: str = ""
    message: str = ""

    async def _read_record(self, key: str) -> bool:
        """A link that no longer works is shown too: its page says what to do instead."""
        kind = (
            LinkKind.INVITATION
            if self.router.url.path.startswith(WELCOME.path.split("[")[0])
            else LinkKind.PASSWORD_RESET
        )
        self.token = key[:100]
        self.link_email = await asyncio.to_thread(accounts.link_email, kind, self.token)
        return True

    @rx.event
    def open_forgot(self):
        self.reset()
        # A page of no record holds its own address: its form's events pass the record guard.
        self.record_path = self.router.url.path

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
