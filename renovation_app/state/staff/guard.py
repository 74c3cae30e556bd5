"""One guard for every staff handler: a Reflex middleware that runs before each event."""

import asyncio

from reflex.middleware import Middleware
from reflex.state import BaseState, StateUpdate

from renovation_app.services import audit
from renovation_app.services.limits import client_address_from_headers
from renovation_app.services.staff import sessions
from renovation_app.state.staff import StaffState

HYDRATE_EVENTS = (".hydrate", ".hydrate_and_load")


def session_ref(state: BaseState) -> str:
    """The session token's hash from the websocket's Cookie header (api/middleware.py puts a
    signed reference there in place of the token; the browser-side cookie is HttpOnly)."""
    return sessions.session_ref_from_cookies(state.router.headers.cookie or "")


def staff_classes(cls: type[BaseState] = StaffState) -> list[type[BaseState]]:
    return [cls, *(c for sub in cls.__subclasses__() for c in staff_classes(sub))]


async def forget_staff_data(state: BaseState) -> None:
    """Reset every staff state of this tab to its defaults: nothing private stays behind."""
    for cls in staff_classes():
        (await state.get_state(cls)).reset()


def _targets_staff_state(event_name: str) -> bool:
    """Event names are '<full state name>.<handler>'; staff states are StaffState's subtree."""
    state_name = event_name.rsplit(".", 1)[0]
    staff = StaffState.get_full_name()
    return state_name == staff or state_name.startswith(staff + ".")


class StaffGuard(Middleware):
    async def preprocess(self, app, state: BaseState, event) -> StateUpdate | None:
        hydrating = event.name.endswith(HYDRATE_EVENTS)
        if not hydrating and not _targets_staff_state(event.name):
            return None
        headers = state.router.headers.raw_headers
        # Whatever this event changes, its audit rows name this client (hashed).
        audit.acting_client(
            client_address_from_headers(headers, headers.get("asgi-scope-client", ""))
        )
        user = await asyncio.to_thread(sessions.user_for_token_hash, session_ref(state))
        if user is not None and event.name.endswith(".setvar"):
            # Reflex's generic setter would let the browser write any staff var: refused.
            return StateUpdate(delta={}, events=[])
        if user is None:
            await forget_staff_data(state)
            if hydrating:
                return None  # the hydration now sends the emptied state
            delta = await state._get_resolved_delta()
            state._clean()
            return StateUpdate(delta=delta, events=[])
        staff = await state.get_state(StaffState)
        staff.signed_in = True
        staff.user_name = user.name
        staff.is_admin = user.is_admin
        staff.two_step_on = user.two_step
        staff._user_id = user.id
        return None
