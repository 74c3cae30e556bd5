"""/staff (admins): the accounts, invitations, roles, deactivation and calendar feeds
(services.staff.accounts, which checks on the server that the person is an admin with two-step
sign-in)."""

import asyncio
import dataclasses
from collections.abc import Callable

import reflex as rx

from renovation_app.models import Role
from renovation_app.services.billing.form_lines import price_typed
from renovation_app.services.errors import ActionRefused
from renovation_app.services.fields import whole_number
from renovation_app.services.staff import accounts
from renovation_app.state.staff import StaffState


def _when(moment) -> str:
    return moment.strftime("%b %d, %Y %H:%M UTC") if moment else "never"


def invitation_row(invitation: accounts.Invitation) -> dict:
    """An open invitation as its row on /staff, with its e-mail's delivery (bounced ...)."""
    return {
        "id": invitation.id,
        "email": invitation.email,
        "role": invitation.role,
        "expires": _when(invitation.expires_at),
        "delivery": invitation.delivery,
    }


class StaffAccountsState(StaffState):
    members: list[dict] = []
    invitations: list[dict] = []
    invite_email: str = ""
    invite_role: str = Role.STAFF.value
    action_code: str = ""
    error: str = ""

    async def _show(self) -> None:
        members, invitations = await asyncio.to_thread(accounts.staff_overview)
        self.members = [
            {
                **dataclasses.asdict(m),
                "last_sign_in": _when(m.last_sign_in_at),
                "me": m.id == self._user_id,
                "hourly_cost": price_typed(m.hourly_cost_cents),
                "feed": _when(m.feed_since) if m.feed_since else "",
            }
            for m in members
        ]
        self.invitations = [invitation_row(i) for i in invitations]

    @rx.event
    async def load(self):
        self.error = ""
        if not self.is_admin:
            self.members, self.invitations = [], []
            return
        await self._show()

    async def _do(self, action: Callable, *args, done: str, needs_code: bool = True):
        """Run a change; each one that gives or takes access spends a fresh two-step code."""
        code, self.action_code = self.action_code, ""
        try:
            await asyncio.to_thread(
                action, self._signed_in_user(), *args, *((code,) if needs_code else ())
            )
        except ActionRefused as refused:
            self.error = refused.message
            return None
        self.error = ""
        await self._show()
        return rx.toast.success(done, duration=3000)

    @rx.event
    def set_action_code(self, value: str):
        self.action_code = value[:20]

    @rx.event
    def set_invite_email(self, value: str):
        self.invite_email = value[:254]

    @rx.event
    def set_invite_role(self, value: str):
        self.invite_role = value if value in (Role.STAFF, Role.ADMIN) else Role.STAFF.value

    @rx.event
    async def invite(self):
        email = self.invite_email
        toast = await self._do(
            accounts.invite, email, self.invite_role, done=f"Invitation sent to {email}."
        )
        if toast is not None:
            self.invite_email = ""
        return toast

    @rx.event
    async def resend(self, link_id: int):
        return await self._do(
            accounts.resend_invitation, whole_number(link_id) or 0, done="A new link is on its way."
        )

    @rx.event
    async def withdraw(self, link_id: int):
        return await self._do(
            accounts.withdraw_invitation,
            whole_number(link_id) or 0,
            done="Invitation withdrawn.",
            needs_code=False,  # it only takes access away
        )

    @rx.event
    async def set_role(self, user_id: int, role: str):
        return await self._do(
            accounts.change_role, whole_number(user_id) or 0, str(role), done="Role changed."
        )

    @rx.event
    async def set_hourly_cost(self, user_id: int, typed: str):
        """Saved when the box is left, only when it changed (each change is an audit row)."""
        typed = str(typed)[:40].strip()
        member = next((m for m in self.members if m["id"] == user_id), None)
        if member is None or typed == member["hourly_cost"]:
            return None
        return await self._do(
            accounts.set_hourly_cost,
            whole_number(user_id) or 0,
            typed,
            done="Hourly cost saved.",
            needs_code=False,  # it gives no access
        )

    @rx.event
    async def set_overtime_exempt(self, user_id: int, exempt: bool):
        return await self._do(
            accounts.set_overtime_exempt,
            whole_number(user_id) or 0,
            exempt is True,
            done="Overtime setting saved.",
            needs_code=False,  # it gives no access
        )

    @rx.event
    async def deactivate(self, user_id: int):
        return await self._do(
            accounts.set_active,
            whole_number(user_id) or 0,
            False,
            done="Account deactivated; its sessions ended.",
        )

    @rx.event
    async def end_feed(self, user_id: int):
        return await self._do(
            accounts.end_calendar_feed,
            int(user_id),
            done="Calendar feed ended: its address shows nothing any more.",
            needs_code=False,  # it only takes access away
        )

    @rx.event
    async def reactivate(self, user_id: int):
        return await self._do(
            accounts.set_active, whole_number(user_id) or 0, True, done="Account active again."
        )
