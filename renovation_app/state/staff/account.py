"""/account: the signed-in person's two-step sign-in (services.staff.two_step)."""

import asyncio

import reflex as rx

from renovation_app.services.errors import ActionRefused
from renovation_app.services.staff import accounts, two_step
from renovation_app.state.staff import StaffState
from renovation_app.state.staff.guard import session_ref


class AccountState(StaffState):
    setup_secret: str = ""
    setup_qr: str = ""
    recovery_codes: list[str] = []
    codes_left: int = 0
    location_consent: bool = False
    error: str = ""

    @rx.event
    async def load(self):
        self.setup_secret, self.setup_qr, self.recovery_codes, self.error = "", "", [], ""
        self.codes_left = await asyncio.to_thread(two_step.recovery_codes_left, self._user_id)
        self.location_consent = await asyncio.to_thread(accounts.location_consent, self._user_id)

    @rx.event
    async def set_location_consent(self, consent: bool):
        await asyncio.to_thread(accounts.set_location_consent, self._user_id, consent is True)
        self.location_consent = await asyncio.to_thread(accounts.location_consent, self._user_id)

    @rx.event
    async def begin_setup(self, form: dict):
        try:
            setup = await asyncio.to_thread(
                two_step.begin_setup, self._user_id, str(form.get("password") or "")
            )
        except ActionRefused as refused:
            self.error = refused.message
            return
        self.setup_secret, self.setup_qr, self.error = setup.secret, setup.qr_svg, ""

    @rx.event
    async def confirm_setup(self, form: dict):
        try:
            codes = await asyncio.to_thread(
                two_step.confirm_setup,
                self._user_id,
                str(form.get("code") or ""),
                session_ref(self),  # this tab's session stays; every other one ends
            )
        except ActionRefused as refused:
            self.error = refused.message
            return None
        self.recovery_codes, self.codes_left = codes, len(codes)
        self.setup_secret, self.setup_qr, self.error = "", "", ""
        self.two_step_on = True
        return rx.toast.success("Two-step sign-in is on.", duration=3000)

    @rx.event
    async def turn_off(self, form: dict):
        try:
            await asyncio.to_thread(two_step.turn_off, self._user_id, str(form.get("code") or ""))
        except ActionRefused as refused:
            self.error = refused.message
            return None
        self.two_step_on, self.recovery_codes, self.codes_left, self.error = False, [], 0, ""
        return rx.toast.success("Two-step sign-in is off.", duration=3000)
