"""The signed-in staff area: StaffState is the base of every state that holds private data.

The guard (state/staff/guard.py) runs before every event of a StaffState subclass and before each
hydration: it resolves the signed-in user once from the websocket's headers and, when there is
none, resets every staff state and drops the event. So no handler here checks the session.
"""

import reflex as rx

from renovation_app.models import Role
from renovation_app.services.staff.sessions import SignedInUser

# The address without the sign-in marker, the rest of the query (a list's filters) kept.
DROP_SIGNED_IN_MARKER = (
    "(function () { var u = new URL(window.location.href); u.searchParams.delete('signed_in');"
    " window.history.replaceState(null, '', u.pathname + u.search + u.hash); })()"
)


class StaffState(rx.State):
    """Who is signed in on this tab; filled by the guard, never by the browser."""

    signed_in: bool = False
    user_name: str = ""
    is_admin: bool = False
    two_step_on: bool = False
    _user_id: int = 0

    def _signed_in_user(self) -> SignedInUser:
        """The user the guard resolved for this event (handlers run only when there is one)."""
        role = Role.ADMIN if self.is_admin else Role.STAFF
        return SignedInUser(self._user_id, "", self.user_name, role, self.two_step_on)

    @rx.event
    def refresh(self):
        """On every page load: the guard has just checked the session. After a sign-in
        (?signed_in=1) greet once and drop the marker from the address bar."""
        if self.router.url.query_parameters.get("signed_in"):
            yield rx.toast.success("Logged in successfully", duration=2000)
            # Not rx.redirect: a navigation would run the page's on_load again (and reset a
            # form the person may already be filling in).
            yield rx.call_script(DROP_SIGNED_IN_MARKER)
