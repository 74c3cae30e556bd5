"""Signing in and out from the pages. The session cookie itself is set and cleared by
api/session.py on HTTP responses (HttpOnly); these handlers only drive the form and the
sign-out screen."""

import asyncio
import logging

import reflex as rx

from renovation_app.services.staff import auth, google, sessions
from renovation_app.state.staff.guard import forget_staff_data, session_ref

log = logging.getLogger(__name__)

NOT_LOGGED_IN = "Not Logged in"
# assets/site.js: POST /api/session with the form's fields; navigates on success.
SIGN_IN_SCRIPT = "window.renovation.signIn(document.getElementById('login-form'))"
SIGN_OUT_SCRIPT = "window.renovation.signOut()"


class AuthState(rx.State):
    login_error: str = ""
    logging_in: bool = False
    # The password was right (or Google said yes): the form asks for the two-step code; after
    # Google (?step=code) only the code.
    code_needed: bool = False
    code_only: bool = False
    google_on: bool = False

    @rx.event
    def reset_login(self):
        """A fresh login form on each load of a page that can show it: a sign-in that navigated
        away must not leave this tab's button reading 'Signing in...'. A Google refusal comes
        back as ?google=<reason> (a known key, never text from the address bar)."""
        query = self.router.url.query_parameters
        self.logging_in = False
        self.code_only = self.code_needed = query.get("step") == "code"
        self.login_error = google.refusal_message(str(query.get("google", "")))
        self.google_on = google.google_enabled()

    @rx.event
    def start_login(self):
        self.login_error = ""
        self.logging_in = True

    @rx.event
    def login_finished(self, result: dict):
        """The answer of POST /api/session, for a failed sign-in (a success navigates away)."""
        if result.get("ok"):
            return None
        self.logging_in = False
        if result.get("code_needed"):
            # Not a failure: the password was right, the form now asks for the code.
            self.code_needed, self.login_error = True, ""
            return None
        self.login_error = str(result.get("error") or auth.LOGIN_FAILED_MESSAGE)[:200]
        return rx.toast.error(NOT_LOGGED_IN, duration=4000)

    @rx.event
    async def sign_out(self):
        """/signout: end the session, forget every staff state, clear the cookie, go home."""
        try:
            await asyncio.to_thread(sessions.revoke_session_hash, session_ref(self))
            await forget_staff_data(self)
        except Exception:
            log.exception("Error in Signing Out")
            return
        yield rx.call_script(SIGN_OUT_SCRIPT)
