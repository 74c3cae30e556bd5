"""Sign-in state: the session token lives in a cookie; the server checks it on every use."""

import asyncio
import logging

import reflex as rx

from renovation_app.services import auth
from renovation_app.settings import settings

log = logging.getLogger(__name__)


class AuthState(rx.State):
    session_token: str = rx.Cookie(
        "",
        name="staff_session",
        path="/",
        max_age=int(auth.ABSOLUTE_TIMEOUT.total_seconds()),
        same_site="strict",
        secure=settings.site_url.startswith("https://"),
    )
    signed_in: bool = False
    user_name: str = ""
    login_error: str = ""
    login_email: str = ""
    logging_in: bool = False

    async def current_user(self) -> auth.SignedInUser | None:
        """The verified user behind this browser's cookie; every protected handler calls this."""
        user = await asyncio.to_thread(auth.user_for_token, self.session_token)
        self.signed_in = user is not None
        self.user_name = user.name if user else ""
        return user

    @rx.event
    async def check_session(self):
        if not await self.current_user() and self.session_token:
            self.session_token = ""  # expired or revoked: forget it

    @rx.event
    async def login(self, form_data: dict):
        email = str(form_data.get("email") or "")
        password = str(form_data.get("password") or "")
        self.login_email = email
        self.login_error = ""
        self.logging_in = True
        yield
        try:
            user = await asyncio.to_thread(auth.authenticate, email, password)
            self.session_token = await asyncio.to_thread(auth.start_session, user.id)
        except (auth.LoginFailed, auth.LockedOut) as refused:
            self.login_error = str(refused)
            yield rx.toast.error("Not Logged in", duration=4000)
            return
        finally:
            self.logging_in = False
        self.signed_in = True
        self.user_name = user.name
        yield rx.toast.success("Logged in successfully", duration=2000)
        yield rx.redirect("/add-invoice")

    @rx.event
    async def sign_out(self):
        try:
            await asyncio.to_thread(auth.revoke_session, self.session_token)
        except Exception:
            log.exception("Error in Signing Out")
            return
        self.session_token = ""
        self.signed_in = False
        self.user_name = ""
        yield rx.redirect("/")
